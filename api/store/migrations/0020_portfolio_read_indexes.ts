// Migration 0020_portfolio_read_indexes. Released: never edited; a change is a new migration.
/* eslint-disable @typescript-eslint/no-explicit-any */
import { type Kysely, type Migration } from 'kysely';

export const migration: Migration = {
  // The portfolio asks of each run in flight whether an employee in it blocks it now. Every employee has a
  // blocking period from before they were set up (it ends when they were), so the blocking periods are looked
  // up by when they end: the open one, or one ending after the run's period, which are rare, instead of
  // reading every blocking period the tenant ever had. The index holds what the check compares, so no row is
  // read, and it replaces the 0013 index it starts with. Bindings get the index the portfolio and every
  // tenant route look them up by.
  async up(db: Kysely<any>) {
    await db.schema
      .createIndex('employee_list_periods_blocking_until')
      .on('employee_list_periods')
      .columns(['tenant_id', 'blocks_finalise', 'valid_to', 'valid_from', 'employee_id'])
      .execute();
    await db.schema.dropIndex('employee_list_periods_blocking').execute();
    await db.schema.createIndex('bindings_tenant').on('bindings').columns(['tenant_id', 'created_at']).execute();
  },
};
