// The SAFF contribution file a clearing house or fund takes: the batch's lines with what the fund needs
// to credit each member (TFN, name, date of birth, home address, member number) and the payment it goes
// with (employer ABN and name, payment reference, fund ABN and USI, or an SMSF's bank account and
// electronic service address). What a member lacks is named before a single row is written: a file with
// holes is one a fund rejects or, worse, credits to the wrong person.
import { writeCsv } from '../../lib/csv.ts';
import { sha256Hex } from '../../lib/ids.ts';
import { money, sum } from '../../lib/money.ts';
import { saffColumnRow, saffGroupRow, saffRow, saffVersionRow, type SaffCell } from './saff-columns.ts';
import type { SuperBatchLine } from './super-batch-types.ts';

export interface SaffAddress {
  line1: string;
  line2?: string | null;
  locality: string;
  state?: string | null;
  postcode?: string | null;
  country: string;
}

export interface SaffAccount {
  bsb: string;
  account_number: string;
  account_name: string;
}

/** What the file carries of a member beyond the batch line. The TFN is the raw number, unsealed for the file only. */
export interface SaffMember {
  tfn: string | null;
  address: SaffAddress | null;
  email: string | null;
  /** A self-managed fund's bank account and electronic service address (SMSFs have no USI). */
  smsf_account: SaffAccount | null;
  smsf_esa: string | null;
}

export interface SaffFileInput {
  /** At most 20 letters, digits, `_`, `-` or `.` (the workbook's rule for FILE ID); the same for every copy. */
  file_id: string;
  payment_reference: string;
  payment_date: string;
  employer: {
    abn: string | null;
    name: string;
    contact: { name: string; email: string; phone: string } | null;
    account: SaffAccount | null;
  };
  lines: SuperBatchLine[];
  members: ReadonlyMap<string, SaffMember>;
}

export interface SaffGap {
  employee_id: string;
  employee_name: string;
  /** What is missing, in words ("their tax file number"). */
  missing: string[];
}

export interface SaffReadiness {
  ready: boolean;
  /** What the employer's own details lack. */
  employer_missing: string[];
  members: SaffGap[];
}

const digits = (v: string | null | undefined) => (v ?? '').replace(/\D/g, '');

/** Everything the file needs and does not have, per member and for the employer; ready when nothing is. */
export function saffReadiness(input: Pick<SaffFileInput, 'employer' | 'lines' | 'members'>): SaffReadiness {
  const employerMissing: string[] = [];
  if (digits(input.employer.abn).length !== 11) employerMissing.push("the company's ABN");
  const gaps: SaffGap[] = [];
  for (const l of input.lines) {
    const m = input.members.get(l.employee_id);
    const missing: string[] = [];
    if (!/^\d{8,9}$/.test(digits(m?.tfn))) missing.push('their tax file number');
    if (!l.date_of_birth) missing.push('their date of birth');
    if (!m?.address?.line1?.trim() || !m.address.locality?.trim()) missing.push('their home address');
    else if (m.address.country.toUpperCase() === 'AU' && (!m.address.postcode || !m.address.state))
      missing.push('the state and postcode of their home address');
    if (l.fund.smsf) {
      if (!l.fund.abn) missing.push("their self-managed fund's ABN");
      if (!m?.smsf_account) missing.push("their self-managed fund's bank account");
      if (!m?.smsf_esa) missing.push("their self-managed fund's electronic service address");
    } else {
      if (!l.fund.usi) missing.push(`the USI of ${l.fund.name}`);
      if (!l.member_number) missing.push(`their member number at ${l.fund.name}`);
    }
    if (missing.length) gaps.push({ employee_id: l.employee_id, employee_name: nameOf(l), missing });
  }
  return { ready: !employerMissing.length && !gaps.length, employer_missing: employerMissing, members: gaps };
}

const nameOf = (l: SuperBatchLine) => [l.first_name, l.last_name].filter(Boolean).join(' ');

/** "Ann Lee: their tax file number and their home address." — one sentence per member, for a person to act on. */
export function saffGapsInWords(r: SaffReadiness): string {
  const list = (xs: string[]) => (xs.length > 1 ? `${xs.slice(0, -1).join(', ')} and ${xs[xs.length - 1]}` : xs[0]);
  return [
    ...(r.employer_missing.length ? [`The company needs ${list(r.employer_missing)}.`] : []),
    ...r.members.map((g) => `${g.employee_name} needs ${list(g.missing)}.`),
  ].join(' ');
}

/** Family and given names of a contact typed as one name: the last word is the family name. */
function splitName(full: string): { given: string; family: string } {
  const words = full.trim().split(/\s+/);
  return words.length > 1
    ? { given: words.slice(0, -1).join(' '), family: words[words.length - 1] }
    : { given: '', family: words[0] ?? '' };
}

