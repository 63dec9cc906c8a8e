// Hospitality Industry (General) Award 2020 [MA000009], rates from the first full pay period starting on or
// after 1 July 2025 (cl. 18.1, adults).
//
// Stated by two payroll rule sets citing the Fair Work Ombudsman's MA000009 pay guide effective 1 July 2025;
// Levels 1 and 3 also by rosterelf.com; each equals the matching C-level rate of the Manufacturing award's pay
// guide of the same date (Introductory = C14, L1 = C13, L2 = C12, L3 = C11, L4 = C10, L5 = C8, L6 = C7)
// (../shared/reference/au-awards.md). The evening and night amounts are 10 % and 15 % of Level 4's $28.12.
import { MA000009_STRUCTURE_SOURCES, ma000009 } from './ma000009-terms.ts';

export const MA000009_2025 = ma000009(
  {
    rates_from: '2025-07-01',
    rates_basis:
      "Minimum weekly rates of cl. 18.1 from 1 July 2025, as the Ombudsman's pay guide states them (two " +
      'sources), equal to the C14-C7 rates of the same date; hourly rate = weekly rate / 38. Evening and night ' +
      'amounts: 10 % and 15 % of the Level 4 hourly rate.',
    sources: [
      {
        title: 'Annual Wage Review 2024-25 decision (3.5 % from 1 July 2025; national minimum wage $948.00)',
        url: 'https://ablawyers.com.au/resources/articles-downloads/annual-wage-review-decision-2025',
        published: '2025-06-03',
      },
      {
        title:
          'Fair Work Ombudsman pay guide, Hospitality Industry (General) Award, effective 1 July 2025, as cited ' +
          'by two payroll rule sets: Introductory and Levels 1-6',
        url: 'https://www.fairwork.gov.au/pay-and-wages/minimum-wages/pay-guides',
        published: '2025-07-01',
      },
      {
        title: 'rosterelf.com award rate guides: minimum hourly rates from 1 July 2025, Levels 1 and 3',
        url: 'https://www.rosterelf.com/',
        published: null,
      },
      ...MA000009_STRUCTURE_SOURCES,
    ],
    classifications: [
      { code: 'introductory', name: 'Introductory (first 3 months)', weekly: '922.70', hourly: '24.28' },
      { code: 'level_1', name: 'Hospitality Employee Level 1', weekly: '948.00', hourly: '24.95' },
      { code: 'level_2', name: 'Hospitality Employee Level 2', weekly: '982.40', hourly: '25.85' },
      { code: 'level_3', name: 'Hospitality Employee Level 3', weekly: '1014.70', hourly: '26.70' },
      { code: 'level_4', name: 'Hospitality Employee Level 4', weekly: '1068.40', hourly: '28.12' },
      { code: 'level_5', name: 'Hospitality Employee Level 5', weekly: '1135.50', hourly: '29.88' },
      { code: 'level_6', name: 'Hospitality Employee Level 6', weekly: '1165.70', hourly: '30.68' },
    ],
  },
  // 28.12 x 10 % = 2.812 -> 2.81; x 15 % = 4.218 -> 4.22
  { evening: '2.81', night: '4.22' },
);
