import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  isValidIban,
  isValidSvnr,
  isValidTaxId,
  validateDeEmployee,
  validateDePayInput,
  validateDeStatutory,
} from '../../../api/packs/de/index.ts';

const rules = (v: { rule: string }[]) => v.map((x) => x.rule);

describe('identifier checksums', () => {
  it('Steuer-ID', () => {
    for (const valid of ['36574261809', '86095742719', '47036892816']) assert.ok(isValidTaxId(valid), valid);
    assert.ok(!isValidTaxId('36574261808'), 'wrong check digit');
    assert.ok(!isValidTaxId('06574261809'), 'leading zero');
    assert.ok(!isValidTaxId('3657426180'), 'ten digits');
    assert.ok(!isValidTaxId('12345678903'), 'no repeated digit');
    assert.ok(!isValidTaxId('11224567890'), 'two repeated digits');
    assert.ok(!isValidTaxId('1111567890 '), 'not digits');
  });

  it('Sozialversicherungsnummer', () => {
    // 10010490A443 is a published example; 65170839J003 checked by hand: 6·2→3, 5, 1·2, 7·5→8, 0, 8,
    // 3·2, 9, J=10 → 1·2, 0, serial 0, 0 → 3+5+2+8+0+8+6+9+2+0+0+0 = 43 → 3.
    assert.ok(isValidSvnr('10010490A443'));
    assert.ok(isValidSvnr('65170839J003'));
    assert.ok(isValidSvnr('65 170839 J 00 3'));
    assert.ok(!isValidSvnr('10010490A444'), 'wrong check digit');
    assert.ok(!isValidSvnr('10010490B443'), 'wrong letter');
    assert.ok(!isValidSvnr('1001049A443'), 'too short');
    assert.ok(!isValidSvnr('100104901443'), 'no letter');
  });

  it('IBAN', () => {
    assert.ok(isValidIban('DE89370400440532013000'));
    assert.ok(isValidIban('DE89 3704 0044 0532 0130 00'));
    assert.ok(isValidIban('GB82WEST12345698765432'));
    assert.ok(!isValidIban('DE89370400440532013001'), 'check digits');
    assert.ok(!isValidIban('DE8937040044053201300'), 'German IBANs have 22 characters');
    assert.ok(!isValidIban('DE89370400440532013000X'), 'too long for DE');
  });
});

describe('DE validation rules', () => {
  const v = 'DE-2026.1';

  it('a valid employee has no violations', () => {
    const employee = {
      annual_salary: '60000',
      tax_id: '36574261809',
      tax_class: 3,
      children: 1.5,
      church_tax: true,
      state: 'BY',
      iban: 'DE89370400440532013000',
      social_security_number: '10010490A443',
      health_insurance: { additional_rate: '2.45' },
    };
    assert.deepEqual(validateDeEmployee(v, employee, { requireSalary: true }), []);
  });

  it('names each failed rule with the pack version and a path', () => {
    const out = validateDeEmployee(
      v,
      {
        tax_id: '36574261808',
        tax_class: 7,
        children: 0.3,
        church_tax: true,
        iban: 'DE89370400440532013001',
        social_security_number: '10010490A444',
        health_insurance: { additional_rate: '5.5' },
      },
      { requireSalary: true },
    );
    assert.deepEqual(rules(out).sort(), [
      'DE-2026.1/bank/iban_checksum',
      'DE-2026.1/employee/salary_required',
      'DE-2026.1/social/additional_rate',
      'DE-2026.1/social/svnr_checksum',
      'DE-2026.1/tax/child_allowance',
      'DE-2026.1/tax/church_tax_state',
      'DE-2026.1/tax/tax_class',
      'DE-2026.1/tax/tax_id_checksum',
    ]);
    assert.equal(out.find((x) => x.rule.endsWith('tax_id_checksum'))?.path, 'employee.tax_id');
  });

  it('child allowances only in classes I-IV; factor only in class IV', () => {
    assert.deepEqual(rules(validateDeEmployee(v, { tax_class: 5, children: 1 })), ['DE-2026.1/tax/child_allowance']);
    assert.deepEqual(validateDeEmployee(v, { tax_class: 4, children: 2.5, factor: '0.913' }), []);
    assert.deepEqual(rules(validateDeEmployee(v, { tax_class: 1, factor: '0.9' })), ['DE-2026.1/tax/factor']);
    assert.deepEqual(rules(validateDeEmployee(v, { tax_class: 4, factor: '1.2' })), ['DE-2026.1/tax/factor']);
  });

  it('the additional rate must be 0-5% with two decimals; church tax needs a known Land', () => {
    assert.deepEqual(validateDeEmployee(v, { health_insurance: { additional_rate: 0 } }), []);
    assert.deepEqual(validateDeEmployee(v, { health_insurance: { additional_rate: '5' } }), []);
    assert.equal(validateDeEmployee(v, { health_insurance: { additional_rate: '-0.1' } }).length, 1);
    assert.equal(validateDeEmployee(v, { health_insurance: { additional_rate: '2.455' } }).length, 1);
    assert.deepEqual(rules(validateDeEmployee(v, { church_tax: true, state: 'XX' })), [
      'DE-2026.1/tax/church_tax_state',
    ]);
    assert.deepEqual(validateDeEmployee(v, { church_tax: false }), []);
  });

  it('pay inputs need a positive earning of a known type', () => {
    assert.deepEqual(
      rules(validateDePayInput('DE-2025.1', { frequency: 'monthly', earnings: [], employee: { tax_class: 1 } })),
      ['DE-2025.1/employee/salary_required'],
    );
    const bad = validateDePayInput(v, {
      frequency: 'monthly',
      earnings: [{ type: 'tips', amount: '1.001' }],
      employee: { tax_class: 1 },
    });
    assert.deepEqual(rules(bad), [
      'DE-2026.1/earnings/earning_type',
      'DE-2026.1/earnings/amount_format',
      'DE-2026.1/employee/salary_required',
    ]);
    assert.deepEqual(
      validateDePayInput(v, {
        frequency: 'monthly',
        earnings: [{ type: 'salary', amount: '3000.00' }],
        employee: { tax_class: 1 },
      }),
      [],
    );
  });

  it('intake fields as the API receives them (svnr, numeric strings)', () => {
    assert.deepEqual(
      validateDeStatutory(v, {
        iban: 'DE89370400440532013000',
        svnr: '10010490A443',
        tax_id: '36574261809',
        tax_class: '1',
      }),
      [],
    );
    assert.deepEqual(rules(validateDeStatutory(v, { svnr: '10010490A444' })), ['DE-2026.1/social/svnr_checksum']);
    assert.deepEqual(rules(validateDeStatutory(v, { iban: 'DE00370400440532013000' })), [
      'DE-2026.1/bank/iban_checksum',
    ]);
  });
});
