// Migration 0036_pay_run_paid_on. Released: never edited; a change is a new migration.
import type { Migration } from 'kysely';

export const migration: Migration = {
  // The day people were actually paid, when a run is finalised after its payment date: super falls due from
  // the day pay went out, not from the date the run was planned for. Null while it is the payment date.
  async up(db) {
    await db.schema.alterTable('pay_runs').addColumn('paid_on', 'text').execute();
  },
};
