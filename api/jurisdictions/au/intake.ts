// AU identifiers arrive here and leave as attestations: a TFN is checked, kept as a keyed hash and
// sealed (the pay event reports it); an account number is sealed (the payment file needs it) with its
// last digits shown.
import {
  validateAccountName,
  validateAccountNumber,
  validateBsb,
  validateTfn,
  validateUsi,
  validateFundChoice,
  splitViolations,
} from '../../packs/au/index.ts';
import type { RuleViolation } from '../../packs/types.ts';
import type { Fields, Sealer } from '../types.ts';
import { AU_MEDICARE_EXEMPTION, AU_RESIDENCY } from './model.ts';
import { isIsoDate } from '../../lib/dates.ts';
import { NO_TFN_REASONS, STP_EMPLOYMENT_BASIS, STP_INCOME_TYPES } from '../../packs/au/stp/pay-event.ts';
import { capabilityNotSupported, packValidationFailed } from '../../lib/errors.ts';

const fail = (v: (RuleViolation | null)[]) => {
  const list = v.filter((x): x is RuleViolation => x !== null);
  if (list.length) throw packValidationFailed(list);
};
const digits = (v: unknown) => String(v ?? '').replace(/[\s-]/g, '');
const oneOf = (list: readonly string[], v: unknown) => list.includes(String(v));

/** Declaration settings the withholding reads: a value it cannot read would silently become a default. */
function declarationViolations(version: string, b: Fields): (RuleViolation | null)[] {
  const rule = (name: string, path: string, message: string): RuleViolation => ({
    rule: `${version}/tax/${name}`,
    path,
    message,
  });
  const present = (k: string) => b[k] !== undefined && b[k] !== null;
  return [
    present('residency') && !oneOf(AU_RESIDENCY, b.residency)
      ? rule('residency', 'residency', `Residency must be one of ${AU_RESIDENCY.join(', ')}.`)
      : null,
    present('medicare_levy_exemption') && !oneOf(AU_MEDICARE_EXEMPTION, b.medicare_levy_exemption)
      ? rule(
          'medicare_levy_exemption',
          'medicare_levy_exemption',
          `Medicare levy exemption must be one of ${AU_MEDICARE_EXEMPTION.join(', ')}.`,
        )
      : null,
    ...(['tax_free_threshold', 'other_employment', 'study_loan'] as const).map((k) =>
      present(k) && typeof b[k] !== 'boolean' ? rule(k, k, `${k} must be true or false.`) : null,
    ),
    // What the single-touch payroll pay event reports for the employee.
    present('no_number_reason') && !oneOf(NO_TFN_REASONS, b.no_number_reason)
      ? rule('no_number_reason', 'no_number_reason', `no_number_reason must be one of ${NO_TFN_REASONS.join(', ')}.`)
      : null,
    present('declaration_date') && !(typeof b.declaration_date === 'string' && isIsoDate(b.declaration_date))
      ? rule('declaration_date', 'declaration_date', 'declaration_date must be a date (YYYY-MM-DD).')
      : null,
    present('income_type') && !oneOf(STP_INCOME_TYPES, b.income_type)
      ? rule('income_type', 'income_type', `income_type must be one of ${STP_INCOME_TYPES.join(', ')}.`)
      : null,
    present('income_country') && !/^[A-Z]{2}$/.test(String(b.income_country))
      ? rule('income_country', 'income_country', 'income_country must be an ISO 3166-1 alpha-2 code, e.g. GB.')
      : null,
    present('employment_basis') && !oneOf(STP_EMPLOYMENT_BASIS, b.employment_basis)
      ? rule(
          'employment_basis',
          'employment_basis',
          `employment_basis must be one of ${STP_EMPLOYMENT_BASIS.join(', ')}.`,
        )
      : null,
    present('medicare_adjustment_children') &&
    !(Number.isInteger(b.medicare_adjustment_children) && Number(b.medicare_adjustment_children) >= 0)
      ? rule(
          'medicare_adjustment_children',
          'medicare_adjustment_children',
          'medicare_adjustment_children must be a whole number, 0 or more.',
        )
      : null,
  ];
}

/** What an employer with a working holiday maker can do while Schedule 15 is not in the pack. */
export const WHM_ALTERNATIVES = [
  'pay the working holiday maker through a payroll that withholds by Schedule 15 and reports income type WHM',
  'keep the employee on their current declaration until Payrail supports working holiday makers',
];

/**
 * A TFN declaration's fields as a patch. A write that quotes a TFN or gives the reason for none is a
 * declaration: dated `today` unless the body gives the day it was made (the 28 days of an application
 * run from it).
 */
export function auTaxPatch(version: string, b: Fields, sealer: Sealer, today: string): Fields {
  const { tfn, governance_reason: _r, effective_from: _e, ...rest } = b;
  fail(declarationViolations(version, rest));
  if (rest.residency === 'working_holiday_maker' || rest.income_type === 'WHM') {
    throw capabilityNotSupported(
      'working_holiday_maker',
      version,
      WHM_ALTERNATIVES,
      'Working holiday maker withholding (Schedule 15, income type WHM) is not in this pack yet.',
    );
  }
  const patch: Fields = {
    ...rest,
    country: String(b.country ?? 'au').toLowerCase(),
    employee_type: b.employee_type ?? 'Employee',
  };
  const declares = (tfn !== undefined && tfn !== null && tfn !== '') || (rest.no_number_reason ?? null) !== null;
  if (rest.declaration_date === undefined && declares) patch.declaration_date = today;
  if (tfn !== undefined && tfn !== null && tfn !== '') {
    fail([validateTfn(version, digits(tfn), 'tfn')]);
    patch.tfn_attested = true;
    patch.tfn_hash = sealer.attest(digits(tfn));
    // Sealed with the service's key: the single-touch payroll pay event must carry the number itself.
    patch.tfn_enc = sealer.encrypt(digits(tfn));
  } else if (tfn === null) {
    patch.tfn_attested = false;
    patch.tfn_hash = null;
    patch.tfn_enc = null;
  }
  return patch;
}

