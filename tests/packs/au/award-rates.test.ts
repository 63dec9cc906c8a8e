// Every level of both awards in both years, to the cent, against ../shared/reference/au-awards.md: the weekly,
// hourly and casual hourly rates of each table; the Commission's pay database dollar checks for General Retail
// from 1 July 2025 (Sunday full-time, casual Sunday, casual public holiday, Levels 1-8); and worked shifts
// for each level: a 7.5-hour Sunday (full-time) and public holiday (casual) in retail, and a casual
// hospitality Tuesday 6 pm-1 am with its evening and night amounts ($2.81 / $4.22 from 1 July 2025,
// $2.95 / $4.42 from 1 July 2026).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { interpretShifts, minimumHourly } from '../../../api/packs/au/awards/interpret.ts';
import { awardInForce } from '../../../api/packs/au/awards/catalogue.ts';
import type { ModernAward } from '../../../api/packs/au/awards/types.ts';

const award = (code: string, year: '2025' | '2026') => awardInForce('AU-2026.2', code, `${year}-07-01`)!;

/** Reference tables: [weekly, hourly, casual hourly] per level. */
const TABLES: Record<string, [string, string, string][]> = {
  'MA000004 2025': [
    ['1008.90', '26.55', '33.19'],
    ['1032.00', '27.16', '33.95'],
    ['1048.00', '27.58', '34.48'],
    ['1068.40', '28.12', '35.15'],
    ['1112.30', '29.27', '36.59'],
    ['1128.50', '29.70', '37.13'],
    ['1185.10', '31.19', '38.99'],
    ['1233.20', '32.45', '40.56'],
  ],
  'MA000004 2026': [
    ['1056.80', '27.81', '34.76'],
    ['1081.00', '28.45', '35.56'],
    ['1097.80', '28.89', '36.11'],
    ['1119.10', '29.45', '36.81'],
    ['1165.10', '30.66', '38.33'],
    ['1182.10', '31.11', '38.89'],
    ['1241.40', '32.67', '40.84'],
    ['1291.80', '33.99', '42.49'],
  ],
  'MA000009 2025': [
    ['922.70', '24.28', '30.35'],
    ['948.00', '24.95', '31.19'],
    ['982.40', '25.85', '32.31'],
    ['1014.70', '26.70', '33.38'],
    ['1068.40', '28.12', '35.15'],
    ['1135.50', '29.88', '37.35'],
    ['1165.70', '30.68', '38.35'],
  ],
  'MA000009 2026': [
    ['978.10', '25.74', '32.18'],
    ['1004.90', '26.44', '33.05'],
    ['1029.10', '27.08', '33.85'],
    ['1062.90', '27.97', '34.96'],
    ['1119.10', '29.45', '36.81'],
    ['1189.40', '31.30', '39.13'],
    ['1221.10', '32.13', '40.16'],
  ],
};

const codesOf = (a: ModernAward) => a.classifications.map((c) => c.code);

describe('rate tables: every level, both awards, both years', () => {
  for (const [key, rows] of Object.entries(TABLES)) {
    const [code, year] = key.split(' ') as [string, '2025' | '2026'];
    test(`${key}: weekly, hourly and casual hourly rates`, () => {
      const a = award(code, year);
      assert.equal(a.rates_from, `${year}-07-01`);
      assert.deepEqual(
        a.classifications.map((c) => [c.weekly, c.hourly, minimumHourly(a, c.code, 'casual')]),
        rows,
      );
      assert.deepEqual(
        codesOf(a),
        code === 'MA000004'
          ? ['level_1', 'level_2', 'level_3', 'level_4', 'level_5', 'level_6', 'level_7', 'level_8']
          : ['introductory', 'level_1', 'level_2', 'level_3', 'level_4', 'level_5', 'level_6'],
      );
      assert.ok(a.sources.length >= 3 && a.sources.every((s) => s.url.startsWith('https://')));
    });
  }
  test('single-source 2026 figures carry that note; two-source ones do not', () => {
    const notes = (a: ModernAward) => a.classifications.map((c) => !!c.note);
    assert.deepEqual(notes(award('MA000004', '2026')), [false, true, true, true, true, true, true, true]);
    assert.deepEqual(notes(award('MA000009', '2026')), [false, false, true, true, true, true, true]);
    assert.ok(notes(award('MA000004', '2025')).every((n) => !n));
  });
});

const at = (a: ModernAward, classification: string, employment: 'full_time' | 'casual', date: string, week: string) =>
  interpretShifts({
    award: a,
    classification,
    employment,
    shifts: [{ date, start: '09:00', end: '17:00', break_minutes: 30 }],
    public_holidays: new Set(['2025-12-25', '2026-12-25']),
    week_start: week,
  }).map((l) => `${l.rate} ${l.amount}`);

