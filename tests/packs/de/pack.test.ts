import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CAPABILITIES } from '../../../api/packs/types.ts';
import { calculateDePay, computesLevies, dePack, PACK_YEARS, type DePayInput } from '../../../api/packs/de/index.ts';
import { versionCapabilities } from '../../../api/packs/index.ts';

describe('DE pack metadata', () => {
  it('identifies the pack and its current version', () => {
    assert.equal(dePack.code, 'DE');
    assert.equal(dePack.currency, 'EUR');
    assert.equal(dePack.locale, 'de-DE');
    assert.equal(dePack.status, 'beta');
    assert.equal(dePack.maintainer, 'Payrail Regulation Team');
    assert.equal(dePack.current_version, 'DE-2026.4');
  });

  it('versions are calendar years; DE-2026.2, DE-2026.3 and DE-2026.4 are further releases of 2026', () => {
    assert.deepEqual(
      dePack.versions.map((v) => [v.version, v.effective.from, v.effective.to, v.released]),
      [
        ['DE-2025.1', '2025-01-01', '2025-12-31', true],
        ['DE-2026.1', '2026-01-01', '2026-12-31', true],
        ['DE-2026.2', '2026-01-01', '2026-12-31', true],
        ['DE-2026.3', '2026-01-01', '2026-12-31', true],
        ['DE-2026.4', '2026-01-01', '2026-12-31', true],
      ],
    );
  });

  it('only DE-2026.2 writes the payment file; the earlier versions keep the pack matrix', () => {
    assert.equal(dePack.capabilities.payment_file, 'unsupported');
    assert.equal(versionCapabilities(dePack, 'DE-2025.1').payment_file, 'unsupported');
    assert.equal(versionCapabilities(dePack, 'DE-2026.1').payment_file, 'unsupported');
    assert.deepEqual(versionCapabilities(dePack, 'DE-2026.2'), { ...dePack.capabilities, payment_file: 'native' });
    assert.ok(dePack.scope.includes('sepa_credit_transfer'));
  });

  it('only DE-2026.4 prints the payslip PDF, and calculates exactly as DE-2026.3', () => {
    assert.equal(dePack.capabilities.payslip_pdf, 'unsupported');
    for (const v of ['DE-2025.1', 'DE-2026.1', 'DE-2026.2', 'DE-2026.3'])
      assert.equal(versionCapabilities(dePack, v).payslip_pdf, 'unsupported', v);
    assert.deepEqual(versionCapabilities(dePack, 'DE-2026.4'), {
      ...versionCapabilities(dePack, 'DE-2026.3'),
      payslip_pdf: 'native',
    });
    assert.equal(PACK_YEARS['DE-2026.4'], PACK_YEARS['DE-2026.3']);
    assert.equal(computesLevies('DE-2026.4'), computesLevies('DE-2026.3'));
  });

  it('DE-2026.2 calculates exactly as DE-2026.1 (the same 2026 tables, not a copy)', () => {
    assert.equal(PACK_YEARS['DE-2026.2'], PACK_YEARS['DE-2026.1']);
    const input = (salary: string, health: DePayInput['employee']['health_insurance']): DePayInput => ({
      frequency: 'monthly',
      earnings: [{ type: 'salary', amount: salary }],
      employee: { tax_class: 1, church_tax: true, state: 'BY', health_insurance: health },
    });
    for (const i of [
      input('5000.00', { type: 'statutory', additional_rate: '2.9' }),
      input('9000.00', { type: 'private', private_premium: '700.00' }),
      input('538.00', { type: 'statutory' }),
    ]) {
      const { pack: a, ...older } = calculateDePay('DE-2026.1', i);
      const { pack: b, ...newer } = calculateDePay('DE-2026.2', i);
      assert.deepEqual(newer, older);
      assert.deepEqual([a, b], ['DE-2026.1', 'DE-2026.2']);
    }
  });

  it('declares every capability; the calculation ones, leave and the statutory outputs are native', () => {
    assert.deepEqual(Object.keys(dePack.capabilities).sort(), [...CAPABILITIES].sort());
    const native = Object.entries(dePack.capabilities)
      .filter(([, v]) => v === 'native')
      .map(([k]) => k)
      .sort();
    assert.deepEqual(native, [
      'effective_dating',
      'leave_management',
      'pay_calculation',
      'stateless_calculate',
      'statutory_outputs',
    ]);
  });

  it('lodgement is statutory output files: the LStA and Beitragsnachweis figures built, DEÜV reports not yet', () => {
    assert.deepEqual(dePack.lodgement_rails, [
      { type: 'elster_lohnsteueranmeldung', channel: 'statutory_output_files', status: 'statutory_outputs_only' },
      { type: 'sv_beitragsnachweis', channel: 'statutory_output_files', status: 'statutory_outputs_only' },
      { type: 'deuev_sv_meldung', channel: 'statutory_output_files', status: 'design_partner' },
    ]);
    assert.equal(dePack.capabilities.statutory_lodgement, 'unsupported');
  });
});
