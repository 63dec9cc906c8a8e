// Hospitality Industry (General) Award 2020 [MA000009]: what stays the same from one year's rates to the
// next. Each year's rates (and its evening and night amounts) spread this in.
//
// Sources for the structure (../shared/reference/au-awards.md and the award):
// - Penalties (cl. 29.2): Saturday 125 %, Sunday 150 %, public holiday 225 % (casual 150 / 175 / 250 %, the
//   25 % loading included); Monday-Friday 7 pm-midnight and midnight-7 am pay the ordinary rate plus a flat
//   amount per hour or part hour, 10 % and 15 % of the Level 4 hourly rate. Several sources agree; the
//   Ombudsman's page on evening and night work confirms how the flat amounts apply.
// - Overtime (cl. 28): the first 2 hours Monday-Friday at 150 %, 200 % after, are agreed by the sources.
//   They disagree on Saturday and public-holiday overtime and state neither Sunday nor casual overtime, so
//   those hours are refused (501) rather than paid at a guess.
// - Ordinary hours (cl. 15): no span of the day; at most 11.5 ordinary hours a day and 38 a week. A casual's
//   minimum engagement is 2 consecutive hours (cl. 11).
import type { AwardFlatAmount, AwardRateSet, AwardSource, ModernAward } from './types.ts';

export const MA000009_STRUCTURE_SOURCES: AwardSource[] = [
  {
    title: 'Hospitality Industry (General) Award 2020 as made (clauses 11, 15, 18, 28, 29)',
    url: 'https://www.fwc.gov.au/documents/awardsandorders/html/pr716643.htm',
    published: '2020-05-20',
  },
  {
    title: 'Hospitality Industry (General) Award 2020, consolidated (cl. 28 Overtime, cl. 29 Penalty rates)',
    url: 'https://library.fairwork.gov.au/award/?krn=MA000009',
    published: '2023-08-01',
  },
  {
    title: 'Hospitality award summary: casual minimum engagement 2 hours, at most 11.5 ordinary hours a day',
    url: 'https://www.paidright.io/post/hospitality-award-summary',
    published: '2023-02-13',
  },
];

export const HOSPITALITY_OVERTIME_UNSETTLED =
  'The Hospitality Industry (General) Award overtime rates on Saturdays, Sundays and public holidays, and for ' +
  'casual employees, are not settled by the sources Payrail holds; only the first 2 hours Monday to Friday ' +
  'at 150 % and 200 % after are.';

export const ma000009 = (rates: AwardRateSet, amounts: { evening: string; night: string }): ModernAward => {
  const flat = (kind: AwardFlatAmount['kind'], from: string, to: string, amount: string): AwardFlatAmount => ({
    kind,
    from,
    to,
    amount,
    clause: 'MA000009 cl. 29.2',
  });
  return {
    code: 'MA000009',
    name: 'Hospitality Industry (General) Award 2020',
    ...rates,
    casual_loading: '25',
    percentages: {
      permanent: {
        ordinary: '100',
        evening: null,
        saturday: '125',
        sunday: '150',
        public_holiday: '225',
        overtime_first: '150',
        overtime_after: '200',
        overtime_sunday: null,
        overtime_public_holiday: null,
      },
      casual: {
        ordinary: '125',
        evening: null,
        saturday: '150',
        sunday: '175',
        public_holiday: '250',
        overtime_first: null,
        overtime_after: null,
        overtime_sunday: null,
        overtime_public_holiday: null,
      },
    },
    span: null,
    evening_from: null,
    flat_amounts: [flat('evening', '19:00', '24:00', amounts.evening), flat('night', '00:00', '07:00', amounts.night)],
    overtime: {
      daily_hours: '11.5',
      weekly_hours: '38',
      first_tier_hours: '2',
      first_tier_days: 'monday_to_friday',
      unsettled: HOSPITALITY_OVERTIME_UNSETTLED,
    },
    minimum_engagement: {
      casual_hours: '2',
      clause: 'MA000009 cl. 11',
      note: 'A casual is paid at least 2 hours for each engagement.',
    },
    clauses: {
      minimum_rates: 'MA000009 cl. 18.1',
      casual_loading: 'MA000009 cl. 11',
      ordinary_hours: 'MA000009 cl. 15',
      overtime: 'MA000009 cl. 28',
      penalty_rates: 'MA000009 cl. 29.2',
      public_holiday: 'MA000009 cl. 29.2',
      evening: 'MA000009 cl. 29.2',
      saturday: 'MA000009 cl. 29.2',
      sunday: 'MA000009 cl. 29.2',
    },
  };
};
