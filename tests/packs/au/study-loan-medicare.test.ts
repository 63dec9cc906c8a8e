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
} from '../../../api/packs/au/index.ts';
import { PAID_ON } from './fixtures.ts';

const stsl = (version: string, earnings: string, frequency: PayFrequency, scale: TaxScale, paid = PAID_ON) =>
  studyLoanComponent(version, { earnings, frequency, scale, payment_date: paid });

// ATO Schedule 8 (NAT 3539): the marginal schedule applies to payments made on or after 24 September 2025; payments
// from 1 July to 23 September 2025 use the percentage schedule in force then ("Schedule 8 – Statement of formulas for
// calculating study and training support loans components, 1 July 2025 to 23 September 2025"), whose weekly bands
// start at the 2025-26 repayment thresholds / 52 (ATO, "Study and training loan repayment thresholds and rates").
test('2025-26 Schedule 8 goes by the payment date: marginal from 24 September 2025, the percentage schedule before', () => {
  // From 24 September: .15 x 1500.99 - 193.2692 = 31.88 -> $32 (reference/au.md, 2025-26 marginal system).
  assert.equal(stsl('AU-2025.1', '1500.00', 'weekly', 2, '2025-09-24'), '32.00');
  assert.equal(stsl('AU-2025.1', '3000.00', 'fortnightly', 2, '2026-06-30'), '64.00'); // $32 a week x 2
  // On 23 September: the 3.5 % band ($1,485 to $1,573 a week, threshold claimed): 3.5 % of 1,500.99 = 52.53 -> $53.
  assert.equal(stsl('AU-2025.1', '1500.00', 'weekly', 2, '2025-09-23'), '53.00');
  // Threshold not claimed ($350 lower): the 5 % band from $1,418: 5 % of 1,500.99 = 75.05 -> $75.
  assert.equal(stsl('AU-2025.1', '1500.00', 'weekly', 1, '2025-07-01'), '75.00');
  // No TFN: nothing is withheld for the loan under either schedule (the no-TFN rate covers it).
  assert.equal(stsl('AU-2025.1', '1500.00', 'weekly', 4, '2025-09-23'), '0.00');
  // Other years have one schedule for the whole year.
  assert.equal(stsl('AU-2026.1', '1500.00', 'weekly', 2, '2026-07-01'), '25.00');
});

test('1 July to 23 September 2025: the percentage bands start at the 2025-26 thresholds / 52', () => {
  const early = (earnings: string, scale: TaxScale) => stsl('AU-2025.1', earnings, 'weekly', scale, '2025-08-15');
  // $56,156 / 52 = $1,079.92: nothing below $1,079 a week, 1 % from it (1 % of 1,079.99 = 10.80 -> $11).
  assert.equal(early('1078.00', 2), '0.00');
  assert.equal(early('1079.00', 2), '11.00');
  // Not claimed: $1,079 - $350 = $729.
  assert.equal(early('728.00', 1), '0.00');
  assert.equal(early('729.00', 1), '7.00'); // 1 % of 729.99 = 7.30 -> $7
  // The top band: 10 % from $164,712 / 52 = $3,167 a week.
  assert.equal(early('3166.00', 2), '301.00'); // 9.5 % of 3,166.99 = 300.86
  assert.equal(early('3167.00', 2), '317.00'); // 10 % of 3,167.99 = 316.80
  // Cross-check with an independent NAT 3539 implementation for payments from 1 July 2025 (manageitwa/payg-tax,
  // Nat3539.php), whose scale 2 gives Schedule 1 and Schedule 8 together: $168 at $1,078 a week, $179 at $1,079.
  const withholding = (earnings: string) =>
    Number(paygWithholding('AU-2025.1', { earnings, frequency: 'weekly', scale: 2, residency: 'resident' })) +
    Number(early(earnings, 2));
  assert.equal(withholding('1078.00'), 168);
  assert.equal(withholding('1079.00'), 179);
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
