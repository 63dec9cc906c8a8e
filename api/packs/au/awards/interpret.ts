// Award interpretation: shifts (date, start, end, unpaid break) become pay lines at the award's rates.
// Pure: the caller supplies the employee's public holidays. Choices made here:
// - Work is classified minute by minute, in time order across the week, so a shift that crosses 6 pm,
//   the end of the span or the 9th hour is split exactly where the rate changes.
// - An unpaid break is taken out of the middle of the shift (where award breaks fall), before classifying.
// - A shift whose end is not after its start ends the next day; the minutes after midnight belong to that day.
// - Weeks run from `week_start` (the pay period's first day) in 7-day blocks; overtime beyond the weekly
//   hours counts ordinary minutes of the week in time order.
// - The first-tier overtime hours are counted per day (Monday to Saturday); Sunday and public-holiday
//   overtime have one rate each.
// - A line's rate is the minimum hourly rate x percentage, to the cent (as pay guides publish it); its amount
//   is hours x that rate, to the cent. A casual's ordinary weekday hours show as an ordinary line and a casual
//   loading line that together come to hours x the casual rate.
import { addDays, daysBetween } from '../../../lib/dates.ts';
import { D, dec, money, type Dec } from '../../../lib/money.ts';
import type { AwardEmployment, AwardPercentages, ModernAward } from './types.ts';

export interface Shift {
  date: string;
  start: string;
  end: string;
  break_minutes?: number;
}

export interface InterpretInput {
  award: ModernAward;
  classification: string;
  employment: AwardEmployment;
  shifts: Shift[];
  /** Public holidays (ISO dates) in the state the employee works in. */
  public_holidays: ReadonlySet<string>;
  week_start: string;
}

export type AwardLineKind = 'ordinary' | 'casual_loading' | 'penalty' | 'overtime';

export interface AwardLine {
  kind: AwardLineKind;
  date: string;
  /** What the hours are, e.g. `sunday`, `overtime_first`. */
  band: keyof AwardPercentages | 'casual_loading';
  description: string;
  hours: string;
  rate: string;
  amount: string;
  percent: string;
  clause: string;
}

export class AwardInputError extends Error {
  constructor(
    readonly path: string,
    message: string,
  ) {
    super(message);
  }
}

const minutesOf = (hhmm: string, path: string): number => {
  const m = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(hhmm);
  if (!m) throw new AwardInputError(path, 'Expected a time as HH:MM (00:00-23:59).');
  return Number(m[1]) * 60 + Number(m[2]);
};

type DayType = 'weekday' | 'saturday' | 'sunday';
const dayTypeOf = (date: string): DayType => {
  const dow = new Date(`${date}T00:00:00Z`).getUTCDay();
  return dow === 0 ? 'sunday' : dow === 6 ? 'saturday' : 'weekday';
};

const LABELS: Record<AwardLine['band'], string> = {
  ordinary: 'Ordinary hours',
  casual_loading: 'Casual loading',
  evening: 'Evening (after 6 pm)',
  saturday: 'Saturday',
  sunday: 'Sunday',
  public_holiday: 'Public holiday',
  overtime_first: 'Overtime (first 3 hours)',
  overtime_after: 'Overtime (after 3 hours)',
  overtime_sunday: 'Overtime (Sunday)',
  overtime_public_holiday: 'Overtime (public holiday)',
};

/** One worked minute: the day it falls on and its minute of that day. */
interface Minute {
  date: string;
  at: number;
}

function workedMinutes(shift: Shift, path: string): Minute[] {
  const start = minutesOf(shift.start, `${path}.start`);
  let end = minutesOf(shift.end, `${path}.end`);
  if (end <= start) end += 24 * 60;
  const brk = shift.break_minutes ?? 0;
  if (!Number.isInteger(brk) || brk < 0 || brk >= end - start)
    throw new AwardInputError(`${path}.break_minutes`, 'The break must be whole minutes, shorter than the shift.');
  // The break sits in the middle of the shift.
  const breakFrom = start + Math.floor((end - start - brk) / 2);
  const out: Minute[] = [];
  for (let t = start; t < end; t++) {
    if (t >= breakFrom && t < breakFrom + brk) continue;
    out.push(t < 24 * 60 ? { date: shift.date, at: t } : { date: addDays(shift.date, 1), at: t - 24 * 60 });
  }
  return out;
}

const rateOf = (hourly: Dec, percent: string): Dec =>
  hourly.times(percent).div(100).toDecimalPlaces(2, D.ROUND_HALF_UP);

