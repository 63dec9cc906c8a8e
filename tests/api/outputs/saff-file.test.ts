// The SAFF contribution file checked against the ATO's SuperStream alternative file format v1.0 workbook
// (sheet "Alternative File Format": row 1, the group headings of row 2, the 133 column names of row 3 and
// the rules of its cell comments) and the data standard's formats it defers to (saff-spec.ts), and what
// makes a file not ready, said per member in words.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readCsv } from '../../../api/lib/csv.ts';
import { money, sum } from '../../../api/lib/money.ts';
import { buildSuperBatch, type SuperContributionInput } from '../../../api/services/outputs/super-batch.ts';
import {
  buildSaffFile,
  saffGapsInWords,
  saffReadiness,
  type SaffFileInput,
  type SaffMember,
} from '../../../api/services/outputs/saff-file.ts';
import {
  ATO_SAFF_AMOUNT_COLUMNS,
  ATO_SAFF_COLUMN_NAMES,
  ATO_SAFF_CONTRIBUTION_RULES,
  ATO_SAFF_GROUP_HEADINGS,
  ATO_SAFF_ROW_1_LABELS,
  colIndex,
} from './saff-spec.ts';

const australianSuper = { name: 'AustralianSuper', usi: 'STA0100AU', abn: '65714394898' };
const smsf = { name: 'Kay Family Super Fund', abn: '51824753556', smsf: true };
const home = { line1: '7 Home Lane', line2: null, locality: 'Newtown', state: 'NSW', postcode: '2042', country: 'AU' };

const contribution = (over: Partial<SuperContributionInput>): SuperContributionInput => ({
  employee_id: 'emp_1',
  first_name: 'Ann',
  last_name: 'Lee',
  tfn_provided: true,
  date_of_birth: '1990-04-01',
  fund: australianSuper,
  member_number: 'M100',
  super_guarantee: '0.00',
  salary_sacrifice: '0.00',
  personal: '0.00',
  ...over,
});

const member = (over: Partial<SaffMember> = {}): SaffMember => ({
  tfn: '123456782',
  address: home,
  email: 'ann@example.com',
  smsf_account: null,
  smsf_esa: null,
  ...over,
});

function fileInput(contributions: SuperContributionInput[], members: Record<string, SaffMember>): SaffFileInput {
  const batch = buildSuperBatch({
    employer: { name: 'Harbour & Co, Cafés Pty Ltd', abn: '51824753556' },
    pay_run_id: 'pr_2026_07_14',
    period_start: '2026-07-01',
    period_end: '2026-07-14',
    payment_date: '2026-07-16',
    contributions,
  });
  return {
    file_id: 'PRL20260716A1B2C3',
    payment_reference: 'PRL20260716A1B2C3',
    payment_date: '2026-07-16',
    employer: {
      abn: '51824753556',
      name: 'Harbour & Co, Cafés Pty Ltd',
      contact: { name: 'Pat Payroll', email: 'payroll@example.com', phone: '+61 2 9000 0000' },
      account: { bsb: '062-000', account_number: '12345678', account_name: 'Harbour and Co' },
    },
    lines: batch.lines,
    members: new Map(Object.entries(members)),
  };
}

const sample = () =>
  fileInput(
    [
      contribution({ employee_id: 'emp_1', super_guarantee: '360.00', salary_sacrifice: '100.00' }),
      contribution({
        employee_id: 'emp_2',
        first_name: 'Dan',
        last_name: 'Kay',
        fund: smsf,
        member_number: null,
        super_guarantee: '271.33',
      }),
    ],
    {
      emp_1: member(),
      emp_2: member({
        tfn: '876543210',
        smsf_account: { bsb: '062-001', account_number: '99887766', account_name: 'Kay Family Super Fund' },
        smsf_esa: 'smsfdataflow',
      }),
    },
  );

/** The file as a clearing house splits it: CRLF after every record, then RFC 4180 fields. */
function rowsOf(text: string): string[][] {
  assert.ok(text.endsWith('\r\n'), 'the file ends with CRLF');
  assert.ok(!/[^\r]\n/.test(text), 'every record ends with CRLF');
  return readCsv(text);
}

const cell = (row: string[], letters: string) => row[colIndex(letters)] ?? '';

