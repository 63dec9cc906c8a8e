// Sample payroll calendar: a fortnightly and a monthly schedule and the 2026 public holidays of Victoria
// or Bavaria, for pages without a token. Loaded on demand, like the other sample data.
import type { CalendarEvent, CalendarParams, Country, PayrollCalendar } from '../../client/models.js';

type H = [date: string, name: string, scope?: 'regional' | 'part_day', area?: string];

const AU: H[] = [
  ['2026-01-01', "New Year's Day"],
  ['2026-01-26', 'Australia Day'],
  ['2026-03-09', 'Labour Day'],
  ['2026-04-03', 'Good Friday'],
  ['2026-04-04', 'Easter Saturday'],
  ['2026-04-05', 'Easter Sunday'],
  ['2026-04-06', 'Easter Monday'],
  ['2026-04-25', 'Anzac Day'],
  ['2026-06-08', "King's Birthday"],
  ['2026-09-25', 'Friday before the AFL Grand Final'],
  ['2026-11-03', 'Melbourne Cup', 'regional', 'Metropolitan Melbourne'],
  ['2026-12-25', 'Christmas Day'],
  ['2026-12-26', 'Boxing Day'],
  ['2026-12-28', 'Boxing Day'],
];

const DE: H[] = [
  ['2026-01-01', 'Neujahr'],
  ['2026-01-06', 'Heilige Drei Könige'],
  ['2026-04-03', 'Karfreitag'],
  ['2026-04-06', 'Ostermontag'],
  ['2026-05-01', 'Tag der Arbeit'],
  ['2026-05-14', 'Christi Himmelfahrt'],
  ['2026-05-25', 'Pfingstmontag'],
  ['2026-06-04', 'Fronleichnam'],
  ['2026-08-08', 'Augsburger Hohes Friedensfest', 'regional', 'Stadt Augsburg'],
  ['2026-08-15', 'Mariä Himmelfahrt', 'regional', 'Gemeinden mit überwiegend katholischer Bevölkerung'],
  ['2026-10-03', 'Tag der Deutschen Einheit'],
  ['2026-11-01', 'Allerheiligen'],
  ['2026-12-25', '1. Weihnachtstag'],
  ['2026-12-26', '2. Weihnachtstag'],
];

const day = (iso: string) => new Date(`${iso}T00:00:00Z`);
const iso = (d: Date) => d.toISOString().slice(0, 10);
const plus = (s: string, n: number) => iso(new Date(day(s).getTime() + n * 86_400_000));

export function sampleCalendar(country: Country, p: CalendarParams): PayrollCalendar {
  const de = country === 'DE';
  const list = de ? DE : AU;
  const closed = new Set(list.filter((h) => !h[2]).map((h) => h[0]));
  const open = (d: string) => ![0, 6].includes(day(d).getUTCDay()) && !closed.has(d);
  const back = (d: string) => {
    while (!open(d)) d = plus(d, -1);
    return d;
  };
  const events: CalendarEvent[] = list
    .filter(([d]) => d >= p.from && d <= p.to)
    .map(([date, name, scope, area]) => ({
      type: 'holiday',
      date,
      name,
      region: de ? 'BY' : 'VIC',
      scope: scope ?? 'statewide',
      ...(area ? { area } : {}),
    }));
  const schedules: { id: string; name: string; frequency: string; paid: (from: string) => string[] }[] = [
    {
      id: 'sample-schedule-1',
      name: de ? 'Monatslohn' : 'Monthly salaries',
      frequency: 'monthly',
      paid: (from) => {
        const y = Number(from.slice(0, 4));
        const m = Number(from.slice(5, 7));
        return [-1, 0, 1].map((k) => iso(new Date(Date.UTC(y, m - 1 + k + 1, 0))));
      },
    },
    {
      id: 'sample-schedule-2',
      name: de ? 'Aushilfen (14-täglich)' : 'Fortnightly wages',
      frequency: 'fortnightly',
      paid: (from) => {
        const out: string[] = [];
        for (let d = '2026-01-07'; d <= plus(p.to, 14); d = plus(d, 14)) if (d >= plus(from, -14)) out.push(d);
        return out;
      },
    },
  ];
  for (const s of schedules)
    for (const scheduled of s.paid(p.from)) {
      const paid = back(scheduled);
      const cut = back(plus(paid, -2));
      const common = { schedule_id: s.id, schedule_name: s.name, frequency: s.frequency, payment_date: paid };
      if (paid >= p.from && paid <= p.to)
        events.push({
          type: 'pay_date',
          date: paid,
          ...common,
          ...(paid !== scheduled ? { moved_from: scheduled } : {}),
        });
      if (cut >= p.from && cut <= p.to) events.push({ type: 'cut_off', date: cut, ...common });
    }
  events.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  return {
    from: p.from,
    to: p.to,
    state: de ? 'BY' : 'VIC',
    state_name: de ? 'Bayern' : 'Victoria',
    state_source: 'company',
    regions: [],
    events,
  };
}
