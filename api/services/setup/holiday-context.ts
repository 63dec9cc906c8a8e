// The tenant's public holidays as the calendar and pay schedules use them: its pack's holiday calendar,
// the company's state or Land, and which days no payment settles on.
import type { UseCaseContext } from '../platform/use-case.ts';
import type { Repos } from '../../store/index.ts';
import type { HolidayCalendar } from '../../packs/public-holidays.ts';
import type { ClosedDay } from './pay-dates.ts';
import { closesBanks, holidayCalendarFor, holidaysOf, resolveRegion } from '../../packs/holiday-calendars.ts';
import { capabilityNotSupported } from '../../lib/errors.ts';
import { companyDetails } from './company.ts';

/** The tenant's holiday calendar; 501 where its pack has none yet. */
export function requireHolidayCalendar(uc: UseCaseContext): HolidayCalendar {
  const t = uc.requireTenant();
  const cal = holidayCalendarFor(t.tenant.jurisdiction);
  if (!cal)
    throw capabilityNotSupported(
      'public_holidays',
      t.binding.pack_version,
      ['bank_holiday_rule none'],
      `Pack ${t.binding.pack_version} has no public holidays yet: use the bank-holiday rule "none".`,
    );
  return cal;
}

/** The company's state or Land from its address, when it names one the pack knows. */
export async function companyRegion(uc: UseCaseContext, cal: HolidayCalendar, r?: Repos): Promise<string | null> {
  const company = await companyDetails(uc, r);
  const address = company.address as { state?: string | null } | null;
  return resolveRegion(cal, address?.state) ?? null;
}

/** Which weekdays are closed for payments in a region (national holidays when null), year by year. */
export function closedDays(cal: HolidayCalendar, jurisdiction: string, region: string | null): ClosedDay {
  const years = new Map<number, Set<string> | null>();
  return (date) => {
    const year = Number(date.slice(0, 4));
    if (!years.has(year)) {
      const covered = year >= cal.coveredYears.from && year <= cal.coveredYears.to;
      years.set(
        year,
        covered
          ? new Set(
              holidaysOf(cal, jurisdiction, region, year)
                .filter(closesBanks)
                .map((h) => h.date),
            )
          : null,
      );
    }
    const set = years.get(year);
    return set ? set.has(date) : null;
  };
}