test('rows 1 to 3 are the workbook\'s: VERSION 1.0, negatives not supported, the file id, the group headings and the 133 columns in order (ATO SAFF v1.0, sheet "Alternative File Format")', () => {
  const rows = rowsOf(buildSaffFile(sample()).text);
  const [one, two, three] = rows;
  assert.equal(one[colIndex('A')], ATO_SAFF_ROW_1_LABELS.A);
  assert.equal(one[colIndex('B')], '1.0');
  assert.equal(one[colIndex('C')], ATO_SAFF_ROW_1_LABELS.C);
  assert.equal(one[colIndex('D')], 'false', "'true' or 'false' only; false: no negative amounts");
  assert.equal(one[colIndex('E')], ATO_SAFF_ROW_1_LABELS.E);
  assert.match(one[colIndex('F')], /^[0-9A-Za-z_.-]{1,20}$/, 'FILE ID: at most 20 of 0-9 a-z A-Z _ - .');
  assert.equal(ATO_SAFF_COLUMN_NAMES.length, 133);
  assert.deepEqual(three, ATO_SAFF_COLUMN_NAMES);
  for (const r of rows.slice(1)) assert.equal(r.length, 133, 'every row spans A..EC');
  const headings = two.flatMap((v, i) => (v ? [[i, v] as const] : []));
  assert.deepEqual(
    headings,
    ATO_SAFF_GROUP_HEADINGS.map(([letters, h]) => [colIndex(letters), h]),
  );
});

test('every contribution row holds the mandatory columns in their formats, and amounts add up (SAFF v1.0; data standard formats)', () => {
  const input = sample();
  const file = buildSaffFile(input);
  const rows = rowsOf(file.text).slice(3);
  assert.equal(rows.length, 2, 'one row per member and fund');
  const apra = rows.find((r) => cell(r, 'S') !== '')!;
  for (const [letters, name, format] of ATO_SAFF_CONTRIBUTION_RULES)
    assert.match(cell(apra, letters), format, `${letters} ${name}`);
  for (const r of rows) {
    for (const letters of ATO_SAFF_AMOUNT_COLUMNS) {
      const v = cell(r, letters);
      assert.ok(v === '' || /^\d+\.\d{2}$/.test(v), `${letters} "${v}" is a plain amount`);
    }
    // A row's payment is the sum of its contributions (the workbook's examples: Z = BH + BJ, BH + BK).
    const parts = ['BH', 'BI', 'BJ', 'BK', 'BL', 'BM', 'BN', 'BO'].map((c) => cell(r, c) || '0');
    assert.equal(cell(r, 'Z'), money(sum(parts)));
  }
  assert.deepEqual(
    rows.map((r) => cell(r, 'A')),
    ['1', '2'],
    'Line IDs unique within the file',
  );
  assert.equal(cell(apra, 'AH'), '123456782', 'the TFN the fund needs');
  assert.equal(cell(apra, 'X'), input.payment_reference);
  assert.equal(cell(apra, 'BH'), '360.00');
  assert.equal(cell(apra, 'BK'), '100.00', 'salary sacrificed amount');
  assert.equal(cell(apra, 'AQ'), '7 Home Lane');
  assert.equal(cell(apra, 'AW'), 'NSW');
  assert.equal(cell(apra, 'AX'), 'au');
  assert.equal(cell(apra, 'BB'), 'M100');
  assert.equal(cell(apra, 'G'), 'Harbour & Co, Cafés Pty Ltd', 'a name with a comma survives quoting');
  assert.equal(file.total, '731.33');
  assert.equal(money(sum(rows.map((r) => cell(r, 'Z')))), file.total);
});

test('an SMSF row carries the fund ABN, its bank account and electronic service address, and no USI (reference/au.md)', () => {
  const row = rowsOf(buildSaffFile(sample()).text)
    .slice(3)
    .find((r) => cell(r, 'S') === '')!;
  assert.equal(cell(row, 'R'), '51824753556');
  assert.equal(cell(row, 'U'), 'smsfdataflow');
  assert.equal(cell(row, 'AA'), '062001');
  assert.equal(cell(row, 'AB'), '99887766');
  assert.equal(cell(row, 'AC'), 'Kay Family Super Fund');
  assert.equal(cell(row, 'AH'), '876543210');
});

test('a member without a TFN, date of birth, home address, fund USI or member number makes the file not ready, said in words', () => {
  const input = fileInput(
    [
      contribution({ employee_id: 'emp_1', super_guarantee: '10.00' }),
      contribution({
        employee_id: 'emp_2',
        first_name: 'Bob',
        last_name: 'Ng',
        date_of_birth: null,
        fund: { name: 'Hostplus', usi: null, abn: '68657495890' },
        member_number: null,
        super_guarantee: '20.00',
      }),
    ],
    { emp_1: member(), emp_2: member({ tfn: null, address: null }) },
  );
  const r = saffReadiness(input);
  assert.equal(r.ready, false);
  assert.deepEqual(r.members, [
    {
      employee_id: 'emp_2',
      employee_name: 'Bob Ng',
      missing: [
        'their tax file number',
        'their date of birth',
        'their home address',
        'the USI of Hostplus',
        'their member number at Hostplus',
      ],
    },
  ]);
  assert.equal(
    saffGapsInWords(r),
    'Bob Ng needs their tax file number, their date of birth, their home address, the USI of Hostplus and their member number at Hostplus.',
  );
  assert.throws(() => buildSaffFile(input), /not ready/, 'never half a file');
  const noAbn = saffReadiness({ ...sample(), employer: { ...sample().employer, abn: null } });
  assert.deepEqual(noAbn.employer_missing, ["the company's ABN"]);
});
