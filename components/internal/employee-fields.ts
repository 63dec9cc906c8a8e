// The fields of the employee forms by country, shared by the single forms (tax declaration, bank details)
// and the onboarding wizard, which asks the same questions in its steps.
import type { Field } from './forms.js';
import {
  isAbn,
  isAccountNumber,
  isBetriebsnummer,
  isBic,
  isBsb,
  isIban,
  isSteuerId,
  isSvnr,
  isTfn,
} from './identifiers.js';

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
  // The threshold is claimed from one payer only: a second job is flagged so the pay run can warn.
  { name: 'other_employment', label: 'otherEmployment', box: true },
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

// DE social insurance (the onboarding wizard's step and the employee's own form). Someone never insured in
// Germany has no number yet: the registration asks the pension insurance for one.
export const DE_NO_SVNR: Field = { name: 'no_insurance_number_yet', label: 'svnrNoneYet', box: true, wide: true };
export const DE_SVNR: Field = {
  name: 'svnr',
  label: 'svnr',
  secret: true,
  check: (v) => (isSvnr(v) ? null : 'errSvnr'),
};
/**
 * How the employee is health-insured and the Krankenkasse by name and Betriebsnummer, both on the
 * membership certificate (Mitgliedsbescheinigung). The privately insured name one too: it collects their
 * pension and unemployment contributions (§ 28i SGB IV).
 */
export const DE_HEALTH: Field[] = [
  {
    name: 'health_type',
    label: 'healthInsurance',
    options: [
      ['statutory', 'healthStatutory'],
      ['private', 'healthPrivate'],
    ],
  },
  { name: 'insurer_name', label: 'insurerName' },
  {
    name: 'insurer_betriebsnummer',
    label: 'insurerNumber',
    numeric: true,
    check: (v) => (isBetriebsnummer(v) ? null : 'errBnr'),
  },
  {
    name: 'additional_rate',
    label: 'additionalRate',
    check: (v) => (/^\d([.,]\d{1,2})?$/.test(v) ? null : 'errRate'),
    parse: (v) => v.replace(',', '.'),
  },
];
/** Where each health field goes under `health_insurance`. */
export const DE_HEALTH_PATHS: Record<string, string> = {
  health_type: 'type',
  insurer_name: 'insurer.name',
  insurer_betriebsnummer: 'insurer.betriebsnummer',
  additional_rate: 'additional_rate',
};

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

// AU choice of fund (super form and the wizard's super step): an APRA fund or the employer's default fund
// by USI, a self-managed fund by ABN, electronic service address and bank account, or the stapled fund the
// employer has asked the ATO for (nothing more to enter).
export const FUND_CHOICES = [
  ['apra', 'choiceApra'],
  ['smsf', 'choiceSmsf'],
  ['employer_default', 'choiceDefault'],
  ['stapled_requested', 'choiceStapled'],
] as const;
export const FUND_CHOICE: Field = {
  name: 'fund_choice',
  label: 'fundChoice',
  required: true,
  wide: true,
  options: FUND_CHOICES,
};
export const FUND_BY_USI: Field[] = [
  { name: 'super_fund_name', label: 'superFundName', required: true },
  {
    name: 'super_usi',
    label: 'superUsi',
    required: true,
    check: (v) => (/^([A-Za-z]{3}\d{4}[A-Za-z]{2}|\d{14})$/.test(v.trim()) ? null : 'errUsi'),
  },
  { name: 'super_member_number', label: 'memberNumber', secret: true },
];
export const SMSF: Field[] = [
  { name: 'smsf_account_name', label: 'smsfName', required: true },
  { name: 'smsf_abn', label: 'smsfAbn', required: true, numeric: true, check: (v) => (isAbn(v) ? null : 'errAbn') },
  {
    name: 'smsf_esa',
    label: 'smsfEsa',
    required: true,
    check: (v) => (/^[A-Za-z0-9._-]{2,40}$/.test(v.trim()) ? null : 'errEsa'),
  },
  { name: 'smsf_bsb', label: 'smsfBsb', required: true, numeric: true, check: (v) => (isBsb(v) ? null : 'errBsb') },
  {
    name: 'smsf_account_number',
    label: 'smsfAccount',
    required: true,
    numeric: true,
    secret: true,
    check: (v) => (isAccountNumber(v) ? null : 'errAccount'),
  },
];

/** The fields a choice of fund asks for after the choice itself. */
export function fundFields(choice: string | undefined): Field[] {
  if (choice === 'smsf') return SMSF;
  return choice === 'apra' || choice === 'employer_default' ? FUND_BY_USI : [];
}
