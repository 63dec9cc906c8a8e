import { dec, isMoneyString } from '../../lib/money.ts';
import { isIsoDate } from '../../lib/dates.ts';
import { becsText, normaliseAccountNumber, normaliseBsb } from './aba-fields.ts';
import { AbaInputError, type AbaInput, type AbaIssue } from './aba-types.ts';

// Ten digits of cents is the widest amount any ABA field can hold.
const MAX_FIELD_CENTS = 9_999_999_999;

export interface ValidAbaCompany {
  account_name: string;
  bsb: string;
  account_number: string;
  bank_code: string;
  apca_user_id: string;
  remitter_name: string;
}

export interface ValidAbaPayment {
  bsb: string;
  account_number: string;
  account_name: string;
  amount_cents: number;
  reference: string;
}

export interface ValidAbaInput {
  company: ValidAbaCompany;
  description: string;
  processing_date: string;
  payments: ValidAbaPayment[];
  balancing_debit: boolean;
}

/** Checks every field and returns the input in file-ready form, or throws with all problems at once. */
export function validateAbaInput(input: AbaInput): ValidAbaInput {
  const issues: AbaIssue[] = [];
  const fail = (path: string, message: string) => issues.push({ path, message });
  const c = input?.company;

  if (!c) fail('company', 'is required');
  const companyBsb = normaliseBsb(c?.bsb);
  if (c && !companyBsb) fail('company.bsb', 'must be 6 digits (NNNNNN or NNN-NNN)');
  const companyAccount = normaliseAccountNumber(c?.account_number);
  if (c && !companyAccount) fail('company.account_number', 'must be 1 to 9 digits');
  const accountName = becsText(c?.account_name);
  if (c && !accountName) fail('company.account_name', 'is required');
  const bankCode = (c?.bank_code ?? '').trim().toUpperCase();
  if (c && !/^[A-Z]{3}$/.test(bankCode)) fail('company.bank_code', 'must be a 3-letter financial institution code');
  const apca = (c?.apca_user_id ?? '').trim();
  if (c && !/^\d{1,6}$/.test(apca)) fail('company.apca_user_id', 'must be 1 to 6 digits');

  const processingDate = input?.processing_date ?? '';
  if (!isIsoDate(processingDate)) fail('processing_date', 'must be a YYYY-MM-DD date');

  const payments = Array.isArray(input?.payments) ? input.payments : [];
  if (payments.length === 0) fail('payments', 'at least one payment is required');

  const valid: ValidAbaPayment[] = payments.map((p, i) => {
    const path = `payments[${i}]`;
    const bsb = normaliseBsb(p?.bsb);
    if (!bsb) fail(`${path}.bsb`, 'must be 6 digits (NNNNNN or NNN-NNN)');
    const account = normaliseAccountNumber(p?.account_number);
    if (!account) fail(`${path}.account_number`, 'must be 1 to 9 digits');
    const name = becsText(p?.account_name);
    if (!name) fail(`${path}.account_name`, 'is required');
    const cents = amountCents(p?.amount);
    if (cents === null) fail(`${path}.amount`, 'must be a positive amount with at most 2 decimals');
    else if (cents > MAX_FIELD_CENTS) fail(`${path}.amount`, 'exceeds the 10-digit ABA amount field');
    return {
      bsb: bsb ?? '',
      account_number: account ?? '',
      account_name: name,
      amount_cents: cents ?? 0,
      reference: becsText(p?.reference),
    };
  });

  const creditTotal = valid.reduce((acc, p) => acc + p.amount_cents, 0);
  if (creditTotal > MAX_FIELD_CENTS) fail('payments', 'credit total exceeds the 10-digit ABA total field');

  if (issues.length) throw new AbaInputError(issues);

  return {
    company: {
      account_name: accountName,
      bsb: companyBsb!,
      account_number: companyAccount!,
      bank_code: bankCode,
      apca_user_id: apca,
      remitter_name: becsText(c.remitter_name) || accountName,
    },
    description: becsText(input.description ?? 'PAYROLL') || 'PAYROLL',
    processing_date: processingDate,
    payments: valid,
    balancing_debit: input.balancing_debit === true,
  };
}

function amountCents(amount: unknown): number | null {
  if (typeof amount !== 'string' || !isMoneyString(amount.trim())) return null;
  const cents = dec(amount.trim()).times(100);
  return cents.gt(0) && cents.isInteger() ? cents.toNumber() : null;
}
