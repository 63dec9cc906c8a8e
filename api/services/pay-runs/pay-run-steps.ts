// The engine-facing steps of the pay-run workflow: finding a run, state checks, drafting a run with
// everyone it includes, recalculating it from the data in force, adjusting some of its employees and
// who blocks it. The use cases in `pay-runs.ts` compose them; none of them knows about HTTP.
import { attachWaitingBookings, leaveItemsForRun } from '../leave/leave-in-pay.ts';
import type { Repos } from '../../store/index.ts';
import type { PayRunEntryTable, PayRunTable } from '../../store/schema.ts';
import type { PayFrequency } from '../../packs/types.ts';
import type { UseCaseContext } from '../platform/use-case.ts';
import {
  amountsOf,
  heldOfRun,
  inferFrequency,
  itemsOf,
  publicExcluded,
  periodFits,
  shiftedTotals,
  totalsOf,
  totalsOfRun,
  validationOfRun,
  type Excluded,
  type PayRunStatus,
  type Totals,
} from './pay-run-model.ts';
import { belongsIn, loadWorkforce, type Period } from './pay-run-calc.ts';
import { attachEarningsToDate } from './pay-to-date.ts';
import { attachLeavers, owingFinalPay } from './termination-payout.ts';
import { attachLeaveRates } from '../leave/leave-terms.ts';
import { figuresStandAt } from './figures-standing.ts';
import {
  collect,
  draftFigures,
  figuresDigest,
  heldJson,
  mergeHeld,
  mergeValidation,
  readinessFinding,
  recalculateRun,
  totalsOfFigures,
  validationOfFigures,
  writeFigures,
  type Figure,
  type Figures,
} from './pay-run-figures.ts';
import { actorIdentity } from '../../model/caller.ts';
import { callerReaches } from '../platform/data-scope.ts';
import { versionCovering } from '../../packs/index.ts';
import { newId } from '../../lib/ids.ts';
import { AppError, badRequest, notFound, packValidationFailed, stateConflict } from '../../lib/errors.ts';

export interface CreateRunInput {
  period_start: string;
  period_end: string;
  payment_date: string;
  pay_frequency?: PayFrequency;
}

export async function requireRun(uc: UseCaseContext, r: Repos, id: string): Promise<PayRunTable> {
  const run = await r.getPayRun(uc.requireTenant().tenant.id, id);
  if (!run) throw notFound('Pay run not found.');
  return run;
}

export const periodOf = (run: PayRunTable): Period => ({
  period_start: run.period_start,
  period_end: run.period_end,
  pay_frequency: run.pay_frequency as PayFrequency,
});

export const notInRunMessage = (p: Period) =>
  `Not in this pay run: not employed between ${p.period_start} and ${p.period_end}, or not paid ${p.pay_frequency}.`;

/** The 409 for a step the run's state does not allow. */
export const wrongState = (run: PayRunTable, allowed: readonly PayRunStatus[], action: string) =>
  stateConflict(`Cannot ${action} a pay run that is ${run.status}; it must be ${allowed.join(' or ')}.`, {
    pay_run_status: run.status,
  });

export function requireStatus(run: PayRunTable, allowed: PayRunStatus[], action: string): void {
  if (!allowed.includes(run.status as PayRunStatus)) throw wrongState(run, allowed, action);
}

function checkPaymentDate(uc: UseCaseContext, paymentDate: string) {
  const t = uc.requireTenant();
  const pinned = t.pack.versions.find((v) => v.version === t.binding.pack_version)!;
  if (paymentDate >= pinned.effective.from && (pinned.effective.to === null || paymentDate <= pinned.effective.to))
    return;
  const covering = versionCovering(t.pack, paymentDate);
  throw packValidationFailed([
    {
      rule: `${t.binding.pack_version}/period/outside_effective_range`,
      path: 'payment_date',
      message:
        `Payment date ${paymentDate} is outside ${t.binding.pack_version} ` +
        `(${pinned.effective.from} to ${pinned.effective.to ?? 'open'}).` +
        (covering
          ? ` ${covering.version} covers it: re-pin the binding to run this period.`
          : ' No released version covers it.'),
    },
  ]);
}