/** The file: three header rows, then one row per member and fund. Throws when it is not ready (check first). */
export function buildSaffFile(input: SaffFileInput): {
  text: string;
  sha256: string;
  line_count: number;
  total: string;
} {
  const readiness = saffReadiness(input);
  if (!readiness.ready) throw new Error(`SAFF file not ready: ${saffGapsInWords(readiness)}`);
  const abn = digits(input.employer.abn);
  const name = input.employer.name.trim();
  const contact = input.employer.contact;
  const person = contact ? splitName(contact.name) : null;
  const payer = input.employer.account;
  const rows = input.lines.map((l) => {
    const m = input.members.get(l.employee_id)!;
    const a = m.address!;
    const au = a.country.toUpperCase() === 'AU';
    const cells: Partial<Record<SaffCell, string>> = {
      'Line ID|ID': String(l.line_id),
      'Header|SourceEntityID': abn,
      // The ebXML party-id type of an ABN, as the workbook's examples write it.
      'Header|SourceEntityIDType': 'urn:oasis:tc:ebcore:partyid-type:ABN:0151',
      'Sender|ABN': abn,
      'Sender|Organisational Name Text': name,
      'Sender|Family Name': person?.family ?? '',
      'Sender|Given Name': person?.given ?? '',
      'Sender|E-mail Address Text': contact?.email ?? '',
      'Sender|Telephone Minimal Number': contact ? digits(contact.phone.replace(/^\+61/, '0')) : '',
      'Payer|ABN': abn,
      'Payer|Organisational Name Text': name,
      'Payer|BSB Number': payer ? digits(payer.bsb) : '',
      'Payer|Account Number': payer?.account_number ?? '',
      'Payer|Account Name Text': payer?.account_name ?? '',
      'Payee/Receiver|ABN': l.fund.abn ?? '',
      'Payee/Receiver|USI': l.fund.usi ?? '',
      'Payee/Receiver|Organisational Name Text': l.fund.name,
      'Payee/Receiver|TargetElectronicServiceAddress': l.fund.smsf ? (m.smsf_esa ?? '') : '',
      'Payee/Receiver|Payment Method Code': 'DirectCredit',
      'Payee/Receiver|Transaction Date': input.payment_date,
      'Payee/Receiver|Payment/Customer Reference Number': input.payment_reference,
      'Payee/Receiver|Payment Amount': l.total,
      'Payee/Receiver|BSB Number': l.fund.smsf ? digits(m.smsf_account!.bsb) : '',
      'Payee/Receiver|Account Number': l.fund.smsf ? m.smsf_account!.account_number : '',
      'Payee/Receiver|Account Name Text': l.fund.smsf ? m.smsf_account!.account_name : '',
      'Employer|ABN': abn,
      'Employer|Organisational Name Text': name,
      'Super Fund Member Common|TFN': digits(m.tfn),
      'Super Fund Member Common|Family Name': l.last_name,
      'Super Fund Member Common|Given Name': l.first_name,
      // Payrail records no sex: 0 is the standard's "not stated".
      'Super Fund Member Common|Sex Code': '0',
      'Super Fund Member Common|Birth Date': l.date_of_birth ?? '',
      'Super Fund Member Common|Address Usage Code': 'RES',
      'Super Fund Member Common|Address Details Line 1 Text': a.line1.trim(),
      'Super Fund Member Common|Address Details Line 2 Text': a.line2?.trim() ?? '',
      'Super Fund Member Common|Locality Name Text': a.locality.trim(),
      'Super Fund Member Common|Postcode Text': a.postcode?.trim() ?? '',
      'Super Fund Member Common|State or Territory Code': au ? (a.state ?? '').toUpperCase() : '',
      'Super Fund Member Common|Country Code': a.country.toLowerCase(),
      'Super Fund Member Common|E-mail Address Text': m.email ?? '',
      'Super Fund Member Common|Member Client Identifier': l.member_number ?? '',
      'Super Fund Member Common|Payroll Number Identifier': l.employee_id,
      'Super Fund Member Contributions|Pay Period Start Date': l.period_start,
      'Super Fund Member Contributions|Pay Period End Date': l.period_end,
      'Super Fund Member Contributions|Superannuation Guarantee Amount': l.super_guarantee,
      'Super Fund Member Contributions|Personal Contributions Amount': l.personal,
      'Super Fund Member Contributions|Salary Sacrificed Amount': l.salary_sacrifice,
    };
    return saffRow(cells);
  });
  const text = writeCsv([saffVersionRow(input.file_id), saffGroupRow(), saffColumnRow(), ...rows]);
  return {
    text,
    sha256: sha256Hex(text),
    line_count: rows.length,
    total: money(sum(input.lines.map((l) => l.total))),
  };
}
