// Migration 0033_webhooks. Released: never edited; a change is a new migration.
/* eslint-disable @typescript-eslint/no-explicit-any */
import { type Kysely, type Migration } from 'kysely';
import { onPostgres } from './dialect.ts';

export const migration: Migration = {
  // Signed webhooks: a partner's endpoints, the outbox of events (one per evidence record of a change, written in
  // the change's transaction), one delivery per matching endpoint, and each delivery's attempts.
  async up(db: Kysely<any>) {
    const serial = (t: any) =>
      t.addColumn('seq', onPostgres(db) ? 'serial' : 'integer', (c: any) =>
        onPostgres(db) ? c.primaryKey() : c.primaryKey().autoIncrement(),
      );
    await db.schema
      .createTable('webhook_endpoints')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('partner_id', 'text', (c) => c.notNull())
      .addColumn('environment', 'text', (c) => c.notNull())
      .addColumn('url', 'text', (c) => c.notNull())
      .addColumn('description', 'text')
      .addColumn('event_types_json', 'text', (c) => c.notNull())
      .addColumn('tenants_json', 'text')
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('notice', 'text')
      .addColumn('secret_enc', 'text', (c) => c.notNull())
      .addColumn('previous_secret_enc', 'text')
      .addColumn('previous_until', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('webhook_endpoints_by_partner').on('webhook_endpoints').column('partner_id').execute();
    await serial(db.schema.createTable('webhook_events'))
      .addColumn('id', 'text', (c: any) => c.notNull().unique())
      .addColumn('chain', 'text', (c: any) => c.notNull())
      .addColumn('type', 'text', (c: any) => c.notNull())
      .addColumn('resource', 'text', (c: any) => c.notNull())
      .addColumn('evidence_id', 'text', (c: any) => c.notNull())
      .addColumn('created_at', 'text', (c: any) => c.notNull())
      .addColumn('fanned_out', 'integer', (c: any) => c.notNull())
      .addColumn('payload', 'text')
      .execute();
    await db.schema
      .createIndex('webhook_events_to_fan_out')
      .on('webhook_events')
      .columns(['fanned_out', 'seq'])
      .execute();
    await serial(db.schema.createTable('webhook_deliveries'))
      .addColumn('id', 'text', (c: any) => c.notNull().unique())
      .addColumn('event_id', 'text', (c: any) => c.notNull())
      .addColumn('endpoint_id', 'text', (c: any) => c.notNull())
      .addColumn('order_key', 'text', (c: any) => c.notNull())
      .addColumn('status', 'text', (c: any) => c.notNull())
      .addColumn('attempts', 'integer', (c: any) => c.notNull())
      .addColumn('next_attempt_at', 'text', (c: any) => c.notNull())
      .addColumn('retry_until', 'text', (c: any) => c.notNull())
      .addColumn('lease_owner', 'text')
      .addColumn('lease_until', 'text')
      .addColumn('last_status', 'integer')
      .addColumn('last_error', 'text')
      .addColumn('created_at', 'text', (c: any) => c.notNull())
      .addColumn('delivered_at', 'text')
      .execute();
    await db.schema
      .createIndex('webhook_deliveries_due')
      .on('webhook_deliveries')
      .columns(['status', 'next_attempt_at'])
      .execute();
    await db.schema
      .createIndex('webhook_deliveries_by_endpoint')
      .on('webhook_deliveries')
      .columns(['endpoint_id', 'order_key', 'seq'])
      .execute();
    await db.schema
      .createTable('webhook_attempts')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('delivery_id', 'text', (c) => c.notNull())
      .addColumn('at', 'text', (c) => c.notNull())
      .addColumn('status_code', 'integer')
      .addColumn('error', 'text')
      .addColumn('duration_ms', 'integer', (c) => c.notNull())
      .addColumn('response_excerpt', 'text')
      .execute();
    await db.schema.createIndex('webhook_attempts_by_delivery').on('webhook_attempts').column('delivery_id').execute();
  },
};
