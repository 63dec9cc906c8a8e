// The pay-run workflow: draft → previewed → approved → finalised (→ voided), each step one command
// with its evidence. Steps out of order are 409 and reach no engine. Each use case here is what one
// route calls: it takes the use-case context and a typed payload, and returns the change to commit
// (or the view to answer) with the run as the caller sees it, `allowed_actions` included.
import { withRunContext } from './pay-run-context.ts';
import { accrueOnFinalise, reverseOnVoid } from '../leave/leave-accrual.ts';
import { closeLeaverBalances } from './termination-payout.ts';
import type { RunSearchTerm } from '../../model/run-search-term.ts';
import type { Repos } from '../../store/index.ts';
import type { PayRunTable } from '../../store/schema.ts';
import type { PayItem } from '../../engines/types.ts';
import type { Change } from '../platform/unit-of-work.ts';
import type { UseCaseContext } from '../platform/use-case.ts';
import { approvalOfRun, publicEntry, publicExcluded, resultOf, totalsOfRun, type Approval } from './pay-run-model.ts';
import {
  adjustFigures,
  blockedOf,
  createRun,
  employeeForRun,
  payRunBlocked,
  refreshForPreview,
  refreshRun,
  requireRun,
  requireStatus,
  type CreateRunInput,
} from './pay-run-steps.ts';
import { figureOf, figuresChanged, figuresDigest, totalsOfFigures, type Calculated } from './pay-run-figures.ts';
import { preparedByCaller, requireAction, type ActionGate } from './pay-run-actions.ts';
import { latestView, payRunView, payRunViews, type PayRunView } from './pay-run-view.ts';
import { RunFacts, visibleEntries, visibleEntriesPage } from './pay-run-scope.ts';
import { queueFinaliseJob } from './finalise-jobs.ts';
import { actorIdentity, actorOf } from '../../model/caller.ts';
import { newId } from '../../lib/ids.ts';
import { AppError, badRequest, conflict } from '../../lib/errors.ts';

