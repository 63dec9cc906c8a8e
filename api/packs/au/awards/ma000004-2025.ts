// General Retail Industry Award 2020 [MA000004], rates from the first full pay period starting on or after
// 1 July 2025 (Annual Wage Review 2024-25: modern award minimum rates up 3.5 %).
//
// Sources:
// - Annual Wage Review 2024-25 decision, 3 June 2025: 3.5 % on modern award minimum rates from 1 July 2025
//   (https://help-wageeasy.theaccessgroup.com/en/articles/11692831-what-are-the-1-july-2025-changes-for-the-general-retail-industry-award,
//   https://issuu.com/boylen/docs/hotel_sa_june_2025/s/102350134).
// - The 2024-25 minimum weekly rates the increase applies to, Levels 1-3 ($1,008.90, $1,032.00, $1,048.00;
//   hourly $26.55, $27.16, $27.58): https://www-preprod.rippling.com/en-AU/blog/general-retail-award-pay and
//   https://www.rosterelf.com/guides/award-rates/general-retail (its table shows the 2024-25 hourly rates).
// - Clause structure (11 Casual employees, 15 Ordinary hours, 17 Minimum rates, 21 Overtime, 22 Penalty rates)
//   and the penalty percentages of the minimum hourly rate (Mon-Fri after 6 pm 125 %, Saturday 125 %,
//   Sunday 150 %, public holiday 225 %): https://www.fwc.gov.au/documents/awardsandorders/html/pr722492.htm
//   and https://www.fwc.gov.au/documents/awardsandorders/html/pr729257.htm (Schedule B tables).
//
// The Fair Work Ombudsman's pay guide effective 1 July 2025 was not among the sources found, so its
// publication date is not recorded. The rates below are the Commission's method applied to the 2024-25
// rates: weekly rate x 1.035 rounded to the nearest 10 cents, hourly rate = weekly / 38 to the cent.
// Levels 4-8 are not carried: no cited source for their 2024-25 weekly rates was found, and a level
// without a sourced rate is refused rather than guessed.
import type { ModernAward } from './types.ts';

export const MA000004_2025: ModernAward = {
  code: 'MA000004',
  name: 'General Retail Industry Award 2020',
  rates_from: '2025-07-01',
  rates_basis:
    'Annual Wage Review 2024-25 (3.5 % from 1 July 2025) applied to the 2024-25 minimum weekly rates, ' +
    'rounded to the nearest 10 cents; hourly rate = weekly rate / 38.',
  sources: [
    {
      title: 'Annual Wage Review 2024-25 decision (3.5 % from 1 July 2025)',
      url: 'https://help-wageeasy.theaccessgroup.com/en/articles/11692831-what-are-the-1-july-2025-changes-for-the-general-retail-industry-award',
      published: '2025-06-03',
    },
    {
      title: 'General Retail Industry Award 2020 as made (clauses 11, 15, 17, 21, 22)',
      url: 'https://www.fwc.gov.au/documents/awardsandorders/html/pr722492.htm',
      published: '2020-09-10',
    },
    {
      title: 'Annual Wage Review determination PR729257 (Schedule B penalty percentages)',
      url: 'https://www.fwc.gov.au/documents/awardsandorders/html/pr729257.htm',
      published: '2021-06-25',
    },
    {
      title: '2024-25 minimum weekly rates, Levels 1-3',
      url: 'https://www-preprod.rippling.com/en-AU/blog/general-retail-award-pay',
      published: '2024-06-25',
    },
  ],
  classifications: [
    // 1008.90 x 1.035 = 1044.21 -> 1044.20; / 38 = 27.478 -> 27.48
    { code: 'level_1', name: 'Retail Employee Level 1', weekly: '1044.20', hourly: '27.48' },
    // 1032.00 x 1.035 = 1068.12 -> 1068.10; / 38 = 28.107 -> 28.11
    { code: 'level_2', name: 'Retail Employee Level 2', weekly: '1068.10', hourly: '28.11' },
    // 1048.00 x 1.035 = 1084.68 -> 1084.70; / 38 = 28.544 -> 28.54
    { code: 'level_3', name: 'Retail Employee Level 3', weekly: '1084.70', hourly: '28.54' },
  ],
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
  // cl. 21.1: overtime beyond 9 hours a day (the optional 11-hour day is not applied, so those hours are
  // paid as overtime: never less than the award) or beyond 38 hours a week; the first 3 hours at the
  // lower rate Monday to Saturday (cl. 21.2).
  overtime: { daily_hours: '9', weekly_hours: '38', first_tier_hours: '3' },
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
};
