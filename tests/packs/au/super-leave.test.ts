import { test } from 'node:test';
import assert from 'node:assert/strict';
import { accrueLeave, getAuVersion, superGuarantee } from '../../../api/packs/au/index.ts';

test('SG rate per version, rounded half-up to the cent', () => {
  assert.equal(superGuarantee('AU-2024.1', '1000.00').super_guarantee, '115.00');
  assert.equal(superGuarantee('AU-2024.1', '1000.05').super_guarantee, '115.01'); // 115.00575
  assert.equal(superGuarantee('AU-2025.1', '123.45').super_guarantee, '14.81'); // 14.814
  assert.equal(superGuarantee('AU-2026.1', '1000.00').super_guarantee, '120.00');
});

// The maximum contribution base limits the quarter's (SGAA 1992 s 15, before 1 July 2026) or the financial
// year's (Payday Super, from 1 July 2026) qualifying earnings, not each pay's: a pay uses what is left of it.
test('the maximum contribution base is what is left of the quarter or year, not a slice of each pay', () => {
  assert.deepEqual(getAuVersion('AU-2024.1').maximumContributionBase, { amount: '65070', per: 'quarter' });
  assert.deepEqual(getAuVersion('AU-2026.1').maximumContributionBase, { amount: '270830', per: 'year' });
  // A $40,000 month (salary and bonus) opens the quarter: all of it is under $65,070 -> 11.5 % = 4,600.00.
  assert.deepEqual(superGuarantee('AU-2024.1', '40000.00'), {
    contribution_base: '40000.00',
    capped: false,
    super_guarantee: '4600.00',
  });
  // The next month of $40,000 has 65,070 - 40,000 = 25,070 left: 11.5 % = 2,883.05; the third month none.
  const second = superGuarantee('AU-2024.1', '40000.00', { quarter: '40000.00', year: '40000.00' });
  assert.deepEqual(second, { contribution_base: '25070.00', capped: true, super_guarantee: '2883.05' });
  assert.equal(
    superGuarantee('AU-2024.1', '40000.00', { quarter: '80000.00', year: '80000.00' }).super_guarantee,
    '0.00',
  );
  // A new quarter starts again, whatever the year's earnings were.
  assert.equal(superGuarantee('AU-2025.1', '10000.00', { quarter: '0', year: '200000.00' }).super_guarantee, '1200.00');
  // The annual base reads the year: $260,830 already paid leaves $10,000 of a $20,000 pay, 12 % = 1,200.00.
  const annual = superGuarantee('AU-2026.1', '20000.00', { quarter: '0', year: '260830.00' });
  assert.deepEqual(annual, { contribution_base: '10000.00', capped: true, super_guarantee: '1200.00' });
});

test('NES leave accrues 4/52 annual and 1/26 personal per ordinary hour; casuals accrue none', () => {
  assert.deepEqual(accrueLeave('AU-2026.1', '76', 'full_time'), { annual_hours: '5.8462', personal_hours: '2.9231' });
  assert.deepEqual(accrueLeave('AU-2026.1', '1976', 'part_time'), {
    annual_hours: '152.0000',
    personal_hours: '76.0000',
  });
  assert.deepEqual(accrueLeave('AU-2026.1', '38', 'casual'), { annual_hours: '0.0000', personal_hours: '0.0000' });
});
