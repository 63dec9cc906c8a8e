// Sample award: the General Retail Industry Award's first three levels at the rates from 1 July 2025,
// as GET /awards/{code} answers them (rate x percentage, to the cent).
import type { AwardDetail, AwardRateKind } from '../../client/models.js';

const KINDS: AwardRateKind[] = [
  'ordinary',
  'evening',
  'saturday',
  'sunday',
  'public_holiday',
  'overtime_first',
  'overtime_after',
  'overtime_sunday',
  'overtime_public_holiday',
];
const PERMANENT = [100, 125, 125, 150, 225, 150, 200, 200, 250];
const CASUAL = [125, 150, 150, 175, 250, 175, 225, 225, 275];
const table = (cents: number, pct: number[]) =>
  Object.fromEntries(KINDS.map((k, i) => [k, (Math.round((cents * pct[i]) / 100) / 100).toFixed(2)])) as Record<
    AwardRateKind,
    string
  >;
const level = (n: number, weekly: string, cents: number) => ({
  code: `level_${n}`,
  name: `Retail Employee Level ${n}`,
  weekly_rate: weekly,
  hourly_rate: (cents / 100).toFixed(2),
  rates: { permanent: table(cents, PERMANENT), casual: table(cents, CASUAL) },
});

export const sampleAward = (code: string): AwardDetail => ({
  code: code.toUpperCase(),
  name: 'General Retail Industry Award 2020',
  rates_from: '2025-07-01',
  clauses: { minimum_rates: 'cl. 17.1', overtime: 'cl. 21', penalty_rates: 'cl. 22.1', casual_loading: 'cl. 11' },
  classifications: [level(1, '1044.20', 2748), level(2, '1068.10', 2811), level(3, '1084.70', 2854)],
});
