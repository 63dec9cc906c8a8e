// The governance reads: one evidence record, the audit trail (the tenant's chain, filtered and paged)
// and the chain's verification.
import type { UseCaseContext } from './use-case.ts';
import { publicEvidence, verifyChain, type VerifyResult } from './evidence.ts';
import { addDays, isIsoDate } from '../lib/dates.ts';
import { notFound } from '../lib/errors.ts';

/** One record of the caller's tenant chain; 404 when the chain has no such record. */
export async function evidenceRecordOf(uc: UseCaseContext, id: string) {
  const row = await uc.store.repos.getEvidence(uc.requireTenant().tenant.id, id);
  if (!row) throw notFound('Evidence record not found.');
  return publicEvidence(row);
}

export interface AuditTrailQuery {
  action?: string;
  resource?: string;
  actor?: string;
  /** A date (from its first instant) or a timestamp. */
  from?: string;
  /** A date (through its last instant) or a timestamp (that instant included). */
  to?: string;
}

// Stored timestamps are `toISOString()` strings compared as text, so bounds take the same form:
// `2026-11-21T09:00:00Z` would otherwise sort after `2026-11-21T09:00:00.000Z` and drop that record.
const lowerBound = (v: string) => (isIsoDate(v) ? v : new Date(v).toISOString());
const upperBound = (v: string) => (isIsoDate(v) ? addDays(v, 1) : new Date(Date.parse(v) + 1).toISOString());

/** Up to `limit` records of the tenant's chain, newest first, after sequence `afterSeq`. */
export async function auditTrail(uc: UseCaseContext, q: AuditTrailQuery, afterSeq: number | null, limit: number) {
  const filter = {
    action: q.action,
    resource: q.resource,
    actor: q.actor,
    from: q.from && lowerBound(q.from),
    to: q.to && upperBound(q.to),
  };
  return uc.store.repos.listEvidence(uc.requireTenant().tenant.id, filter, afterSeq, limit);
}

/** Recomputes the caller's tenant chain. */
export const verifyTenantChain = (uc: UseCaseContext): VerifyResult =>
  verifyChain(uc.store, uc.requireTenant().tenant.id);
