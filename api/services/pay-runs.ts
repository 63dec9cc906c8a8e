// The pay-run workflow: draft → previewed → approved → finalised (→ voided), each step one command
// with its evidence. Steps out of order are 409 and reach no engine. Each use case here is what one
// route calls: it takes the use-case context and a typed payload, and returns the change to commit
// (or the view to answer) with the run as the caller sees it, `allowed_actions` included.
import type { RunSearchTerm } from './pay-run-search.ts';
import type { Repos } from '../store/index.ts';
import type { PayItem } from '../engines/types.ts';
import type { Change } from './unit-of-work.ts';
import type { UseCaseContext } from './use-case.ts';
import { itemsOf, publicEntry, totalsOfRun, type Approval } from './pay-run-model.ts';
import {
  createRun,
  employeeForRun,
  readinessOf,
  recalculate,
  requireReadyToPay,
  requireRun,
  requireStatus,
  validationOf,
  type CreateRunInput,
} from './pay-run-steps.ts';
import { requireAction, type ActionGate } from './pay-run-actions.ts';
import { latestView, payRunView, payRunViews, type PayRunView } from './pay-run-view.ts';
import { visibleEntries } from './pay-run-scope.ts';
import { scheduleFinaliseJob } from './finalise-jobs.ts';
import { actorIdentity, actorOf } from './caller.ts';
import { newId } from '../lib/ids.ts';

// The steps other services build on, under the names they have always had.
export {
  createRun,
  notInRunMessage,
  periodOf,
  readinessOf,
  recalculate,
  recalculateEntry,
  refreshTotals,
  requireRun,
  requireStatus,
  validationOf,
  type CreateRunInput,
} from './pay-run-steps.ts';
export { visibleEntries, visibleValidation } from './pay-run-scope.ts';
export { payRunView as viewFor, type PayRunView } from './pay-run-view.ts';
export { allowedActions, requireAction, type ActionGate, type PayRunAction } from './pay-run-actions.ts';

/** A command's change plus what to do once it has committed (start a background job). */
export interface Step<T> extends Change<T> {
  afterCommit?: () => void;
}

type RunAnswer = { pay_run: PayRunView };

// ---- Reads

export interface RunFilter {
  status?: string;
  from?: string;
  to?: string;
  /** The last row of the previous page: its period start and id. */
  after?: [string, string] | null;
  /** Words typed into a search box (see pay-run-search.ts). */
  search?: RunSearchTerm[];
}

/** One page of runs, newest period first, as the caller sees them. */
export async function listPayRuns(uc: UseCaseContext, filter: RunFilter, limit: number, gate: ActionGate) {
  const r = uc.store.repos;
  const rows = await r.listPayRuns(uc.requireTenant().tenant.id, { ...filter, limit: limit + 1 });
  const page = rows.slice(0, limit);
  return { runs: await payRunViews(uc, r, page, gate), hasMore: rows.length > limit };
}

export async function getPayRun(uc: UseCaseContext, runId: string, gate: ActionGate): Promise<PayRunView> {
  const r = uc.store.repos;
  return payRunView(uc, r, await requireRun(uc, r, runId), { gate });
}

/** The per-employee results the caller may see; a run being finalised shows them once the job completes. */
export async function payRunEntries(uc: UseCaseContext, runId: string) {
  const r = uc.store.repos;
  const run = await requireRun(uc, r, runId);
  requireStatus(run, ['draft', 'previewed', 'approved', 'finalised', 'lodged', 'voided'], 'read the entries of');
  return (await visibleEntries(uc, run.id, r)).map(publicEntry);
}

// ---- Commands

export async function createPayRun(
  uc: UseCaseContext,
  r: Repos,
  input: CreateRunInput,
  evidenceId: string,
  gate: ActionGate,
): Promise<Change<RunAnswer>> {
  const run = await createRun(uc, r, input);
  const view = await payRunView(uc, r, run, { gate, evidenceRefs: [evidenceId] });
  const totals = totalsOfRun(run);
  return {
    data: { pay_run: view },
    evidence: {
      action: 'pay_run.created',
      resource: run.id,
      decision: { totals, period: [run.period_start, run.period_end], payment_date: run.payment_date },
    },
  };
}

/** Totals and validation; repeatable, and nothing changes at the engine. */
export async function previewPayRun(
  uc: UseCaseContext,
  r: Repos,
  runId: string,
  evidenceId: string,
  gate: ActionGate,
): Promise<Change<RunAnswer & { validation: NonNullable<PayRunView['validation']> }>> {
  const run = await requireRun(uc, r, runId);
  await requireAction(uc, r, run, 'preview');
  const validation = validationOf(await readinessOf(uc, r, run));
  await r.updatePayRun(run.tenant_id, run.id, {
    status: 'previewed',
    validation_json: JSON.stringify(validation),
    updated_at: uc.now.toISOString(),
  });
  const fresh = await latestView(uc, r, run.id, { gate, pendingEvidence: evidenceId });
  return {
    data: { pay_run: fresh, validation: fresh.validation! },
    evidence: {
      action: 'pay_run.previewed',
      resource: run.id,
      decision: { totals: fresh.totals, errorCount: validation.errorCount },
    },
  };
}

