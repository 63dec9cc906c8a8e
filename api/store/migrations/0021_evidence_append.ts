// Migration 0021_evidence_append. Released: never edited; a change is a new migration.
/* eslint-disable @typescript-eslint/no-explicit-any */
import { type Kysely, type Migration, sql } from 'kysely';
import { onPostgres } from './dialect.ts';

export const migration: Migration = {
  // PostgreSQL links appended evidence records itself, in one statement: the chain's lock is then held for one
  // round trip rather than for a read of the chain's head, an insert and their waits. The text hashed is the one
  // `recordHash` hashes; the lock is the advisory lock `lockRepo` takes for `chain:<id>`, in the same order.
  async up(db: Kysely<any>) {
    if (!onPostgres(db)) return;
    await sql`
      create function payrail_append_evidence(records jsonb) returns integer[]
      language plpgsql as $fn$
      declare
        chain text;
        rec jsonb;
        head_seq integer;
        head_hash text;
        row_hash text;
        seqs integer[] := '{}';
      begin
        for chain in
          select distinct (x ->> 'tenant_id') collate "C" as t from jsonb_array_elements(records) x order by t
        loop
          perform pg_advisory_xact_lock(hashtextextended('chain:' || chain, 0));
        end loop;
        for rec in select x from jsonb_array_elements(records) with ordinality as a(x, n) order by n loop
          chain := rec ->> 'tenant_id';
          head_seq := null;
          head_hash := null;
          select e.seq, e.hash into head_seq, head_hash
            from evidence e where e.tenant_id = chain order by e.seq desc limit 1;
          head_seq := coalesce(head_seq, 0) + 1;
          head_hash := coalesce(head_hash, repeat('0', 64));
          row_hash := encode(sha256(convert_to(concat_ws(chr(10),
            rec ->> 'id', chain, head_seq::text, rec ->> 'created_at', rec ->> 'action', rec ->> 'resource',
            rec ->> 'actor_json', coalesce(rec ->> 'governance_reason', ''), rec ->> 'request_hash',
            rec ->> 'response_hash', rec ->> 'decision_json', head_hash), 'UTF8')), 'hex');
          insert into evidence (id, tenant_id, seq, created_at, action, resource, actor_json, governance_reason,
                                request_hash, response_hash, decision_json, prev_hash, hash)
          values (rec ->> 'id', chain, head_seq, rec ->> 'created_at', rec ->> 'action', rec ->> 'resource',
                  rec ->> 'actor_json', rec ->> 'governance_reason', rec ->> 'request_hash', rec ->> 'response_hash',
                  rec ->> 'decision_json', head_hash, row_hash);
          seqs := seqs || head_seq;
        end loop;
        return seqs;
      end
      $fn$`.execute(db);
  },
};
