// General Retail Industry Award 2020 [MA000004], rates from the first full pay period starting on or after
// 1 July 2025 (Annual Wage Review 2024-25: modern award minimum rates up 3.5 %).
//
// A rate is carried only where a source states it and it agrees with the Commission's method: the rate in
// force from 1 July 2024 x 1.035, rounded to the nearest 10 cents; hourly rate = weekly rate / 38 to the cent.
//
// Sources:
// - Annual Wage Review 2024-25 decision, 3 June 2025: 3.5 % on modern award minimum rates from 1 July 2025
//   (https://help-wageeasy.theaccessgroup.com/en/articles/11692831-what-are-the-1-july-2025-changes-for-the-general-retail-industry-award,
//   https://ablawyers.com.au/resources/articles-downloads/annual-wage-review-decision-2025).
// - The cl. 17.1 rates from 1 July 2024, Levels 1-8 ($974.80, $997.10, $1,012.60, $1,032.30, $1,074.70,
//   $1,090.30, $1,145.00, $1,191.50 a week), "accurate as of 03/07/2024":
//   https://rippling-marketing-website.vercel.app/en-AU/blog/general-retail-award-pay (published 25 June 2024).
//   They follow from the Commission's own cl. 17.1 table of 25 June 2021 (PR729257, Level 1 $848.50) through
//   the 2021-22 ($40 floor / 4.6 %), 2022-23 (5.75 %) and 2023-24 (3.75 %) reviews.
// - The rates from 1 July 2025, stated: Levels 1-3 $1,008.90 ($26.55), $1,032.00 ($27.16), $1,048.00 ($27.58):
//   https://www-preprod.rippling.com/en-AU/blog/general-retail-award-pay (the same article, updated
//   29 September 2025) and https://www.rosterelf.com/guides/award-rates/general-retail (hourly, "effective
//   from 1 July 2025").
// - Clause structure (11 Casual employees, 15 Ordinary hours, 17 Minimum rates, 21 Overtime, 22 Penalty rates)
//   and the penalty percentages of the minimum hourly rate (Mon-Fri after 6 pm 125 %, Saturday 125 %,
//   Sunday 150 %, public holiday 225 %): https://www.fwc.gov.au/documents/awardsandorders/html/pr722492.htm
//   and https://www.fwc.gov.au/documents/awardsandorders/html/pr729257.htm (Schedule B tables).
//
// Levels 4-8 are not carried. The method gives $1,068.40 ($28.12), $1,112.30 ($29.27), $1,128.50 ($29.70),
// $1,185.10 ($31.19) and $1,233.20 ($32.45), but no source found states them: the one table found that lists
// Levels 4 and 5 from 1 July 2025 shows $28.13 and $29.36, which the method does not give. A level without a
// sourced rate is refused rather than guessed. The Fair Work Ombudsman's pay guide effective 1 July 2025 and
// the Commission's 2025 determination for this award were not among the sources found.
import type { ModernAward } from './types.ts';

export const MA000004_2025: ModernAward = {
  code: 'MA000004',
  name: 'General Retail Industry Award 2020',
  rates_from: '2025-07-01',
  rates_basis:
    'The cl. 17.1 minimum weekly rates from 1 July 2024 increased by 3.5 % (Annual Wage Review 2024-25), ' +
    'rounded to the nearest 10 cents; hourly rate = weekly rate / 38. Each rate agrees with a published ' +
    'table of the rates from 1 July 2025.',
  sources: [
    {
      title: 'Annual Wage Review 2024-25 decision (3.5 % from 1 July 2025)',
      url: 'https://help-wageeasy.theaccessgroup.com/en/articles/11692831-what-are-the-1-july-2025-changes-for-the-general-retail-industry-award',
      published: '2025-06-03',
    },
    {
      title: 'Minimum rates from 1 July 2025, Levels 1-3 (weekly and hourly)',
      url: 'https://www-preprod.rippling.com/en-AU/blog/general-retail-award-pay',
      published: '2025-09-29',
    },
    {
      title: 'Minimum hourly rates effective from 1 July 2025, Levels 1-3',
      url: 'https://www.rosterelf.com/guides/award-rates/general-retail',
      published: null,
    },
    {
      title: 'Minimum rates from 1 July 2024, Levels 1-8 (the rates the 3.5 % applies to)',
      url: 'https://rippling-marketing-website.vercel.app/en-AU/blog/general-retail-award-pay',
      published: '2024-06-25',
    },
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
  ],
  classifications: [
    // 974.80 x 1.035 = 1008.918 -> 1008.90; / 38 = 26.550 -> 26.55
    { code: 'level_1', name: 'Retail Employee Level 1', weekly: '1008.90', hourly: '26.55' },
    // 997.10 x 1.035 = 1031.9985 -> 1032.00; / 38 = 27.157 -> 27.16
    { code: 'level_2', name: 'Retail Employee Level 2', weekly: '1032.00', hourly: '27.16' },
    // 1012.60 x 1.035 = 1048.041 -> 1048.00; / 38 = 27.578 -> 27.58
    { code: 'level_3', name: 'Retail Employee Level 3', weekly: '1048.00', hourly: '27.58' },
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
