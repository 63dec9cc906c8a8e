// Australian public holidays for every state and territory. Days a statute fixes by rule are computed
// (Easter, "the second Monday in June", substitute and additional days); days a government proclaims each
// year (Melbourne Cup's region aside: AFL Grand Final Friday, the Brisbane Royal Show, WA King's Birthday,
// Adelaide Cup, show days) come from the published proclamations for the covered years only. Beyond them
// the calendar answers "not covered" rather than guess.
//
// Sources (lists checked for 2025 and 2026):
// - Fair Work Ombudsman, "Public holidays": https://www.fairwork.gov.au/employment-conditions/public-holidays
// - NSW Public Holidays Act 2010 and Retail Trading Act; https://www.nsw.gov.au/about-nsw/public-holidays
// - VIC Public Holidays Act 1993; https://business.vic.gov.au/business-information/public-holidays
// - QLD Holidays Act 1983; https://www.qld.gov.au/recreation/travel/holidays/public
// - SA Public Holidays Act 2023; https://www.safework.sa.gov.au/resources/public-holidays
// - WA Public and Bank Holidays Act 1972; https://www.commerce.wa.gov.au/labour-relations/public-holidays-western-australia
// - TAS Statutory Holidays Act 2000; https://www.worksafe.tas.gov.au/laws/public_holidays
// - ACT Holidays Act 1958; https://www.cmtedd.act.gov.au/communication/holidays (2026: Monday 27 April declared
//   for Anzac Day falling on a Saturday)
// - NT Public Holidays Act 1981; https://nt.gov.au/nt-public-holidays (show days gazetted as regional holidays)
import { addDays } from '../../lib/dates.ts';
import {
  byDate,
  easterSunday,
  isWeekend,
  iso,
  nthWeekday,
  onOrAfter,
  type HolidayCalendar,
  type PublicHoliday,
} from '../public-holidays.ts';

const MON = 1;
const TUE = 2;

export const AU_REGIONS = [
  { code: 'NSW', name: 'New South Wales' },
  { code: 'VIC', name: 'Victoria' },
  { code: 'QLD', name: 'Queensland' },
  { code: 'SA', name: 'South Australia' },
  { code: 'WA', name: 'Western Australia' },
  { code: 'TAS', name: 'Tasmania' },
  { code: 'ACT', name: 'Australian Capital Territory' },
  { code: 'NT', name: 'Northern Territory' },
] as const;
type Region = (typeof AU_REGIONS)[number]['code'];

const COVERED = { from: 2025, to: 2026 };

/** Days a government proclaims each year, as published for the covered years. */
const PROCLAIMED: Record<number, Record<string, string>> = {
  2025: {
    // VIC: the Friday before the AFL Grand Final (Grand Final 27 September 2025).
    afl_grand_final_friday: '2025-09-26',
    // QLD: Royal Queensland Show (Ekka), Brisbane City Council area.
    ekka: '2025-08-13',
    // WA: King's Birthday by proclamation (the last Monday in September in most years).
    wa_kings_birthday: '2025-09-29',
    // SA: Adelaide Cup Day, moved to the second Monday in March by proclamation.
    adelaide_cup: '2025-03-10',
    // TAS: show days (Statutory Holidays Act 2000, Schedule 1 areas).
    launceston_show: '2025-10-09',
    hobart_show: '2025-10-23',
    // NT: gazetted show days (regional).
    alice_springs_show: '2025-07-04',
    tennant_creek_show: '2025-07-11',
    katherine_show: '2025-07-18',
    darwin_show: '2025-07-25',
  },
  2026: {
    afl_grand_final_friday: '2026-09-25',
    ekka: '2026-08-12',
    wa_kings_birthday: '2026-09-28',
    adelaide_cup: '2026-03-09',
    launceston_show: '2026-10-08',
    hobart_show: '2026-10-22',
    alice_springs_show: '2026-07-03',
    tennant_creek_show: '2026-07-10',
    katherine_show: '2026-07-17',
    darwin_show: '2026-07-24',
  },
};

/** Regional holidays the pack does not carry yet: said in the calendar's coverage note. */
export const AU_NOT_COVERED = [
  'QLD show days outside Brisbane',
  'WA regional King’s Birthday substitutes',
  'TAS Devonport Cup, Launceston Cup, King Island Show, AGFEST, Burnie, Flinders Island and Devonport shows',
  'NT Borroloola Show Day',
];

