// Migration 0013_portfolio. Released: never edited; a change is a new migration.
/* eslint-disable @typescript-eslint/no-explicit-any */
import { type Kysely, type Migration } from 'kysely';

export const migration: Migration = {
  // The partner portfolio reads every tenant of a partner at once, by aggregate queries: each employee's
  // readiness per value period joins the list index (whether the pack lets that employee be paid, as the
  // engine judged it when the period was written), and the runs, employees and tenants get the indexes
  // those grouped reads use.
  async up(db: Kysely<any>) {
    await db.schema
      .alterTable('employee_list_periods')
      .addColumn('blocks_finalise', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.createIndex('tenants_partner').on('tenants').columns(['partner_id', 'environment']).execute();
    await db.schema
      .createIndex('pay_runs_tenant_status')
      .on('pay_runs')
      .columns(['tenant_id', 'status', 'payment_date'])
      .execute();
    await db.schema.createIndex('employees_tenant_status').on('employees').columns(['tenant_id', 'status']).execute();
    await db.schema
      .createIndex('employee_list_periods_blocking')
      .on('employee_list_periods')
      .columns(['tenant_id', 'blocks_finalise', 'employee_id'])
      .execute();
  },
};