/** Records who approved which totals and why; whoever prepared the run may not. */
export async function approvePayRun(
  uc: UseCaseContext,
  r: Repos,
  runId: string,
  evidenceId: string,
  gate: ActionGate,
): Promise<Change<RunAnswer>> {
  const run = await requireRun(uc, r, runId);
  await requireAction(uc, r, run, 'approve');
  const caller = uc.requireCaller();
  const me = actorIdentity(caller);
  const at = uc.now.toISOString();
  const approval: Approval = {
    approved_by: me,
    actor: actorOf(caller),
    approved_at: at,
    totals: totalsOfRun(run),
    reason: uc.reason,
  };
  await r.updatePayRun(run.tenant_id, run.id, {
    status: 'approved',
    approved_by: me,
    approval_json: JSON.stringify(approval),
    updated_at: at,
  });
  return {
    data: { pay_run: await latestView(uc, r, run.id, { gate, pendingEvidence: evidenceId }) },
    evidence: {
      action: 'pay_run.approved',
      resource: run.id,
      decision: { totals: approval.totals, approved_by: approval.approved_by },
    },
  };
}

/** Locks the amounts: at once on a synchronous engine, or through an engine job (DE) started after commit. */
export async function finalisePayRun(
  uc: UseCaseContext,
  r: Repos,
  runId: string,
  evidenceId: string,
  gate: ActionGate,
): Promise<Step<RunAnswer>> {
  const run = await requireRun(uc, r, runId);
  await requireAction(uc, r, run, 'finalise');
  await requireReadyToPay(uc, r, run);
  const t = uc.requireTenant();
  const at = uc.now.toISOString();
  const totals = totalsOfRun(run);
  const async = t.engine!.finaliseMode === 'async';
  const job = { id: newId('job_'), type: 'finalise', status: 'running', progress: 0, total: totals.employee_count };
  await r.updatePayRun(
    run.tenant_id,
    run.id,
    async
      ? { status: 'finalising', job_json: JSON.stringify({ ...job, started_at: at }), updated_at: at }
      : { status: 'finalised', finalised_at: at, updated_at: at },
  );
  return {
    data: { pay_run: await latestView(uc, r, run.id, { gate, pendingEvidence: evidenceId }) },
    evidence: {
      action: 'pay_run.finalise_committed',
      resource: run.id,
      decision: { totals, mode: t.engine!.finaliseMode },
    },
    afterCommit: async ? () => scheduleFinaliseJob(uc, run.id) : undefined,
  };
}

/** Undoes a finalised (or lodged) run; it stays on record as voided. */
export async function voidPayRun(
  uc: UseCaseContext,
  r: Repos,
  runId: string,
  evidenceId: string,
  gate: ActionGate,
): Promise<Change<RunAnswer>> {
  const run = await requireRun(uc, r, runId);
  await requireAction(uc, r, run, 'void');
  const at = uc.now.toISOString();
  await r.updatePayRun(run.tenant_id, run.id, { status: 'voided', voided_at: at, updated_at: at });
  return {
    data: { pay_run: await latestView(uc, r, run.id, { gate, pendingEvidence: evidenceId }) },
    evidence: { action: 'pay_run.voided', resource: run.id, decision: { totals: totalsOfRun(run) } },
  };
}

/** Removes a draft or previewed run and its entries; the evidence keeps its totals. */
export async function deletePayRun(uc: UseCaseContext, r: Repos, runId: string) {
  const run = await requireRun(uc, r, runId);
  await requireAction(uc, r, run, 'delete');
  await r.deletePayRun(run.tenant_id, run.id);
  return {
    data: { id: run.id, deleted: true as const, status: 'deleted' as const },
    evidence: { action: 'pay_run.deleted', resource: run.id, decision: { totals: totalsOfRun(run) } },
  };
}

export interface EntryInput {
  employee_id: string;
  items: PayItem[];
  /** Replace the employee's items instead of adding to them. */
  replace?: boolean;
  /** The items as sent, for the evidence record. */
  sent: unknown;
}

/** Adds or replaces one employee's items on a draft and recalculates that employee and the totals. */
export async function adjustPayRunEntry(
  uc: UseCaseContext,
  r: Repos,
  runId: string,
  input: EntryInput,
  evidenceId: string,
  gate: ActionGate,
) {
  const run = await requireRun(uc, r, runId);
  await requireAction(uc, r, run, 'adjust');
  const { who, existing } = await employeeForRun(uc, r, run, input.employee_id);
  const items = input.replace ? input.items : [...(existing ? itemsOf(existing) : []), ...input.items];
  const out = await recalculate(uc, r, run, who, items);
  await r.setEntryEvidence(run.id, out.entry.employee_id, evidenceId);
  const entry = publicEntry({ ...out.entry, evidence_id: evidenceId });
  return {
    data: { entry, pay_run: await payRunView(uc, r, out.run, { gate, pendingEvidence: evidenceId }) },
    evidence: {
      action: 'pay_run.entry_adjusted',
      resource: `${run.id}/${out.entry.employee_id}`,
      links: [run.id],
      decision: { items: input.sent, gross: entry.gross, net: entry.net },
    },
  };
}
