import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CAPABILITIES } from '../../../api/packs/types.ts';
import { dePack } from '../../../api/packs/de/index.ts';

describe('DE pack metadata', () => {
  it('identifies the pack and its current version', () => {
    assert.equal(dePack.code, 'DE');
    assert.equal(dePack.currency, 'EUR');
    assert.equal(dePack.locale, 'de-DE');
    assert.equal(dePack.status, 'beta');
    assert.equal(dePack.maintainer, 'Payrail Regulation Team');
    assert.equal(dePack.current_version, 'DE-2026.1');
  });

  it('versions are contiguous calendar years', () => {
    assert.deepEqual(
      dePack.versions.map((v) => [v.version, v.effective.from, v.effective.to]),
      [
        ['DE-2025.1', '2025-01-01', '2025-12-31'],
        ['DE-2026.1', '2026-01-01', '2026-12-31'],
      ],
    );
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