const proclaimed = (year: number, key: string): string => {
  const d = PROCLAIMED[year]?.[key];
  if (!d) throw new RangeError(`No published date for ${key} in ${year}.`);
  return d;
};

/** The next weekday after `date` that is not already taken by another holiday. */
function nextFreeWeekday(date: string, taken: Set<string>): string {
  let d = addDays(date, 1);
  while (isWeekend(d) || taken.has(d)) d = addDays(d, 1);
  return d;
}

type Builder = { add(h: Omit<PublicHoliday, 'region' | 'scope'> & Partial<PublicHoliday>): void };

/**
 * A fixed-date holiday and what happens when it falls on a weekend:
 * - `additional`: the day stays a holiday and the next free weekday is one too (NSW, VIC, QLD, SA, WA, ACT
 *   for New Year, Christmas and Boxing Day);
 * - `move`: the holiday moves to the next free weekday (Australia Day everywhere; TAS and NT for Boxing Day);
 * - `none`: nothing is added (Anzac Day in most states).
 */
function fixed(b: Builder, taken: Set<string>, date: string, name: string, rule: 'additional' | 'move' | 'none') {
  if (!isWeekend(date) || rule === 'none' || rule === 'additional') {
    b.add({ date, name });
    taken.add(date);
  }
  if (!isWeekend(date) || rule === 'none') return;
  const sub = nextFreeWeekday(date, taken);
  taken.add(sub);
  b.add({ date: sub, name, substitute: true });
}

