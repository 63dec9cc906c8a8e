// The evidence chain: one immutable, hash-chained record per state change (and per receipted read),
// written in the same transaction as the change it records.
import crypto from 'node:crypto';
import type { z } from 'zod';
import type { Repos, Store, EvidenceRow } from '../store/index.ts';
import { chainLock } from '../store/lock-repo.ts';
import { canonicalJson } from '../lib/canonical-json.ts';
import { newId, sha256Hex } from '../lib/ids.ts';
import { decodeJson } from '../lib/json-column.ts';
import { actorSchema, decisionSchema, type evidenceRecordSchema } from '../schemas/governance.ts';

export const GENESIS_HASH = '0'.repeat(64);

export interface EvidenceInput {
  chain: string; // tenant id (or partner id for partner-level actions)
  mock: boolean; // tenants bound to the mock engine get `cev_mock_` ids
  action: string;
  resource: string;
  actor: Record<string, unknown>;
  reason: string | null;
  request: unknown;
  response: unknown;
  decision?: Record<string, unknown>;
  at: Date;
}

export const newEvidenceId = (mock: boolean) => newId(mock ? 'cev_mock_' : 'cev_', 12);

/**
 * The hash covers every field but itself, in a fixed order. `Store.evidenceMaterial` builds the
 * same text in SQL for verification; the tamper tests fail if the two ever differ.
 */
export function recordHash(r: Omit<EvidenceRow, 'hash'> & { tenant_id: string }): string {
  return hashFor(r, r.tenant_id);
}

const hashFor = (r: Omit<EvidenceRow, 'hash'>, chain: string): string =>
  crypto.hash(
    'sha256',
    `${r.id}\n${chain}\n${r.seq}\n${r.created_at}\n${r.action}\n${r.resource}\n${r.actor_json}\n${r.governance_reason ?? ''}\n${r.request_hash}\n${r.response_hash}\n${r.decision_json}\n${r.prev_hash}`,
    'hex',
  );

/** A record's fields but its place in the chain: computed before the chain is locked, to keep the lock short. */
export type UnchainedRecord = Omit<EvidenceRow, 'seq' | 'prev_hash' | 'hash'> & { tenant_id: string };

export function unchainedRecord(input: EvidenceInput, id: string): UnchainedRecord {
  return {
    id,
    tenant_id: input.chain,
    created_at: input.at.toISOString(),
    action: input.action,
    resource: input.resource,
    actor_json: canonicalJson(input.actor),
    governance_reason: input.reason,
    request_hash: sha256Hex(canonicalJson(input.request ?? null)),
    // The response is hashed exactly as it is sent (JSON.stringify of the same object).
    response_hash: sha256Hex(
      typeof input.response === 'string' ? input.response : JSON.stringify(input.response ?? null),
    ),
    decision_json: canonicalJson({ governance_reason: input.reason, ...(input.decision ?? {}) }),
  };
}

function chainedRow(record: UnchainedRecord, last: { seq: number; hash: string } | undefined) {
  const row = { ...record, seq: (last?.seq ?? 0) + 1, prev_hash: last?.hash ?? GENESIS_HASH };
  return { ...row, hash: recordHash(row) };
}

/** Appends one record to its chain and answers its sequence number. */
export async function appendEvidence(r: Repos, input: EvidenceInput, id: string): Promise<number> {
  const record = unchainedRecord(input, id);
  await r.lock([chainLock(input.chain)]);
  const row = chainedRow(record, await r.lastEvidence(input.chain));
  await r.insertEvidence(row);
  return row.seq;
}

/** Appends many prepared records (inside the caller's transaction), reading each chain's head once. */
export async function appendEvidenceBatch(r: Repos, records: UnchainedRecord[]): Promise<void> {
  const heads = new Map<string, { seq: number; hash: string } | undefined>();
  await r.lock([...new Set(records.map((x) => x.tenant_id))].map(chainLock));
  const rows = [];
  for (const record of records) {
    const chain = record.tenant_id;
    if (!heads.has(chain)) heads.set(chain, await r.lastEvidence(chain));
    const row = chainedRow(record, heads.get(chain));
    heads.set(chain, { seq: row.seq, hash: row.hash });
    rows.push(row);
  }
  await r.insertEvidenceMany(rows);
}

export interface VerifyResult {
  valid: boolean;
  records_checked: number;
  head_hash: string;
  first_invalid?: { id: string; seq: number; reason: 'hash_mismatch' | 'broken_link' | 'sequence_gap' };
}

export async function verifyChain(store: Store, chain: string): Promise<VerifyResult> {
  let prev = GENESIS_HASH;
  let expectedSeq = 1;
  let checked = 0;
  for await (const [seq, prevHash, hash, material] of store.evidenceMaterial(chain)) {
    checked++;
    const reason =
      seq !== expectedSeq
        ? 'sequence_gap'
        : prevHash !== prev
          ? 'broken_link'
          : crypto.hash('sha256', material, 'hex') !== hash
            ? 'hash_mismatch'
            : null;
    if (reason) {
      const id = material.slice(0, material.indexOf('\n'));
      return { valid: false, records_checked: checked, head_hash: prev, first_invalid: { id, seq, reason } };
    }
    prev = hash;
    expectedSeq++;
  }
  return { valid: true, records_checked: checked, head_hash: prev };
}

/** One record as the API shows it: its hashes, its decoded actor and decision, and its link in the chain. */
export function publicEvidence(row: EvidenceRow): z.output<typeof evidenceRecordSchema> {
  return {
    id: row.id,
    sequence: row.seq,
    created_at: row.created_at,
    action: row.action,
    resource: row.resource,
    actor: decodeJson(actorSchema, row.actor_json, 'evidence.actor_json'),
    governance_reason: row.governance_reason,
    request_hash: row.request_hash,
    response_hash: row.response_hash,
    decision: decodeJson(decisionSchema, row.decision_json, 'evidence.decision_json'),
    chain: { prev_hash: row.prev_hash, hash: row.hash },
  };
}