/** Drafts a run with every employee active in the period and paid at its frequency, calculated. */
export async function createRun(
  uc: UseCaseContext,
  r: Repos,
  input: CreateRunInput,
): Promise<{ run: PayRunTable; figures: Figures }> {
  const t = uc.requireTenant();
  uc.requireCapability('pay_calculation');
  if (input.period_end < input.period_start)
    throw badRequest('period_end is before period_start.', [
      { path: 'period_end', message: 'Must be on or after period_start.' },
    ]);
  const frequency = input.pay_frequency ?? inferFrequency(input.period_start, input.period_end);
  if (input.pay_frequency && !periodFits(input.pay_frequency, input.period_start, input.period_end)) {
    throw badRequest(`The period is not one ${input.pay_frequency} pay period.`, [
      { path: 'period_end', message: `Does not match pay_frequency ${input.pay_frequency}.` },
    ]);
  }
  checkPaymentDate(uc, input.payment_date);
  const overlap = await r.overlappingRuns(t.tenant.id, frequency, input.period_start, input.period_end);
  if (overlap.length)
    throw stateConflict(`The period overlaps pay run ${overlap[0].id} of the same frequency.`, {
      conflicting_pay_run_id: overlap[0].id,
    });

  const period = { period_start: input.period_start, period_end: input.period_end, pay_frequency: frequency };
  const at = uc.now.toISOString();
  const id = newId('pr_');
  // Read before calculating: whatever is recorded from here on may not be in the figures.
  const seq = await r.evidenceSeqOf(t.tenant.id);
  // Booked leave in the period rides the new run (its items are part of each employee's entry).
  const runKey = { id, period_start: input.period_start, period_end: input.period_end };
  await attachWaitingBookings(uc, r, runKey);
  const leave = t.capabilities?.leave_management === 'native' ? await leaveItemsForRun(uc, r, runKey) : undefined;
  // Whoever the engine cannot calculate is held with the reason (a blocking finding), not a failed run.
  const figures = await draftFigures(
    uc,
    r,
    { id, pack_version: t.binding.pack_version, pay_frequency: frequency, payment_date: input.payment_date },
    period,
    leave,
  );
  const run: PayRunTable = {
    id,
    tenant_id: t.tenant.id,
    status: 'draft',
    pay_frequency: frequency,
    period_start: input.period_start,
    period_end: input.period_end,
    payment_date: input.payment_date,
    pack_version: t.binding.pack_version,
    totals_json: JSON.stringify(totalsOfFigures(figures.calculated, t.pack.currency)),
    prepared_by: actorIdentity(uc.requireCaller()),
    approved_by: null,
    approval_json: null,
    job_json: null,
    validation_json: JSON.stringify(validationOfFigures(figures)),
    blocked_json: heldJson(figures.held.map((h) => h.held)),
    excluded_json: null,
    figures_digest: null,
    figures_seq: seq,
    created_at: at,
    updated_at: at,
    finalised_at: null,
    paid_on: null,
    voided_at: null,
  };
  await r.insertPayRun(run);
  await r.insertEntries(figures.calculated.map((c) => c.row));
  return { run, figures };
}

/**
 * Recalculates every employee of the run from the values in force and writes the result: entries,
 * those held, totals, validation and the digest of the figures. Answers the figures, the run as written
 * and how many entries' amounts changed. `patch` is written with it (the state the step moves the run to).
 * Finalise always comes this way: money leaves only on figures worked out in full.
 */
export async function refreshRun(uc: UseCaseContext, r: Repos, run: PayRunTable, patch: Partial<PayRunTable>) {
  // Read before calculating: whatever is recorded from here on may not be in the figures.
  const seq = await r.evidenceSeqOf(run.tenant_id);
  const figures = await recalculateRun(uc, r, run, periodOf(run));
  const changed = await writeFigures(r, run.id, figures);
  // Totals are a sum of the entries' amounts: when none changed, they are the ones stored.
  const totalsJson = changed
    ? JSON.stringify(totalsOfFigures(figures.calculated, uc.requireTenant().pack.currency))
    : run.totals_json;
  const validation = validationOfFigures(figures);
  const written: Partial<PayRunTable> = {
    totals_json: totalsJson,
    validation_json: JSON.stringify(validation),
    blocked_json: heldJson(figures.held.map((h) => h.held)),
    figures_digest: figuresDigest(
      figures.calculated.map((c) => c.row),
      totalsJson,
    ),
    figures_seq: seq,
    updated_at: uc.now.toISOString(),
    ...patch,
  };
  await r.updatePayRun(run.tenant_id, run.id, written);
  return { figures, changed, validation, run: { ...run, ...written } };
}

/**
 * What a preview writes: the figures recalculated in full, or, when nothing recorded since they last were
 * could change them (figures-standing.ts), the stored ones as they stand with the digest over them.
 * Answers what the run's view may reuse (`written`), how many entries changed and the validation.
 */
export async function refreshForPreview(uc: UseCaseContext, r: Repos, run: PayRunTable, patch: Partial<PayRunTable>) {
  const validation = validationOfRun(run);
  const seq = validation && (await figuresStandAt(r, run));
  if (!validation || seq === null) {
    const full = await refreshRun(uc, r, run, patch);
    return {
      written: full.figures as Figures | { entries: PayRunEntryTable[] },
      changed: full.changed,
      validation: full.validation,
    };
  }
  const entries = await r.listEntries(run.id);
  await r.updatePayRun(run.tenant_id, run.id, {
    figures_digest: figuresDigest(entries, run.totals_json),
    figures_seq: seq,
    updated_at: uc.now.toISOString(),
    ...patch,
  });
  return { written: { entries }, changed: 0, validation };
}

