// Leave bookings: an absence with its dates and quantity, checked against employment and the balance,
// deducted from the balance (an evidenced movement), and carried into the pay: on AU the hours ride the
// pay run covering the start date (or the draft pinned by `pay_run_id`) as leave lines; on DE every
// monthly run lists the absence's days in its period and reduces pay pro rata for those not paid.
import { withRunContext } from '../pay-runs/pay-run-context.ts';
import type { Repos } from '../../store/index.ts';
import type { LeaveBookingTable, PayRunTable } from '../../store/schema.ts';
import type { UseCaseContext } from '../platform/use-case.ts';
import type { Included } from '../pay-runs/pay-run-calc.ts';
import type { LeaveTypeRow } from '../../packs/leave/master-types.ts';
import { dec } from '../../lib/money.ts';
import { newId } from '../../lib/ids.ts';
import { capabilityNotSupported, stateConflict } from '../../lib/errors.ts';
import { resolveLeaveType } from './leave-catalogue.ts';
import { reachableEmployee, requireWithinEmployment } from './leave-people.ts';
import { coverageOf, leaveRule, quantityOf, type Coverage } from './leave-quote.ts';
import { jurisdictionOf } from '../setup/jurisdiction.ts';
import { figureOf, type Calculated } from '../pay-runs/pay-run-figures.ts';
import { adjustFigures, employeeForRun } from '../pay-runs/pay-run-steps.ts';
import { leaveItemsForRun } from './leave-in-pay.ts';

export interface BookingInput {
  employee_id: string;
  leave_type: string;
  quantity?: string;
  unit?: 'hours' | 'days';
  start_date: string;
  end_date?: string | null;
  pay_run_id?: string;
  request_id?: string;
  /** Annual leave cashed out: the separate written agreement it is paid under (Fair Work Act ss 93(3), 94). */
  agreement_reference?: string;
}

export interface BookingReceipt {
  booked: true;
  employee_id: string;
  leave_type: string;
  unit: 'hours' | 'days';
  quantity: string;
  start_date: string;
  end_date: string;
  evidence_id: string;
  pay_run_id: string | null;
  agreement_reference?: string;
}

/** Types a pack can book but whose pay it does not calculate: booking them answers 501. */
const UNPRICED: Record<string, Record<string, { capability: string; alternatives: string[] }>> = {
  DE: {
    // The employer's subsidy to maternity pay (MuSchG § 20) and short-time allowance (SGB III § 106) are
    // not calculated by this pack.
    maternity: {
      capability: 'maternity_pay_subsidy',
      alternatives: ['book the absence as unpaid leave and add the subsidy as an allowance'],
    },
    short_time: {
      capability: 'short_time_allowance',
      alternatives: ['add the short-time allowance as a pay-run entry item'],
    },
  },
};

/** Books an absence; the evidence of the command is the booking's (and its movement's) evidence. */
export async function bookLeave(
  uc: UseCaseContext,
  r: Repos,
  input: BookingInput,
  evidenceId: string,
): Promise<{ receipt: BookingReceipt; booking: LeaveBookingTable; type: LeaveTypeRow }> {
  const t = uc.requireTenant();
  const end = input.end_date ?? input.start_date;
  if (end < input.start_date) throw leaveRule(uc, 'dates_reversed', 'end_date', 'end_date is before start_date.');
  const who = await reachableEmployee(uc, r, input.employee_id, input.start_date);
  const type = await resolveLeaveType(uc, r, input.leave_type, 'leave_type', who.data);
  const unpriced = UNPRICED[t.pack.code]?.[type.category];
  if (unpriced) throw capabilityNotSupported(unpriced.capability, t.binding.pack_version, unpriced.alternatives);
  requireWithinEmployment(uc, who.data, input.start_date, end);
  const quantity = quantityOf(uc, type, who, input);
  if (type.category === 'cash_out' && !input.agreement_reference?.trim())
    throw leaveRule(
      uc,
      'cash_out_agreement_required',
      'agreement_reference',
      'Each cashing out of annual leave needs its own written agreement between employer and employee (Fair Work ' +
        'Act 2009 s 93(3); s 94 for employees not covered by an award or agreement): give its reference.',
    );

  // The balance the type draws on must cover it, unless the tenant allows negative balances.
  const cover = await coverageOf(uc, r, who, type, quantity, end);
  if (cover && !cover.covered) throw leaveRule(uc, 'insufficient_balance', 'quantity', cover.message!);
  if (type.category === 'cash_out') requireFourWeeksLeft(uc, who, cover, quantity);
  const balanceType = cover?.leave_type ?? null;

  const at = uc.now.toISOString();
  const booking: LeaveBookingTable = {
    id: newId('lvb_'),
    tenant_id: t.tenant.id,
    employee_id: who.row.id,
    leave_type: type.category,
    type_code: type.code,
    unit: type.unit,
    quantity,
    start_date: input.start_date,
    end_date: end,
    pay_run_id: null,
    request_id: input.request_id ?? null,
    agreement_reference: input.agreement_reference ?? null,
    evidence_id: evidenceId,
    created_at: at,
  };
  await r.insertLeaveBooking(booking);
  if (balanceType && type.unit === 'hours')
    await r.insertLeaveMovements([
      {
        id: newId('lvm_'),
        tenant_id: t.tenant.id,
        employee_id: who.row.id,
        leave_type: balanceType,
        kind: 'taken',
        unit: 'hours',
        quantity: dec(quantity).neg().toFixed(4),
        effective_date: input.start_date,
        pay_run_id: null,
        booking_id: booking.id,
        evidence_id: evidenceId,
        created_at: at,
      },
    ]);
  const runId = await carryIntoPay(uc, r, booking, who, input.pay_run_id, evidenceId);
  return {
    receipt: {
      booked: true,
      employee_id: who.row.id,
      leave_type: type.code,
      unit: type.unit,
      quantity,
      start_date: booking.start_date,
      end_date: booking.end_date,
      evidence_id: evidenceId,
      pay_run_id: runId,
      ...(booking.agreement_reference ? { agreement_reference: booking.agreement_reference } : {}),
    },
    booking: { ...booking, pay_run_id: runId },
    type,
  };
}

