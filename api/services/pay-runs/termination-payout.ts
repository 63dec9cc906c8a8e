// A leaver's final pay (AU): for each employee whose employment ends within the run's period, the facts the
// pack needs to pay out the annual leave left (Fair Work Act s 90(2)) — the reason for leaving, the balance as
// at the end date before this run's accrual, the accrual terms and the leave loading — and, at finalise, the
// movements that close the balance at zero. The figures themselves are the pack's (packs/au/termination.ts).
import type { Repos } from '../../store/index.ts';
import type { LeaveMovementTable, PayRunTable } from '../../store/schema.ts';
import type { UseCaseContext } from '../platform/use-case.ts';
import { leftBefore, type Included, type Period } from './pay-run-calc.ts';
import type { Calculated } from './pay-run-figures.ts';
import type { EntryResult } from '../../engines/types.ts';
import { awardsOfEmployees } from '../setup/awards.ts';
import { settingsOf } from '../leave/leave-settings.ts';
import { employmentEndOf } from '../../model/employee.ts';
import { jurisdictionOf } from '../setup/jurisdiction.ts';
import { D, dec, money } from '../../lib/money.ts';
import { newId } from '../../lib/ids.ts';

type RunPeriod = Pick<PayRunTable, 'id' | 'period_start' | 'period_end' | 'pack_version'>;

/** The last day of employment, when one is recorded. */
export const endDateOf = (who: Included): string | null => employmentEndOf(who.data);

/** Employment has ended by the run's period end: in the period, or before it (a final pay paid late). */
const endsBy = (who: Included, run: Pick<RunPeriod, 'period_end'>) => {
  const end = endDateOf(who);
  return end !== null && end <= run.period_end;
};

const balanceOf = (moves: LeaveMovementTable[], type: string) =>
  moves.filter((m) => m.leave_type === type).reduce((a, m) => a.plus(m.quantity), new D(0));

/**
 * Of employees whose employment ended before the run's period, those still owed their annual leave (Fair Work
 * Act s 90(2)): their end date was recorded after the run that covered it was finalised, or their final pay was
 * voided. The run pays their final pay; once it is finalised the balance closes at zero and they are owed nothing.
 */
export async function owingFinalPay(
  uc: UseCaseContext,
  r: Repos,
  run: Pick<PayRunTable, 'id' | 'period_start' | 'period_end'> & Pick<Period, 'pay_frequency'>,
  candidates: Included[],
): Promise<Included[]> {
  const t = uc.requireTenant();
  if (t.capabilities?.leave_accrual !== 'native') return [];
  const ended = candidates.filter((w) => leftBefore(w, run));
  if (!ended.length) return [];
  const moves = await r.leaveMovementsOf(
    t.tenant.id,
    ended.map((w) => w.row.id),
    run.period_end,
  );
  return ended.filter((w) =>
    balanceOf(
      moves.filter((m) => m.employee_id === w.row.id && m.pay_run_id !== run.id),
      'annual',
    ).gt(0),
  );
}

/**
 * Sets `leaver` on each employee of the run whose employment has ended by its period end (where the pack accrues
 * leave): within the period, or before it for a final pay paid late (see `owingFinalPay`).
 */
export async function attachLeavers(uc: UseCaseContext, r: Repos, run: RunPeriod, workforce: Included[]) {
  const t = uc.requireTenant();
  if (t.capabilities?.leave_accrual !== 'native') return;
  const leavers = workforce.filter((w) => endsBy(w, run));
  if (!leavers.length) return;
  const ids = leavers.map((w) => w.row.id);
  const loading = jurisdictionOf(t.tenant.jurisdiction).leaveLoading;
  const [settings, moves, awards] = await Promise.all([
    settingsOf(uc, r, ids),
    r.leaveMovementsOf(t.tenant.id, ids, run.period_end),
    awardsOfEmployees(uc, r, ids, run.pack_version, run.period_start),
  ]);
  for (const who of leavers) {
    const end = endDateOf(who)!;
    // The balance as at the end date; this run's own movements (written at finalise) are the pack's to add. A
    // final pay paid late counts the accrual of the run that covered the end date (dated at that run's period end).
    const upTo = end < run.period_start ? run.period_end : end;
    const own = moves.filter(
      (m) => m.employee_id === who.row.id && m.effective_date <= upTo && m.pay_run_id !== run.id,
    );
    const balance = (type: string) => balanceOf(own, type);
    const s = settings.get(who.row.id)!;
    const award = awards.get(who.row.id)?.award.code;
    who.leaver = {
      end_date: end,
      cessation: who.data.termination?.reason_code ?? null,
      start_date: who.data.employment.start_date,
      annual_leave_hours: balance('annual').toFixed(4),
      accrues: s.accrual_method !== 'none',
      shift_worker: s.shift_worker,
      leave_loading:
        s.leave_loading && loading
          ? { ...loading.termsOnLeaving }
          : ((award ? loading?.awards[award] : undefined) ?? null),
      long_service_hours: balance('long_service').toFixed(4),
    };
  }
}

