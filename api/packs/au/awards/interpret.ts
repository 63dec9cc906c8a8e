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
// - A line's hours are the minutes worked / 60, kept to 4 decimals (as timesheet hours are), so 20 minutes is
//   0.3333 hours, never 0.33; its rate is the minimum hourly rate x percentage, to the cent (as pay guides
//   publish it); its amount is hours x that rate, to the cent.
// - A casual's ordinary weekday hours show as an ordinary line and a casual loading line that together come to
//   exactly hours x the casual rate, rounded once: the loading line is that total less the ordinary line (its
//   own hours x (casual rate - hourly rate) would round separately and can be a cent above or below).
// - A flat amount per hour or part hour (hospitality evening and night work) counts each shift's ordinary
//   weekday minutes in its window, rounded up to whole hours per shift.
// - A casual shift shorter than the minimum engagement is topped up to it at the rate its last minute was
//   paid at, as a line of its own.
// - Hours at a rate the award's sources do not settle (a null percentage) are refused, never guessed.
import { addDays, daysBetween } from '../../../lib/dates.ts';
import { D, dec, money, type Dec } from '../../../lib/money.ts';
import type { AwardDayType, AwardEmployment, AwardLineKind, AwardPercentages, ModernAward } from './types.ts';

export type { AwardLineKind };

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

type Band = keyof AwardPercentages;

export interface AwardLine {
  kind: AwardLineKind;
  date: string;
  /** What the hours are, e.g. `sunday`, `overtime_first`. */
  band: Band | 'casual_loading' | 'evening_amount' | 'night_amount' | 'minimum_engagement';
  description: string;
  hours: string;
  rate: string;
  amount: string;
  /** Percent of the minimum hourly rate; null for a flat amount. */
  percent: string | null;
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

/** Work the award's sources do not settle a rate for: the caller answers 501 with this reason. */
export class AwardUnsupported extends Error {}

const minutesOf = (hhmm: string, path: string): number => {
  const m = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(hhmm);
  if (!m) throw new AwardInputError(path, 'Expected a time as HH:MM (00:00-23:59).');
  return Number(m[1]) * 60 + Number(m[2]);
};
/** The pack's own times, where `24:00` ends a window at midnight. */
const packMinutes = (hhmm: string) => (hhmm === '24:00' ? 24 * 60 : minutesOf(hhmm, 'award'));

const dayTypeOf = (date: string): AwardDayType => {
  const dow = new Date(`${date}T00:00:00Z`).getUTCDay();
  return dow === 0 ? 'sunday' : dow === 6 ? 'saturday' : 'weekday';
};

/** A time of day as a payroll officer says it: `18:00` -> `6 pm`, `00:00` and `24:00` -> `midnight`. */
const spoken = (hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number);
  if (h % 24 === 0 && m === 0) return 'midnight';
  const hour = h % 12 === 0 ? 12 : h % 12;
  return `${hour}${m ? `.${String(m).padStart(2, '0')}` : ''} ${h < 12 ? 'am' : 'pm'}`;
};

function labelOf(award: ModernAward, band: AwardLine['band']): string {
  const tier = award.overtime.first_tier_hours;
  const window = (kind: 'evening' | 'night') => {
    const f = award.flat_amounts.find((a) => a.kind === kind);
    return f ? `${spoken(f.from)} to ${spoken(f.to)}` : '';
  };
  switch (band) {
    case 'ordinary':
      return 'Ordinary hours';
    case 'casual_loading':
      return 'Casual loading';
    case 'evening':
      return `Evening (after ${spoken(award.evening_from ?? '00:00')})`;
    case 'saturday':
      return 'Saturday';
    case 'sunday':
      return 'Sunday';
    case 'public_holiday':
      return 'Public holiday';
    case 'overtime_first':
      return `Overtime (first ${tier} hours)`;
    case 'overtime_after':
      return `Overtime (after ${tier} hours)`;
    case 'overtime_sunday':
      return 'Overtime (Sunday)';
    case 'overtime_public_holiday':
      return 'Overtime (public holiday)';
    case 'evening_amount':
      return `Evening work (${window('evening')}, per hour or part hour)`;
    case 'night_amount':
      return `Night work (${window('night')}, per hour or part hour)`;
    case 'minimum_engagement':
      return `Minimum engagement (paid up to ${award.minimum_engagement.casual_hours} hours)`;
  }
}

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

