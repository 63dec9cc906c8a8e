// Migration 0018_sites. Released: never edited; a change is a new migration.
/* eslint-disable @typescript-eslint/no-explicit-any */
import { type Kysely, type Migration } from 'kysely';

export const migration: Migration = {
  // A tenant's sites (workplaces): employees, cost centres and user tokens' data scope name them by code.
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('sites')
      .addColumn('tenant_id', 'text', (c) => c.notNull())
      .addColumn('code', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('state', 'text')
      .addColumn('address_json', 'text')
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('sites_pk', ['tenant_id', 'code'])
      .execute();
  },
};
