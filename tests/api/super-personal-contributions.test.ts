// What goes into an employee's super fund from their own pay, and what does not. An employee's voluntary
// contribution from pay after tax (the PERSONAL_SUPER pay item) is paid into their fund with the employer's
// contributions: the SAFF v1.0 "Personal Contributions Amount" (ATO, SuperStream alternative file format),
// and STP does not report it (STP Phase 2 employer reporting guidelines, "Deductions": only types F, W, D and
// G are reported). Salary sacrificed for other benefits (STP salary sacrifice type O, a novated lease say)
// leaves the pay before tax like salary sacrificed into super (type S), but is never paid to the fund.
//
// Worked figures: $78,000 a year, fortnightly: $3,000.00 gross, all ordinary time earnings. Super guarantee
// 12 % of $3,000.00 = $360.00 (SGAA s 19, from 1 July 2025). Sacrificed into super $200.00 and for a car
// $150.00: taxable $2,650.00. Personal contribution $100.00 after tax. Into the fund: 360 + 200 + 100 = $660.00.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestApi, REASON, type CallOpts, type TestApi } from '../helpers/api.ts';
import {
  draftRun,
  entriesOf,
  expectStatus,
  fortnight,
  runPath,
  runToFinalised,
  type TenantRef,
} from '../helpers/payroll-fixtures.ts';
import { DECLARATION, hireWithAddress, payloadOf, stpTenant, submit } from './lodgement/stp-fixtures.ts';
import { readCsv } from '../../api/lib/csv.ts';
import { ATO_SAFF_COLUMN_NAMES } from './outputs/saff-spec.ts';

const LEASE = 'Harbour Novated Leasing';
let api: TestApi;
let t: TenantRef;
let ann: string;
let run: string;
let entry: any;

const post = (p: string, opts: CallOpts = {}) => api.call('POST', p, { body: {}, reason: REASON, ...opts });

before(async () => {
  api = await startTestApi();
  t = await stpTenant(api);
  ann = await hireWithAddress(api, t, {
    first_name: 'Ann',
    last_name: 'Lee',
    pay_frequency: 'fortnightly',
    annual_salary: 78_000,
    tfn: '123456782',
  });
  const draft = await draftRun(api, t, fortnight(0));
  run = draft.id;
  expectStatus(
    await post(runPath(t, run, '/entries'), {
      body: {
        employee_id: ann,
        items: [
          { type: 'deduction', code: 'PERSONAL_SUPER', amount: '100.00' },
          { type: 'salary_sacrifice', code: 'SACRIFICE_SUPER', amount: '200.00' },
          { type: 'salary_sacrifice', code: 'SACRIFICE_OTHER', amount: '150.00', paid_to: LEASE },
        ],
      },
    }),
    200,
    'entry items',
  );
  await runToFinalised(api, t, run);
  entry = (await entriesOf(api, t, run)).find((e) => e.employee_id === ann);
});
after(() => api.close());

test('the pay: both sacrifices come off before tax, the personal contribution after it; the fund gets $660.00', () => {
  assert.equal(entry.gross, '3000.00');
  const lines = entry.lines
    .filter((l: any) =>
      ['salary_sacrifice', 'salary_sacrifice_other', 'personal_super', 'super_guarantee'].includes(l.type),
    )
    .map((l: any) => [l.type, l.amount]);
  assert.deepEqual(lines, [
    ['salary_sacrifice', '-200.00'],
    ['salary_sacrifice_other', '-150.00'],
    ['personal_super', '-100.00'],
    ['super_guarantee', '360.00'],
  ]);
  assert.equal(entry.super, '660.00', 'the guarantee, the sacrifice into super and the personal contribution');
  const net = 3000_00 - 200_00 - 150_00 - Math.round(Number(entry.tax) * 100) - 100_00;
  assert.equal(Math.round(Number(entry.net) * 100), net);
});

test('the payslip names where each amount went (Fair Work Regulations 2009 r 3.46 (1) (g), (i))', async () => {
  const slip = expectStatus(await api.call('GET', runPath(t, run, `/payslips/${ann}`)), 200, 'payslip').data;
  const deductions = Object.fromEntries(slip.deductions.map((d: any) => [d.label, d.amount]));
  assert.equal(deductions['Salary sacrifice to super \u2014 paid to AustralianSuper'], '200.00');
  assert.equal(deductions[`Salary sacrifice (other benefits) \u2014 paid to ${LEASE}`], '150.00');
  assert.equal(deductions['Personal super contribution (after tax) \u2014 paid to AustralianSuper'], '100.00');
});

test('the super batch and its SAFF file carry each contribution in its own column', async () => {
  const batch = expectStatus(await post(runPath(t, run, '/super-batch')), 200, 'batch').data;
  const line = batch.lines.find((l: any) => l.employee_id === ann);
  assert.deepEqual(
    [line.super_guarantee, line.salary_sacrifice, line.personal, line.total],
    ['360.00', '200.00', '100.00', '660.00'],
  );
  assert.equal(batch.totals.personal_total, '100.00');
  const file = await post(runPath(t, run, '/super-file'));
  assert.equal(file.status, 200, file.text);
  const [row] = readCsv(file.text).slice(3);
  const at = (name: string) => row![ATO_SAFF_COLUMN_NAMES.indexOf(name)];
  assert.equal(at('Superannuation Guarantee Amount'), '360.00');
  assert.equal(at('Salary Sacrificed Amount'), '200.00');
  assert.equal(at('Personal Contributions Amount'), '100.00');
  assert.equal(at('Voluntary Amount'), '', 'employer voluntary contributions: none are paid');
});

test('the liability owed to the fund is the same $660.00', async () => {
  const lines = expectStatus(await api.call('GET', `/v1/tenants/${t.id}/super/liabilities`), 200).data;
  const mine = lines.filter((l: any) => l.pay_run_id === run);
  assert.deepEqual(
    mine.map((l: any) => [l.super_guarantee, l.salary_sacrifice, l.personal, l.total]),
    [['360.00', '200.00', '100.00', '660.00']],
  );
});

test('the pay event reports both sacrifices by type and no personal contribution', async () => {
  const l = expectStatus(await submit(api, t, run, { body: { declaration: DECLARATION } }), 202, 'submit').data;
  const payee = (await payloadOf(api, t, l.id)).json.PAYEVNTEMP[0].Payee;
  const period = payee.RemunerationIncomeTaxPayAsYouGoWithholding.PayrollPeriod;
  const sacrifices = period.RemunerationCollection[0].SalarySacrificeCollection.map((x: any) => [x.TypeC, x.PaymentA]);
  assert.deepEqual(sacrifices.sort(), [
    ['O', '150.00'],
    ['S', '200.00'],
  ]);
  assert.deepEqual(period.DeductionCollection, []);
});
