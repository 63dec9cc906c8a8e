// General Retail Industry Award 2020 [MA000004]: what stays the same from one year's rates to the next
// (percentages, span of hours, overtime, minimum engagement, clauses). Each year's rates spread this in.
//
// Sources for the structure:
// - Clause structure (11 Casual employees, 15 Ordinary hours, 17 Minimum rates, 21 Overtime, 22 Penalty rates)
//   and the penalty percentages of the minimum hourly rate (Mon-Fri after 6 pm 125 %, Saturday 125 %,
//   Sunday 150 %, public holiday 225 %): https://www.fwc.gov.au/documents/awardsandorders/html/pr722492.htm
//   and https://www.fwc.gov.au/documents/awardsandorders/html/pr729257.htm (Schedule B tables).
// - The same percentages for every level, and overtime 150 / 200 / 200 / 250 %, in the Commission's Modern
//   Awards Pay Database (MA000004_penalty.csv, rows operative from 2025-07-01), as quoted in
//   ../shared/reference/au-awards.md; casual overtime 175 / 225 / 225 / 275 % from two pages on cl. 21.
// - Casual minimum engagement of 3 hours (cl. 11): the award as made (pr722492). Its one exception, 1.5 hours
//   for a secondary school student after school with a parent's agreement, depends on facts Payrail does not
//   hold, so 3 hours always applies (never less than the award).
import type { AwardRateSet, AwardSource, ModernAward } from './types.ts';

export const MA000004_STRUCTURE_SOURCES: AwardSource[] = [
  {
    title: 'General Retail Industry Award 2020 as made (clauses 11, 15, 17, 21, 22)',
    url: 'https://www.fwc.gov.au/documents/awardsandorders/html/pr722492.htm',
    published: '2020-09-10',
  },
  {
    title: 'Annual Wage Review determination PR729257 (cl. 17.1 table; Schedule B penalty percentages)',
    url: 'https://www.fwc.gov.au/documents/awardsandorders/html/pr729257.htm',
    published: '2021-06-25',
  },
];

export const ma000004 = (rates: AwardRateSet): ModernAward => ({
  code: 'MA000004',
  name: 'General Retail Industry Award 2020',
  ...rates,
  casual_loading: '25',
  percentages: {
    // cl. 22.1 (ordinary hours) and cl. 21.2 (overtime): full-time and part-time employees.
    permanent: {
      ordinary: '100',
      evening: '125',
      saturday: '125',
      sunday: '150',
      public_holiday: '225',
      overtime_first: '150',
      overtime_after: '200',
      overtime_sunday: '200',
      overtime_public_holiday: '250',
    },
    // Casual employees: the same percentages plus the 25 % casual loading (cl. 11, cl. 21.2, cl. 22.1).
    casual: {
      ordinary: '125',
      evening: '150',
      saturday: '150',
      sunday: '175',
      public_holiday: '250',
      overtime_first: '175',
      overtime_after: '225',
      overtime_sunday: '225',
      overtime_public_holiday: '275',
    },
  },
  // cl. 15.1: ordinary hours may be worked Mon-Fri 7 am-9 pm, Saturday 7 am-6 pm, Sunday 9 am-6 pm.
  span: {
    weekday: { from: '07:00', to: '21:00' },
    saturday: { from: '07:00', to: '18:00' },
    sunday: { from: '09:00', to: '18:00' },
  },
  evening_from: '18:00',
  flat_amounts: [],
  // cl. 21.1: overtime beyond 9 hours a day (the optional 11-hour day is not applied, so those hours are
  // paid as overtime: never less than the award) or beyond 38 hours a week; the first 3 hours at the
  // lower rate Monday to Saturday (cl. 21.2).
  overtime: {
    daily_hours: '9',
    weekly_hours: '38',
    first_tier_hours: '3',
    first_tier_days: 'monday_to_saturday',
    unsettled: null,
  },
  minimum_engagement: {
    casual_hours: '3',
    clause: 'MA000004 cl. 11',
    note: 'A casual is paid at least 3 hours for each engagement.',
  },
  clauses: {
    minimum_rates: 'MA000004 cl. 17.1',
    casual_loading: 'MA000004 cl. 11',
    ordinary_hours: 'MA000004 cl. 15.1',
    overtime: 'MA000004 cl. 21',
    penalty_rates: 'MA000004 cl. 22.1',
    public_holiday: 'MA000004 cl. 22.1',
    evening: 'MA000004 cl. 22.1',
    saturday: 'MA000004 cl. 22.1',
    sunday: 'MA000004 cl. 22.1',
  },
});