function build(region: Region, year: number): PublicHoliday[] {
  const out: PublicHoliday[] = [];
  const b: Builder = { add: (h) => out.push({ region, scope: 'statewide', ...h }) };
  const taken = new Set<string>();
  const easter = easterSunday(year);
  const moveState = region === 'TAS' || region === 'NT';
  const weekendRule = moveState ? 'move' : 'additional';

  fixed(b, taken, iso(year, 1, 1), "New Year's Day", weekendRule);
  fixed(b, taken, iso(year, 1, 26), 'Australia Day', 'move');

  b.add({ date: addDays(easter, -2), name: 'Good Friday' });
  if (['NSW', 'VIC', 'QLD', 'SA', 'ACT', 'NT'].includes(region))
    b.add({ date: addDays(easter, -1), name: 'Easter Saturday' });
  if (['NSW', 'VIC', 'QLD', 'SA', 'WA', 'ACT'].includes(region)) b.add({ date: easter, name: 'Easter Sunday' });
  b.add({ date: addDays(easter, 1), name: 'Easter Monday' });
  if (region === 'TAS')
    b.add({
      date: addDays(easter, 2),
      name: 'Easter Tuesday',
      scope: 'limited',
      area: 'Tasmanian State Service and some awards only',
    });

  // Anzac Day: WA adds the Monday when it falls on a weekend (Public and Bank Holidays Act 1972); the ACT
  // declared Monday 27 April 2026; the other states add nothing for a Saturday.
  const anzac = iso(year, 4, 25);
  fixed(b, taken, anzac, 'Anzac Day', region === 'WA' || region === 'ACT' ? 'additional' : 'none');

  const secondMonJune = nthWeekday(year, 6, MON, 2);
  switch (region) {
    case 'NSW':
      b.add({ date: secondMonJune, name: "King's Birthday" });
      b.add({
        date: nthWeekday(year, 8, MON, 1),
        name: 'Bank Holiday',
        scope: 'limited',
        area: 'Banks and financial institutions',
        banks_closed: true,
      });
      b.add({ date: nthWeekday(year, 10, MON, 1), name: 'Labour Day' });
      break;
    case 'VIC':
      b.add({ date: nthWeekday(year, 3, MON, 2), name: 'Labour Day' });
      b.add({ date: secondMonJune, name: "King's Birthday" });
      b.add({ date: proclaimed(year, 'afl_grand_final_friday'), name: 'Friday before the AFL Grand Final' });
      b.add({
        date: nthWeekday(year, 11, TUE, 1),
        name: 'Melbourne Cup',
        scope: 'regional',
        area: 'Metropolitan Melbourne (other councils may observe a local day instead)',
      });
      break;
    case 'QLD':
      b.add({ date: nthWeekday(year, 5, MON, 1), name: 'Labour Day' });
      b.add({
        date: proclaimed(year, 'ekka'),
        name: 'Royal Queensland Show',
        scope: 'regional',
        area: 'Brisbane City Council area',
      });
      b.add({ date: nthWeekday(year, 10, MON, 1), name: "King's Birthday" });
      b.add({ date: iso(year, 12, 24), name: 'Christmas Eve', scope: 'part_day', hours: '18:00-24:00' });
      break;
    case 'SA':
      b.add({ date: proclaimed(year, 'adelaide_cup'), name: 'Adelaide Cup Day' });
      b.add({ date: secondMonJune, name: "King's Birthday" });
      b.add({ date: nthWeekday(year, 10, MON, 1), name: 'Labour Day' });
      b.add({ date: iso(year, 12, 24), name: 'Christmas Eve', scope: 'part_day', hours: '19:00-24:00' });
      b.add({ date: iso(year, 12, 31), name: "New Year's Eve", scope: 'part_day', hours: '19:00-24:00' });
      break;
    case 'WA':
      b.add({ date: nthWeekday(year, 3, MON, 1), name: 'Labour Day' });
      b.add({ date: nthWeekday(year, 6, MON, 1), name: 'Western Australia Day' });
      b.add({ date: proclaimed(year, 'wa_kings_birthday'), name: "King's Birthday" });
      break;
    case 'TAS': {
      const south = 'Southern Tasmania (south of and including Oatlands and Swansea)';
      b.add({ date: nthWeekday(year, 2, MON, 2), name: 'Royal Hobart Regatta', scope: 'regional', area: south });
      b.add({ date: nthWeekday(year, 3, MON, 2), name: 'Eight Hours Day' });
      b.add({ date: secondMonJune, name: "King's Birthday" });
      b.add({
        date: proclaimed(year, 'launceston_show'),
        name: 'Royal Launceston Show',
        scope: 'regional',
        area: 'Launceston and the municipal areas named in the Act',
      });
      b.add({ date: proclaimed(year, 'hobart_show'), name: 'Royal Hobart Show', scope: 'regional', area: south });
      b.add({
        date: nthWeekday(year, 11, MON, 1),
        name: 'Recreation Day',
        scope: 'regional',
        area: 'Northern Tasmania (areas not observing the Royal Hobart Regatta)',
      });
      break;
    }
    case 'ACT':
      b.add({ date: nthWeekday(year, 3, MON, 2), name: 'Canberra Day' });
      b.add({ date: onOrAfter(iso(year, 5, 27), MON), name: 'Reconciliation Day' });
      b.add({ date: secondMonJune, name: "King's Birthday" });
      b.add({
        date: nthWeekday(year, 8, MON, 1),
        name: 'Bank Holiday',
        scope: 'limited',
        area: 'Banks and financial institutions',
        banks_closed: true,
      });
      b.add({ date: nthWeekday(year, 10, MON, 1), name: 'Labour Day' });
      break;
    case 'NT': {
      b.add({ date: nthWeekday(year, 5, MON, 1), name: 'May Day' });
      b.add({ date: secondMonJune, name: "King's Birthday" });
      const show = (key: string, name: string, area: string) =>
        b.add({ date: proclaimed(year, key), name, scope: 'regional', area });
      show('alice_springs_show', 'Alice Springs Show Day', 'Alice Springs region');
      show('tennant_creek_show', 'Tennant Creek Show Day', 'Tennant Creek region');
      show('katherine_show', 'Katherine Show Day', 'Katherine region');
      show('darwin_show', 'Darwin Show Day', 'Darwin region');
      b.add({ date: nthWeekday(year, 8, MON, 1), name: 'Picnic Day' });
      b.add({ date: iso(year, 12, 24), name: 'Christmas Eve', scope: 'part_day', hours: '19:00-24:00' });
      b.add({ date: iso(year, 12, 31), name: "New Year's Eve", scope: 'part_day', hours: '19:00-24:00' });
      break;
    }
  }

  fixed(b, taken, iso(year, 12, 25), 'Christmas Day', weekendRule);
  fixed(b, taken, iso(year, 12, 26), region === 'SA' ? 'Proclamation Day' : 'Boxing Day', weekendRule);
  return byDate(out);
}

export const auHolidays: HolidayCalendar = {
  regions: AU_REGIONS,
  coveredYears: COVERED,
  holidays(region, year) {
    if (year < COVERED.from || year > COVERED.to)
      throw new RangeError(`Australian public holidays are covered for ${COVERED.from}–${COVERED.to}.`);
    if (!AU_REGIONS.some((r) => r.code === region)) throw new RangeError(`Unknown state or territory ${region}.`);
    return build(region as Region, year);
  },
};