/** The hours a finalised entry paid out on termination, from its result's detail. */
function paidOutHours(uc: UseCaseContext, c: Calculated): string | null {
  const detail = (c.result ?? uc.deps.cache.storedResult(c.row)).detail as {
    termination_payout?: { annual_leave_hours?: unknown };
  };
  const hours = detail.termination_payout?.annual_leave_hours;
  return typeof hours === 'string' && dec(hours).gt(0) ? hours : null;
}

/**
 * At finalise, after this run's accrual: a movement paying out each leaver's annual leave, so the balance closes
 * at zero, under the finalise evidence.
 */
export async function closeLeaverBalances(
  uc: UseCaseContext,
  r: Repos,
  run: PayRunTable,
  paid: Calculated[],
  evidenceId: string,
): Promise<void> {
  const t = uc.requireTenant();
  if (t.capabilities?.leave_accrual !== 'native') return;
  const at = uc.now.toISOString();
  const moves: LeaveMovementTable[] = paid.flatMap((c) => {
    const hours = paidOutHours(uc, c);
    if (!hours) return [];
    return [
      {
        id: newId('lvm_'),
        tenant_id: t.tenant.id,
        employee_id: c.who.row.id,
        leave_type: 'annual',
        kind: 'paid_out' as const,
        unit: 'hours',
        quantity: dec(hours).neg().toFixed(4),
        // Beside this run's accrual (at the period end), so a balance read at any date after the run sees both.
        effective_date: run.period_end,
        pay_run_id: run.id,
        booking_id: null,
        evidence_id: evidenceId,
        created_at: at,
      },
    ];
  });
  if (moves.length) await r.insertLeaveMovements(moves);
}

/**
 * The leaver exception's words: the last day, what the final pay pays out of the leave left, and a reason for
 * leaving still to record (the pay event needs it, and a redundancy is paid and taxed differently).
 */
export function leaverFinding(
  end: string,
  result: EntryResult,
  reason: string | null,
  jurisdiction: string,
  /** Employment ended before the run's period: the final pay was not made in the run that covered it. */
  late = false,
): { severity: 'info' | 'warning'; message: string; detail: Record<string, string | null> } {
  const payout = result.detail.termination_payout as
    { annual_leave_hours: string; amount: string; loading: string; withheld: string } | undefined;
  const parts = [
    late
      ? `Final pay: employment ended on ${end}, before this pay period, and the leave owed on leaving was not ` +
        'paid then. This pay has no ordinary pay, only what is owed on leaving.'
      : `Last pay: employment ends on ${end}.`,
  ];
  if (payout)
    parts.push(
      `This final pay includes ${dec(payout.annual_leave_hours).toFixed(2)} hours of unused annual leave, ` +
        `${money(payout.amount)} ${result.currency}` +
        (dec(payout.loading).gt(0) ? ` with the annual leave loading` : '') +
        `, taxed by the ATO's rules for unused leave on termination (${money(payout.withheld)} ${result.currency} ` +
        'withheld). The annual leave balance closes at zero when the run is finalised.',
    );
  const missingReason = jurisdictionOf(jurisdiction).leavingReasonRequired && !reason;
  if (missingReason)
    parts.push(
      'No reason for leaving is recorded: record it on the end of employment. The tax office needs it, and a ' +
        'redundancy is paid and taxed differently.',
    );
  return {
    severity: missingReason ? 'warning' : 'info',
    message: parts.join(' '),
    detail: {
      end_date: end,
      ...(payout
        ? {
            unused_annual_leave_hours: dec(payout.annual_leave_hours).toFixed(2),
            unused_annual_leave_amount: money(payout.amount),
            unused_annual_leave_withheld: money(payout.withheld),
          }
        : {}),
      reason_for_leaving: reason,
    },
  };
}
