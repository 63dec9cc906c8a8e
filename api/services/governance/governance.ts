// The governance reads: one evidence record, the audit trail (the tenant's chain, filtered and paged)
// and the chain's verification. A token limited to some cost centres, sites or one employee reads only
// the records about what it may see: an employee in its scope, an entry it may see, a pay run whose every
// entry it may see (records about a run carry company totals), and — unless it is pinned to one employee —
// the tenant's set-up (company, cost centres, binding). Everything else fails closed.
import type { Repos, EvidenceRow } from '../../store/index.ts';
import type { UseCaseContext } from '../platform/use-case.ts';
import type { TokenCaller } from '../../model/caller.ts';
import { publicEvidence, verifyChain, type VerifyResult } from './evidence.ts';
import { RunFacts } from '../pay-runs/pay-run-scope.ts';
import { limitingToken, visibleTo } from '../platform/data-scope.ts';
import { reachableEmployeeRow } from '../employees/employees.ts';
import { addDays, isIsoDate } from '../../lib/dates.ts';
import { notFound } from '../../lib/errors.ts';

/** Records about the tenant's set-up, which any unpinned token may read through the API anyway. */
const TENANT_SETUP = /^(tenant|binding|company|cost_centre|cost_centre_mapping)\./;
const ENTRY = /^(pr_[^/]+)\/(emp_[^/]+)$/;

/** What one limited token may see of the chain, each employee and run decided once per request. */
class EvidenceView {
  private readonly employees = new Map<string, Promise<boolean>>();
  private readonly runs = new Map<string, Promise<RunFacts | null>>();

  constructor(
    private readonly uc: UseCaseContext,
    private readonly r: Repos,
    private readonly token: TokenCaller,
  ) {}

  /** Whether every resource the record concerns (its own and those linked to it) is visible. */
  async sees(row: EvidenceRow, links: string[]): Promise<boolean> {
    for (const resource of new Set([row.resource, ...links]))
      if (!(await this.seesResource(resource, row.action))) return false;
    return true;
  }

  private async seesResource(resource: string, action: string): Promise<boolean> {
    const entry = ENTRY.exec(resource);
    if (entry) return this.seesEntry(entry[1], entry[2]);
    if (resource.startsWith('pr_')) return this.seesRun(resource);
    if (resource.startsWith('emp_')) return this.seesEmployee(resource);
    return !this.token.employeeId && TENANT_SETUP.test(action);
  }

  private facts(runId: string): Promise<RunFacts | null> {
    let f = this.runs.get(runId);
    if (!f) {
      f = this.r
        .getPayRun(this.uc.requireTenant().tenant.id, runId)
        .then((run) => (run ? new RunFacts(this.uc, this.r, run) : null));
      this.runs.set(runId, f);
    }
    return f;
  }

  /** A run is about everyone paid in it: only a caller who sees every entry sees records about it. */
  private async seesRun(runId: string): Promise<boolean> {
    const facts = await this.facts(runId);
    return facts !== null && (await facts.seesEveryEntry());
  }

  private async seesEntry(runId: string, employeeId: string): Promise<boolean> {
    const facts = await this.facts(runId);
    const entry = facts && (await facts.all()).find((e) => e.employee_id === employeeId);
    return !!entry && visibleTo(this.token, entry);
  }

  private seesEmployee(id: string): Promise<boolean> {
    let v = this.employees.get(id);
    if (!v) {
      v = this.employeeInView(id);
      this.employees.set(id, v);
    }
    return v;
  }

  private async employeeInView(id: string): Promise<boolean> {
    return (await reachableEmployeeRow(this.uc, this.r, id)) !== null;
  }
}

/** One record of the caller's tenant chain; 404 when the chain has no such record or the caller may not see it. */
export async function evidenceRecordOf(uc: UseCaseContext, id: string) {
  const r = uc.store.repos;
  const tenantId = uc.requireTenant().tenant.id;
  const row = await r.getEvidence(tenantId, id);
  if (!row) throw notFound('Evidence record not found.');
  const token = limitingToken(uc);
  if (token) {
    const links = (await r.resourcesOfEvidence(tenantId, [row.id])).get(row.id) ?? [];
    if (!(await new EvidenceView(uc, r, token).sees(row, links))) throw notFound('Evidence record not found.');
  }
  return publicEvidence(row);
}

/** The records of reads (who looked at or listed something, a calculation that changed nothing). */
export const READ_RECEIPT_ACTIONS = ['employee.read', 'employees.listed', 'calculation.performed'] as const;

export interface AuditTrailQuery {
  action?: string;
  /** `exclude`: changes only, the read receipts left out; `include` (default): every record. */
  reads?: 'include' | 'exclude';
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

/** Records read per step while filtering the chain for a limited caller. */
const SCAN_BATCH = 200;

/**
 * Up to `limit` records of the tenant's chain the caller may see, newest first, after sequence `afterSeq`.
 * For a limited token the chain is read in batches and filtered (a pinned token reads only records that
 * may concern its employee), until the page is full or the chain ends.
 */
export async function auditTrail(uc: UseCaseContext, q: AuditTrailQuery, afterSeq: number | null, limit: number) {
  const filter = {
    action: q.action,
    resource: q.resource,
    actor: q.actor,
    from: q.from && lowerBound(q.from),
    to: q.to && upperBound(q.to),
    exceptActions: q.reads === 'exclude' ? READ_RECEIPT_ACTIONS : undefined,
  };
  const r = uc.store.repos;
  const tenantId = uc.requireTenant().tenant.id;
  const token = limitingToken(uc);
  if (!token) return r.listEvidence(tenantId, filter, afterSeq, limit);

  const view = new EvidenceView(uc, r, token);
  const limited = { ...filter, concerning: token.employeeId ?? undefined };
  const out: EvidenceRow[] = [];
  let cursor = afterSeq;
  for (;;) {
    const rows = await r.listEvidence(tenantId, limited, cursor, SCAN_BATCH);
    const links = await r.resourcesOfEvidence(
      tenantId,
      rows.map((row) => row.id),
    );
    for (const row of rows) {
      if (!(await view.sees(row, links.get(row.id) ?? []))) continue;
      out.push(row);
      if (out.length >= limit) return out;
    }
    if (rows.length < SCAN_BATCH) return out;
    cursor = rows[rows.length - 1].seq;
  }
}

/** Recomputes the caller's tenant chain. */
export const verifyTenantChain = (uc: UseCaseContext): Promise<VerifyResult> =>
  verifyChain(uc.store, uc.requireTenant().tenant.id);
