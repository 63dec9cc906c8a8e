// Identifier and period rules. Each check returns a RuleViolation (422 pack_validation_failed with
// the rule reference) or null. Raw identifiers are checked here and never echoed in messages.
import { isIsoDate } from '../../lib/dates.ts';
import type { RuleViolation } from '../types.ts';
import { getAuVersion, versionFor } from './registry.ts';

const TFN_WEIGHTS = [1, 4, 3, 7, 5, 8, 6, 9, 10];
const ABN_WEIGHTS = [10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19];

/** People type identifiers with spaces or hyphens; the check digits are over the digits alone. */
const compact = (value: unknown): string => (typeof value === 'string' ? value.replace(/[\s-]/g, '') : '');

const violation = (version: string, rule: string, path: string, message: string): RuleViolation => ({
  rule: `${version}/${rule}`,
  path,
  message,
});

const digitsOf = (s: string) => [...s].map(Number);

/** 9 digits (8 for legacy numbers, which use the first 8 weights); weighted sum divisible by 11. */
export function isValidTfn(value: unknown): boolean {
  const tfn = compact(value);
  if (!/^\d{8,9}$/.test(tfn) || /^0+$/.test(tfn)) return false;
  const total = digitsOf(tfn).reduce((acc, d, i) => acc + d * TFN_WEIGHTS[i], 0);
  return total % 11 === 0;
}

/** 11 digits; subtract 1 from the first; weighted sum divisible by 89. */
export function isValidAbn(value: unknown): boolean {
  const abn = compact(value);
  if (!/^\d{11}$/.test(abn)) return false;
  const digits = digitsOf(abn);
  digits[0] -= 1;
  return digits.reduce((acc, d, i) => acc + d * ABN_WEIGHTS[i], 0) % 89 === 0;
}

export function validateTfn(version: string, value: unknown, path = 'tfn'): RuleViolation | null {
  return isValidTfn(value)
    ? null
    : violation(
        version,
        'tax/tfn_checksum',
        path,
        'Tax file number is not a valid TFN (8 or 9 digits with a valid check digit)',
      );
}

export function validateAbn(version: string, value: unknown, path = 'abn'): RuleViolation | null {
  return isValidAbn(value)
    ? null
    : violation(version, 'company/abn_checksum', path, 'ABN must be 11 digits with a valid check sum');
}

/** BSB as 6 digits, written NNN-NNN or NNNNNN. */
export function validateBsb(version: string, value: unknown, path = 'bsb'): RuleViolation | null {
  const ok = typeof value === 'string' && /^\d{3}-?\d{3}$/.test(value.trim());
  return ok ? null : violation(version, 'bank/bsb_format', path, 'BSB must be 6 digits, written NNN-NNN');
}

/** The form the ABA file and payslips show. Assumes a BSB that passed validateBsb. */
export const formatBsb = (bsb: string): string => {
  const digits = compact(bsb);
  return `${digits.slice(0, 3)}-${digits.slice(3)}`;
};

export function validateAccountNumber(version: string, value: unknown, path = 'account_number'): RuleViolation | null {
  const ok = typeof value === 'string' && /^\d{5,9}$/.test(value.trim());
  return ok ? null : violation(version, 'bank/account_number_format', path, 'Account number must be 5 to 9 digits');
}

export function validateAccountName(version: string, value: unknown, path = 'account_name'): RuleViolation | null {
  const ok = typeof value === 'string' && value.trim() !== '';
  return ok ? null : violation(version, 'bank/account_name_required', path, 'Account name is required');
}

/** A USI is a SPIN (e.g. ABC1234AU) or the fund's ABN followed by 3 digits. SMSFs have none. */
export function validateUsi(version: string, value: unknown, path = 'usi'): RuleViolation | null {
  const usi = typeof value === 'string' ? value.trim().toUpperCase() : '';
  const isSpin = /^[A-Z]{3}\d{4}[A-Z]{2}$/.test(usi);
  const isAbnBased = /^\d{14}$/.test(usi) && isValidAbn(usi.slice(0, 11));
  return isSpin || isAbnBased
    ? null
    : violation(
        version,
        'super/usi_format',
        path,
        'USI must be a SPIN (e.g. ABC1234AU) or the fund ABN followed by 3 digits',
      );
}

/** A pay run is refused, never calculated, when its payment date is outside the pinned version. */
export function checkPayDate(version: string, paymentDate: string, path = 'payment_date'): RuleViolation | null {
  const { effective } = getAuVersion(version);
  const rule = 'period/outside_effective_range';
  if (!isIsoDate(paymentDate)) {
    return violation(version, rule, path, `Payment date ${String(paymentDate)} is not a valid YYYY-MM-DD date`);
  }
  if (effective.from <= paymentDate && paymentDate <= effective.to) return null;
  const covering = versionFor(paymentDate);
  const hint = covering ? `${covering.version} covers it` : 'no AU pack version covers it';
  return violation(
    version,
    rule,
    path,
    `Payment date ${paymentDate} is outside ${version} (${effective.from} to ${effective.to}); ${hint}`,
  );
}

/**
 * How an employee's super is paid (choice of fund): an APRA fund they name by its USI, their self-managed
 * fund (ABN, electronic service address and bank account: an SMSF has no USI), the employer's default fund
 * (named by its USI), or the stapled fund the employer has asked the ATO for and does not know yet.
 */
export const FUND_CHOICES = ['apra', 'smsf', 'employer_default', 'stapled_requested'] as const;

/** An SMSF's electronic service address alias, as its provider publishes it: letters, digits, `.`, `_`, `-`. */
const ESA = /^[A-Za-z0-9._-]{2,40}$/;

/** The choice-of-fund rules on a pension body: the choice named, and what that choice needs sent with it. */
export function validateFundChoice(version: string, b: Record<string, unknown>): RuleViolation[] {
  const choice = b.fund_choice;
  const given = (k: string) => b[k] !== undefined && b[k] !== null && String(b[k]).trim() !== '';
  const out: (RuleViolation | null)[] = [];
  if (given('smsf_abn') && !isValidAbn(b.smsf_abn))
    out.push(
      violation(
        version,
        'super/smsf_abn_checksum',
        'smsf_abn',
        'The fund’s ABN must be 11 digits with a valid check sum',
      ),
    );
  if (given('smsf_esa') && !ESA.test(String(b.smsf_esa).trim()))
    out.push(
      violation(
        version,
        'super/smsf_esa_format',
        'smsf_esa',
        'The electronic service address is the alias its provider publishes, e.g. ESAS',
      ),
    );
  if (choice === undefined || choice === null) return out.filter((v): v is RuleViolation => v !== null);
  if (!(FUND_CHOICES as readonly unknown[]).includes(choice)) {
    out.push(
      violation(version, 'super/fund_choice', 'fund_choice', `fund_choice must be one of ${FUND_CHOICES.join(', ')}`),
    );
  } else if (choice === 'apra' || choice === 'employer_default') {
    for (const k of ['super_fund_name', 'super_usi'])
      if (!given(k))
        out.push(violation(version, 'super/fund_required', k, 'A fund paid by USI needs its name and USI'));
  } else if (choice === 'smsf') {
    for (const k of ['smsf_abn', 'smsf_esa', 'smsf_bsb', 'smsf_account_number', 'smsf_account_name'])
      if (!given(k))
        out.push(
          violation(
            version,
            'super/smsf_details',
            k,
            'A self-managed fund needs its ABN, electronic service address and bank account',
          ),
        );
  }
  return out.filter((v): v is RuleViolation => v !== null);
}