/** A blocked employee as 422 `pay_run_blocked` and the run's `excluded` name them. */
export function blockedOf(figures: Figures): Excluded[] {
  const held = figures.held.map((h): Excluded => ({
    employee_id: h.held.employee_id,
    employee_name: h.held.employee_name,
    cost_centre_code: h.held.cost_centre_code,
    site: h.held.site,
    items: h.held.items,
    reason: 'cannot_calculate',
    message: `Cannot be calculated: ${h.held.message}`,
    requirements: h.readiness?.unverified_requirements ?? [],
  }));
  const unpayable = figures.calculated
    .filter((c) => c.readiness.blocks_finalise)
    .map((c): Excluded => ({
      employee_id: c.who.row.id,
      employee_name: c.who.name,
      cost_centre_code: c.who.cost_centre_code,
      site: c.who.site,
      items: itemsOf(c.row),
      reason: 'blocks_finalise',
      message: readinessFinding(c.who, c.readiness)!.message,
      requirements: c.readiness.unverified_requirements,
    }));
  return [...held, ...unpayable];
}

/** 422 `pay_run_blocked`, naming each employee who cannot be calculated or paid, and why. */
export function payRunBlocked(blocked: Excluded[], nobodyLeft = false): AppError {
  return new AppError(
    422,
    'pay_run_blocked',
    nobodyLeft
      ? 'Nobody in this pay run can be paid yet; fix their details and preview again.'
      : `${blocked.length} employee(s) cannot be paid yet: fix their details and preview again, ` +
          'or finalise with exclude_blocked: true to pay everyone else.',
    { employees: blocked.map(publicExcluded) },
  );
}

/**
 * Loads one employee for a draft: someone in the run (an entry, or held because they could not be
 * calculated) or someone who belongs in its period may be adjusted. Answers their current items.
 */
export async function employeeForRun(uc: UseCaseContext, r: Repos, run: PayRunTable, employeeId: string) {
  const period = periodOf(run);
  const [who] = await loadWorkforce(uc, r, period, [employeeId]);
  // Outside the caller's data scope is not found, as on every employee read and write.
  if (!who || !callerReaches(uc, who.row.id, who.cost_centre_code, who.site)) throw notFound('Employee not found.');
  await attachEarningsToDate(uc, r, run, [who]);
  await attachLeavers(uc, r, run, [who]);
  await attachLeaveRates(uc, r, run, [who]);
  const existing = (await r.getEntry(run.id, employeeId)) ?? null;
  const held = heldOfRun(run).find((h) => h.employee_id === employeeId) ?? null;
  // Someone hired after the draft was made may join it, and so may a leaver still owed a final pay; someone
  // else not employed in the period, or paid at another frequency, may not (they would be paid for a period
  // they did not work, or twice).
  if (
    !existing &&
    !held &&
    !belongsIn(who, period) &&
    !(await owingFinalPay(uc, r, { ...run, ...period }, [who])).length
  ) {
    throw badRequest(`${who.name} is not in this pay run.`, [
      { path: 'employee_id', message: notInRunMessage(period) },
    ]);
  }
  return { who, existing, items: existing ? itemsOf(existing) : (held?.items ?? []) };
}

/** Totals from the run's entries as they now stand: once per command, however many entries it changed. */
async function refreshTotals(uc: UseCaseContext, r: Repos, run: PayRunTable): Promise<Totals> {
  return totalsOf((await r.listEntries(run.id)).map(amountsOf), uc.requireTenant().pack.currency);
}

/** The totals once these figures replace the entries they were worked out from (`before`), without reading the rest. */
async function totalsAfter(uc: UseCaseContext, r: Repos, run: PayRunTable, figures: Figure[]): Promise<Totals> {
  const removed = figures.flatMap((f) => (f.before ? [amountsOf(f.before)] : []));
  const added = figures.flatMap((f) => (f.kind === 'calculated' ? [f.result ?? amountsOf(f.row)] : []));
  return shiftedTotals(totalsOfRun(run), removed, added) ?? (await refreshTotals(uc, r, run));
}

/**
 * Applies new figures for some employees of a draft or previewed run (an adjustment, a timesheet import):
 * writes their entries, moves those the engine cannot calculate to the held list and back, updates their
 * findings and the totals, and returns the run to draft (a preview no longer shows what it holds).
 */
export async function adjustFigures(uc: UseCaseContext, r: Repos, run: PayRunTable, figures: Figure[]) {
  await writeFigures(r, run.id, collect(figures));
  const patch: Partial<PayRunTable> = {
    status: 'draft',
    totals_json: JSON.stringify(await totalsAfter(uc, r, run, figures)),
    validation_json: JSON.stringify(mergeValidation(validationOfRun(run), figures)),
    blocked_json: heldJson(mergeHeld(heldOfRun(run), figures)),
    figures_digest: null,
    updated_at: uc.now.toISOString(),
  };
  await r.updatePayRun(run.tenant_id, run.id, patch);
  return { ...run, ...patch };
}