// The steps other services build on, under the names they have always had.
export {
  createRun,
  notInRunMessage,
  periodOf,
  refreshRun,
  requireRun,
  requireStatus,
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

/**
 * The per-employee results the caller may see, in name order. With a `limit`, one page after the cursor
 * position (the last row's name and id); without one, every row.
 */
export async function payRunEntries(
  uc: UseCaseContext,
  runId: string,
  page?: { limit: number; after: [string, string] | null },
) {
  const r = uc.store.repos;
  const run = await requireRun(uc, r, runId);
  requireStatus(run, ['draft', 'previewed', 'approved', 'finalised', 'lodged', 'voided'], 'read the entries of');
  if (!page) return { entries: (await visibleEntries(uc, run.id, r)).map(publicEntry), hasMore: false };
  const { rows, hasMore } = await visibleEntriesPage(uc, run.id, page.after, page.limit, r);
  return { entries: rows.map(publicEntry), hasMore };
}

// ---- Commands

export async function createPayRun(
  uc: UseCaseContext,
  r: Repos,
  input: CreateRunInput,
  evidenceId: string,
  gate: ActionGate,
): Promise<Change<RunAnswer>> {
  const { run, figures } = await createRun(uc, r, input);
  const view = await payRunView(uc, r, run, {
    gate,
    evidenceRefs: [evidenceId],
    written: figures,
  });
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

/**
 * Answers the totals and validation of every employee from the data in force (recalculated as finalise
 * does, unless nothing recorded since the last full calculation could change them); repeatable.
 * Previewing an approved run withdraws its approval: the figures it approved may no longer be the ones shown.
 */
export async function previewPayRun(
  uc: UseCaseContext,
  r: Repos,
  runId: string,
  evidenceId: string,
  gate: ActionGate,
): Promise<Change<RunAnswer & { validation: NonNullable<PayRunView['validation']> }>> {
  const run = await requireRun(uc, r, runId);
  await requireAction(uc, r, run, 'preview');
  const withdrawn = run.status === 'approved';
  if (withdrawn && !uc.reason)
    throw new AppError(
      400,
      'governance_reason_required',
      'Previewing an approved run withdraws its approval: send governance_reason in the body or the ' +
        'x-governance-reason header.',
    );
  const { changed, validation, written } = await refreshForPreview(uc, r, run, {
    status: 'previewed',
    ...(withdrawn ? { approved_by: null, approval_json: null } : {}),
  });
  const fresh = await latestView(uc, r, run.id, {
    gate,
    pendingEvidence: evidenceId,
    written,
    preparing: true,
  });
  return {
    data: { pay_run: fresh, validation: fresh.validation! },
    evidence: {
      action: 'pay_run.previewed',
      resource: run.id,
      decision: {
        totals: fresh.totals,
        errorCount: validation.errorCount,
        recalculated: changed,
        ...(withdrawn ? { approval_withdrawn: true } : {}),
      },
    },
  };
}

/** Records who approved which figures (a digest of every entry and the totals) and why; whoever prepared the run may not. */
export async function approvePayRun(
  uc: UseCaseContext,
  r: Repos,
  runId: string,
  evidenceId: string,
  gate: ActionGate,
): Promise<Change<RunAnswer>> {
  const run = await requireRun(uc, r, runId);
  await requireAction(uc, r, run, 'approve');
  // An employer with one payroll person waived four eyes: the record says when it let a preparer approve.
  const waived = await preparedByCaller(new RunFacts(uc, r, run));
  const caller = uc.requireCaller();
  const me = actorIdentity(caller);
  const at = uc.now.toISOString();
  const approval: Approval = {
    approved_by: me,
    actor: actorOf(caller),
    approved_at: at,
    totals: totalsOfRun(run),
    // The digest the preview recorded over exactly the entries shown (adjusting returns a run to draft).
    figures_digest: run.figures_digest ?? figuresDigest(await r.listEntries(run.id), run.totals_json),
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
      decision: {
        totals: approval.totals,
        figures_digest: approval.figures_digest,
        approved_by: approval.approved_by,
        ...(waived ? { four_eyes_waived: 'single_person_payroll' } : {}),
      },
    },
  };
}

/** 409 `approval_stale`: the figures finalise calculates are not the ones approved; names who changed. */
function approvalStale(run: PayRunTable, changed: Calculated[], current: ReturnType<typeof totalsOfRun>) {
  const net = (row: Calculated['row'] | null) => (row ? resultOf(row).net : null);
  return conflict(
    'approval_stale',
    `The figures changed since the run was approved (${changed.length} employee(s)): ` +
      'preview the run again and have it approved before finalising.',
    {
      employees: changed.map((c) => ({
        employee_id: c.who.row.id,
        employee_name: c.who.name,
        approved_net: net(c.before),
        current_net: net(c.row),
      })),
      approved_totals: approvalOfRun(run)?.totals ?? null,
      current_totals: current,
    },
  );
}

export interface FinaliseOptions {
  /** Finalise without the employees who cannot be calculated or paid, listing them in `excluded`. */
  excludeBlocked?: boolean;
  /** The day people were actually paid (a run finalised after its payment date); the payment date by default. */
  paidOn?: string;
}

/** People cannot have been paid before the period the run pays (super falls due from the day). */
function requirePaidOn(run: PayRunTable, paidOn: string): void {
  if (paidOn < run.period_start) {
    const message = `People cannot have been paid before the period starts (${run.period_start}).`;
    throw badRequest(message, [{ path: 'paid_on', message }]);
  }
}

/**
 * Recalculates every employee from the data in force and locks the amounts: at once on a synchronous
 * engine, or through an engine job (DE) started after commit. Refused with 422 `pay_run_blocked` while
 * anyone cannot be calculated or paid (unless `excludeBlocked`), and with 409 `approval_stale` when the
 * figures differ from those approved.
 */
export async function finalisePayRun(
  uc: UseCaseContext,
  r: Repos,
  runId: string,
  evidenceId: string,
  gate: ActionGate,
  opts: FinaliseOptions = {},
): Promise<Step<RunAnswer>> {
  const run = await requireRun(uc, r, runId);
  await requireAction(uc, r, run, 'finalise');
  if (opts.paidOn) requirePaidOn(run, opts.paidOn);
  const t = uc.requireTenant();
  const { figures, run: refreshed } = await refreshRun(uc, r, run, {});
  const blocked = blockedOf(figures);
  if (blocked.length && !opts.excludeBlocked) throw payRunBlocked(blocked);
  const out = new Set(blocked.map((b) => b.employee_id));
  const paid = figures.calculated.filter((c) => !out.has(c.who.row.id));
  if (!paid.length && blocked.length) throw payRunBlocked(blocked, true);
  const totals = blocked.length ? totalsOfFigures(paid, t.pack.currency) : totalsOfRun(refreshed);
  // The entries hold what was approved (adjusting returns a run to draft): the digest proves it, and
  // each paid employee's recalculated result must equal their entry's.
  const approval = approvalOfRun(run);
  const approved = [...figures.calculated, ...figures.held].flatMap((f) => (f.before ? [f.before] : []));
  const intact = !approval?.figures_digest || figuresDigest(approved, run.totals_json) === approval.figures_digest;
  const changed = paid.filter(figuresChanged);
  if (changed.length || !intact) throw approvalStale(run, changed, totals);
  // Those left out leave the entries, so nothing downstream (payslips, files, year to date) pays them.
  if (blocked.length)
    await r.deleteEntries(
      run.id,
      blocked.map((b) => b.employee_id),
    );
  const at = uc.now.toISOString();
  const paidOn = opts.paidOn && opts.paidOn !== run.payment_date ? opts.paidOn : null;
  const async = t.engine!.finaliseMode === 'async';
  const job = { id: newId('job_'), type: 'finalise', status: 'running', progress: 0, total: paid.length };
  await r.updatePayRun(run.tenant_id, run.id, {
    totals_json: JSON.stringify(totals),
    blocked_json: null,
    excluded_json: blocked.length ? JSON.stringify(blocked) : null,
    ...(async
      ? { status: 'finalising', job_json: JSON.stringify({ ...job, started_at: at }), updated_at: at }
      : { status: 'finalised', finalised_at: at, updated_at: at }),
    paid_on: paidOn,
  });
  // Leave accrues on the ordinary hours of the run, in the same transaction and under its evidence.
  await accrueOnFinalise(uc, r, run, paid, evidenceId);
  // A leaver's annual leave was paid out with this run: the balance closes at zero.
  await closeLeaverBalances(uc, r, run, paid, evidenceId);
  if (async) await queueFinaliseJob(uc, r, run.id);
  return {
    data: { pay_run: await latestView(uc, r, run.id, { gate, pendingEvidence: evidenceId }) },
    evidence: {
      action: 'pay_run.finalise_committed',
      resource: run.id,
      decision: {
        totals,
        mode: t.engine!.finaliseMode,
        ...(paidOn ? { paid_on: paidOn } : {}),
        ...(blocked.length ? { excluded: blocked.map(publicExcluded) } : {}),
      },
    },
    afterCommit: async ? () => uc.deps.jobs.kick() : undefined,
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
  // The leave the run accrued, and a leaver's annual leave it paid out, go back as they were.
  await reverseOnVoid(uc, r, run, evidenceId);
  return {
    data: { pay_run: await latestView(uc, r, run.id, { gate, pendingEvidence: evidenceId }) },
    evidence: {
      action: 'pay_run.voided',
      resource: run.id,
      // A lodged run's payees now need an update event: it is queued as a pending STP correction.
      decision: { totals: totalsOfRun(run), stp_correction_pending: run.status === 'lodged' },
    },
  };
}

/** Removes a draft or previewed run and its entries; the evidence keeps its totals. */
export async function deletePayRun(uc: UseCaseContext, r: Repos, runId: string) {
  const run = await requireRun(uc, r, runId);
  await requireAction(uc, r, run, 'delete');
  await r.deletePayRun(run.tenant_id, run.id);
  // Leave that rode the run waits for the next run covering its dates.
  await r.detachLeaveBookings(run.tenant_id, run.id);
  return {
    data: { id: run.id, deleted: true as const, status: 'deleted' as const },
    evidence: { action: 'pay_run.deleted', resource: run.id, decision: { totals: totalsOfRun(run) } },
  };
}

/** The employee's items after an adjustment: added to, replaced, or with the entry's own lines replaced. */
function itemsAfter(current: PayItem[], input: Omit<EntryInput, 'sent'>): PayItem[] {
  if (input.replace) return input.items;
  const kept = input.replaceEntryItems
    ? current.filter((i) => i.source === 'timesheet' || i.source === 'leave')
    : current;
  return [...kept, ...input.items];
}

export interface EntryInput {
  employee_id: string;
  items: PayItem[];
  /** Replace the employee's items instead of adding to them. */
  replace?: boolean;
  /** Replace only the items entered on the entry, keeping timesheet and booked-leave items. */
  replaceEntryItems?: boolean;
  /** The items as sent, for the evidence record. */
  sent: unknown;
}

/**
 * What one employee's entry would be with these items, saving nothing: the same calculation the adjustment
 * makes, for an editor to show before saving. Only while the run may be adjusted (state, segregation of duties).
 */
export async function calculatePayRunEntry(
  uc: UseCaseContext,
  r: Repos,
  runId: string,
  input: Omit<EntryInput, 'sent'>,
) {
  const run = await requireRun(uc, r, runId);
  await requireAction(uc, r, run, 'adjust');
  const { who, existing, items: current } = await employeeForRun(uc, r, run, input.employee_id);
  const items = itemsAfter(current, input);
  const figure = figureOf(uc, await withRunContext(uc, r, run, [who.row.id]), who, items, existing, {
    evidenceId: null,
    strict: true,
  }) as Calculated;
  return publicEntry(figure.row);
}

/**
 * Adds or replaces one employee's items on a draft (or previewed run, which returns to draft) and
 * recalculates that employee and the totals. An employee the engine cannot calculate is the engine's answer,
 * unless what is missing is a record the employer adds later (RecordsNeeded): then the items are kept and the
 * employee is held out of the run, an error on its validation, until the record is there.
 */
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
  const { who, existing, items: current } = await employeeForRun(uc, r, run, input.employee_id);
  const items = itemsAfter(current, input);
  const figure = figureOf(uc, await withRunContext(uc, r, run, [who.row.id]), who, items, existing, {
    evidenceId,
    strict: true,
    holdUntilRecorded: true,
  });
  const latest = await adjustFigures(uc, r, run, [figure]);
  const entry = figure.kind === 'calculated' ? publicEntry(figure.row) : null;
  const held = figure.kind === 'held' ? { rule: figure.held.rule, message: figure.held.message } : null;
  return {
    data: { entry, held, pay_run: await payRunView(uc, r, latest, { gate, pendingEvidence: evidenceId }) },
    evidence: {
      action: 'pay_run.entry_adjusted',
      resource: `${run.id}/${input.employee_id}`,
      links: [run.id],
      decision: { items: input.sent, ...(entry ? { gross: entry.gross, net: entry.net } : { held }) },
    },
  };
}
