// Migration 0014_pay_schedules. Released: never edited; a change is a new migration.
/* eslint-disable @typescript-eslint/no-explicit-any */
import { type Kysely, type Migration } from 'kysely';

export const migration: Migration = {
  async up(db: Kysely<any>) {
    // A tenant's pay schedules: the pay and cut-off dates of the payroll calendar are computed from them.
    await db.schema
      .createTable('pay_schedules')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('tenant_id', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('frequency', 'text', (c) => c.notNull())
      .addColumn('anchor_date', 'text', (c) => c.notNull())
      .addColumn('payment_offset_days', 'integer', (c) => c.notNull())
      .addColumn('bank_holiday_rule', 'text', (c) => c.notNull())
      .addColumn('cutoff_days', 'integer', (c) => c.notNull())
      .addColumn('state', 'text')
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('pay_schedules_by_tenant').on('pay_schedules').columns(['tenant_id']).execute();
  },
};
