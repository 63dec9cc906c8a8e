import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CAPABILITIES } from '../../../api/packs/types.ts';
import { AU_VERSIONS, auPack, getAuVersion, UnknownPackVersion, versionFor } from '../../../api/packs/au/index.ts';

test('pack metadata: AUD, en-AU, beta, current AU-2026.2, STP sandbox rail', () => {
  assert.equal(auPack.code, 'AU');
  assert.equal(auPack.currency, 'AUD');
  assert.equal(auPack.locale, 'en-AU');
  assert.equal(auPack.status, 'beta');
  assert.equal(auPack.current_version, 'AU-2026.2');
  assert.equal(auPack.maintainer, 'Payrail Regulation Team');
  assert.deepEqual(auPack.lodgement_rails, [
    { type: 'single_touch_payroll_phase_2', channel: 'sbr_sandbox_rail', status: 'live_sandbox' },
  ]);
  assert.deepEqual(
    auPack.versions.map((v) => [v.version, v.effective.from, v.effective.to]),
    [
      ['AU-2024.1', '2024-07-01', '2025-06-30'],
      ['AU-2025.1', '2025-07-01', '2026-06-30'],
      ['AU-2026.1', '2026-07-01', '2027-06-30'],
      ['AU-2026.2', '2026-07-01', '2027-06-30'],
    ],
  );
  // AU-2026.2 adds the award rates from 1 July 2026; award interpretation is per version.
  const awards = (v: string) => auPack.versions.find((x) => x.version === v)?.capabilities?.award_interpretation;
  assert.deepEqual(['AU-2024.1', 'AU-2025.1', 'AU-2026.1', 'AU-2026.2'].map(awards), [
    'unsupported',
    undefined,
    'unsupported',
    undefined,
  ]);
});

test('every capability is declared; effective dating and stateless calculate are unsupported', () => {
  assert.deepEqual(Object.keys(auPack.capabilities).sort(), [...CAPABILITIES].sort());
  assert.equal(auPack.capabilities.effective_dating, 'unsupported');
  assert.equal(auPack.capabilities.stateless_calculate, 'unsupported');
  for (const c of [
    'statutory_lodgement',
    'payment_file',
    'payslip_pdf',
    'retirement_batch',
    'pay_calculation',
    'leave_types_config',
    'leave_management',
    'leave_accrual',
  ] as const) {
    assert.equal(auPack.capabilities[c], 'native');
  }
});

test('the payment date picks the latest version covering it; the ranges leave no gaps', () => {
  assert.equal(versionFor('2025-06-30')?.version, 'AU-2024.1');
  assert.equal(versionFor('2025-07-01')?.version, 'AU-2025.1');
  assert.equal(versionFor('2026-07-01')?.version, 'AU-2026.2');
  assert.equal(versionFor('2027-06-30')?.version, 'AU-2026.2');
  assert.equal(versionFor('2024-06-30'), null);
  assert.equal(versionFor('2027-07-01'), null);
  assert.equal(versionFor('not-a-date'), null);
  assert.throws(() => getAuVersion('AU-2023.1'), UnknownPackVersion);
});

test('version data: SG rate and base per year; the unchanged Schedule 1 is shared by reference', () => {
  const [v2024, v2025, v2026] = AU_VERSIONS;
  assert.deepEqual(
    [v2024.superGuaranteeRate, v2025.superGuaranteeRate, v2026.superGuaranteeRate],
    ['0.115', '0.12', '0.12'],
  );
  assert.deepEqual(v2024.maximumContributionBase, { amount: '65070', per: 'quarter' });
  assert.deepEqual(v2025.maximumContributionBase, { amount: '62500', per: 'quarter' });
  assert.equal(v2025.schedule1, v2024.schedule1);
  assert.notEqual(v2026.schedule1, v2024.schedule1);
  assert.equal(v2026.schedule1[3], v2024.schedule1[3]);
  assert.notEqual(v2025.studyLoan, v2024.studyLoan);
  // AU-2026.2 changes no statutory figure of AU-2026.1: only the award rates it carries are new.
  const [, , , v2026b] = AU_VERSIONS;
  assert.deepEqual({ ...v2026b, version: v2026.version }, v2026);
});
