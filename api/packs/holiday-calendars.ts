// Which pack answers public holidays for a jurisdiction, and the questions every caller asks of one:
// which region a name means, which days are holidays everywhere, and which days no payment settles on.
import type { Jurisdiction } from './types.ts';
import type { HolidayCalendar, PublicHoliday } from './public-holidays.ts';
import { auHolidays } from './au/public-holidays.ts';
import { deHolidays } from './de/public-holidays.ts';

const CALENDARS: Partial<Record<Jurisdiction, HolidayCalendar>> = { AU: auHolidays, DE: deHolidays };

/** The jurisdiction's holiday calendar; undefined where no pack carries one yet. */
export const holidayCalendarFor = (j: string): HolidayCalendar | undefined => CALENDARS[j as Jurisdiction];

/** A region by its code or its name, in any case (`vic`, `Victoria`, `BY`, `Bayern`); undefined if unknown. */
export function resolveRegion(cal: HolidayCalendar, input: string | null | undefined): string | undefined {
  const want = input?.trim().toLowerCase();
  if (!want) return undefined;
  return cal.regions.find((r) => r.code.toLowerCase() === want || r.name.toLowerCase() === want)?.code;
}

/**
 * Holidays observed statewide in every region (for a company whose state is not known), taken from the
 * first region's list; `region` is the jurisdiction code.
 */
export function nationalHolidays(cal: HolidayCalendar, jurisdiction: string, year: number): PublicHoliday[] {
  const lists = cal.regions.map((r) => cal.holidays(r.code, year).filter((h) => h.scope === 'statewide'));
  const everywhere = (date: string) => lists.every((l) => l.some((h) => h.date === date));
  return lists[0].filter((h) => everywhere(h.date)).map((h) => ({ ...h, region: jurisdiction }));
}

/** The holidays of one region (or the national ones when `region` is null) in one year. */
export const holidaysOf = (cal: HolidayCalendar, jurisdiction: string, region: string | null, year: number) =>
  region ? cal.holidays(region, year) : nationalHolidays(cal, jurisdiction, year);

/** Does a payment settle on this holiday's day? Not on a statewide holiday or a bank holiday. */
export const closesBanks = (h: PublicHoliday): boolean => h.scope === 'statewide' || h.banks_closed === true;
