import { test } from 'node:test';
import assert from 'node:assert/strict';
import { accrueLeave, getAuVersion, periodContributionBase, superGuarantee } from '../../../api/packs/au/index.ts';

test('SG rate per version, rounded half-up to the cent', () => {
  assert.equal(superGuarantee('AU-2024.1', '1000.00', 'weekly').super_guarantee, '115.00');
  assert.equal(superGuarantee('AU-2024.1', '1000.05', 'weekly').super_guarantee, '115.01'); // 115.00575
  assert.equal(superGuarantee('AU-2025.1', '123.45', 'weekly').super_guarantee, '14.81'); // 14.814
  assert.equal(superGuarantee('AU-2026.1', '1000.00', 'weekly').super_guarantee, '120.00');
});

test('a quarterly base is pro-rated by the period share of a 13-week quarter', () => {
  const base = getAuVersion('AU-2024.1').maximumContributionBase;
  assert.equal(periodContributionBase(base, 'weekly').toFixed(2), '5005.38'); // 65070 / 13
  assert.equal(periodContributionBase(base, 'fortnightly').toFixed(2), '10010.77'); // 65070 x 2 / 13
  assert.equal(periodContributionBase(base, 'monthly').toFixed(2), '21690.00'); // 65070 / 3
  assert.equal(periodContributionBase(base, 'quarterly').toFixed(2), '65070.00');
});

test('an annual base (payday super) is pro-rated by 1/52, 1/26, 1/12, 1/4', () => {
  const base = getAuVersion('AU-2026.1').maximumContributionBase;
  assert.deepEqual(base, { amount: '270830', per: 'year' });
  assert.equal(periodContributionBase(base, 'weekly').toFixed(2), '5208.27');
  assert.equal(periodContributionBase(base, 'fortnightly').toFixed(2), '10416.54');
  assert.equal(periodContributionBase(base, 'monthly').toFixed(2), '22569.17');
  assert.equal(periodContributionBase(base, 'quarterly').toFixed(2), '67707.50');
});

test('OTE above the pro-rated base is capped', () => {
  const weekly = superGuarantee('AU-2024.1', '6000.00', 'weekly');
  assert.deepEqual(weekly, { contribution_base: '5005.38', capped: true, super_guarantee: '575.62' });
  assert.equal(superGuarantee('AU-2025.1', '70000.00', 'quarterly').super_guarantee, '7500.00');
  assert.equal(superGuarantee('AU-2025.1', '25000.00', 'monthly').super_guarantee, '2500.00'); // 20833.33 x 12%
  assert.equal(superGuarantee('AU-2026.1', '12000.00', 'fortnightly').super_guarantee, '1249.98'); // 10416.54 x 12%
  assert.equal(superGuarantee('AU-2025.1', '1000.00', 'weekly').capped, false);
});

test('NES leave accrues 4/52 annual and 1/26 personal per ordinary hour; casuals accrue none', () => {
  assert.deepEqual(accrueLeave('AU-2026.1', '76', 'full_time'), { annual_hours: '5.8462', personal_hours: '2.9231' });
  assert.deepEqual(accrueLeave('AU-2026.1', '1976', 'part_time'), {
    annual_hours: '152.0000',
    personal_hours: '76.0000',
  });
  assert.deepEqual(accrueLeave('AU-2026.1', '38', 'casual'), { annual_hours: '0.0000', personal_hours: '0.0000' });
});
