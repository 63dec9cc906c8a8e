// The pay-run workflow: draft → previewed → approved → finalised (→ voided), each step one
// transaction with its evidence. Steps out of order are 409 and reach no engine.
import type { Repos } from '../store/index.ts';
import type { PayRunTable } from '../store/schema.ts';
import type { RequestContext } from '../http/context.ts';
import type { UseCaseContext } from './use-case.ts';
import type { PayItem, Readiness } from '../engines/types.ts';
import type { PayFrequency } from '../packs/types.ts';
import { inferFrequency, periodFits, resultOf, totalsOf, type PayRunStatus } from './pay-run-model.ts';
import { belongsIn, calculate, entryRow, loadWorkforce, type Included, type Period } from './pay-run-calc.ts';
import { actorIdentity, actorOf } from './caller.ts';
import { versionCovering } from '../packs/index.ts';
import { newId } from '../lib/ids.ts';
import { AppError, badRequest, forbidden, notFound, packValidationFailed, stateConflict } from '../lib/errors.ts';

export interface CreateRunInput {
  period_start: string;
  period_end: string;
  payment_date: string;
  pay_frequency?: PayFrequency;
}

export async function requireRun(ctx: UseCaseContext, r: Repos, id: string): Promise<PayRunTable> {
  const run = await r.getPayRun(ctx.requireTenant().tenant.id, id);
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

export function requireStatus(run: PayRunTable, allowed: PayRunStatus[], action: string): void {
  if (!allowed.includes(run.status as PayRunStatus)) {
    throw stateConflict(`Cannot ${action} a pay run that is ${run.status}; it must be ${allowed.join(' or ')}.`, {
      pay_run_status: run.status,
    });
  }
}

function checkPaymentDate(ctx: RequestContext, paymentDate: string) {
  const t = ctx.requireTenant();
  const pinned = t.pack.versions.find((v) => v.version === t.binding.pack_version)!;
  if (paymentDate >= pinned.effective.from && (pinned.effective.to === null || paymentDate <= pinned.effective.to))
    return;
  const covering = versionCovering(t.pack, paymentDate);
  throw packValidationFailed([
    {
      rule: `${t.binding.pack_version}/period/outside_effective_range`,
      path: 'payment_date',
      message:
        `Payment date ${paymentDate} is outside ${t.binding.pack_version} (${pinned.effective.from} to ${pinned.effective.to ?? 'open'}).` +
        (covering
          ? ` ${covering.version} covers it: re-pin the binding to run this period.`
          : ' No released version covers it.'),
    },
  ]);
}

export async function createRun(ctx: RequestContext, r: Repos, input: CreateRunInput) {
  const t = ctx.requireTenant();
  ctx.requireCapability('pay_calculation');
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
  checkPaymentDate(ctx, input.payment_date);
  const overlap = await r.overlappingRuns(t.tenant.id, frequency, input.period_start, input.period_end);
  if (overlap.length)
    throw stateConflict(`The period overlaps pay run ${overlap[0].id} of the same frequency.`, {
      conflicting_pay_run_id: overlap[0].id,
    });

  const period = { period_start: input.period_start, period_end: input.period_end, pay_frequency: frequency };
  const workforce = await loadWorkforce(ctx, r, period);
  const at = ctx.now.toISOString();
  const id = newId('pr_');
  const rows = workforce.map((w) =>
    entryRow(id, w, [], calculate(ctx, t.binding.pack_version, frequency, w, []), at, null),
  );
  const totals = totalsOf(rows.map(resultOf), t.pack.currency);
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
    prepared_by: actorIdentity(ctx.requireCaller()),
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
  ctx: RequestContext,
  r: Repos,
  run: PayRunTable,
): Promise<{ who: Included; readiness: Readiness }[]> {
  const t = ctx.requireTenant();
  const ids = (await r.listEntries(run.id)).map((e) => e.employee_id);
  const who = await loadWorkforce(
    ctx,
    r,
    { period_start: run.period_start, period_end: run.period_end, pay_frequency: run.pay_frequency as PayFrequency },
    ids,
  );
  return who.map((w) => ({ who: w, readiness: t.engine!.readiness(run.pack_version, w.data) }));
}

export function validationOf(checks: { who: Included; readiness: Readiness }[]) {
  const warnings = checks.flatMap(({ who, readiness }) => {
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

export async function previewRun(ctx: RequestContext, r: Repos, run: PayRunTable) {
  requireStatus(run, ['draft', 'previewed'], 'preview');
  const validation = validationOf(await readinessOf(ctx, r, run));
  const patch = { status: 'previewed', validation_json: JSON.stringify(validation), updated_at: ctx.now.toISOString() };
  await r.updatePayRun(run.tenant_id, run.id, patch);
  return { run: { ...run, ...patch }, validation };
}

const PREPARING = new Set(['pay_run.created', 'pay_run.entry_adjusted', 'pay_run.timesheets_imported']);

/** The identity `actorIdentity` gives, read back from an evidence record's actor. */
function identityOfActor(a: {
  kind?: string;
  key_id?: string | null;
  user_id?: string | null;
  session_id?: string | null;
}): string {
  if (a.kind === 'partner_key') return `key:${a.key_id}`;
  return a.user_id ? `user:${a.user_id}` : `session:${a.session_id}`;
}

/** Everyone who prepared the run: whoever created it and whoever adjusted its entries, from its evidence. */
async function preparersOf(r: Repos, run: PayRunTable): Promise<Set<string>> {
  const out = new Set([run.prepared_by]);
  for (const ev of await r.actorsOf(run.tenant_id, run.id, [...PREPARING]))
    out.add(identityOfActor(JSON.parse(ev.actor_json)));
  return out;
}

export async function approveRun(ctx: RequestContext, r: Repos, run: PayRunTable) {
  requireStatus(run, ['previewed'], 'approve');
  const caller = ctx.requireCaller();
  const me = actorIdentity(caller);
  if (caller.kind !== 'partner' && (await preparersOf(r, run)).has(me)) {
    throw forbidden(
      'Segregation of duties: a person who prepared this pay run (created it or adjusted its entries) cannot approve it.',
    );
  }
  const approval = {
    approved_by: me,
    actor: actorOf(caller),
    approved_at: ctx.now.toISOString(),
    totals: JSON.parse(run.totals_json),
    reason: ctx.reason,
  };
  const patch = {
    status: 'approved',
    approved_by: me,
    approval_json: JSON.stringify(approval),
    updated_at: ctx.now.toISOString(),
  };
  await r.updatePayRun(run.tenant_id, run.id, patch);
  return { run: { ...run, ...patch }, approval };
}

export async function finaliseRun(ctx: RequestContext, r: Repos, run: PayRunTable) {
  requireStatus(run, ['approved'], 'finalise');
  const blocked = (await readinessOf(ctx, r, run)).filter((c) => c.readiness.blocks_finalise);
  if (blocked.length) {
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
  const at = ctx.now.toISOString();
  const async = ctx.requireTenant().engine!.finaliseMode === 'async';
  const patch = async
    ? {
        status: 'finalising',
        job_json: JSON.stringify({
          id: newId('job_'),
          type: 'finalise',
          status: 'running',
          progress: 0,
          total: JSON.parse(run.totals_json).employee_count,
          started_at: at,
        }),
        updated_at: at,
      }
    : { status: 'finalised', finalised_at: at, updated_at: at };
  await r.updatePayRun(run.tenant_id, run.id, patch);
  return { ...run, ...patch };
}

export async function adjustEntry(
  ctx: RequestContext,
  r: Repos,
  run: PayRunTable,
  employeeId: string,
  items: PayItem[],
  replace: boolean,
) {
  requireStatus(run, ['draft'], 'adjust');
  const period = periodOf(run);
  const [who] = await loadWorkforce(ctx, r, period, [employeeId]);
  if (!who) throw notFound('Employee not found.');
  const existing = await r.getEntry(run.id, employeeId);
  // Someone hired after the draft was made may join it; someone not employed in the period, or paid
  // at another frequency, may not (they would be paid for a period they did not work, or twice).
  if (!existing && !belongsIn(who, period)) {
    throw badRequest(`${who.name} is not in this pay run.`, [
      { path: 'employee_id', message: notInRunMessage(period) },
    ]);
  }
  const all = replace ? items : [...(existing ? (JSON.parse(existing.items_json) as PayItem[]) : []), ...items];
  return recalculate(ctx, r, run, who, all);
}

/** Recalculates one employee's entry and writes it; the run's totals are left to `refreshTotals`. */
export async function recalculateEntry(
  ctx: RequestContext,
  r: Repos,
  run: PayRunTable,
  who: Included,
  items: PayItem[],
  evidenceId: string | null = null,
) {
  const result = calculate(ctx, run.pack_version, run.pay_frequency as PayFrequency, who, items);
  await r.replaceEntry(entryRow(run.id, who, items, result, ctx.now.toISOString(), evidenceId));
}

/** Totals from the run's entries as they now stand: once per command, however many entries it changed. */
export async function refreshTotals(ctx: RequestContext, r: Repos, run: PayRunTable): Promise<PayRunTable> {
  const totals = totalsOf((await r.listEntries(run.id)).map(resultOf), ctx.requireTenant().pack.currency);
  const patch = { totals_json: JSON.stringify(totals), updated_at: ctx.now.toISOString() };
  await r.updatePayRun(run.tenant_id, run.id, patch);
  return { ...run, ...patch };
}

export async function recalculate(ctx: RequestContext, r: Repos, run: PayRunTable, who: Included, items: PayItem[]) {
  await recalculateEntry(ctx, r, run, who, items);
  return { run: await refreshTotals(ctx, r, run), entry: (await r.getEntry(run.id, who.row.id))! };
}