describe('General Retail: the pay database dollar checks and a 7.5-hour shift at every level', () => {
  // [Sunday full-time rate, 7.5 h; casual public holiday rate, 7.5 h], Levels 1-8.
  const CHECKS: Record<'2025' | '2026', { sunday: string[]; sunday75: string[]; ph: string[]; ph75: string[] }> = {
    '2025': {
      sunday: ['39.83', '40.74', '41.37', '42.18', '43.91', '44.55', '46.79', '48.68'],
      sunday75: ['298.73', '305.55', '310.28', '316.35', '329.33', '334.13', '350.93', '365.10'],
      ph: ['66.38', '67.90', '68.95', '70.30', '73.18', '74.25', '77.98', '81.13'],
      ph75: ['497.85', '509.25', '517.13', '527.25', '548.85', '556.88', '584.85', '608.48'],
    },
    '2026': {
      sunday: ['41.72', '42.68', '43.34', '44.18', '45.99', '46.67', '49.01', '50.99'],
      sunday75: ['312.90', '320.10', '325.05', '331.35', '344.93', '350.03', '367.58', '382.43'],
      ph: ['69.53', '71.13', '72.23', '73.63', '76.65', '77.78', '81.68', '84.98'],
      ph75: ['521.48', '533.48', '541.73', '552.23', '574.88', '583.35', '612.60', '637.35'],
    },
  };
  const DAYS = {
    '2025': { week: '2025-11-03', sunday: '2025-11-09', christmasWeek: '2025-12-22', christmas: '2025-12-25' },
    '2026': { week: '2026-11-02', sunday: '2026-11-08', christmasWeek: '2026-12-21', christmas: '2026-12-25' },
  };
  for (const year of ['2025', '2026'] as const) {
    test(`from 1 July ${year}: Sunday full-time 150 % and casual public holiday 250 %, Levels 1-8`, () => {
      const a = award('MA000004', year);
      const d = DAYS[year];
      assert.deepEqual(
        codesOf(a).map((c) => at(a, c, 'full_time', d.sunday, d.week)[0]),
        CHECKS[year].sunday.map((rate, i) => `${rate} ${CHECKS[year].sunday75[i]}`),
      );
      assert.deepEqual(
        codesOf(a).map((c) => at(a, c, 'casual', d.christmas, d.christmasWeek)[0]),
        CHECKS[year].ph.map((rate, i) => `${rate} ${CHECKS[year].ph75[i]}`),
      );
    });
  }
  test('casual Sunday 175 % from 1 July 2025, Levels 1-8 (the database figures)', () => {
    const a = award('MA000004', '2025');
    assert.deepEqual(
      codesOf(a).map((c) => at(a, c, 'casual', '2025-11-09', '2025-11-03')[0].split(' ')[0]),
      ['46.46', '47.53', '48.27', '49.21', '51.22', '51.98', '54.58', '56.79'],
    );
  });
});

describe('Hospitality: a casual Tuesday 6 pm-1 am at every level, evening and night amounts', () => {
  // Per level: [Tuesday 6 h base, loading rate, Tuesday loading, Wednesday 1 h base, its loading, total].
  const EXPECTED: Record<'2025' | '2026', string[][]> = {
    '2025': [
      ['145.68', '6.07', '36.42', '24.28', '6.07', '230.72'],
      ['149.70', '6.24', '37.44', '24.95', '6.24', '236.60'],
      ['155.10', '6.46', '38.76', '25.85', '6.46', '244.44'],
      ['160.20', '6.68', '40.08', '26.70', '6.68', '251.93'],
      ['168.72', '7.03', '42.18', '28.12', '7.03', '264.32'],
      ['179.28', '7.47', '44.82', '29.88', '7.47', '279.72'],
      ['184.08', '7.67', '46.02', '30.68', '7.67', '286.72'],
    ],
    '2026': [
      ['154.44', '6.44', '38.64', '25.74', '6.44', '244.43'],
      ['158.64', '6.61', '39.66', '26.44', '6.61', '250.52'],
      ['162.48', '6.77', '40.62', '27.08', '6.77', '256.12'],
      ['167.82', '6.99', '41.94', '27.97', '6.99', '263.89'],
      ['176.70', '7.36', '44.16', '29.45', '7.36', '276.84'],
      ['187.80', '7.83', '46.98', '31.30', '7.83', '293.08'],
      ['192.78', '8.03', '48.18', '32.13', '8.03', '300.29'],
    ],
  };
  const AMOUNTS = { '2025': ['2.81', '14.05', '4.22'], '2026': ['2.95', '14.75', '4.42'] };
  const DAYS = {
    '2025': ['2025-11-03', '2025-11-04', '2025-11-05'],
    '2026': ['2026-11-02', '2026-11-03', '2026-11-04'],
  };
  for (const year of ['2025', '2026'] as const) {
    test(`from 1 July ${year}`, () => {
      const a = award('MA000009', year);
      const [week, tue, wed] = DAYS[year];
      const [evening, eveningFive, night] = AMOUNTS[year];
      codesOf(a).forEach((code, i) => {
        const [base, loadingRate, loading, wedBase, wedLoading, total] = EXPECTED[year][i];
        const hourly = TABLES[`MA000009 ${year}`][i][1];
        const lines = interpretShifts({
          award: a,
          classification: code,
          employment: 'casual',
          shifts: [{ date: tue, start: '18:00', end: '01:00' }],
          public_holidays: new Set(),
          week_start: week,
        });
        assert.deepEqual(
          lines.map((l) => `${l.date} ${l.kind} ${l.hours} x ${l.rate} = ${l.amount} [${l.clause}]`),
          [
            `${tue} ordinary 6.00 x ${hourly} = ${base} [MA000009 cl. 18.1]`,
            `${tue} casual_loading 6.00 x ${loadingRate} = ${loading} [MA000009 cl. 11]`,
            `${tue} flat_amount 5.00 x ${evening} = ${eveningFive} [MA000009 cl. 29.2]`,
            `${wed} ordinary 1.00 x ${hourly} = ${wedBase} [MA000009 cl. 18.1]`,
            `${wed} casual_loading 1.00 x ${loadingRate} = ${wedLoading} [MA000009 cl. 11]`,
            `${wed} flat_amount 1.00 x ${night} = ${night} [MA000009 cl. 29.2]`,
          ],
          code,
        );
        const sum = lines.reduce((s, l) => s + Math.round(Number(l.amount) * 100), 0);
        assert.equal((sum / 100).toFixed(2), total, code);
      });
    });
  }
});