const MINUTES_PER_HOUR = 60;

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
  const inSpan = (d: AwardDayType, at: number) =>
    !award.span || (at >= packMinutes(award.span[d].from) && at < packMinutes(award.span[d].to));
  const eveningFrom = award.evening_from === null ? null : packMinutes(award.evening_from);
  const windows = award.flat_amounts.map((f) => ({ ...f, fromAt: packMinutes(f.from), toAt: packMinutes(f.to) }));
  const unsettled = (what: string) =>
    new AwardUnsupported(`${what}: ${award.overtime.unsettled ?? `${award.name} states no rate for it.`}`);

  const ordered = input.shifts
    .map((s, i) => ({ s, i }))
    .sort((a, b) =>
      a.s.date + a.s.start < b.s.date + b.s.start ? -1 : a.s.date + a.s.start > b.s.date + b.s.start ? 1 : 0,
    );
  // Minutes per (date, band), in time order.
  const tally = new Map<string, { date: string; band: Band; minutes: number }>();
  // Flat amounts: whole hours per (date, window), each shift's part hour rounded up.
  const flatHours = new Map<string, { date: string; index: number; hours: number }>();
  const topUps: { date: string; band: Band; minutes: number }[] = [];
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
    const inWindow = new Map<string, { date: string; index: number; minutes: number }>();
    let lastBand: Band = 'ordinary';
    for (const m of minutes) {
      const holiday = input.public_holidays.has(m.date);
      const type = dayTypeOf(m.date);
      const week = Math.floor(daysBetween(input.week_start, m.date) / 7);
      const worked = dayWorked.get(m.date) ?? 0;
      const ordinarySoFar = weekOrdinary.get(week) ?? 0;
      const overtime = !inSpan(type, m.at) || worked >= dailyLimit || ordinarySoFar >= weeklyLimit;
      let band: Band;
      if (overtime) {
        const done = dayOvertime.get(m.date) ?? 0;
        dayOvertime.set(m.date, done + 1);
        if (type === 'saturday' && !holiday && award.overtime.first_tier_days === 'monday_to_friday')
          throw unsettled(`Overtime on Saturday ${m.date}`);
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
              : eveningFrom !== null && m.at >= eveningFrom
                ? 'evening'
                : 'ordinary';
        if (!holiday && type === 'weekday')
          windows.forEach((w, index) => {
            if (m.at < w.fromAt || m.at >= w.toAt) return;
            const key = `${m.date}|${index}`;
            const row = inWindow.get(key);
            if (row) row.minutes += 1;
            else inWindow.set(key, { date: m.date, index, minutes: 1 });
          });
      }
      if (pct[band] === null)
        throw unsettled(`${labelOf(award, band)} on ${m.date}${casual ? ' for a casual employee' : ''}`);
      lastBand = band;
      dayWorked.set(m.date, worked + 1);
      const key = `${m.date}|${band}`;
      const row = tally.get(key);
      if (row) row.minutes += 1;
      else tally.set(key, { date: m.date, band, minutes: 1 });
    }
    for (const [key, w] of inWindow) {
      const hours = Math.ceil(w.minutes / MINUTES_PER_HOUR);
      const row = flatHours.get(key);
      if (row) row.hours += hours;
      else flatHours.set(key, { date: w.date, index: w.index, hours });
    }
    const minimum = Number(award.minimum_engagement.casual_hours) * MINUTES_PER_HOUR;
    if (casual && minutes.length < minimum)
      topUps.push({ date: s.date, band: lastBand, minutes: minimum - minutes.length });
  }

  const lines: AwardLine[] = [];
  const hoursOf = (minutes: number) => new D(minutes).div(60).toDecimalPlaces(4, D.ROUND_HALF_UP);
  // At least 2 decimals so that "6.00" reads as hours; 4 where the minutes need them.
  const hoursText = (hours: Dec) => (hours.decimalPlaces() <= 2 ? hours.toFixed(2) : hours.toFixed());
  for (const { date, band, minutes } of tally.values()) {
    const hours = hoursOf(minutes);
    const percent = pct[band]!;
    const rate = rateOf(hourly, percent);
    const amount = hours.times(rate).toDecimalPlaces(2, D.ROUND_HALF_UP);
    const kind: AwardLineKind = band.startsWith('overtime') ? 'overtime' : band === 'ordinary' ? 'ordinary' : 'penalty';
    const clause =
      kind === 'overtime'
        ? award.clauses.overtime
        : band === 'ordinary'
          ? award.clauses.minimum_rates
          : award.clauses.penalty_rates;
    if (band === 'ordinary' && casual) {
      // Ordinary weekday hours of a casual: the base rate, and the loading as its own line. The award pays
      // hours x the casual rate (`amount`, rounded once); the loading line is what is left of it.
      const base = hours.times(hourly).toDecimalPlaces(2, D.ROUND_HALF_UP);
      lines.push(
        line(award, 'ordinary', date, 'ordinary', hoursText(hours), money(hourly), money(base), '100'),
        line(
          award,
          'casual_loading',
          date,
          'casual_loading',
          hoursText(hours),
          money(rate.minus(hourly)),
          money(amount.minus(base)),
          award.casual_loading,
          award.clauses.casual_loading,
        ),
      );
      continue;
    }
    lines.push(line(award, kind, date, band, hoursText(hours), money(rate), money(amount), percent, clause));
  }
  for (const { date, index, hours } of flatHours.values()) {
    const w = windows[index];
    const amount = dec(w.amount).times(hours);
    lines.push(
      line(
        award,
        'flat_amount',
        date,
        w.kind === 'evening' ? 'evening_amount' : 'night_amount',
        hours.toFixed(2),
        money(dec(w.amount)),
        money(amount),
        null,
        w.clause,
      ),
    );
  }
  for (const { date, band, minutes } of topUps) {
    const hours = hoursOf(minutes);
    const percent = pct[band]!;
    const rate = rateOf(hourly, percent);
    lines.push(
      line(
        award,
        'minimum_engagement',
        date,
        'minimum_engagement',
        hoursText(hours),
        money(rate),
        money(hours.times(rate).toDecimalPlaces(2, D.ROUND_HALF_UP)),
        percent,
        award.minimum_engagement.clause,
      ),
    );
  }
  // Stable: within a day, worked hours in time order, then flat amounts, then top-ups.
  return lines.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}

function line(
  award: ModernAward,
  kind: AwardLineKind,
  date: string,
  band: AwardLine['band'],
  hours: string,
  rate: string,
  amount: string,
  percent: string | null,
  clause = award.clauses.minimum_rates,
): AwardLine {
  const label = labelOf(award, band);
  return {
    kind,
    date,
    band,
    description: percent === null ? label : `${label} ${percent} %`,
    hours,
    rate,
    amount,
    percent,
    clause,
  };
}

/** The award's minimum hourly rate for a classification and employment type (a casual's includes the loading). */
export function minimumHourly(award: ModernAward, classification: string, employment: AwardEmployment): string | null {
  const cls = award.classifications.find((c) => c.code === classification);
  if (!cls) return null;
  return employment === 'casual' ? money(rateOf(dec(cls.hourly), award.percentages.casual.ordinary!)) : cls.hourly;
}
