import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import {
  AbaFormatError,
  AbaInputError,
  buildAbaFile,
  parseAbaFile,
  type AbaInput,
} from '../../../api/services/outputs/aba.ts';

const company = {
  account_name: 'Acme Pty Ltd',
  bsb: '032-000',
  account_number: '123456',
  bank_code: 'WBC',
  apca_user_id: '301500',
};

const input = (over: Partial<AbaInput> = {}): AbaInput => ({
  company,
  processing_date: '2025-07-15',
  payments: [
    {
      bsb: '062000',
      account_number: '12345678',
      account_name: 'Jane Citizen',
      amount: '1234.56',
      reference: 'Pay 15 Jul',
    },
    {
      bsb: '083-170',
      account_number: '987654321',
      account_name: 'John Smith',
      amount: '0.05',
      reference: 'Pay 15 Jul',
    },
  ],
  ...over,
});

/** Records without their CRLF, after checking every one has exactly that ending. */
function records(text: string): string[] {
  assert.ok(text.endsWith('\r\n'), 'file ends with CRLF');
  const parts = text.split('\r\n');
  assert.equal(parts.pop(), '');
  for (const r of parts) assert.ok(!r.includes('\n') && !r.includes('\r'), 'no bare line breaks');
  return parts;
}

/** 1-based inclusive slice, matching the positions in the ABA description. */
const pos = (record: string, from: number, to: number) => record.slice(from - 1, to);

test('every record is exactly 120 characters followed by CRLF', () => {
  const file = buildAbaFile(input({ balancing_debit: true }));
  const recs = records(file.text);
  assert.equal(recs.length, 5);
  for (const r of recs) assert.equal(r.length, 120);
  assert.equal(file.text.length, 5 * 122);
});

test('descriptive record fields sit at their documented positions', () => {
  const [r] = records(buildAbaFile(input({ description: 'Payroll Jul' })).text);
  assert.equal(pos(r, 1, 1), '0');
  assert.equal(pos(r, 2, 18), ' '.repeat(17));
  assert.equal(pos(r, 19, 20), '01');
  assert.equal(pos(r, 21, 23), 'WBC');
  assert.equal(pos(r, 24, 30), ' '.repeat(7));
  assert.equal(pos(r, 31, 56), 'ACME PTY LTD'.padEnd(26));
  assert.equal(pos(r, 57, 62), '301500');
  assert.equal(pos(r, 63, 74), 'PAYROLL JUL'.padEnd(12));
  assert.equal(pos(r, 75, 80), '150725');
  assert.equal(pos(r, 81, 120), ' '.repeat(40));
});

test('detail record fields sit at their documented positions', () => {
  const [, r] = records(buildAbaFile(input()).text);
  assert.equal(pos(r, 1, 1), '1');
  assert.equal(pos(r, 2, 8), '062-000');
  assert.equal(pos(r, 9, 17), ' 12345678');
  assert.equal(pos(r, 18, 18), ' ');
  assert.equal(pos(r, 19, 20), '53');
  assert.equal(pos(r, 21, 30), '0000123456');
  assert.equal(pos(r, 31, 62), 'JANE CITIZEN'.padEnd(32));
  assert.equal(pos(r, 63, 80), 'PAY 15 JUL'.padEnd(18));
  assert.equal(pos(r, 81, 87), '032-000');
  assert.equal(pos(r, 88, 96), '   123456');
  assert.equal(pos(r, 97, 112), 'ACME PTY LTD'.padEnd(16));
  assert.equal(pos(r, 113, 120), '00000000');
});

test('the APCA user id is zero-filled and the remitter name can differ from the account name', () => {
  const file = buildAbaFile(input({ company: { ...company, apca_user_id: '1234', remitter_name: 'Acme Payroll' } }));
  const [h, d] = records(file.text);
  assert.equal(pos(h, 57, 62), '001234');
  assert.equal(pos(d, 97, 112), 'ACME PAYROLL'.padEnd(16));
});

test('trailer carries net, credit and debit totals and the count of detail records', () => {
  const file = buildAbaFile(input());
  const recs = records(file.text);
  const t = recs[recs.length - 1];
  assert.equal(pos(t, 1, 1), '7');
  assert.equal(pos(t, 2, 8), '999-999');
  assert.equal(pos(t, 9, 20), ' '.repeat(12));
  assert.equal(pos(t, 21, 30), '0000123461');
  assert.equal(pos(t, 31, 40), '0000123461');
  assert.equal(pos(t, 41, 50), '0000000000');
  assert.equal(pos(t, 51, 74), ' '.repeat(24));
  assert.equal(pos(t, 75, 80), '000002');
  assert.equal(pos(t, 81, 120), ' '.repeat(40));
  assert.equal(file.record_count, 2);
  assert.equal(file.credit_total_cents, 123461);
  assert.equal(file.debit_total_cents, 0);
});

test('a balancing debit from the company account nets the file to zero', () => {
  const file = buildAbaFile(input({ balancing_debit: true }));
  const parsed = parseAbaFile(file.text);
  const last = parsed.details[parsed.details.length - 1];
  assert.equal(last.transaction_code, '13');
  assert.equal(last.bsb, '032-000');
  assert.equal(last.account_number, '123456');
  assert.equal(last.amount_cents, 123461);
  assert.equal(last.account_title, 'ACME PTY LTD');
  assert.deepEqual(parsed.total, {
    net_total_cents: 0,
    credit_total_cents: 123461,
    debit_total_cents: 123461,
    record_count: 3,
  });
  assert.equal(file.record_count, 3);
  assert.equal(file.debit_total_cents, 123461);
});

