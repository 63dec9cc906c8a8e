// Public holidays as packs answer them: the shape, and the date rules both countries' statutes use
// (Easter, "the nth Monday", "the Monday after"). Pure: no I/O, no clock.
import { addDays, toDate } from '../lib/dates.ts';

/**
 * - `statewide`: observed in the whole state, territory or Land.
 * - `regional`: only in the named part of it (`area`), e.g. Augsburg, Melbourne's metropolitan area.
 * - `part_day`: only for the hours in `hours`, e.g. Christmas Eve from 7 pm in SA and NT.
 * - `limited`: observed by some employers only (`area` says whom), e.g. banks, the Tasmanian State Service.
 */
export type HolidayScope = 'statewide' | 'regional' | 'part_day' | 'limited';

export interface PublicHoliday {
  date: string;
  /** The holiday's name in the country's own language. */
  name: string;
  /** The state, territory or Land code, e.g. NSW, BY. */
  region: string;
  scope: HolidayScope;
  /** Where (regional) or for whom (limited) it applies. */
  area?: string;
  /** For part-day holidays, the local hours, e.g. `19:00-24:00`. */
  hours?: string;
  /** True for a day added or moved because the holiday itself fell on a weekend. */
  substitute?: boolean;
  /** A bank holiday observed by banks only: payments cannot settle, though most employers work. */
  banks_closed?: boolean;
}

export interface HolidayCalendar {
  /** The jurisdiction's regions (states, territories, Länder): code and name. */
  regions: readonly { code: string; name: string }[];
  /** The years the pack answers for; beyond them it answers "not covered", never a guess. */
  coveredYears: { from: number; to: number };
  /** Every holiday of one region in one year, in date order. Throws RangeError outside `coveredYears`. */
  holidays(region: string, year: number): PublicHoliday[];
}

/** Easter Sunday of a Gregorian year (the anonymous Gregorian algorithm, Meeus/Jones/Butcher). */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return iso(year, month, day);
}

export const iso = (year: number, month: number, day: number): string =>
  `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;

/** 0 Sunday … 6 Saturday. */
export const weekday = (date: string): number => toDate(date).getUTCDay();

export const isWeekend = (date: string): boolean => weekday(date) === 0 || weekday(date) === 6;

/** The nth (1-based) given weekday (0 Sunday … 6 Saturday) of a month. */
export function nthWeekday(year: number, month: number, dow: number, n: number): string {
  const first = iso(year, month, 1);
  return addDays(first, ((dow - weekday(first) + 7) % 7) + 7 * (n - 1));
}

/** The first given weekday on or after a date. */
export const onOrAfter = (date: string, dow: number): string => addDays(date, (dow - weekday(date) + 7) % 7);

/** The Wednesday before 23 November (Buß- und Bettag). */
export const wednesdayBefore = (date: string): string => addDays(date, -((weekday(date) - 3 + 7) % 7 || 7));

export function byDate(list: PublicHoliday[]): PublicHoliday[] {
  return list.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.name.localeCompare(b.name)));
}

/** The holidays of a calendar that fall in [from, to], for one region. */
export function holidaysBetween(cal: HolidayCalendar, region: string, from: string, to: string): PublicHoliday[] {
  const out: PublicHoliday[] = [];
  for (let y = Number(from.slice(0, 4)); y <= Number(to.slice(0, 4)); y++)
    out.push(...cal.holidays(region, y).filter((h) => h.date >= from && h.date <= to));
  return out;
}

/** Do the pack's covered years include every year of [from, to]? */
export const covers = (cal: HolidayCalendar, from: string, to: string): boolean =>
  Number(from.slice(0, 4)) >= cal.coveredYears.from && Number(to.slice(0, 4)) <= cal.coveredYears.to;
