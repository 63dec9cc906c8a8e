// The employer and insurer identifiers the statutory outputs carry: Betriebsnummer check digit (the
// published example 09912342 and the real TK and AOK Bayern numbers), Steuernummer format, and the rules'
// references.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  isValidBetriebsnummer,
  isValidSteuernummer,
  validateDeCompany,
  validateDeStatutory,
} from '../../../api/packs/de/index.ts';

describe('DE employer identifiers', () => {
  it('Betriebsnummer: 8 digits, office 010–099 or from 110, check digit (or check digit + 5)', () => {
    for (const ok of ['09912342', '15027365', '87880235', '98000006', '12345671', '12345676'])
      assert.equal(isValidBetriebsnummer(ok), true, ok);
    for (const bad of ['09912343', '00912342', '10012346', '1234567', '123456789', '1234567a'])
      assert.equal(isValidBetriebsnummer(bad), false, bad);
  });

  it('Steuernummer: 13 digits, or 10–11 digits in a Land’s form', () => {
    for (const ok of ['143/815/08156', '21/815/08150', '9143081508156'])
      assert.equal(isValidSteuernummer(ok), true, ok);
    for (const bad of ['12/34', '143-815-08156', '/143/815/08156', '12345678901234'])
      assert.equal(isValidSteuernummer(bad), false, bad);
  });

  it('company and insurer rules name their references', () => {
    assert.deepEqual(
      validateDeCompany('DE-2026.1', { betriebsnummer: '12345678', steuernummer: 'x', lsta_period: 'weekly' }).map(
        (v) => v.rule,
      ),
      ['DE-2026.1/company/betriebsnummer', 'DE-2026.1/company/steuernummer', 'DE-2026.1/company/lsta_period'],
    );
    assert.deepEqual(validateDeCompany('DE-2026.1', { betriebsnummer: '1234 5671', lsta_period: 'annual' }), []);
    const v = validateDeStatutory('DE-2026.1', {
      church_tax_denomination: 'EV',
      health_insurance: { insurer: { name: '', betriebsnummer: '15027365' } },
    });
    assert.deepEqual(
      v.map((x) => [x.rule, x.path]),
      [['DE-2026.1/social/insurer_name', 'statutory.de.health_insurance.insurer.name']],
    );
    assert.equal(validateDeStatutory('DE-2026.1', { church_tax_denomination: '--' }).length, 0);
  });
});
