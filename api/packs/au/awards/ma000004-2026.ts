// General Retail Industry Award 2020 [MA000004], rates from the first full pay period starting on or after
// 1 July 2026 (Annual Wage Review 2025-26, decision of 2 June 2026: modern award minimum rates up 4.75 %).
//
// Every rate is the 1 July 2025 rate x 1.0475, rounded to the nearest 10 cents, hourly = weekly / 38 to the
// cent. Level 1 is stated by two independent sources; Levels 2-8 by one open-source payroll project citing the
// Fair Work Ombudsman's pay guides published 24 June 2026 (../shared/reference/au-awards.md). If the published
// pay guide differs, the correction is a new pack version.
import { MA000004_STRUCTURE_SOURCES, ma000004 } from './ma000004-terms.ts';

const SINGLE_SOURCE =
  "One source (a payroll project citing the Ombudsman's pay guide of 24 June 2026); agrees with the method.";

export const MA000004_2026 = ma000004({
  rates_from: '2026-07-01',
  rates_basis:
    'The cl. 17.1 minimum weekly rates from 1 July 2025 increased by 4.75 % (Annual Wage Review 2025-26), ' +
    'rounded to the nearest 10 cents; hourly rate = weekly rate / 38. Level 1 is stated by two sources, ' +
    'Levels 2-8 by one.',
  sources: [
    {
      title: 'Annual Wage Review 2025-26 decision (4.75 % from 1 July 2026)',
      url: 'https://www.squirepattonboggs.com/insights/publications/2026-annual-wage-review-decision-fwc-increases-the-national-minimum-wage-and-award-rates/',
      published: '2026-06-02',
    },
    {
      title: 'Annual Wage Review decision 2026',
      url: 'https://www.workplacelaw.com.au/posts/annual-wage-review-decision-2026',
      published: '2026-06-02',
    },
    {
      title:
        'Fair Work Ombudsman pay guide, General Retail Industry Award (published 24 June 2026), as cited by an ' +
        'open-source payroll project: Levels 1-8',
      url: 'https://www.fairwork.gov.au/pay-and-wages/minimum-wages/pay-guides',
      published: '2026-06-24',
    },
    ...MA000004_STRUCTURE_SOURCES,
  ],
  classifications: [
    // 1008.90 x 1.0475 = 1056.82 -> 1056.80; / 38 = 27.810 -> 27.81 (two sources)
    { code: 'level_1', name: 'Retail Employee Level 1', weekly: '1056.80', hourly: '27.81' },
    // 1032.00 x 1.0475 = 1081.02 -> 1081.00; / 38 = 28.447 -> 28.45
    { code: 'level_2', name: 'Retail Employee Level 2', weekly: '1081.00', hourly: '28.45', note: SINGLE_SOURCE },
    // 1048.00 x 1.0475 = 1097.78 -> 1097.80; / 38 = 28.889 -> 28.89
    { code: 'level_3', name: 'Retail Employee Level 3', weekly: '1097.80', hourly: '28.89', note: SINGLE_SOURCE },
    // 1068.40 x 1.0475 = 1119.149 -> 1119.10; / 38 = 29.450 -> 29.45
    { code: 'level_4', name: 'Retail Employee Level 4', weekly: '1119.10', hourly: '29.45', note: SINGLE_SOURCE },
    // 1112.30 x 1.0475 = 1165.134 -> 1165.10; / 38 = 30.661 -> 30.66
    { code: 'level_5', name: 'Retail Employee Level 5', weekly: '1165.10', hourly: '30.66', note: SINGLE_SOURCE },
    // 1128.50 x 1.0475 = 1182.104 -> 1182.10; / 38 = 31.108 -> 31.11
    { code: 'level_6', name: 'Retail Employee Level 6', weekly: '1182.10', hourly: '31.11', note: SINGLE_SOURCE },
    // 1185.10 x 1.0475 = 1241.392 -> 1241.40; / 38 = 32.668 -> 32.67
    { code: 'level_7', name: 'Retail Employee Level 7', weekly: '1241.40', hourly: '32.67', note: SINGLE_SOURCE },
    // 1233.20 x 1.0475 = 1291.777 -> 1291.80; / 38 = 33.994 -> 33.99
    { code: 'level_8', name: 'Retail Employee Level 8', weekly: '1291.80', hourly: '33.99', note: SINGLE_SOURCE },
  ],
});
