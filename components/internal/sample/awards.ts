// Sample award: the General Retail Industry Award's first three levels at the rates from 1 July 2025
// ($26.55, $27.16, $27.58 an hour), as GET /awards/{code} answers them (rate x percentage, to the cent).
import type { AwardDetail, AwardRateKind } from '../../client/models.js';

/**
 * Each rate as a percentage of the hourly rate: full-time and part-time, then casual (loading included).
 * The keys are the API's rate kinds in its order; the sample serves them as `rate_kinds` like the API.
 */
const PERCENT: Record<AwardRateKind, [permanent: number, casual: number]> = {
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
const KINDS = Object.keys(PERCENT) as AwardRateKind[];
const table = (cents: number, column: 0 | 1) =>
  Object.fromEntries(
    KINDS.map((k) => [k, (Math.round((cents * PERCENT[k][column]) / 100) / 100).toFixed(2)]),
  ) as Record<AwardRateKind, string>;
const level = (n: number, weekly: string, cents: number) => ({
  code: `level_${n}`,
  name: `Retail Employee Level ${n}`,
  weekly_rate: weekly,
  hourly_rate: (cents / 100).toFixed(2),
  rates: { permanent: table(cents, 0), casual: table(cents, 1) },
});

export const sampleAward = (code: string): AwardDetail => ({
  code: code.toUpperCase(),
  name: 'General Retail Industry Award 2020',
  rates_from: '2025-07-01',
  clauses: { minimum_rates: 'cl. 17.1', overtime: 'cl. 21', penalty_rates: 'cl. 22.1', casual_loading: 'cl. 11' },
  rate_kinds: KINDS,
  classifications: [level(1, '1008.90', 2655), level(2, '1032.00', 2716), level(3, '1048.00', 2758)],
});
