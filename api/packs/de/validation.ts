// Jurisdiction rules of the DE pack. Each failure names its rule as `<pack version>/<area>/<rule>` so a
// 422 pack_validation_failed can point at the statute it enforces.

import type { RuleViolation } from '../types.ts';
import { isValidBetriebsnummer, isValidSteuernummer, isValidSvnr, isValidTaxId } from './identifiers.ts';
import { isValidIban } from '../../lib/iban.ts';
import { NO_DENOMINATION, isDenomination } from './church-tax.ts';
import { DE_STATES, ONE_OFF_EARNING_TYPES, REGULAR_EARNING_TYPES, type DePayInput } from './pay-types.ts';

/** The employee facts the DE rules look at; every field is optional so partial updates validate too. */
export interface DeEmployeeFacts {
  annual_salary?: string | number | null;
  tax_id?: string | null;
  tax_class?: number | null;
  factor?: string | number | null;
  children?: number | string | null;
  church_tax?: boolean | null;
  state?: string | null;
  iban?: string | null;
  social_security_number?: string | null;
  health_insurance?: { type?: string; additional_rate?: string | number | null; insurer?: unknown } | null;
  church_tax_denomination?: string | null;
}

export interface DeValidationOptions {
  /** Check `annual_salary` (employee records); pay inputs check their earnings instead. */
  requireSalary?: boolean;
  /** Path of the employee object inside the payload, `employee` by default. */
  path?: string;
}

const STATES = new Set<string>(DE_STATES);
const EARNING_TYPES = new Set<string>([...REGULAR_EARNING_TYPES, ...ONE_OFF_EARNING_TYPES]);
const MONEY_RE = /^-?\d+(\.\d{1,2})?$/;

const present = <T>(v: T | null | undefined): v is T => v !== undefined && v !== null && v !== '';

function decimalPlaces(v: string | number): number | null {
  const s = String(v).trim();
  const m = /^-?\d+(?:\.(\d+))?$/.exec(s);
  return m ? (m[1] ?? '').length : null;
}

export function validateDeEmployee(
  version: string,
  e: DeEmployeeFacts,
  options: DeValidationOptions = {},
): RuleViolation[] {
  const base = options.path ?? 'employee';
  const out: RuleViolation[] = [];
  const fail = (rule: string, field: string, message: string) =>
    out.push({ rule: `${version}/${rule}`, path: `${base}.${field}`, message });

  if (options.requireSalary) {
    const salary = present(e.annual_salary) ? Number(e.annual_salary) : NaN;
    if (!(salary > 0))
      fail('employee/salary_required', 'annual_salary', 'An annual salary greater than 0 is required.');
  }
  if (present(e.tax_id) && !isValidTaxId(String(e.tax_id))) {
    fail('tax/tax_id_checksum', 'tax_id', 'Steuer-ID must be 11 digits with a valid structure and check digit.');
  }
  const taxClass = e.tax_class;
  const validClass = typeof taxClass === 'number' && Number.isInteger(taxClass) && taxClass >= 1 && taxClass <= 6;
  if (present(taxClass) && !validClass) fail('tax/tax_class', 'tax_class', 'Tax class must be an integer from 1 to 6.');
  if (present(e.factor)) {
    const f = Number(e.factor);
    const places = decimalPlaces(e.factor);
    if (taxClass !== 4) fail('tax/factor', 'factor', 'The factor method applies to tax class IV only.');
    else if (!(f > 0 && f < 1) || places === null || places > 3) {
      fail('tax/factor', 'factor', 'The factor must be greater than 0 and less than 1, with at most three decimals.');
    }
  }
  if (present(e.children)) {
    const n = Number(e.children);
    if (!Number.isFinite(n) || n < 0 || !Number.isInteger(n * 2)) {
      fail('tax/child_allowance', 'children', 'Child allowances (Kinderfreibeträge) come in steps of 0.5.');
    } else if (n > 0 && validClass && taxClass > 4) {
      fail('tax/child_allowance', 'children', 'Child allowances apply in tax classes I to IV only.');
    }
  }
  if (e.church_tax === true && !(present(e.state) && STATES.has(e.state))) {
    fail('tax/church_tax_state', 'state', 'Church tax needs the employee’s Land (BW, BY, BE, …) to pick 8% or 9%.');
  }
  if (present(e.iban) && !isValidIban(String(e.iban))) {
    fail('bank/iban_checksum', 'iban', 'IBAN check digits do not match (German IBANs have 22 characters).');
  }
  if (present(e.social_security_number) && !isValidSvnr(String(e.social_security_number))) {
    fail(
      'social/svnr_checksum',
      'social_security_number',
      'Sozialversicherungsnummer structure or check digit is invalid.',
    );
  }
  const rate = e.health_insurance?.additional_rate;
  if (present(rate)) {
    const r = Number(rate);
    const places = decimalPlaces(rate);
    if (!(r >= 0 && r <= 5) || places === null || places > 2) {
      fail(
        'social/additional_rate',
        'health_insurance.additional_rate',
        'The additional health rate is a percentage from 0 to 5 with at most two decimals.',
      );
    }
  }
  const denomination = e.church_tax_denomination;
  if (present(denomination) && denomination !== NO_DENOMINATION && !isDenomination(String(denomination))) {
    fail(
      'tax/church_tax_denomination',
      'church_tax_denomination',
      'The church-tax denomination is the ELStAM code (ev, rk, lt, rf, fr, ak, fs, is, ib, iw, jd, jh) or -- for none.',
    );
  }
  const insurer = e.health_insurance?.insurer;
  if (present(insurer)) insurerViolations(insurer, fail);
  return out;
}

