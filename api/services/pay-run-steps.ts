// The engine-facing steps of the pay-run workflow: finding a run, state checks, drafting a run with
// everyone it includes, readiness and validation, and recalculating entries and totals. The use cases
// in `pay-runs.ts` compose them; none of them knows about HTTP.
import type { Repos } from '../store/index.ts';
import type { PayRunTable } from '../store/schema.ts';
import type { PayItem, Readiness } from '../engines/types.ts';
import type { PayFrequency } from '../packs/types.ts';
import type { UseCaseContext } from './use-case.ts';
import { inferFrequency, periodFits, resultOf, totalsOf, type PayRunStatus, type Validation } from './pay-run-model.ts';
import { belongsIn, calculate, entryRow, loadWorkforce, type Included, type Period } from './pay-run-calc.ts';
import { actorIdentity } from './caller.ts';
import { callerReaches } from './employees.ts';
import { versionCovering } from '../packs/index.ts';
import { newId } from '../lib/ids.ts';
import { AppError, badRequest, notFound, packValidationFailed, stateConflict } from '../lib/errors.ts';

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
export async function createRun(uc: UseCaseContext, r: Repos, input: CreateRunInput): Promise<PayRunTable> {
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
  const workforce = await loadWorkforce(uc, r, period);
  const at = uc.now.toISOString();
  const id = newId('pr_');
  const results = workforce.map((w) => calculate(uc, t.binding.pack_version, frequency, w, []));
  const rows = workforce.map((w, i) => entryRow(id, w, [], results[i], at, null));
  const totals = totalsOf(results, t.pack.currency);
  const run: PayRunTable = {
    id,
    tenant_id: t.tenant.id,
    status: 'draft',
    pay_frequency: frequency,
    period_start: input.period_start,
    period_end: input.period_end,
    payment_date: input.payment_date,
    pack_version: t.binding.pack_version,
    totals_json: JSON.stringify(totals),
    prepared_by: actorIdentity(uc.requireCaller()),
    approved_by: null,
    approval_json: null,
    job_json: null,
    validation_json: null,
    created_at: at,
    updated_at: at,
    finalised_at: null,
    voided_at: null,
  };
  await r.insertPayRun(run);
  await r.insertEntries(rows);
  return run;
}

export async function readinessOf(
  uc: UseCaseContext,
  r: Repos,
  run: PayRunTable,
): Promise<{ who: Included; readiness: Readiness }[]> {
  const t = uc.requireTenant();
  const ids = (await r.listEntries(run.id)).map((e) => e.employee_id);
  const who = await loadWorkforce(uc, r, periodOf(run), ids);
  return who.map((w) => ({ who: w, readiness: t.engine!.readiness(run.pack_version, w.data) }));
}

export function validationOf(checks: { who: Included; readiness: Readiness }[]): Validation {
  const warnings = checks.flatMap(({ who, readiness }): Validation['warnings'] => {
    if (readiness.blocks_finalise) {
      return [
        {
          employee_id: who.row.id,
          employee_name: who.name,
          severity: 'error',
          code: 'blocks_finalise',
          message: `Cannot be paid yet: missing ${readiness.unverified_requirements.join(', ')}.`,
          requirements: readiness.unverified_requirements,
        },
      ];
    }
    if (readiness.unverified_requirements.length) {
      return [
        {
          employee_id: who.row.id,
          employee_name: who.name,
          severity: 'warning',
          code: 'unverified_requirements',
          message: `Unverified: ${readiness.unverified_requirements.join(', ')}.`,
          requirements: readiness.unverified_requirements,
        },
      ];
    }
    return [];
  });
  return {
    errorCount: warnings.filter((w) => w.severity === 'error').length,
    warningCount: warnings.filter((w) => w.severity === 'warning').length,
    warnings,
  };
}

/** 422 `pay_run_blocked` when an employee's readiness blocks finalising, naming each of them. */
export async function requireReadyToPay(uc: UseCaseContext, r: Repos, run: PayRunTable): Promise<void> {
  const blocked = (await readinessOf(uc, r, run)).filter((c) => c.readiness.blocks_finalise);
  if (!blocked.length) return;
  throw new AppError(
    422,
    'pay_run_blocked',
    `${blocked.length} employee(s) cannot be paid yet; fix their readiness and try again.`,
    {
      employees: blocked.map((b) => ({
        employee_id: b.who.row.id,
        employee_name: b.who.name,
        requirements: b.readiness.unverified_requirements,
      })),
    },
  );
}

/** Loads one employee for a draft: someone not in the run may join only if they belong in its period. */
export async function employeeForRun(uc: UseCaseContext, r: Repos, run: PayRunTable, employeeId: string) {
  const period = periodOf(run);
  const [who] = await loadWorkforce(uc, r, period, [employeeId]);
  // Outside the caller's data scope is not found, as on every employee read and write.
  if (!who || !callerReaches(uc, who.row.id, who.cost_centre_code, who.site)) throw notFound('Employee not found.');
  const existing = await r.getEntry(run.id, employeeId);
  // Someone hired after the draft was made may join it; someone not employed in the period, or paid
  // at another frequency, may not (they would be paid for a period they did not work, or twice).
  if (!existing && !belongsIn(who, period)) {
    throw badRequest(`${who.name} is not in this pay run.`, [
      { path: 'employee_id', message: notInRunMessage(period) },
    ]);
  }
  return { who, existing };
}

/** Recalculates one employee's entry and writes it; the run's totals are left to `refreshTotals`. */
export async function recalculateEntry(
  uc: UseCaseContext,
  r: Repos,
  run: PayRunTable,
  who: Included,
  items: PayItem[],
  evidenceId: string | null = null,
) {
  const result = calculate(uc, run.pack_version, run.pay_frequency as PayFrequency, who, items);
  await r.replaceEntry(entryRow(run.id, who, items, result, uc.now.toISOString(), evidenceId));
}

/** Totals from the run's entries as they now stand: once per command, however many entries it changed. */
export async function refreshTotals(uc: UseCaseContext, r: Repos, run: PayRunTable): Promise<PayRunTable> {
  const totals = totalsOf((await r.listEntries(run.id)).map(resultOf), uc.requireTenant().pack.currency);
  const patch = { totals_json: JSON.stringify(totals), updated_at: uc.now.toISOString() };
  await r.updatePayRun(run.tenant_id, run.id, patch);
  return { ...run, ...patch };
}

export async function recalculate(uc: UseCaseContext, r: Repos, run: PayRunTable, who: Included, items: PayItem[]) {
  await recalculateEntry(uc, r, run, who, items);
  return { run: await refreshTotals(uc, r, run), entry: (await r.getEntry(run.id, who.row.id))! };
}
