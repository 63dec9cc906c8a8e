// Sample awards at the rates from 1 July 2025, as GET /awards/{code} answers them (rate x percentage, to the
// cent): the General Retail Industry Award's eight levels ($26.55 ... $32.45 an hour) and the Hospitality
// Industry (General) Award's Introductory level and Levels 1-6 ($24.28 ... $30.68), with its weekday evening
// and night amounts ($2.81, $4.22 an hour or part hour).
import type { AwardDetail, AwardRateKind } from '../../client/models.js';

/**
 * Each rate as a percentage of the hourly rate: full-time and part-time, then casual (loading included);
 * null where the award pays no such rate. The keys are the API's rate kinds in its order.
 */
type Percent = Record<AwardRateKind, [permanent: number | null, casual: number | null]>;
const RETAIL: Percent = {
  ordinary: [100, 125],
  evening: [125, 150],
  saturday: [125, 150],
  sunday: [150, 175],
  public_holiday: [225, 250],
  overtime_first: [150, 175],
  overtime_after: [200, 225],
  overtime_sunday: [200, 225],
  overtime_public_holiday: [250, 275],
};
const HOSPITALITY: Percent = {
  ordinary: [100, 125],
  evening: [null, null],
  saturday: [125, 150],
  sunday: [150, 175],
  public_holiday: [225, 250],
  overtime_first: [150, null],
  overtime_after: [200, null],
  overtime_sunday: [null, null],
  overtime_public_holiday: [null, null],
};
const kindsOf = (p: Percent) => (Object.keys(p) as AwardRateKind[]).filter((k) => p[k].some((v) => v !== null));
const table = (p: Percent, cents: number, column: 0 | 1) =>
  Object.fromEntries(
    (Object.keys(p) as AwardRateKind[]).map((k) => {
      const pct = p[k][column];
      return [k, pct === null ? null : (Math.round((cents * pct) / 100) / 100).toFixed(2)];
    }),
  ) as Record<AwardRateKind, string | null>;
const level = (p: Percent, code: string, name: string, weekly: string, cents: number) => ({
  code,
  name,
  weekly_rate: weekly,
  hourly_rate: (cents / 100).toFixed(2),
  note: null,
  rates: { permanent: table(p, cents, 0), casual: table(p, cents, 1) },
});
const retail = (n: number, weekly: string, cents: number) =>
  level(RETAIL, `level_${n}`, `Retail Employee Level ${n}`, weekly, cents);
const hospitality = (n: number, weekly: string, cents: number) =>
  n === 0
    ? level(HOSPITALITY, 'introductory', 'Introductory (first 3 months)', weekly, cents)
    : level(HOSPITALITY, `level_${n}`, `Hospitality Employee Level ${n}`, weekly, cents);

const SAMPLE_HOSPITALITY: AwardDetail = {
  code: 'MA000009',
  name: 'Hospitality Industry (General) Award 2020',
  rates_from: '2025-07-01',
  clauses: { minimum_rates: 'cl. 18.1', overtime: 'cl. 28', penalty_rates: 'cl. 29.2', casual_loading: 'cl. 11' },
  rate_kinds: kindsOf(HOSPITALITY),
  classifications: [
    hospitality(0, '922.70', 2428),
    hospitality(1, '948.00', 2495),
    hospitality(2, '982.40', 2585),
    hospitality(3, '1014.70', 2670),
    hospitality(4, '1068.40', 2812),
    hospitality(5, '1135.50', 2988),
    hospitality(6, '1165.70', 3068),
  ],
  flat_amounts: [
    { kind: 'evening', from: '19:00', to: '24:00', amount: '2.81', clause: 'cl. 29.2' },
    { kind: 'night', from: '00:00', to: '07:00', amount: '4.22', clause: 'cl. 29.2' },
  ],
  minimum_engagement: { casual_hours: '2', clause: 'cl. 11', note: 'A casual is paid at least 2 hours.' },
  overtime: {
    daily_hours: '11.5',
    weekly_hours: '38',
    first_tier_hours: '2',
    first_tier_days: 'monday_to_friday',
    unsettled: 'Saturday, Sunday, public holiday and casual overtime are not settled.',
  },
};

const SAMPLE_RETAIL: AwardDetail = {
  code: 'MA000004',
  name: 'General Retail Industry Award 2020',
  rates_from: '2025-07-01',
  clauses: { minimum_rates: 'cl. 17.1', overtime: 'cl. 21', penalty_rates: 'cl. 22.1', casual_loading: 'cl. 11' },
  rate_kinds: kindsOf(RETAIL),
  classifications: [
    retail(1, '1008.90', 2655),
    retail(2, '1032.00', 2716),
    retail(3, '1048.00', 2758),
    retail(4, '1068.40', 2812),
    retail(5, '1112.30', 2927),
    retail(6, '1128.50', 2970),
    retail(7, '1185.10', 3119),
    retail(8, '1233.20', 3245),
  ],
  flat_amounts: [],
  minimum_engagement: { casual_hours: '3', clause: 'cl. 11', note: 'A casual is paid at least 3 hours.' },
  overtime: {
    daily_hours: '9',
    weekly_hours: '38',
    first_tier_hours: '3',
    first_tier_days: 'monday_to_saturday',
    unsettled: null,
  },
};

export const sampleAward = (code: string): AwardDetail =>
  code.toUpperCase() === 'MA000009' ? SAMPLE_HOSPITALITY : SAMPLE_RETAIL;
