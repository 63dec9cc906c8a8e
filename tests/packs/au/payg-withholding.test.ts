import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  paygWithholding,
  selectScale,
  UnsupportedInPack,
  type PayFrequency,
  type TaxScale,
} from '../../../api/packs/au/index.ts';

// Every row of the published examples in the statutory reference (before offsets and Medicare adjustment).
const PUBLISHED_EXAMPLES: [
  table: '2024' | '2026',
  scale: TaxScale,
  period: PayFrequency,
  gross: string,
  withhold: string,
][] = [
  ['2024', 2, 'weekly', '370.00', '2'],
  ['2024', 2, 'weekly', '865.00', '99'],
  ['2024', 2, 'weekly', '3653.00', '1067'],
  ['2024', 2, 'fortnightly', '2564.00', '468'],
  ['2024', 2, 'monthly', '2231.67', '113'],
  ['2024', 1, 'weekly', '625.00', '134'],
  ['2024', 1, 'monthly', '2708.33', '581'],
  ['2024', 3, 'weekly', '2596.00', '779'],
  ['2024', 6, 'weekly', '1053.00', '150'],
  ['2026', 2, 'weekly', '538.00', '27'],
  ['2026', 2, 'weekly', '1282.00', '229'],
  ['2026', 2, 'monthly', '10794.33', '2669'],
  ['2026', 1, 'weekly', '3653.00', '1224'],
  ['2026', 5, 'monthly', '4914.00', '685'],
];

// The 2024 table serves both AU-2024.1 and AU-2025.1, so each 2024 row is checked under both.
const VERSIONS_FOR_TABLE = { '2024': ['AU-2024.1', 'AU-2025.1'], '2026': ['AU-2026.1'] } as const;

for (const [table, scale, frequency, gross, withhold] of PUBLISHED_EXAMPLES) {
  for (const version of VERSIONS_FOR_TABLE[table]) {
    test(`published example: ${table} table, scale ${scale}, ${frequency} ${gross} -> ${withhold} (${version})`, () => {
      const residency = scale === 3 ? 'foreign_resident' : 'resident';
      assert.equal(paygWithholding(version, { earnings: gross, frequency, scale, residency }), `${withhold}.00`);
    });
  }
}

test('cents below the dollar do not change x (whole dollars + 99c)', () => {
  assert.equal(
    paygWithholding('AU-2024.1', { earnings: '370.99', frequency: 'weekly', scale: 2, residency: 'resident' }),
    '2.00',
  );
});

test('below the scale 2 tax-free threshold nothing is withheld', () => {
  assert.equal(
    paygWithholding('AU-2024.1', { earnings: '360.00', frequency: 'weekly', scale: 2, residency: 'resident' }),
    '0.00',
  );
  assert.equal(
    paygWithholding('AU-2026.1', { earnings: '0.00', frequency: 'monthly', scale: 1, residency: 'resident' }),
    '0.00',
  );
});

test('quarterly converts through earnings / 13 and back x 13', () => {
  // 13 x 865 weekly = 11245 a quarter; 99 a week -> 1287 a quarter.
  assert.equal(
    paygWithholding('AU-2024.1', { earnings: '11245.00', frequency: 'quarterly', scale: 2, residency: 'resident' }),
    '1287.00',
  );
});

test('scale 4: 47% resident, 45% foreign resident, cents ignored in earnings and result', () => {
  const run = (earnings: string, residency: 'resident' | 'foreign_resident') =>
    paygWithholding('AU-2026.1', { earnings, frequency: 'fortnightly', scale: 4, residency });
  assert.equal(run('1000.99', 'resident'), '470.00');
  assert.equal(run('1000.99', 'foreign_resident'), '450.00');
  assert.equal(run('1001.00', 'resident'), '470.00'); // 470.47 -> 470
  assert.equal(run('1001.00', 'foreign_resident'), '450.00'); // 450.45 -> 450
  assert.equal(run('0.99', 'resident'), '0.00');
});

test('selectScale follows the declaration order: TFN, residency, threshold, exemption', () => {
  const base = {
    tfn_provided: true,
    residency: 'resident',
    tax_free_threshold: true,
    medicare_levy_exemption: 'none',
  } as const;
  assert.equal(selectScale({ ...base, tfn_provided: false }), 4);
  assert.equal(selectScale({ ...base, tfn_provided: false, residency: 'foreign_resident' }), 4);
  assert.equal(selectScale({ ...base, residency: 'foreign_resident' }), 3);
  assert.equal(selectScale({ ...base, tax_free_threshold: false }), 1);
  assert.equal(selectScale({ ...base, tax_free_threshold: false, medicare_levy_exemption: 'full' }), 1);
  assert.equal(selectScale({ ...base, medicare_levy_exemption: 'full' }), 5);
  assert.equal(selectScale({ ...base, medicare_levy_exemption: 'half' }), 6);
  assert.equal(selectScale(base), 2);
});

test('working holiday makers are refused with a typed error, never calculated', () => {
  const declaration = {
    tfn_provided: true,
    residency: 'working_holiday_maker',
    tax_free_threshold: false,
    medicare_levy_exemption: 'none',
  } as const;
  assert.throws(() => selectScale(declaration), UnsupportedInPack);
  assert.throws(
    () =>
      paygWithholding('AU-2026.1', {
        earnings: '1000.00',
        frequency: 'weekly',
        scale: 2,
        residency: 'working_holiday_maker',
      }),
    (err: unknown) => err instanceof UnsupportedInPack && err.feature === 'working_holiday_maker',
  );
});

test('malformed earnings are rejected rather than coerced', () => {
  for (const earnings of ['-1.00', '1.005', 'abc', '']) {
    assert.throws(() =>
      paygWithholding('AU-2026.1', { earnings, frequency: 'weekly', scale: 2, residency: 'resident' }),
    );
  }
});
