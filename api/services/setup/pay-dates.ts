// The dates a pay schedule produces: its periods, each period's payment date (moved off weekends and
// holidays by the schedule's rule) and its cut-off. Pure: the caller says which days are closed.
import { addDays, daysBetween, lastDayOfMonth, toDate } from '../../lib/dates.ts';
import { isWeekend } from '../../packs/public-holidays.ts';
import type { PayScheduleTable } from '../../store/schema.ts';

export type ScheduleRule = Pick<
  PayScheduleTable,
  'frequency' | 'anchor_date' | 'payment_offset_days' | 'bank_holiday_rule' | 'cutoff_days'
>;

/**
 * Is a weekday closed for payments? `true` (a holiday), `false` (open), or `null` when the holiday
 * calendar does not cover its year: the date is then moved off weekends only and says so.
 */
export type ClosedDay = (date: string) => boolean | null;

export interface PayDate {
  period_start: string;
  period_end: string;
  /** The payment date after the bank-holiday rule. */
  payment_date: string;
  /** Period end plus the offset, before the rule moved it (equal when nothing moved it). */
  scheduled_date: string;
  cut_off: string;
  /** False when a date fell in a year the holiday calendar does not cover yet. */
  holidays_known: boolean;
}

const STEP_DAYS = { weekly: 7, fortnightly: 14 } as const;
const STEP_MONTHS = { monthly: 1, quarterly: 3 } as const;

/** The anchor's day of the month, `months` later, kept within the month (31 January + 1 month: 28/29 Feb). */
function addMonthsClamped(anchor: string, months: number): string {
  const d = toDate(anchor);
  const total = d.getUTCFullYear() * 12 + d.getUTCMonth() + months;
  const year = Math.floor(total / 12);
  const month1 = (total % 12) + 1;
  const last = lastDayOfMonth(year, month1);
  return Number(last.slice(8)) < d.getUTCDate() ? last : `${last.slice(0, 8)}${anchor.slice(8)}`;
}

/** The first day of period `n` (0 is the anchor's period; negative ones lie before it). */
export function periodStart(rule: ScheduleRule, n: number): string {
  if (rule.frequency === 'weekly' || rule.frequency === 'fortnightly')
    return addDays(rule.anchor_date, n * STEP_DAYS[rule.frequency]);
  return addMonthsClamped(rule.anchor_date, n * STEP_MONTHS[rule.frequency]);
}

/** Approximate length of a period in days, to find where to start looking. */
const approxDays = (rule: ScheduleRule) =>
  rule.frequency === 'weekly' || rule.frequency === 'fortnightly'
    ? STEP_DAYS[rule.frequency]
    : STEP_MONTHS[rule.frequency] * 30.44;

function businessDayState(date: string, closed: ClosedDay): { open: boolean; known: boolean } {
  if (isWeekend(date)) return { open: false, known: true };
  const c = closed(date);
  return { open: c !== true, known: c !== null };
}

/** Moves a date to the nearest business day in one direction (a week is the furthest any rule moves it). */
function move(date: string, step: -1 | 1, closed: ClosedDay): { date: string; known: boolean } {
  let d = date;
  let known = true;
  for (let i = 0; i < 14; i++) {
    const s = businessDayState(d, closed);
    known &&= s.known;
    if (s.open) break;
    d = addDays(d, step);
  }
  return { date: d, known };
}

/** Period `n` with its payment date and cut-off. */
export function payDateOf(rule: ScheduleRule, n: number, closed: ClosedDay): PayDate {
  const start = periodStart(rule, n);
  const end = addDays(periodStart(rule, n + 1), -1);
  const scheduled = addDays(end, rule.payment_offset_days);
  const paid =
    rule.bank_holiday_rule === 'none'
      ? { date: scheduled, known: true }
      : move(scheduled, rule.bank_holiday_rule === 'before' ? -1 : 1, closed);
  // A cut-off on a closed day comes forward: nobody can send changes on it.
  const cut = move(addDays(paid.date, -rule.cutoff_days), -1, closed);
  return {
    period_start: start,
    period_end: end,
    payment_date: paid.date,
    scheduled_date: scheduled,
    cut_off: cut.date,
    holidays_known: paid.known && cut.known,
  };
}

/** The pay dates whose payment date or cut-off falls in [from, to], in payment-date order. */
export function payDatesBetween(rule: ScheduleRule, from: string, to: string, closed: ClosedDay): PayDate[] {
  const span = approxDays(rule);
  const reach = Math.abs(rule.payment_offset_days) + rule.cutoff_days + 14;
  let n = Math.floor((daysBetween(rule.anchor_date, from) - reach) / span) - 1;
  // A payment lies at most 31 days before its period starts (the lowest offset) plus a fortnight of moves,
  // and its cut-off `cutoff_days` before that: beyond this start no date can fall in the range.
  const last = addDays(to, 31 + 14 + rule.cutoff_days + 14);
  const out: PayDate[] = [];
  for (;;) {
    const p = payDateOf(rule, n++, closed);
    if (p.period_start > last) break;
    if ((p.payment_date >= from && p.payment_date <= to) || (p.cut_off >= from && p.cut_off <= to)) out.push(p);
  }
  return out;
}

/** The next `count` payment dates on or after `today`. */
export function nextPayDates(rule: ScheduleRule, today: string, count: number, closed: ClosedDay): PayDate[] {
  const span = approxDays(rule);
  let n = Math.floor((daysBetween(rule.anchor_date, today) - Math.abs(rule.payment_offset_days) - 14) / span) - 1;
  const out: PayDate[] = [];
  while (out.length < count) {
    const p = payDateOf(rule, n++, closed);
    if (p.payment_date >= today) out.push(p);
  }
  return out;
}
