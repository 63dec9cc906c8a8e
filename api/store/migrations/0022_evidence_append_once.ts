// Migration 0022_evidence_append_once. Released: never edited; a change is a new migration.
/* eslint-disable @typescript-eslint/no-explicit-any */
import { type Kysely, type Migration, sql } from 'kysely';
import { onPostgres } from './dialect.ts';

export const migration: Migration = {
  // The same append as 0021, with less held under the chain's lock: each chain's head is read once, not once
  // per record, and the batch is inserted by one statement. Under load that lock, held to the commit, is where
  // read receipts from every instance wait their turn.
  async up(db: Kysely<any>) {
    if (!onPostgres(db)) return;
    await sql`
      create or replace function payrail_append_evidence(records jsonb) returns integer[]
      language plpgsql as $fn$
      declare
        chain text;
        rec jsonb;
        n integer;
        head_seq integer;
        head_hash text;
        row_hash text;
        seqs integer[] := array_fill(0, array[jsonb_array_length(records)]);
        r_seq integer[] := '{}';
        r_prev text[] := '{}';
        r_hash text[] := '{}';
        r_n integer[] := '{}';
      begin
        for chain in
          select distinct (x ->> 'tenant_id') collate "C" as t from jsonb_array_elements(records) x order by t
        loop
          perform pg_advisory_xact_lock(hashtextextended('chain:' || chain, 0));
          head_seq := null;
          head_hash := null;
          select e.seq, e.hash into head_seq, head_hash
            from evidence e where e.tenant_id = chain order by e.seq desc limit 1;
          head_seq := coalesce(head_seq, 0);
          head_hash := coalesce(head_hash, repeat('0', 64));
          for rec, n in
            select a.x, a.n from jsonb_array_elements(records) with ordinality as a(x, n)
            where a.x ->> 'tenant_id' = chain order by a.n
          loop
            head_seq := head_seq + 1;
            row_hash := encode(sha256(convert_to(concat_ws(chr(10),
              rec ->> 'id', chain, head_seq::text, rec ->> 'created_at', rec ->> 'action', rec ->> 'resource',
              rec ->> 'actor_json', coalesce(rec ->> 'governance_reason', ''), rec ->> 'request_hash',
              rec ->> 'response_hash', rec ->> 'decision_json', head_hash), 'UTF8')), 'hex');
            r_n := r_n || n;
            r_seq := r_seq || head_seq;
            r_prev := r_prev || head_hash;
            r_hash := r_hash || row_hash;
            seqs[n] := head_seq;
            head_hash := row_hash;
          end loop;
        end loop;
        insert into evidence (id, tenant_id, seq, created_at, action, resource, actor_json, governance_reason,
                              request_hash, response_hash, decision_json, prev_hash, hash)
        select r ->> 'id', r ->> 'tenant_id', u.seq, r ->> 'created_at', r ->> 'action', r ->> 'resource',
               r ->> 'actor_json', r ->> 'governance_reason', r ->> 'request_hash', r ->> 'response_hash',
               r ->> 'decision_json', u.prev, u.hash
          from unnest(r_n, r_seq, r_prev, r_hash) as u(n, seq, prev, hash)
          cross join lateral (select records -> (u.n - 1)) as j(r);
        return seqs;
      end
      $fn$`.execute(db);
  },
};
