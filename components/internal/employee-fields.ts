// The fields of the employee forms by country, shared by the single forms (tax declaration, bank details)
// and the onboarding wizard, which asks the same questions in its steps.
import type { Field } from './forms.js';
import { isAccountNumber, isBic, isBsb, isIban, isSteuerId, isTfn } from './identifiers.js';

export const decimal = (v: string) => Number(v.replace(',', '.'));
export const ROMAN = ['I', 'II', 'III', 'IV', 'V', 'VI'];

// Working holiday makers are left out: the AU packs do not withhold for them yet (Schedule 15).
export const AU_TAX: Field[] = [
  { name: 'tfn', label: 'tfn', secret: true, numeric: true, check: (v) => (isTfn(v) ? null : 'errTfn') },
  // The reasons an employee may give on the TFN declaration instead of the number (the pay event reports it).
  {
    name: 'no_number_reason',
    label: 'noTfnReason',
    options: [
      ['applied_for', 'noTfnApplied'],
      ['under_18', 'noTfnUnder18'],
      ['pensioner', 'noTfnPensioner'],
      ['not_quoted', 'noTfnNotQuoted'],
    ],
  },
  {
    name: 'residency',
    label: 'residency',
    required: true,
    options: [
      ['resident', 'resident'],
      ['foreign_resident', 'foreignResident'],
    ],
  },
  { name: 'tax_free_threshold', label: 'taxFreeThreshold', box: true },
  { name: 'study_loan', label: 'studyLoan', box: true },
  {
    name: 'medicare_levy_exemption',
    label: 'medicareExemption',
    options: [
      ['none', 'mlNone'],
      ['half', 'mlHalf'],
      ['full', 'mlFull'],
    ],
  },
];
export const DE_TAX: Field[] = [
  { name: 'tax_id', label: 'taxId', secret: true, numeric: true, check: (v) => (isSteuerId(v) ? null : 'errSteuerId') },
  {
    name: 'tax_class',
    label: 'taxClass',
    required: true,
    options: ROMAN.map((r, i) => [String(i + 1), r]),
    parse: Number,
  },
  {
    name: 'factor',
    label: 'factor',
    parse: (v) => v.replace(',', '.'),
    check: (v) => (/^0[.,]\d{1,3}$/.test(v) && decimal(v) > 0 ? null : 'errFactor'),
  },
  { name: 'church_tax', label: 'churchTax', box: true },
  {
    name: 'children',
    label: 'childAllowances',
    numeric: true,
    check: (v) => (/^\d{1,2}([.,][05])?$/.test(v) ? null : 'errChildren'),
    parse: decimal,
  },
];

export const AU_BANK: Field[] = [
  { name: 'bank_bsb', label: 'bsb', required: true, numeric: true, check: (v) => (isBsb(v) ? null : 'errBsb') },
  {
    name: 'bank_account_number',
    label: 'accountNumber',
    required: true,
    numeric: true,
    secret: true,
    check: (v) => (isAccountNumber(v) ? null : 'errAccount'),
  },
  { name: 'bank_account_name', label: 'accountName', required: true },
];
export const DE_BANK: Field[] = [
  { name: 'iban', label: 'iban', required: true, secret: true, check: (v) => (isIban(v) ? null : 'errIban') },
  { name: 'bic', label: 'bic', check: (v) => (isBic(v) ? null : 'errBic') },
  { name: 'account_name', label: 'accountName' },
];
