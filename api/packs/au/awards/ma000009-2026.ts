// Hospitality Industry (General) Award 2020 [MA000009], rates from the first full pay period starting on or
// after 1 July 2026 (Annual Wage Review 2025-26, decision of 2 June 2026).
//
// Introductory and Level 1 were lifted to the new C14 and C13 floors ($978.10, $1,004.90), not by 4.75 %: two
// sources. Levels 2-6 and the evening and night amounts come from one open-source project; each equals the
// 2025 figure x 1.0475 by the Commission's method (../shared/reference/au-awards.md). If the published pay
// guide differs, the correction is a new pack version.
import { MA000009_STRUCTURE_SOURCES, ma000009 } from './ma000009-terms.ts';

const SINGLE_SOURCE =
  "One source (a payroll project citing the Ombudsman's pay guide); equals the 2025 rate x 1.0475 by the method.";

export const MA000009_2026 = ma000009(
  {
    rates_from: '2026-07-01',
    rates_basis:
      'Introductory and Level 1 at the new C14 and C13 floors of the Annual Wage Review 2025-26 (two sources); ' +
      'Levels 2-6 the 1 July 2025 rates increased by 4.75 %, rounded to the nearest 10 cents (one source); ' +
      'hourly rate = weekly rate / 38. Evening and night amounts: 10 % and 15 % of the Level 4 hourly rate.',
    sources: [
      {
        title: 'Annual Wage Review 2025-26 decision (4.75 %; C14 $978.10, national minimum wage $1,004.90)',
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
          'Fair Work Ombudsman pay guide, Hospitality Industry (General) Award, from 1 July 2026, as cited by an ' +
          'open-source payroll project: Levels 2-6 and the evening and night amounts',
        url: 'https://www.fairwork.gov.au/pay-and-wages/minimum-wages/pay-guides',
        published: '2026-06-24',
      },
      ...MA000009_STRUCTURE_SOURCES,
    ],
    classifications: [
      // C14 floor: 978.10 / 38 = 25.739 -> 25.74
      { code: 'introductory', name: 'Introductory (first 3 months)', weekly: '978.10', hourly: '25.74' },
      // C13 floor, the national minimum wage: 1004.90 / 38 = 26.444 -> 26.44
      { code: 'level_1', name: 'Hospitality Employee Level 1', weekly: '1004.90', hourly: '26.44' },
      // 982.40 x 1.0475 = 1029.064 -> 1029.10; / 38 = 27.082 -> 27.08
      {
        code: 'level_2',
        name: 'Hospitality Employee Level 2',
        weekly: '1029.10',
        hourly: '27.08',
        note: SINGLE_SOURCE,
      },
      // 1014.70 x 1.0475 = 1062.898 -> 1062.90; / 38 = 27.971 -> 27.97
      {
        code: 'level_3',
        name: 'Hospitality Employee Level 3',
        weekly: '1062.90',
        hourly: '27.97',
        note: SINGLE_SOURCE,
      },
      // 1068.40 x 1.0475 = 1119.149 -> 1119.10; / 38 = 29.450 -> 29.45
      {
        code: 'level_4',
        name: 'Hospitality Employee Level 4',
        weekly: '1119.10',
        hourly: '29.45',
        note: SINGLE_SOURCE,
      },
      // 1135.50 x 1.0475 = 1189.436 -> 1189.40; / 38 = 31.300 -> 31.30
      {
        code: 'level_5',
        name: 'Hospitality Employee Level 5',
        weekly: '1189.40',
        hourly: '31.30',
        note: SINGLE_SOURCE,
      },
      // 1165.70 x 1.0475 = 1221.071 -> 1221.10; / 38 = 32.134 -> 32.13
      {
        code: 'level_6',
        name: 'Hospitality Employee Level 6',
        weekly: '1221.10',
        hourly: '32.13',
        note: SINGLE_SOURCE,
      },
    ],
  },
  // 29.45 x 10 % = 2.945 -> 2.95 (half up); x 15 % = 4.4175 -> 4.42 (one source)
  { evening: '2.95', night: '4.42' },
);