/**
 * 422 unless at least 4 weeks of annual leave remain after the cash-out: 4 times the employee's ordinary weekly hours
 * (152 hours for 38 a week, pro rata for part-time), Fair Work Act 2009 s 93(3) (s 94 award/agreement-free).
 */
function requireFourWeeksLeft(uc: UseCaseContext, who: Included, cover: Coverage | null, quantity: string) {
  const weeks = jurisdictionOf(uc.requireTenant().tenant.jurisdiction).leave?.cashOutKeepsWeeks;
  if (!weeks) return;
  const weekly = who.data.employment.hours_per_week || '38';
  const minimum = dec(weekly).times(weeks);
  const after = dec(cover?.available ?? '0').minus(quantity);
  if (!after.lt(minimum)) return;
  throw leaveRule(
    uc,
    'cash_out_minimum_balance',
    'quantity',
    `Cashing out ${dec(quantity).toFixed(2)} hours would leave ${after.toFixed(2)} hours of annual leave: at least ` +
      `4 weeks (${minimum.toFixed(2)} hours for ${dec(weekly).toFixed(2)} ordinary hours a week) must remain ` +
      '(Fair Work Act 2009 s 93(3); s 94 for employees not covered by an award or agreement).',
  );
}

const OPEN: readonly string[] = ['draft', 'previewed'];

/**
 * Carries a new booking into the open runs it concerns and recalculates the employee there. AU: the run
 * pinned by `pay_run_id` (a draft or previewed run, else 409) or the open run of the employee's frequency
 * covering the start date; without one the booking waits for the run created for its dates. DE: every open
 * run of the employee's frequency overlapping the absence.
 */
async function carryIntoPay(
  uc: UseCaseContext,
  r: Repos,
  booking: LeaveBookingTable,
  who: Included,
  pinned: string | undefined,
  evidenceId: string,
): Promise<string | null> {
  const t = uc.requireTenant();
  const frequency = who.data.employment.pay_frequency;
  const perBooking = t.capabilities?.leave_accrual === 'native';
  let runs: PayRunTable[];
  if (pinned) {
    const run = await r.getPayRun(t.tenant.id, pinned);
    if (!run) throw leaveRule(uc, 'pay_run_unknown', 'pay_run_id', `Unknown pay run ${pinned}.`);
    if (!OPEN.includes(run.status))
      throw stateConflict(`Pay run ${run.id} is ${run.status}: leave rides a draft or previewed run.`);
    runs = [run];
  } else {
    const overlapping = await r.overlappingRuns(
      t.tenant.id,
      frequency,
      booking.start_date,
      perBooking ? booking.start_date : booking.end_date,
    );
    runs = [];
    for (const o of overlapping) {
      if (!OPEN.includes(o.status)) continue;
      const run = await r.getPayRun(t.tenant.id, o.id);
      if (run) runs.push(run);
    }
  }
  if (perBooking) {
    if (!runs.length) return null;
    await r.attachLeaveBookings(t.tenant.id, [booking.id], runs[0]!.id);
    runs = runs.slice(0, 1);
  }
  for (const run of runs) {
    const { who: inRun, existing, items } = await employeeForRun(uc, r, run, who.row.id);
    const leave = (await leaveItemsForRun(uc, r, run, [who.row.id])).get(who.row.id) ?? [];
    const next = [...items.filter((i) => i.source !== 'leave'), ...leave];
    const figure = figureOf(uc, await withRunContext(uc, r, run, [inRun.row.id]), inRun, next, existing, {
      evidenceId,
      strict: true,
    }) as Calculated;
    await adjustFigures(uc, r, run, [figure]);
  }
  return perBooking ? runs[0]!.id : null;
}
