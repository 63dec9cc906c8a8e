// Migration 0001_platform. Released: never edited; a change is a new migration.
/* eslint-disable @typescript-eslint/no-explicit-any */
import { type Kysely, type Migration } from 'kysely';
import { onPostgres } from './dialect.ts';

export const migration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('meta')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('value', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('partners')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('partner_keys')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('partner_id', 'text', (c) => c.notNull().references('partners.id'))
      .addColumn('environment', 'text', (c) => c.notNull())
      .addColumn('key_hash', 'text', (c) => c.notNull().unique())
      .addColumn('key_hint', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('revoked_at', 'text')
      .execute();
    await db.schema
      .createTable('signing_keys')
      .addColumn('kid', 'text', (c) => c.primaryKey())
      .addColumn('alg', 'text', (c) => c.notNull())
      .addColumn('private_jwk', 'text', (c) => c.notNull())
      .addColumn('public_jwk', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('retired_at', 'text')
      .execute();
    await db.schema
      .createTable('revocations')
      .addColumn('id', onPostgres(db) ? 'serial' : 'integer', (c) =>
        onPostgres(db) ? c.primaryKey() : c.primaryKey().autoIncrement(),
      )
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('ref', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('tenants')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('partner_id', 'text', (c) => c.notNull().references('partners.id'))
      .addColumn('slug', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('jurisdiction', 'text', (c) => c.notNull())
      .addColumn('environment', 'text', (c) => c.notNull())
      .addColumn('group_json', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('tenants_partner_slug', ['partner_id', 'slug'])
      .execute();
    await db.schema
      .createTable('bindings')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
      .addColumn('role', 'text', (c) => c.notNull())
      .addColumn('engine', 'text', (c) => c.notNull())
      .addColumn('pack_code', 'text', (c) => c.notNull())
      .addColumn('pack_version', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('connection_id', 'text')
      .addColumn('connector_pack', 'text')
      .addColumn('engine_tenant_ref', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('evidence')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('tenant_id', 'text', (c) => c.notNull())
      .addColumn('seq', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('resource', 'text', (c) => c.notNull())
      .addColumn('actor_json', 'text', (c) => c.notNull())
      .addColumn('governance_reason', 'text')
      .addColumn('request_hash', 'text', (c) => c.notNull())
      .addColumn('response_hash', 'text', (c) => c.notNull())
      .addColumn('decision_json', 'text', (c) => c.notNull())
      .addColumn('prev_hash', 'text', (c) => c.notNull())
      .addColumn('hash', 'text', (c) => c.notNull())
      .addUniqueConstraint('evidence_tenant_seq', ['tenant_id', 'seq'])
      .execute();
    await db.schema
      .createTable('idempotency')
      .addColumn('partner_id', 'text', (c) => c.notNull())
      .addColumn('key', 'text', (c) => c.notNull())
      .addColumn('fingerprint', 'text', (c) => c.notNull())
      .addColumn('status', 'integer', (c) => c.notNull())
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('headers_json', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('idempotency_pk', ['partner_id', 'key'])
      .execute();
  },
};
