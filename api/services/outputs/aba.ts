import { createHash } from 'node:crypto';
import { ABA_LINE_END, ABA_RECORD_LENGTH, blank, ddmmyy, left, right, zeroFilled } from './aba-fields.ts';
import { ABA_TRANSACTION_CODES, type AbaFile, type AbaInput } from './aba-types.ts';
import { validateAbaInput, type ValidAbaCompany, type ValidAbaInput } from './aba-validate.ts';

export { parseAbaFile } from './aba-parse.ts';
export * from './aba-types.ts';

/** Builds a Cemtex/ABA direct-entry file paying each net amount to its employee account. */
export function buildAbaFile(input: AbaInput): AbaFile {
  const abaInput = validateAbaInput(input);
  const { company } = abaInput;

  const details = abaInput.payments.map((p) =>
    detailRecord(company, {
      bsb: p.bsb,
      account_number: p.account_number,
      code: ABA_TRANSACTION_CODES.pay,
      cents: p.amount_cents,
      title: p.account_name,
      reference: p.reference,
    }),
  );
  const creditTotal = abaInput.payments.reduce((acc, p) => acc + p.amount_cents, 0);

  // Banks that need a self-balancing file expect the funding debit as the last detail record.
  let debitTotal = 0;
  if (abaInput.balancing_debit) {
    debitTotal = creditTotal;
    details.push(
      detailRecord(company, {
        bsb: company.bsb,
        account_number: company.account_number,
        code: ABA_TRANSACTION_CODES.debit,
        cents: debitTotal,
        title: company.account_name,
        reference: abaInput.description,
      }),
    );
  }

  const records = [descriptiveRecord(abaInput), ...details, totalRecord(creditTotal, debitTotal, details.length)];
  for (const r of records) {
    if (r.length !== ABA_RECORD_LENGTH) throw new Error(`ABA record built with ${r.length} characters`);
  }
  const text = records.map((r) => r + ABA_LINE_END).join('');

  return {
    text,
    sha256: createHash('sha256').update(text, 'utf8').digest('hex'),
    record_count: details.length,
    credit_total_cents: creditTotal,
    debit_total_cents: debitTotal,
  };
}

function descriptiveRecord(input: ValidAbaInput): string {
  const c = input.company;
  return [
    '0',
    blank(17),
    '01',
    left(c.bank_code, 3),
    blank(7),
    left(c.account_name, 26),
    zeroFilled(c.apca_user_id, 6),
    left(input.description, 12),
    ddmmyy(input.processing_date),
    blank(40),
  ].join('');
}

interface DetailFields {
  bsb: string;
  account_number: string;
  code: string;
  cents: number;
  title: string;
  reference: string;
}

function detailRecord(company: ValidAbaCompany, d: DetailFields): string {
  return [
    '1',
    d.bsb,
    right(d.account_number, 9),
    ' ',
    d.code,
    zeroFilled(d.cents, 10),
    left(d.title, 32),
    left(d.reference, 18),
    company.bsb,
    right(company.account_number, 9),
    left(company.remitter_name, 16),
    zeroFilled(0, 8),
  ].join('');
}

function totalRecord(creditCents: number, debitCents: number, count: number): string {
  return [
    '7',
    '999-999',
    blank(12),
    zeroFilled(Math.abs(creditCents - debitCents), 10),
    zeroFilled(creditCents, 10),
    zeroFilled(debitCents, 10),
    blank(24),
    zeroFilled(count, 6),
    blank(40),
  ].join('');
}
