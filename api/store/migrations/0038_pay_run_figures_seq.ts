// Migration 0038_pay_run_figures_seq. Released: never edited; a change is a new migration.
import type { Migration } from 'kysely';

export const migration: Migration = {
  // How long the tenant's evidence chain was when the run's figures were last worked out from the data in force:
  // a preview reads only what was recorded after it to tell whether anything its figures depend on changed.
  // Null (every run before this) until the next full calculation.
  async up(db) {
    await db.schema.alterTable('pay_runs').addColumn('figures_seq', 'integer').execute();
  },
};
