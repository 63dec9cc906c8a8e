// What a leave request comes to before anyone decides it: the quantity in the pack's unit, and whether the
// balance it draws on covers it. Approval books against the same figures (leave-bookings.ts), so a form and an
// approver see beforehand what the booking would refuse, in the same words.
import type { Repos } from '../../store/index.ts';
import type { UseCaseContext } from '../platform/use-case.ts';
import type { Included } from '../pay-runs/pay-run-calc.ts';
import type { LeaveTypeRow } from '../../packs/leave/master-types.ts';
import { jurisdictionOf } from '../setup/jurisdiction.ts';
import { D, dec } from '../../lib/money.ts';
import { packValidationFailed } from '../../lib/errors.ts';
import { todayIn } from '../../lib/dates.ts';
import { balancesOf } from './leave-balances.ts';
import { settingsOf } from './leave-settings.ts';
import { hoursPerDay, reachableEmployee, requireWithinEmployment, workingDaysPerWeek } from './leave-people.ts';
import { resolveLeaveType } from './leave-catalogue.ts';
import { companyWorkWeek } from '../setup/company.ts';
import { workingDays, workingDaysIn } from '../../lib/work-week.ts';

export const leaveRule = (uc: UseCaseContext, name: string, path: string, message: string) =>
  packValidationFailed([{ rule: `${uc.requireTenant().binding.pack_version}/leave/${name}`, path, message }]);

/** The balance a request draws on as it stands, and whether it covers the request. */
export interface Coverage {
  /** The balance drawn on (`annual`, `personal`, `long_service`). */
  leave_type: string;
  unit: 'hours' | 'days';
  requested: string;
  available: string;
  after: string;
  /** False when approval would be refused: the balance is short and the employer allows no negative balance. */
  covered: boolean;
  /** Why approval would be refused, in words; null when covered. */
  message: string | null;
}

export interface QuantityInput {
  quantity?: string;
  unit?: 'hours' | 'days';
  start_date: string;
  end_date?: string | null;
}

/** The quantity as booked, in the pack's unit: given, converted from the other unit, or counted from the dates. */
export function quantityOf(uc: UseCaseContext, type: LeaveTypeRow, who: Included, input: QuantityInput): string {
  const end = input.end_date ?? input.start_date;
  const days = workingDays(input.start_date, end, workingDaysPerWeek(who.data)).length;
  const perDay = hoursPerDay(who.data, type.unit === 'hours' ? '38' : '40');
  const given = input.quantity !== undefined ? dec(input.quantity) : null;
  if (type.unit === 'hours') {
    if (given === null) return dec(perDay).times(days).toDecimalPlaces(4, D.ROUND_HALF_UP).toFixed(2);
    return (input.unit === 'days' ? given.times(perDay) : given).toDecimalPlaces(4, D.ROUND_HALF_UP).toFixed(2);
  }
  if (input.unit === 'hours')
    throw leaveRule(uc, 'unit_days', 'unit', 'German leave is booked in working days: send days, not hours.');
  return (given ?? new D(days)).toDecimalPlaces(2, D.ROUND_HALF_UP).toFixed(2);
}

/** The balance a type draws on for this employee and whether it covers `quantity`; null for a type with none. */
export async function coverageOf(
  uc: UseCaseContext,
  r: Repos,
  who: Included,
  type: LeaveTypeRow,
  quantity: string,
  end: string,
): Promise<Coverage | null> {
  const t = uc.requireTenant();
  const balanceType = jurisdictionOf(t.tenant.jurisdiction).leave?.balanceOf(type.category) ?? null;
  if (!balanceType) return null;
  // With effective dating the balance of the leave's own year; without, everything recorded (what is left to book).
  const asOf = t.capabilities?.effective_dating === 'native' ? end : todayIn(uc.now);
  const rows = await balancesOf(uc, r, { employeeId: who.row.id, asOf });
  const available = dec(rows.find((b) => b.leave_type === balanceType)?.balance ?? '0');
  const after = available.minus(quantity);
  const settings = (await settingsOf(uc, r, [who.row.id])).get(who.row.id)!;
  const covered = !after.isNegative() || settings.allow_negative_balance;
  return {
    leave_type: balanceType,
    unit: type.unit,
    requested: quantity,
    available: available.toFixed(2),
    after: after.toFixed(2),
    covered,
    message: covered
      ? null
      : `${quantity} ${type.unit} of ${type.name} exceed the available balance of ${available.toFixed(2)} ${type.unit}.`,
  };
}

export interface QuoteInput extends QuantityInput {
  employee_id: string;
  leave_type: string;
}

export interface LeaveQuote {
  employee_id: string;
  leave_type: string;
  unit: 'hours' | 'days';
  quantity: string;
  /** Working days the dates cover in the employer's work week, as the request will show them. */
  working_days: number;
  balance: Coverage | null;
}

/**
 * A request as it would be booked, checked as creating and approving it check it (a type the employee may take,
 * the dates within the employment), with the balance it leaves.
 */
export async function quoteLeave(uc: UseCaseContext, r: Repos, input: QuoteInput): Promise<LeaveQuote> {
  const end = input.end_date ?? input.start_date;
  if (end < input.start_date) throw leaveRule(uc, 'dates_reversed', 'end_date', 'end_date is before start_date.');
  const who = await reachableEmployee(uc, r, input.employee_id, input.start_date);
  const type = await resolveLeaveType(uc, r, input.leave_type, 'leave_type', who.data);
  requireWithinEmployment(uc, who.data, input.start_date, end);
  const quantity = quantityOf(uc, type, who, input);
  return {
    employee_id: who.row.id,
    leave_type: type.code,
    unit: type.unit,
    quantity,
    working_days: workingDaysIn(input.start_date, end, await companyWorkWeek(uc, r)).length,
    balance: await coverageOf(uc, r, who, type, quantity, end),
  };
}