/** The statutory health insurer (Krankenkasse): its name and its Betriebsnummer, the number contributions go to. */
function insurerViolations(insurer: unknown, fail: (rule: string, field: string, message: string) => void) {
  const i = typeof insurer === 'object' && insurer !== null ? (insurer as Record<string, unknown>) : null;
  const name = i?.name;
  if (!i || typeof name !== 'string' || !name.trim() || name.length > 200)
    fail(
      'social/insurer_name',
      'health_insurance.insurer.name',
      'The health insurer needs its name (up to 200 characters).',
    );
  const number = i?.betriebsnummer;
  if (!i || !isValidBetriebsnummer(String(number ?? '').replace(/\s+/g, '')))
    fail(
      'social/insurer_betriebsnummer',
      'health_insurance.insurer.betriebsnummer',
      'The health insurer’s Betriebsnummer has 8 digits with a valid check digit.',
    );
}

/** The new statutory fields as they arrive: the denomination lower-cased, the insurer as sent. */
function checkedNewFields(fields: Record<string, unknown>): Pick<DeEmployeeFacts, 'church_tax_denomination'> {
  const d = fields.church_tax_denomination;
  return d === undefined || d === null ? {} : { church_tax_denomination: String(d).trim().toLowerCase() };
}

/** The employer's DE fields on the company record: Betriebsnummer, Steuernummer and the filing period. */
const LEVY_RATE_RE = /^\d{1,2}(\.\d{1,4})?$/;

