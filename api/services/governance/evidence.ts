// The evidence chain: one immutable, hash-chained record per state change (and per receipted read),
// written in the same transaction as the change it records.
import crypto from 'node:crypto';
import type { z } from 'zod';
import type { Repos, Store, EvidenceRow } from '../../store/index.ts';
import { GENESIS_HASH, type UnchainedRecord } from '../../store/evidence-chain.ts';
import { canonicalJson } from '../../lib/canonical-json.ts';
import { newId, sha256Hex } from '../../lib/ids.ts';
import { decodeJson } from '../../lib/json-column.ts';
import { redactedForView } from '../../model/sensitive.ts';
import { queueEvent } from '../webhooks/events.ts';
import { actorSchema, decisionSchema, type evidenceRecordSchema } from '../../schemas/governance.ts';

export { GENESIS_HASH, recordHash } from '../../store/evidence-chain.ts';

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

/** A record's fields but its place in the chain: hashed before the chain is locked, to keep the lock short. */
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

/**
 * Appends one record of a change to its chain (inside the caller's transaction) and puts its webhook event in the
 * outbox, in the same transaction; answers its sequence number. (Read receipts go through `Store.appendReceipts`.)
 */
export async function appendEvidence(r: Repos, input: EvidenceInput, id: string): Promise<number> {
  const [seq] = await r.appendEvidence([unchainedRecord(input, id)]);
  await queueEvent(r, input, id);
  return seq;
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

/**
 * One record as the API shows it: its hashes, its decoded actor and decision (identifiers redacted), and its
 * link in the chain.
 */
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
    decision: redactedForView(decodeJson(decisionSchema, row.decision_json, 'evidence.decision_json')) as z.output<
      typeof decisionSchema
    >,
    chain: { prev_hash: row.prev_hash, hash: row.hash },
  };
}
