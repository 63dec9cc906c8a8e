// Working days by an employer's work week (Monday to Friday unless its company record names others).
import { addDays, toDate } from './dates.ts';

export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];
export const DEFAULT_WORK_WEEK: readonly Weekday[] = ['mon', 'tue', 'wed', 'thu', 'fri'];

/** The dates from `from` to `to` (inclusive) that fall on a day of the work week. */
export function workingDaysIn(from: string, to: string, week: readonly Weekday[]): string[] {
  const out: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1))
    if (week.includes(WEEKDAYS[(toDate(d).getUTCDay() + 6) % 7])) out.push(d);
  return out;
}

/** Working days (Monday to Friday; Saturday too on a six-day week) between two dates, inclusive. */
export function workingDays(from: string, to: string, daysPerWeek = 5): string[] {
  const out: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) {
    const wd = toDate(d).getUTCDay(); // 0 Sunday
    if (wd === 0) continue;
    if (wd === 6 && daysPerWeek < 6) continue;
    out.push(d);
  }
  return out;
}
