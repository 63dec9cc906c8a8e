import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  checkPayDate,
  formatBsb,
  isValidTfn,
  validateAbn,
  validateAccountName,
  validateAccountNumber,
  validateBsb,
  validateTfn,
  validateUsi,
} from '../../../api/packs/au/index.ts';

const V = 'AU-2026.1';

test('TFN: weighted sum mod 11 over 9 digits, or the first 8 weights for legacy numbers', () => {
  assert.equal(validateTfn(V, '123456782'), null);
  assert.equal(validateTfn(V, '123 456 782'), null);
  assert.equal(isValidTfn('12345679'), true); // legacy 8-digit
  assert.equal(isValidTfn('12345678'), false);
  assert.equal(isValidTfn('000000000'), false);
  const bad = validateTfn(V, '999999999', 'employee.tfn');
  assert.deepEqual(bad && { rule: bad.rule, path: bad.path }, {
    rule: 'AU-2026.1/tax/tfn_checksum',
    path: 'employee.tfn',
  });
  assert.equal(bad?.message.includes('999999999'), false, 'a raw TFN is never echoed');
  for (const v of ['12345678201', '1234567', 'abcdefghi', undefined, 123456782])
    assert.notEqual(validateTfn(V, v), null);
});

test('ABN: first digit less 1, weights 10,1,3,...,19, sum mod 89', () => {
  assert.equal(validateAbn(V, '51824753556'), null);
  assert.equal(validateAbn(V, '51 824 753 556'), null);
  assert.equal(validateAbn(V, '51824753557')?.rule, 'AU-2026.1/company/abn_checksum');
  assert.notEqual(validateAbn(V, '5182475355'), null);
});

test('BSB is 6 digits shown NNN-NNN', () => {
  assert.equal(validateBsb(V, '062-000'), null);
  assert.equal(validateBsb(V, '062000'), null);
  for (const bad of ['06200', '062-0001', 'abc-def', '062 000', null]) {
    assert.equal(validateBsb(V, bad)?.rule, 'AU-2026.1/bank/bsb_format');
  }
  assert.equal(formatBsb('062000'), '062-000');
});

test('account number is 5 to 9 digits; account name is required', () => {
  assert.equal(validateAccountNumber(V, '12345'), null);
  assert.equal(validateAccountNumber(V, '123456789'), null);
  for (const bad of ['1234', '1234567890', '12a45', '']) {
    assert.equal(validateAccountNumber(V, bad)?.rule, 'AU-2026.1/bank/account_number_format');
  }
  assert.equal(validateAccountName(V, 'J Citizen'), null);
  assert.equal(validateAccountName(V, '   ')?.rule, 'AU-2026.1/bank/account_name_required');
  assert.equal(validateAccountName(V, undefined)?.rule, 'AU-2026.1/bank/account_name_required');
});

test('USI is a SPIN or a valid fund ABN followed by 3 digits', () => {
  assert.equal(validateUsi(V, 'STA0100AU'), null);
  assert.equal(validateUsi(V, '51824753556001'), null);
  for (const bad of ['51824753557001', 'ST0100AU', '5182475355600', '']) {
    assert.equal(validateUsi(V, bad)?.rule, 'AU-2026.1/super/usi_format');
  }
});

test('a payment date outside the pinned version is refused and the covering version named', () => {
  assert.equal(checkPayDate('AU-2026.1', '2026-07-01'), null);
  assert.equal(checkPayDate('AU-2026.1', '2027-06-30'), null);
  const before = checkPayDate('AU-2026.1', '2026-06-30');
  assert.equal(before?.rule, 'AU-2026.1/period/outside_effective_range');
  assert.match(before?.message ?? '', /AU-2025\.1 covers it/);
  assert.match(checkPayDate('AU-2024.1', '2025-07-01')?.message ?? '', /AU-2025\.1 covers it/);
  assert.match(checkPayDate('AU-2024.1', '2024-06-30')?.message ?? '', /no AU pack version covers it/);
  assert.match(checkPayDate('AU-2026.1', '2026-02-30')?.message ?? '', /not a valid/);
  assert.throws(() => checkPayDate('AU-2019.1', '2026-07-01'));
});
