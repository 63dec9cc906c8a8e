// A salary for part of a pay period: an employee who starts after the period starts, or whose employment ends
// before it ends, is paid for the working days employed only.
//
// No statute fixes the method (the Fair Work Act requires wages for the time employed; the ATO withholds on
// what is paid). Payrail uses the working-day method common in Australian payroll (e.g. RosterElf, "Partial
// pay": daily rate × days worked in the period): the period's salary × working days employed ÷ working days in
// the period, working days Monday to Friday. Public holidays on a weekday count as working days, since a
// salaried employee is paid for them. A full fortnight has 10 working days, so 5 of them pay half its salary,
// the same as the daily rate (annual ÷ 52 ÷ 5) × 5; the contracted hours are pro-rated alike, so leave accrues
// on the hours of the days employed. Rounded half-up to the cent. Every pack version pays it so: a full period's
// salary for days not employed was a wrong number, not a rule of its year.
import { D, type Dec } from '../../lib/money.ts';
import { weekdaysBetween } from '../../lib/dates.ts';
import type { AuPartPeriod, AuPayLine } from './types.ts';

export interface PartPeriodShare {
  /** Working days employed, and in the whole period. */
  days: number;
  of: number;
  fraction: Dec;
  line: NonNullable<AuPayLine['part_period']>;
  description: string;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const dayMonth = (iso: string) => `${Number(iso.slice(8, 10))} ${MONTHS[Number(iso.slice(5, 7)) - 1]}`;

/** The share of the period's salary a starter or leaver is paid, or null when every working day was employed. */
export function partPeriodShare(p: AuPartPeriod): PartPeriodShare | null {
  const of = weekdaysBetween(p.period_start, p.period_end);
  const days = weekdaysBetween(p.from, p.to);
  if (of === 0 || days >= of) return null;
  const starts = p.from > p.period_start;
  const ends = p.to < p.period_end;
  const when =
    starts && ends
      ? `${dayMonth(p.from)} to ${dayMonth(p.to)}`
      : starts
        ? `from ${dayMonth(p.from)}`
        : `to ${dayMonth(p.to)}`;
  return {
    days,
    of,
    fraction: new D(days).div(of),
    line: { basis: 'working_days', days, of, from: p.from, to: p.to },
    description: `Salary for ${days} of ${of} working days (${when})`,
  };
}