test('parser reads back what was written', () => {
  const parsed = parseAbaFile(buildAbaFile(input()).text);
  assert.deepEqual(parsed.descriptive, {
    reel: '01',
    bank_code: 'WBC',
    user_name: 'ACME PTY LTD',
    apca_user_id: '301500',
    description: 'PAYROLL',
    processing_date: '2025-07-15',
  });
  assert.deepEqual(parsed.details[1], {
    bsb: '083-170',
    account_number: '987654321',
    indicator: '',
    transaction_code: '53',
    amount_cents: 5,
    account_title: 'JOHN SMITH',
    lodgement_reference: 'PAY 15 JUL',
    trace_bsb: '032-000',
    trace_account_number: '123456',
    remitter_name: 'ACME PTY LTD',
    withholding_tax_cents: 0,
  });
});

test('a known small file matches the hand-built expected bytes', () => {
  const expected =
    '0                 01WBC       ACME PTY LTD              301500PAYROLL     150725                                        \r\n' +
    '1062-000 12345678 530000123456JANE CITIZEN                    PAY 15 JUL        032-000   123456ACME PTY LTD    00000000\r\n' +
    '1083-170987654321 530000000005JOHN SMITH                      PAY 15 JUL        032-000   123456ACME PTY LTD    00000000\r\n' +
    '7999-999            000012346100001234610000000000                        000002                                        \r\n';
  const file = buildAbaFile(input());
  assert.equal(file.text, expected);
  assert.equal(file.sha256, createHash('sha256').update(expected).digest('hex'));
});

test('text fields are upper-cased, folded to the BECS set and cut to width', () => {
  const file = buildAbaFile(
    input({
      payments: [
        {
          bsb: '062-000',
          account_number: '1',
          account_name: 'Zoë O’Brien-Müller <héllo@example.com> and a very long trailing name',
          amount: '10',
          reference: 'ref#42 "July" ✓ extra words here',
        },
      ],
    }),
  );
  const d = parseAbaFile(file.text).details[0];
  assert.equal(d.account_title, 'ZOE OBRIEN-MULLER HELLOEXAMPLE.C');
  assert.match(d.account_title, /^[A-Z0-9 &'()*+,\-./:;?]*$/);
  assert.equal(d.lodgement_reference, 'REF42 JULY EXTRA W');
  assert.equal(d.amount_cents, 1000);
});

test('invalid input is rejected with every problem listed', () => {
  assert.throws(
    () =>
      buildAbaFile({
        company: { ...company, bsb: '03200', bank_code: 'W1', apca_user_id: '', account_name: '  ' },
        processing_date: '2025-02-30',
        payments: [
          { bsb: '06-2000', account_number: '12345678', account_name: 'A', amount: '10.00', reference: '' },
          { bsb: '062000', account_number: '1234567890', account_name: 'B', amount: '0.00', reference: '' },
          { bsb: '062000', account_number: '12-345', account_name: '', amount: '-5.00', reference: '' },
          { bsb: '062000', account_number: '123', account_name: 'C', amount: '1.234', reference: '' },
        ],
      }),
    (err: unknown) => {
      assert.ok(err instanceof AbaInputError);
      const paths = err.issues.map((i) => i.path).sort();
      assert.deepEqual(paths, [
        'company.account_name',
        'company.apca_user_id',
        'company.bank_code',
        'company.bsb',
        'payments[0].bsb',
        'payments[1].account_number',
        'payments[1].amount',
        'payments[2].account_name',
        'payments[2].account_number',
        'payments[2].amount',
        'payments[3].amount',
        'processing_date',
      ]);
      return true;
    },
  );
});

test('missing company or payments are input errors, not crashes', () => {
  assert.throws(
    () => buildAbaFile({ processing_date: '2025-07-15', payments: [] } as unknown as AbaInput),
    AbaInputError,
  );
  assert.throws(
    () => buildAbaFile(input({ payments: [] })),
    (e: unknown) => e instanceof AbaInputError && e.issues[0].path === 'payments',
  );
});

test('amounts beyond the 10-digit field are refused', () => {
  assert.throws(
    () =>
      buildAbaFile(
        input({
          payments: [{ bsb: '062000', account_number: '1', account_name: 'X', amount: '100000000.00', reference: '' }],
        }),
      ),
    AbaInputError,
  );
});

test('parser rejects malformed files', () => {
  const good = buildAbaFile(input()).text;
  assert.throws(() => parseAbaFile(good.replace(/\r\n/g, '\n')), AbaFormatError);
  assert.throws(() => parseAbaFile(good.slice(0, -2)), AbaFormatError);
  const recs = records(good);
  const short = [recs[0].slice(0, 119), ...recs.slice(1)].map((r) => r + '\r\n').join('');
  assert.throws(() => parseAbaFile(short), /119 characters/);
  const badCount = good.replace('000002' + ' '.repeat(40), '000003' + ' '.repeat(40));
  assert.throws(() => parseAbaFile(badCount), /record_count/);
  const badCredit = good.replace('00001234610000123461', '00001234610000123462');
  assert.throws(() => parseAbaFile(badCredit), /credit_total/);
  const noTrailer = recs
    .slice(0, -1)
    .map((r) => r + '\r\n')
    .join('');
  assert.throws(() => parseAbaFile(noTrailer), /type 7/);
});
