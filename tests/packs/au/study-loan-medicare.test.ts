import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  medicareLevyAdjustment,
  paygWithholding,
  studyLoanComponent,
  weeklyFamilyThreshold,
  getAuVersion,
  type PayFrequency,
  type TaxScale,
  UnsupportedInPack,
} from '../../../api/packs/au/index.ts';
import { PAID_ON } from './fixtures.ts';

const stsl = (version: string, earnings: string, frequency: PayFrequency, scale: TaxScale, paid = PAID_ON) =>
  studyLoanComponent(version, { earnings, frequency, scale, payment_date: paid });

// ATO Schedule 8 (NAT 3539): the marginal schedule applies to payments made on or after 24 September 2025; payments
// from 1 July to 23 September 2025 use the percentage schedule in force then, whose rows AU-2025.1 does not carry.
test('2025-26 Schedule 8 goes by the payment date: marginal from 24 September 2025, never before', () => {
  // From 24 September: .15 x 1500.99 - 193.2692 = 31.88 -> $32 (reference/au.md, 2025-26 marginal system).
  assert.equal(stsl('AU-2025.1', '1500.00', 'weekly', 2, '2025-09-24'), '32.00');
  assert.equal(stsl('AU-2025.1', '3000.00', 'fortnightly', 2, '2026-06-30'), '64.00'); // $32 a week x 2
  // On 23 September the marginal figure would be a wrong number: the pack refuses with the capability instead.
  assert.throws(
    () => stsl('AU-2025.1', '1500.00', 'weekly', 2, '2025-09-23'),
    (e: unknown) =>
      e instanceof UnsupportedInPack &&
      e.feature === 'study_loan_withholding' &&
      /before 2025-09-24/.test(e.message) &&
      e.alternatives.length > 0,
  );
  assert.throws(() => stsl('AU-2025.1', '1500.00', 'weekly', 1, '2025-07-01'), UnsupportedInPack);
  // No TFN: nothing is withheld for the loan under either schedule (the no-TFN rate covers it).
  assert.equal(stsl('AU-2025.1', '1500.00', 'weekly', 4, '2025-09-23'), '0.00');
  // Other years have one schedule for the whole year.
  assert.equal(stsl('AU-2026.1', '1500.00', 'weekly', 2, '2026-07-01'), '25.00');
});

test('2025-26 marginal study loan component, threshold claimed and not claimed', () => {
  assert.equal(stsl('AU-2025.1', '1287.00', 'weekly', 2), '0.00');
  assert.equal(stsl('AU-2025.1', '1500.00', 'weekly', 2), '32.00'); // .15 x 1500.99 - 193.2692 = 31.88
  assert.equal(stsl('AU-2025.1', '1500.00', 'weekly', 1), '84.00'); // .15 x 1500.99 - 140.7692 = 84.38
  assert.equal(stsl('AU-2025.1', '4000.00', 'weekly', 2), '400.00'); // 10% of 4000.99
});

test('2026-27 component converts like Schedule 1 (monthly x 3/13, back x 13/3 to the dollar)', () => {
  // 6000 x 3 / 13 = 1384.6 -> x = 1384.99: .15 x 1384.99 - 200.5615 = 7.19 -> 7; 7 x 13 / 3 = 30.33 -> 30.
  assert.equal(stsl('AU-2026.1', '6000.00', 'monthly', 2), '30.00');
  // 1500.99: .15 x 1500.99 - 200.5615 = 24.59 -> 25 a week.
  assert.equal(stsl('AU-2026.1', '1500.00', 'weekly', 2), '25.00');
  assert.equal(stsl('AU-2026.1', '3000.00', 'fortnightly', 2), '50.00');
  assert.equal(stsl('AU-2026.1', '19500.00', 'quarterly', 2), '325.00');
});

