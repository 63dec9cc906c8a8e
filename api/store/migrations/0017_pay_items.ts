// Migration 0017_pay_items. Released: never edited; a change is a new migration.
/* eslint-disable @typescript-eslint/no-explicit-any */
import { type Kysely, type Migration } from 'kysely';

export const migration: Migration = {
  // A tenant's own pay items, each built on a pack pay item (whose treatment it takes); codes are unique
  // within the tenant, and the service keeps them clear of the pack's codes too.
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('pay_items')
      .addColumn('tenant_id', 'text', (c) => c.notNull())
      .addColumn('code', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('base_code', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('pay_items_pk', ['tenant_id', 'code'])
      .execute();
  },
};
