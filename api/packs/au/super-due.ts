// When a super guarantee contribution is due at the fund, by the pinned pack version's rule. From 1 July 2026
// (AU-2026.1, Payday Super: Superannuation Guarantee (Administration) Act 1992 as amended by the Treasury Laws
// Amendment (Payday Superannuation) Act 2025) super is paid each payday and must reach the fund within 7 business
// days of it; 20 business days for a new employee's first qualifying earnings with the employer, or the first
// contribution to a fund the employee newly chose. Before that it was due 28 days after the end of the quarter.
// A business day is not a Saturday, a Sunday or a public holiday: the national ones always (New Year's Day,
// Australia Day, Good Friday, Easter Monday, Anzac Day, Christmas Day, Boxing Day, and their substitutes where
// every state observes the same one), and the employer's state's own where the calendar covers the year.
import { easterSunday, isWeekend } from '../public-holidays.ts';
import { addDays } from '../../lib/dates.ts';
import { AU_REGIONS, auHolidays } from './public-holidays.ts';
import { getAuVersion } from './registry.ts';

export const PAYDAY_SUPER_FROM = '2026-07-01';

const statewide = (region: string, year: number) =>
  new Set(
    auHolidays
      .holidays(region, year)
      .filter((h) => h.scope === 'statewide')
      .map((h) => h.date),
  );

/** The national days by rule, for a year the calendar does not cover (substitutes differ by state, so none). */
function nationalByRule(year: number): Set<string> {
  const easter = easterSunday(year);
  const y = String(year);
  return new Set([
    `${y}-01-01`,
    `${y}-01-26`,
    addDays(easter, -2),
    addDays(easter, 1),
    `${y}-04-25`,
    `${y}-12-25`,
    `${y}-12-26`,
  ]);
}

const cache = new Map<string, Set<string>>();

/** Public holidays that are not business days for an employer in `state` (null: the national ones only). */
export function nonBusinessDays(year: number, state: string | null): Set<string> {
  const key = `${year}|${state ?? ''}`;
  let days = cache.get(key);
  if (days) return days;
  const covered = year >= auHolidays.coveredYears.from && year <= auHolidays.coveredYears.to;
  if (!covered) days = nationalByRule(year);
  else if (state && AU_REGIONS.some((r) => r.code === state)) days = statewide(state, year);
  else {
    // National: the days every state and territory keeps statewide.
    const [first, ...rest] = AU_REGIONS.map((r) => statewide(r.code, year));
    days = new Set([...first].filter((d) => rest.every((s) => s.has(d))));
  }
  cache.set(key, days);
  return days;
}

export function addBusinessDays(iso: string, days: number, state: string | null = null): string {
  let at = iso;
  for (let left = days; left > 0;) {
    at = addDays(at, 1);
    if (!isWeekend(at) && !nonBusinessDays(Number(at.slice(0, 4)), state).has(at)) left--;
  }
  return at;
}

/** The day itself when it is a business day, else the next one. */
export function onBusinessDay(iso: string, state: string | null = null): string {
  const open = (d: string) => !isWeekend(d) && !nonBusinessDays(Number(d.slice(0, 4)), state).has(d);
  return open(iso) ? iso : addBusinessDays(iso, 1, state);
}

/** 28 October, January, April or July: 28 days after the quarter the payment falls in. */
export function quarterlyDueDate(paymentDate: string): string {
  const [y, m] = [Number(paymentDate.slice(0, 4)), Number(paymentDate.slice(5, 7))];
  const dueMonth = Math.floor((m - 1) / 3) * 3 + 4; // Jan-Mar → 4 (April), …, Oct-Dec → 13 (January)
  return dueMonth > 12 ? `${y + 1}-01-28` : `${y}-${String(dueMonth).padStart(2, '0')}-28`;
}

export interface SuperDue {
  due_date: string;
  rule: 'payday_7_business_days' | 'payday_new_employee_20_business_days' | 'quarterly_28_days';
}

/**
 * `newContribution`: the employee's first qualifying earnings with this employer, or the first contribution to a
 * fund they newly chose. `state`: the employer's state or territory, whose public holidays are not business days.
 */
export function superDueDate(
  version: string,
  paymentDate: string,
  newContribution: boolean,
  state: string | null = null,
): SuperDue {
  if (getAuVersion(version).effective.from >= PAYDAY_SUPER_FROM)
    return newContribution
      ? { due_date: addBusinessDays(paymentDate, 20, state), rule: 'payday_new_employee_20_business_days' }
      : { due_date: addBusinessDays(paymentDate, 7, state), rule: 'payday_7_business_days' };
  // A quarterly due date on a weekend or public holiday moves to the next business day (ATO, "Super
  // guarantee payment due dates", ato.gov.au/businesses-and-organisations/super-for-employers/paying-super-contributions).
  return { due_date: onBusinessDay(quarterlyDueDate(paymentDate), state), rule: 'quarterly_28_days' };
}
