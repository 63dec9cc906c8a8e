// How an evidence record is linked into its chain: its sequence number, the hash it links to and its own hash.
// On PostgreSQL the database does the linking (`payrail_append_evidence`, migrations 0021 to 0023) so that an append is one
// round trip and the chain's lock is held for one statement; on SQLite, which has one writer at a time, it is done
// here. The two must agree to the byte, which tests/api/evidence-chain.test.ts checks on each store.
import crypto from 'node:crypto';
import { CompiledQuery, type Kysely, type Transaction } from 'kysely';
import type { Database, EvidenceTable } from './schema.ts';
import type { Dialect } from './db.ts';
import { insertMany } from './sql-dialect.ts';
import { preparedQuery } from './prepared.ts';
import { keepPrepared } from './pg-client.ts';

export const GENESIS_HASH = '0'.repeat(64);

/** A record's fields but its place in the chain (`tenant_id` names the chain). */
export type UnchainedRecord = Omit<EvidenceTable, 'seq' | 'prev_hash' | 'hash'>;

/**
 * The hash covers every field but itself, in a fixed order. `OpenedDb.evidenceMaterial` builds the same text in
 * SQL for verification, and `payrail_append_evidence` for appends.
 */
export const recordHash = (r: Omit<EvidenceTable, 'hash'>): string =>
  crypto.hash(
    'sha256',
    `${r.id}\n${r.tenant_id}\n${r.seq}\n${r.created_at}\n${r.action}\n${r.resource}\n${r.actor_json}\n${r.governance_reason ?? ''}\n${r.request_hash}\n${r.response_hash}\n${r.decision_json}\n${r.prev_hash}`,
    'hex',
  );

/** A chain's last record: where the next one links. */
const chainHead = preparedQuery((db, { tenantId }: { tenantId: string }) =>
  db.selectFrom('evidence').select(['seq', 'hash']).where('tenant_id', '=', tenantId).orderBy('seq', 'desc').limit(1),
);

/** PostgreSQL's appends (migrations 0021 to 0023): the records as one JSON array in, their sequence numbers out. */
const APPEND = {
  evidence: 'select payrail_append_evidence($1::jsonb) as seqs',
  // Read receipts, each batch its own transaction, which commits without waiting for the disk (migration 0023, and
  // Store.appendReceipts for why).
  receipts: 'select payrail_append_receipts($1::jsonb) as seqs',
};
keepPrepared(APPEND.evidence);
keepPrepared(APPEND.receipts);

/**
 * Appends records in order, each to the end of its chain, and answers their sequence numbers. On PostgreSQL the
 * function takes each chain's lock until the caller's transaction ends (outside one, the statement is its own
 * transaction). On SQLite call it inside a transaction, whose write lock keeps the chains' heads still.
 */
export async function appendToChains(
  db: Kysely<Database> | Transaction<Database>,
  dialect: Dialect,
  records: readonly UnchainedRecord[],
  kind: keyof typeof APPEND = 'evidence',
): Promise<number[]> {
  if (!records.length) return [];
  if (dialect === 'postgres') {
    const { rows } = await db.executeQuery<{ seqs: number[] }>(
      CompiledQuery.raw(APPEND[kind], [JSON.stringify(records)]),
    );
    return rows[0].seqs;
  }
  const heads = new Map<string, { seq: number; hash: string } | undefined>();
  const rows: EvidenceTable[] = [];
  for (const record of records) {
    const chain = record.tenant_id;
    if (!heads.has(chain)) heads.set(chain, (await chainHead(db, dialect, { tenantId: chain }))[0]);
    const last = heads.get(chain);
    const linked = { ...record, seq: (last?.seq ?? 0) + 1, prev_hash: last?.hash ?? GENESIS_HASH };
    const row = { ...linked, hash: recordHash(linked) };
    heads.set(chain, { seq: row.seq, hash: row.hash });
    rows.push(row);
  }
  await insertMany(db, dialect, 'evidence', rows);
  return rows.map((r) => r.seq);
}