/**
 * Net pay split across accounts: each account number sealed like the single one, shown by its last 4
 * digits. The last account (the one that takes the remainder) is also kept as the employee's account,
 * so the payslip and anything reading one account see the main one.
 */
function auSplitsPatch(version: string, b: Fields, sealer: Sealer): Fields {
  const single = ['bank_bsb', 'bank_account_number', 'bank_account_name'].filter((k) => b[k] !== undefined);
  fail([
    ...single.map((k) => ({
      rule: `${version}/bank/splits_or_single`,
      path: k,
      message: 'Send either one account (bank_bsb, bank_account_number, bank_account_name) or splits, not both.',
    })),
    ...splitViolations(version, b.splits),
  ]);
  const { splits: _s, governance_reason: _r, effective_from: _e, ...rest } = b;
  const splits = (b.splits as Fields[]).map((s, i, all) => {
    const bsb = digits(s.bsb);
    const account = digits(s.account_number);
    const last = i === all.length - 1;
    return {
      bsb: `${bsb.slice(0, 3)}-${bsb.slice(3)}`,
      account_enc: sealer.encrypt(account),
      account_last4: account.slice(-4),
      account_name: String(s.account_name).trim(),
      amount: last || s.amount === undefined ? null : (s.amount as string),
      percent: last || s.percent === undefined ? null : (s.percent as string),
    };
  });
  const main = splits[splits.length - 1];
  return {
    ...rest,
    country: String(b.country ?? 'au').toLowerCase(),
    bsb: main.bsb,
    account_enc: main.account_enc,
    account_last3: main.account_last4.slice(-3),
    account_name: main.account_name,
    // One account is no split: kept as the single account.
    splits: splits.length > 1 ? splits : null,
  };
}

export function auBankPatch(version: string, b: Fields, sealer: Sealer): Fields {
  if (b.splits !== undefined && b.splits !== null) return auSplitsPatch(version, b, sealer);
  const bsb = b.bank_bsb === undefined ? undefined : digits(b.bank_bsb);
  const account = b.bank_account_number === undefined ? undefined : digits(b.bank_account_number);
  fail([
    bsb !== undefined ? validateBsb(version, bsb, 'bank_bsb') : null,
    account !== undefined ? validateAccountNumber(version, account, 'bank_account_number') : null,
    b.bank_account_name !== undefined ? validateAccountName(version, b.bank_account_name, 'bank_account_name') : null,
  ]);
  const {
    bank_bsb: _b,
    bank_account_number: _a,
    bank_account_name,
    governance_reason: _r,
    effective_from: _e,
    splits: _s,
    ...rest
  } = b;
  const patch: Fields = { ...rest, country: String(b.country ?? 'au').toLowerCase() };
  // A new single account, or `splits: null`, ends a split: all pay goes to one account again.
  if (bsb !== undefined || account !== undefined || b.splits === null) patch.splits = null;
  if (bsb !== undefined) patch.bsb = `${bsb.slice(0, 3)}-${bsb.slice(3)}`;
  if (account !== undefined) {
    patch.account_enc = sealer.encrypt(account);
    patch.account_last3 = account.slice(-3);
  }
  if (bank_account_name !== undefined) patch.account_name = bank_account_name;
  return patch;
}

/** The account is attested once BSB, number and name are all present. */
export const bankAttested = (bank: Fields) => !!(bank.bsb && bank.account_enc && bank.account_name);

export function auPensionPatch(version: string, b: Fields, sealer: Sealer): Fields {
  fail([
    b.super_usi ? validateUsi(version, b.super_usi, 'super_usi') : null,
    b.smsf_bsb !== undefined ? validateBsb(version, digits(b.smsf_bsb), 'smsf_bsb') : null,
    b.smsf_account_number !== undefined
      ? validateAccountNumber(version, digits(b.smsf_account_number), 'smsf_account_number')
      : null,
    ...validateFundChoice(version, b),
  ]);
  const { super_member_number, smsf_account_number, smsf_bsb, governance_reason: _r, effective_from: _e, ...rest } = b;
  const patch: Fields = { ...rest, country: String(b.country ?? 'au').toLowerCase() };
  if (super_member_number !== undefined) {
    patch.member_number_attested = !!super_member_number;
    patch.member_number_last3 = String(super_member_number).slice(-3);
    patch.member_number_enc = sealer.encrypt(String(super_member_number));
  }
  if (smsf_bsb !== undefined) patch.smsf_bsb = digits(smsf_bsb);
  if (smsf_account_number !== undefined) {
    patch.smsf_account_enc = sealer.encrypt(digits(smsf_account_number));
    patch.smsf_account_last3 = digits(smsf_account_number).slice(-3);
  }
  const smsf = patch.smsf_account_name ?? rest.smsf_account_name;
  if (smsf && patch.smsf_account_enc) patch.smsf_attested = true;
  // A new choice replaces the fund paid before: an old USI or SMSF must not keep receiving payday super.
  if (b.fund_choice === 'smsf' || b.fund_choice === 'stapled_requested') {
    patch.super_usi = null;
    if (b.fund_choice === 'stapled_requested') patch.smsf_attested = false;
  } else if (b.fund_choice === 'apra' || b.fund_choice === 'employer_default') patch.smsf_attested = false;
  return patch;
}
