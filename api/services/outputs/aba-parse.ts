import { ABA_LINE_END, ABA_RECORD_LENGTH } from './aba-fields.ts';
import {
  AbaFormatError,
  type AbaDescriptiveRecord,
  type AbaDetailRecord,
  type AbaIssue,
  type AbaTotalRecord,
  type ParsedAbaFile,
} from './aba-types.ts';

/** 1-based inclusive positions, as the format is documented. */
const field = (record: string, from: number, to: number): string => record.slice(from - 1, to);

const DIGITS = /^\d+$/;
const BSB = /^\d{3}-\d{3}$/;

/**
 * Reads an ABA file back into records and checks its structure: 120-character records each
 * followed by CRLF, one descriptive record first, detail records, one total record last, and
 * trailer totals and count that agree with the detail records. Throws AbaFormatError listing
 * every problem found.
 */
export function parseAbaFile(text: string): ParsedAbaFile {
  const issues: AbaIssue[] = [];
  const fail = (path: string, message: string) => issues.push({ path, message });

  if (!text.endsWith(ABA_LINE_END)) fail('file', 'must end with CRLF');
  const lines = text.split(ABA_LINE_END);
  if (lines[lines.length - 1] === '') lines.pop();

  lines.forEach((line, i) => {
    if (line.includes('\n') || line.includes('\r')) fail(`record[${i}]`, 'contains a bare CR or LF');
    else if (line.length !== ABA_RECORD_LENGTH) fail(`record[${i}]`, `is ${line.length} characters, expected 120`);
  });
  if (lines.length < 3) fail('file', 'needs a descriptive, at least one detail and a total record');
  if (issues.length) throw new AbaFormatError(issues);

  const first = lines[0];
  const last = lines[lines.length - 1];
  if (first[0] !== '0') fail('record[0]', 'first record must be type 0');
  if (last[0] !== '7') fail(`record[${lines.length - 1}]`, 'last record must be type 7');
  const middle = lines.slice(1, -1);
  middle.forEach((r, i) => {
    if (r[0] !== '1') fail(`record[${i + 1}]`, `expected type 1, found type ${r[0]}`);
  });
  if (issues.length) throw new AbaFormatError(issues);

  const descriptive = readDescriptive(first, fail);
  const details = middle.map((r, i) => readDetail(r, `record[${i + 1}]`, fail));
  const total = readTotal(last, `record[${lines.length - 1}]`, fail);

  const debit = details.filter((d) => d.transaction_code === '13').reduce((a, d) => a + d.amount_cents, 0);
  const credit = details.filter((d) => d.transaction_code !== '13').reduce((a, d) => a + d.amount_cents, 0);
  if (total.credit_total_cents !== credit)
    fail('total.credit_total', `is ${total.credit_total_cents}, detail records sum to ${credit}`);
  if (total.debit_total_cents !== debit)
    fail('total.debit_total', `is ${total.debit_total_cents}, detail records sum to ${debit}`);
  if (total.net_total_cents !== Math.abs(credit - debit)) fail('total.net_total', 'does not equal |credit - debit|');
  if (total.record_count !== details.length)
    fail('total.record_count', `is ${total.record_count}, file has ${details.length} detail records`);

  if (issues.length) throw new AbaFormatError(issues);
  return { descriptive, details, total };
}

type Fail = (path: string, message: string) => void;

function readDescriptive(r: string, fail: Fail): AbaDescriptiveRecord {
  const expectBlank = (from: number, to: number) => {
    if (field(r, from, to).trim() !== '') fail('descriptive', `positions ${from}-${to} must be blank`);
  };
  expectBlank(2, 18);
  expectBlank(24, 30);
  expectBlank(81, 120);
  const reel = field(r, 19, 20);
  if (!DIGITS.test(reel)) fail('descriptive.reel', 'must be 2 digits');
  const apca = field(r, 57, 62);
  if (!/^\d{6}$/.test(apca)) fail('descriptive.apca_user_id', 'must be 6 digits');
  const date = field(r, 75, 80);
  if (!/^\d{6}$/.test(date)) fail('descriptive.processing_date', 'must be DDMMYY');
  return {
    reel,
    bank_code: field(r, 21, 23).trim(),
    user_name: field(r, 31, 56).trimEnd(),
    apca_user_id: apca,
    description: field(r, 63, 74).trimEnd(),
    processing_date: `20${date.slice(4, 6)}-${date.slice(2, 4)}-${date.slice(0, 2)}`,
  };
}

function readDetail(r: string, path: string, fail: Fail): AbaDetailRecord {
  const bsb = field(r, 2, 8);
  if (!BSB.test(bsb)) fail(`${path}.bsb`, 'must be NNN-NNN');
  const account = field(r, 9, 17);
  if (!/^ *\d+$/.test(account)) fail(`${path}.account_number`, 'must be right-justified digits');
  const code = field(r, 19, 20);
  if (!DIGITS.test(code)) fail(`${path}.transaction_code`, 'must be 2 digits');
  const amount = field(r, 21, 30);
  if (!DIGITS.test(amount) || Number(amount) === 0) fail(`${path}.amount`, 'must be zero-filled cents greater than 0');
  const traceBsb = field(r, 81, 87);
  if (!BSB.test(traceBsb)) fail(`${path}.trace_bsb`, 'must be NNN-NNN');
  const traceAccount = field(r, 88, 96);
  if (!/^ *\d+$/.test(traceAccount)) fail(`${path}.trace_account_number`, 'must be right-justified digits');
  const tax = field(r, 113, 120);
  if (!DIGITS.test(tax)) fail(`${path}.withholding_tax`, 'must be zero-filled cents');
  return {
    bsb,
    account_number: account.trim(),
    indicator: field(r, 18, 18).trim(),
    transaction_code: code,
    amount_cents: Number(amount),
    account_title: field(r, 31, 62).trimEnd(),
    lodgement_reference: field(r, 63, 80).trimEnd(),
    trace_bsb: traceBsb,
    trace_account_number: traceAccount.trim(),
    remitter_name: field(r, 97, 112).trimEnd(),
    withholding_tax_cents: Number(tax),
  };
}

function readTotal(r: string, path: string, fail: Fail): AbaTotalRecord {
  if (field(r, 2, 8) !== '999-999') fail(`${path}.bsb`, 'must be 999-999');
  for (const [from, to] of [
    [9, 20],
    [51, 74],
    [81, 120],
  ] as const) {
    if (field(r, from, to).trim() !== '') fail(path, `positions ${from}-${to} must be blank`);
  }
  const num = (from: number, to: number, name: string) => {
    const v = field(r, from, to);
    if (!DIGITS.test(v)) fail(`${path}.${name}`, 'must be zero-filled digits');
    return Number(v);
  };
  return {
    net_total_cents: num(21, 30, 'net_total'),
    credit_total_cents: num(31, 40, 'credit_total'),
    debit_total_cents: num(41, 50, 'debit_total'),
    record_count: num(75, 80, 'record_count'),
  };
}