test('2024-25 uses the percentage-of-earnings schedule (y = a x)', () => {
  assert.equal(stsl('AU-2024.1', '1045.00', 'weekly', 2), '0.00');
  assert.equal(stsl('AU-2024.1', '1100.00', 'weekly', 2), '11.00'); // 1% of 1100.99
  assert.equal(stsl('AU-2024.1', '2500.00', 'fortnightly', 2), '50.00'); // 1250.99 at 2% = 25 a week
  assert.equal(stsl('AU-2024.1', '700.00', 'weekly', 1), '7.00'); // not claimed: 1% from $696
  assert.equal(stsl('AU-2024.1', '5000.00', 'weekly', 2), '500.00'); // top band 10%
});

test('foreign residents use the threshold-claimed column; no TFN means no component', () => {
  assert.equal(stsl('AU-2025.1', '1500.00', 'weekly', 3), stsl('AU-2025.1', '1500.00', 'weekly', 2));
  assert.equal(stsl('AU-2025.1', '5000.00', 'weekly', 4), '0.00');
});

test('weekly family threshold is worked out to the cent', () => {
  const c2024 = getAuVersion('AU-2024.1').medicareAdjustment;
  assert.equal(weeklyFamilyThreshold(c2024, 0).toFixed(2), '843.19');
  assert.equal(weeklyFamilyThreshold(c2024, 2).toFixed(2), '998.08');
  assert.equal(weeklyFamilyThreshold(getAuVersion('AU-2026.1').medicareAdjustment, 0).toFixed(2), '908.42');
});

test('Medicare levy adjustment bands on scale 2 (2024 constants)', () => {
  const adj = (earnings: string, children: number, frequency: PayFrequency = 'weekly') =>
    medicareLevyAdjustment('AU-2024.1', { earnings, frequency, scale: 2, children });
  assert.equal(adj('400.00', 0), '0.00'); // below the shade-in point
  assert.equal(adj('550.00', 0), '5.00'); // (550.99 - 500) x 10%
  assert.equal(adj('700.00', 2), '14.00'); // 2% of 700.99, under WFT 998.08
  assert.equal(adj('1000.00', 0), '4.00'); // 843.19 x 2% - (1000.99 - 843.19) x 8%
  assert.equal(adj('1100.00', 0), '0.00'); // past the shade-out point 1053
  assert.equal(adj('1400.00', 2, 'fortnightly'), '28.00');
  assert.equal(adj('3033.33', 2, 'monthly'), '61.00'); // 14 x 13 / 3 = 60.67
});

test('Medicare levy adjustment on scale 6 and in the 2026 table; none on other scales', () => {
  assert.equal(
    medicareLevyAdjustment('AU-2024.1', { earnings: '900.00', frequency: 'weekly', scale: 6, children: 1 }),
    '3.00',
  );
  assert.equal(
    medicareLevyAdjustment('AU-2026.1', { earnings: '600.00', frequency: 'weekly', scale: 2, children: 0 }),
    '6.00',
  );
  for (const scale of [1, 3, 4, 5] as const) {
    assert.equal(
      medicareLevyAdjustment('AU-2024.1', { earnings: '700.00', frequency: 'weekly', scale, children: 2 }),
      '0.00',
    );
  }
  assert.throws(() =>
    medicareLevyAdjustment('AU-2024.1', { earnings: '700.00', frequency: 'weekly', scale: 2, children: -1 }),
  );
});

test('the adjustment is subtracted from the weekly withholding before conversion, never below zero', () => {
  const payg = (earnings: string, frequency: PayFrequency, children?: number) =>
    paygWithholding('AU-2024.1', {
      earnings,
      frequency,
      scale: 2,
      residency: 'resident',
      medicare_adjustment: children === undefined ? null : { children },
    });
  assert.equal(payg('550.00', 'weekly'), '35.00');
  assert.equal(payg('550.00', 'weekly', 0), '30.00');
  assert.equal(payg('700.00', 'weekly', 2), '54.00'); // 68 - 14
  assert.equal(payg('1400.00', 'fortnightly', 2), '108.00');
  assert.equal(payg('3033.33', 'monthly', 2), '234.00'); // (68 - 14) x 13 / 3
  assert.equal(payg('370.00', 'weekly', 0), '2.00'); // nothing to adjust below the shade-in point
});
