// Migration 0004_token_sessions. Released: never edited; a change is a new migration.
/* eslint-disable @typescript-eslint/no-explicit-any */
import { type Kysely, type Migration } from 'kysely';

export const migration: Migration = {
  // Every embed and user token session, owned by the partner whose key minted it and linked to the
  // session that minted it (tokens minted by user tokens), so a partner revokes only its own sessions.
  // Idempotency records keep a fingerprint of what their first caller could see: a replay to a
  // caller who sees differently must not hand it the first answer.
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('sessions')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('partner_id', 'text', (c) => c.notNull())
      .addColumn('key_id', 'text', (c) => c.notNull())
      .addColumn('tenant_id', 'text', (c) => c.notNull())
      .addColumn('parent_id', 'text')
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('user_id', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('sessions_parent').on('sessions').column('parent_id').execute();
    await db.schema.alterTable('idempotency').addColumn('visibility', 'text').execute();
  },
};
