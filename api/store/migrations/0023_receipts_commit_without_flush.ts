// Migration 0023_receipts_commit_without_flush. Released: never edited; a change is a new migration.
/* eslint-disable @typescript-eslint/no-explicit-any */
import { type Kysely, type Migration, sql } from 'kysely';
import { onPostgres } from './dialect.ts';

export const migration: Migration = {
  // Read receipts: the same append, whose transaction commits without waiting for its WAL to reach the disk.
  // Each request waited for its receipt's flush, and every other instance's receipts waited behind it for the
  // chain's lock, so a slow disk flush (tens of milliseconds on a busy shared disk) stalled every read at once.
  async up(db: Kysely<any>) {
    if (!onPostgres(db)) return;
    await sql`
      create or replace function payrail_append_receipts(records jsonb) returns integer[]
      language plpgsql as $fn$
      begin
        perform set_config('synchronous_commit', 'off', true);
        return payrail_append_evidence(records);
      end
      $fn$`.execute(db);
  },
};
