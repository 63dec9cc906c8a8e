// The payroll calendar: for a date range, the public holidays of a state or Land and every active pay
// schedule's pay dates and cut-offs. A range the holiday calendar does not cover is 501, never a guess.
import type { UseCaseContext } from '../platform/use-case.ts';
import { holidaysOf, resolveRegion } from '../../packs/holiday-calendars.ts';
import { payDatesBetween } from './pay-dates.ts';
import { closedDays, companyRegion, requireHolidayCalendar } from './holiday-context.ts';
import { badRequest, capabilityNotSupported } from '../../lib/errors.ts';
import { daysBetween, lastDayOfMonth, todayIn } from '../../lib/dates.ts';

/** The longest range one request may ask for. */
export const MAX_CALENDAR_DAYS = 366;

const invalid = (path: string, message: string) => badRequest(message, [{ path, message }]);

export async function payrollCalendar(uc: UseCaseContext, query: { from?: string; to?: string; state?: string }) {
  const t = uc.requireTenant();
  const cal = requireHolidayCalendar(uc);
  const today = todayIn(uc.now);
  const from = query.from ?? `${today.slice(0, 8)}01`;
  const to = query.to ?? lastDayOfMonth(Number(from.slice(0, 4)), Number(from.slice(5, 7)));
  if (to < from) throw invalid('query.to', '`to` must be on or after `from`.');
  if (daysBetween(from, to) + 1 > MAX_CALENDAR_DAYS)
    throw invalid('query.to', `A calendar covers at most ${MAX_CALENDAR_DAYS} days: ask for a shorter range.`);

  let state: string | null = null;
  let source: 'query' | 'company' | 'national' = 'national';
  if (query.state !== undefined) {
    const code = resolveRegion(cal, query.state);
    if (!code) throw invalid('query.state', `Unknown state: use one of ${cal.regions.map((r) => r.code).join(', ')}.`);
    [state, source] = [code, 'query'];
  } else {
    const company = await companyRegion(uc, cal);
    if (company) [state, source] = [company, 'company'];
  }

  const covered = cal.coveredYears;
  if (Number(from.slice(0, 4)) < covered.from || Number(to.slice(0, 4)) > covered.to)
    throw capabilityNotSupported(
      'public_holidays',
      t.binding.pack_version,
      [`from and to within ${covered.from}-01-01 and ${covered.to}-12-31`],
      `Public holidays are published for ${covered.from}–${covered.to}; later years come with a pack release.`,
    );

  const holidays = [];
  for (let y = Number(from.slice(0, 4)); y <= Number(to.slice(0, 4)); y++)
    holidays.push(...holidaysOf(cal, t.tenant.jurisdiction, state, y).filter((h) => h.date >= from && h.date <= to));

  const schedules = await uc.store.repos.listPaySchedules(t.tenant.id, false);
  const company = await companyRegion(uc, cal);
  const events: Record<string, unknown>[] = holidays.map((h) => ({ type: 'holiday', ...h }));
  for (const s of schedules) {
    const closed = closedDays(cal, t.tenant.jurisdiction, s.state ?? company);
    for (const p of payDatesBetween(s, from, to, closed)) {
      const common = {
        schedule_id: s.id,
        schedule_name: s.name,
        frequency: s.frequency,
        period_start: p.period_start,
        period_end: p.period_end,
        payment_date: p.payment_date,
        holidays_known: p.holidays_known,
      };
      if (p.payment_date >= from && p.payment_date <= to)
        events.push({
          type: 'pay_date',
          date: p.payment_date,
          ...common,
          ...(p.scheduled_date !== p.payment_date ? { moved_from: p.scheduled_date } : {}),
        });
      if (p.cut_off >= from && p.cut_off <= to) events.push({ type: 'cut_off', date: p.cut_off, ...common });
    }
  }
  const order = { holiday: 0, cut_off: 1, pay_date: 2 } as Record<string, number>;
  events.sort((a, b) =>
    a.date !== b.date ? (String(a.date) < String(b.date) ? -1 : 1) : order[String(a.type)] - order[String(b.type)],
  );
  return {
    from,
    to,
    state,
    state_name: cal.regions.find((r) => r.code === state)?.name ?? null,
    state_source: source,
    regions: cal.regions.map((r) => ({ code: r.code, name: r.name })),
    holidays_covered: covered,
    events,
  };
}