export function validateDeCompany(version: string, fields: Record<string, unknown>): RuleViolation[] {
  const out: RuleViolation[] = [];
  const fail = (rule: string, field: string, message: string) =>
    out.push({ rule: `${version}/${rule}`, path: field, message });
  const { betriebsnummer, steuernummer, lsta_period } = fields;
  if (present(betriebsnummer) && !isValidBetriebsnummer(String(betriebsnummer).replace(/\s+/g, '')))
    fail('company/betriebsnummer', 'betriebsnummer', 'The Betriebsnummer has 8 digits with a valid check digit.');
  if (present(steuernummer) && !isValidSteuernummer(String(steuernummer).trim()))
    fail(
      'company/steuernummer',
      'steuernummer',
      'The Steuernummer has 13 digits (ELSTER form) or 10–11 digits in the Land’s form, e.g. 143/123/45678.',
    );
  if (present(lsta_period) && !['monthly', 'quarterly', 'annual'].includes(String(lsta_period)))
    fail('company/lsta_period', 'lsta_period', 'The Lohnsteuer-Anmeldung period is monthly, quarterly or annual.');
  const rates = fields.insurer_levy_rates;
  if (Array.isArray(rates)) {
    const seen = new Set<string>();
    rates.forEach((row: Record<string, unknown>, i) => {
      const at = `insurer_levy_rates[${i}]`;
      const number = String(row.betriebsnummer ?? '').replace(/\s+/g, '');
      if (!isValidBetriebsnummer(number))
        fail(
          'company/levy_insurer',
          `${at}.betriebsnummer`,
          'The insurer’s Betriebsnummer has 8 digits with a valid check digit.',
        );
      else if (seen.has(number))
        fail('company/levy_insurer', `${at}.betriebsnummer`, 'Each insurer once: this Betriebsnummer is listed twice.');
      seen.add(number);
      for (const k of ['u1_rate', 'u2_rate'] as const)
        if (present(row[k]) && !(LEVY_RATE_RE.test(String(row[k])) && Number(row[k]) < 10))
          fail(
            'company/levy_rate',
            `${at}.${k}`,
            'A levy rate is a percentage below 10 with up to 4 decimals, e.g. 2.8 or 0.65.',
          );
    });
  }
  return out;
}

/** Rules for one period calculation (stateless calculate and pay-run entries). */
export function validateDePayInput(version: string, input: DePayInput): RuleViolation[] {
  const out: RuleViolation[] = [];
  const earnings = Array.isArray(input.earnings) ? input.earnings : [];
  let positive = false;
  earnings.forEach((earning, i) => {
    if (!EARNING_TYPES.has(earning.type)) {
      out.push({
        rule: `${version}/earnings/earning_type`,
        path: `earnings[${i}].type`,
        message: `Unknown earning type ${earning.type}.`,
      });
    }
    const amount = String(earning.amount);
    if (!MONEY_RE.test(amount)) {
      out.push({
        rule: `${version}/earnings/amount_format`,
        path: `earnings[${i}].amount`,
        message: 'Amounts are decimal strings with at most two decimals.',
      });
    } else if (Number(amount) > 0) {
      positive = true;
    }
  });
  if (!positive) {
    out.push({
      rule: `${version}/employee/salary_required`,
      path: 'earnings',
      message: 'At least one earning with an amount greater than 0 is required.',
    });
  }
  return out.concat(validateDeEmployee(version, input.employee ?? {}));
}

const str = (v: unknown): string | undefined => (v === undefined || v === null ? undefined : String(v));

/**
 * Statutory intake fields as the API receives them (`svnr` or `social_security_number`, numbers or
 * numeric strings); the same rules as validateDeEmployee, without the salary requirement.
 */
export function validateDeStatutory(
  version: string,
  fields: Record<string, unknown>,
  path = 'statutory.de',
): RuleViolation[] {
  const health = fields.health_insurance;
  const additional =
    fields.additional_rate ??
    (health && typeof health === 'object' ? (health as Record<string, unknown>).additional_rate : undefined);
  const taxClass = fields.tax_class;
  return validateDeEmployee(
    version,
    {
      ...checkedNewFields(fields),
      tax_id: str(fields.tax_id),
      iban: str(fields.iban),
      social_security_number: str(fields.svnr ?? fields.social_security_number),
      tax_class: taxClass === undefined || taxClass === null ? undefined : Number(taxClass),
      factor: str(fields.factor),
      children: str(fields.children ?? fields.child_allowances),
      church_tax:
        fields.church_tax === undefined || fields.church_tax === null ? undefined : fields.church_tax === true,
      state: str(fields.state),
      health_insurance: {
        ...(additional === undefined || additional === null ? {} : { additional_rate: str(additional) }),
        ...(health && typeof health === 'object' && 'insurer' in health
          ? { insurer: (health as Record<string, unknown>).insurer }
          : {}),
      },
    },
    { path },
  );
}