export function interpretShifts(input: InterpretInput): AwardLine[] {
  const { award } = input;
  const cls = award.classifications.find((c) => c.code === input.classification);
  if (!cls) throw new AwardInputError('classification', `${award.code} has no classification ${input.classification}.`);
  const casual = input.employment === 'casual';
  const pct = award.percentages[casual ? 'casual' : 'permanent'];
  const hourly = dec(cls.hourly);
  const dailyLimit = Number(award.overtime.daily_hours) * 60;
  const weeklyLimit = Number(award.overtime.weekly_hours) * 60;
  const firstTier = Number(award.overtime.first_tier_hours) * 60;
  const span = (d: DayType) => ({
    from: minutesOf(award.span[d].from, 'span'),
    to: minutesOf(award.span[d].to, 'span'),
  });
  const eveningFrom = minutesOf(award.evening_from, 'evening_from');

  const ordered = input.shifts
    .map((s, i) => ({ s, i }))
    .sort((a, b) =>
      a.s.date + a.s.start < b.s.date + b.s.start ? -1 : a.s.date + a.s.start > b.s.date + b.s.start ? 1 : 0,
    );
  // Minutes per (date, band), in time order.
  const tally = new Map<string, { date: string; band: keyof AwardPercentages; minutes: number }>();
  const dayWorked = new Map<string, number>();
  const dayOvertime = new Map<string, number>();
  const weekOrdinary = new Map<number, number>();
  let lastEnd = '';
  for (const { s, i } of ordered) {
    const path = `shifts[${i}]`;
    const minutes = workedMinutes(s, path);
    const first = `${s.date}T${s.start}`;
    if (lastEnd && first < lastEnd) throw new AwardInputError(`${path}.start`, 'Shifts overlap.');
    const last = minutes[minutes.length - 1];
    lastEnd = last
      ? `${last.date}T${String(Math.floor((last.at + 1) / 60)).padStart(2, '0')}:${String((last.at + 1) % 60).padStart(2, '0')}`
      : first;
    for (const m of minutes) {
      const holiday = input.public_holidays.has(m.date);
      const type = dayTypeOf(m.date);
      const sp = span(type);
      const week = Math.floor(daysBetween(input.week_start, m.date) / 7);
      const worked = dayWorked.get(m.date) ?? 0;
      const ordinarySoFar = weekOrdinary.get(week) ?? 0;
      const inSpan = m.at >= sp.from && m.at < sp.to;
      const overtime = !inSpan || worked >= dailyLimit || ordinarySoFar >= weeklyLimit;
      let band: keyof AwardPercentages;
      if (overtime) {
        const done = dayOvertime.get(m.date) ?? 0;
        dayOvertime.set(m.date, done + 1);
        band = holiday
          ? 'overtime_public_holiday'
          : type === 'sunday'
            ? 'overtime_sunday'
            : done < firstTier
              ? 'overtime_first'
              : 'overtime_after';
      } else {
        weekOrdinary.set(week, ordinarySoFar + 1);
        band = holiday
          ? 'public_holiday'
          : type === 'sunday'
            ? 'sunday'
            : type === 'saturday'
              ? 'saturday'
              : m.at >= eveningFrom
                ? 'evening'
                : 'ordinary';
      }
      dayWorked.set(m.date, worked + 1);
      const key = `${m.date}|${band}`;
      const row = tally.get(key);
      if (row) row.minutes += 1;
      else tally.set(key, { date: m.date, band, minutes: 1 });
    }
  }

  const lines: AwardLine[] = [];
  for (const { date, band, minutes } of tally.values()) {
    const hours = new D(minutes).div(60);
    const percent = pct[band];
    const rate = rateOf(hourly, percent);
    const amount = hours.times(rate).toDecimalPlaces(2, D.ROUND_HALF_UP);
    const hoursText = hours.toDecimalPlaces(4, D.ROUND_HALF_UP).toFixed(2);
    const kind: AwardLineKind = band.startsWith('overtime') ? 'overtime' : band === 'ordinary' ? 'ordinary' : 'penalty';
    const clause =
      kind === 'overtime'
        ? award.clauses.overtime
        : band === 'ordinary'
          ? award.clauses.minimum_rates
          : award.clauses.penalty_rates;
    if (band === 'ordinary' && casual) {
      // Ordinary weekday hours of a casual: the base rate, and the loading as its own line.
      const base = hours.times(hourly).toDecimalPlaces(2, D.ROUND_HALF_UP);
      lines.push(
        line('ordinary', date, 'ordinary', hoursText, money(hourly), money(base), '100', award.clauses.minimum_rates),
      );
      lines.push(
        line(
          'casual_loading',
          date,
          'casual_loading',
          hoursText,
          money(rate.minus(hourly)),
          money(amount.minus(base)),
          award.casual_loading,
          award.clauses.casual_loading,
        ),
      );
      continue;
    }
    lines.push(line(kind, date, band, hoursText, money(rate), money(amount), percent, clause));
  }
  return lines.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}

function line(
  kind: AwardLineKind,
  date: string,
  band: AwardLine['band'],
  hours: string,
  rate: string,
  amount: string,
  percent: string,
  clause: string,
): AwardLine {
  return { kind, date, band, description: `${LABELS[band]} ${percent} %`, hours, rate, amount, percent, clause };
}

/** The award's minimum hourly rate for a classification and employment type (a casual's includes the loading). */
export function minimumHourly(award: ModernAward, classification: string, employment: AwardEmployment): string | null {
  const cls = award.classifications.find((c) => c.code === classification);
  if (!cls) return null;
  return employment === 'casual' ? money(rateOf(dec(cls.hourly), award.percentages.casual.ordinary)) : cls.hourly;
}
