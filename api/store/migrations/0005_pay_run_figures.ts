// Migration 0005_pay_run_figures. Released: never edited; a change is a new migration.
/* eslint-disable @typescript-eslint/no-explicit-any */
import { type Kysely, type Migration } from 'kysely';

export const migration: Migration = {
  // Employees a pay run cannot calculate are held out of its entries (with their items) until fixed;
  // those a run was finalised without are kept as its exclusions; a preview records the digest of the
  // figures it shows, which an approval approves. Entries are paged by name.
  async up(db: Kysely<any>) {
    await db.schema.alterTable('pay_runs').addColumn('blocked_json', 'text').execute();
    await db.schema.alterTable('pay_runs').addColumn('excluded_json', 'text').execute();
    await db.schema.alterTable('pay_runs').addColumn('figures_digest', 'text').execute();
    // Entries and payslips are listed (and paged) by employee name within a run.
    await db.schema
      .createIndex('pay_run_entries_by_name')
      .on('pay_run_entries')
      .columns(['pay_run_id', 'employee_name', 'employee_id'])
      .execute();
  },
};
