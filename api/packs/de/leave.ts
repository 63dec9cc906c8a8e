// German leave and absences: the leave types fixed by regulation, the annual leave entitlement under
// the Bundesurlaubsgesetz (BUrlG) and continued pay in sickness under the Entgeltfortzahlungsgesetz
// (EFZG). Leave is kept in working days.
import { D, type Dec } from '../../lib/money.ts';
import { addDays, toDate } from '../../lib/dates.ts';
import type { LeaveTypeRow, MasterLeaveType } from '../leave/master-types.ts';

const row = (code: string, name: string, category: MasterLeaveType, paid: boolean, source: string): LeaveTypeRow => ({
  code,
  name,
  category,
  paid,
  unit: 'days',
  source,
});

export const DE_LEAVE_TYPES: readonly LeaveTypeRow[] = [
  row('annual', 'Erholungsurlaub', 'annual', true, 'BUrlG § 1'),
  row('sick', 'Arbeitsunfähigkeit (Entgeltfortzahlung bis 6 Wochen)', 'sick', true, 'EFZG § 3'),
  // The employer pays nothing; the health insurer pays Kinderkrankengeld (SGB V § 45).
  row('personal', 'Kind krank', 'personal', false, 'SGB V § 45'),
  row('maternity', 'Mutterschutz', 'maternity', false, 'MuSchG § 3'),
  row('parental', 'Elternzeit', 'parental', false, 'BEEG § 15'),
  row('unpaid', 'Unbezahlter Urlaub', 'unpaid', false, 'BGB § 611a'),
  row('special', 'Sonderurlaub', 'special', true, 'BGB § 616'),
  row('short_time', 'Kurzarbeit', 'short_time', false, 'SGB III § 95'),
];

export const deLeaveType = (code: string): LeaveTypeRow | undefined => DE_LEAVE_TYPES.find((t) => t.code === code);

/** The statutory minimum: 24 working days on a six-day week (BUrlG § 3(1)), in proportion for fewer days. */
export function statutoryMinimumDays(daysPerWeek: number): Dec {
  return new D(24).times(daysPerWeek).div(6);
}

/** Whole months of employment between two dates (inclusive), counted from the first day (BGB § 188(2)). */
export function fullMonths(from: string, to: string): number {
  const a = toDate(from);
  const b = toDate(addDays(to, 1));
  let months = (b.getUTCFullYear() - a.getUTCFullYear()) * 12 + (b.getUTCMonth() - a.getUTCMonth());
  if (b.getUTCDate() < a.getUTCDate()) months--;
  return Math.max(0, months);
}

/** The day the six-month waiting period (BUrlG § 4) is completed: the last day of its sixth month. */
export function waitingPeriodEnd(start: string): string {
  const d = toDate(start);
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth() + 6;
  const day = d.getUTCDate();
  // Six months on, the day before the same calendar day (the month's last day where it has fewer days).
  const lastOfTarget = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  const same = new Date(Date.UTC(y, m, Math.min(day, lastOfTarget)));
  return addDays(same.toISOString().slice(0, 10), -1);
}

/**
 * BUrlG § 5(2): a fraction of at least half a day rounds up to a whole day. A smaller fraction is
 * neither rounded up nor dropped (BAG, 26 January 1989, 8 AZR 730/87): it is kept to the hundredth.
 */
export function roundLeaveDays(days: Dec): Dec {
  const whole = days.floor();
  if (days.minus(whole).gte('0.5')) return whole.plus(1);
  return days.toDecimalPlaces(2, D.ROUND_HALF_UP);
}

export interface DeEntitlementInput {
  /** The contract's annual leave in working days; the statutory minimum when absent or lower. */
  contractDays: string | null;
  daysPerWeek: number;
  employmentStart: string;
  employmentEnd: string | null;
  year: number;
}

export interface DeEntitlement {
  days: string;
  /** `full` (§ 4), or the § 5(1) case that gives one twelfth per full month. */
  basis: 'full' | 'pro_rata_5_1_a' | 'pro_rata_5_1_b' | 'pro_rata_5_1_c' | 'none';
  months: number | null;
  /** The day the full entitlement is acquired (the day after the waiting period). */
  full_from: string | null;
}

/**
 * The year's leave entitlement: the full entitlement once the six-month waiting period is completed
 * (§ 4); one twelfth per full month of employment in the year when the waiting period cannot be completed
 * in the year (§ 5(1)(a)), when the employee leaves before completing it (§ 5(1)(b)), or leaves after
 * completing it in the first half of the year (§ 5(1)(c)); § 5(2) rounding.
 */
export function deAnnualEntitlement(input: DeEntitlementInput): DeEntitlement {
  const minimum = statutoryMinimumDays(input.daysPerWeek);
  const contract = input.contractDays ? new D(input.contractDays) : minimum;
  const full = D.max(contract, minimum);
  const yearStart = `${input.year}-01-01`;
  const yearEnd = `${input.year}-12-31`;
  const start = input.employmentStart;
  const end = input.employmentEnd;
  if (start > yearEnd || (end && end < yearStart))
    return { days: '0.00', basis: 'none', months: null, full_from: null };
  const waitEnd = waitingPeriodEnd(start);
  const fullFrom = addDays(waitEnd, 1);
  const from = start > yearStart ? start : yearStart;
  const to = end && end < yearEnd ? end : yearEnd;
  const twelfths = (basis: DeEntitlement['basis']): DeEntitlement => {
    const months = fullMonths(from, to);
    return { days: roundLeaveDays(full.times(months).div(12)).toFixed(2), basis, months, full_from: null };
  };
  const completes = waitEnd <= (end ?? yearEnd);
  if (waitEnd > yearEnd && (!end || end > yearEnd)) return twelfths('pro_rata_5_1_a');
  if (!completes) return twelfths('pro_rata_5_1_b');
  if (end && end <= `${input.year}-06-30`) return twelfths('pro_rata_5_1_c');
  return { days: full.toFixed(2), basis: 'full', months: null, full_from: fullFrom > yearStart ? fullFrom : null };
}

export interface SickDay {
  date: string;
  /** Continued pay by the employer (within six weeks of the incapacity's start). */
  continued_pay: boolean;
}

/** Six weeks of continued pay per incapacity (EFZG § 3(1)): 42 calendar days from its first day. */
export const CONTINUED_PAY_DAYS = 42;

/**
 * Each calendar day of sickness, marked with whether the employer still pays it. Sick periods that follow
 * one another without a gap are one incapacity; a new one after a gap starts six weeks afresh. (A renewed
 * incapacity from the same illness within six months (§ 3(1) sentence 2) needs the diagnosis, which the
 * payroll does not hold: the employer records it as one continuous period.)
 */
export function continuedPayDays(periods: { start: string; end: string }[]): SickDay[] {
  const days = new Set<string>();
  for (const p of periods) for (let d = p.start; d <= p.end; d = addDays(d, 1)) days.add(d);
  const sorted = [...days].sort();
  const out: SickDay[] = [];
  let caseStart: string | null = null;
  let prev: string | null = null;
  for (const d of sorted) {
    if (!prev || addDays(prev, 1) !== d) caseStart = d;
    const dayOfCase = Math.round((toDate(d).getTime() - toDate(caseStart!).getTime()) / 86_400_000) + 1;
    out.push({ date: d, continued_pay: dayOfCase <= CONTINUED_PAY_DAYS });
    prev = d;
  }
  return out;
}

export { workingDays } from '../../lib/work-week.ts';
