// What an AU payslip must and must not say, through the API, against the Fair Work Regulations 2009 (Cth):
// r 3.46 (the content: hours, each amount and deduction with the fund or account it went into, super contributions
// with the fund), r 3.47 (family and domestic violence leave is not named: it is shown as hours worked) and r 3.48.
// Each rule is checked on the JSON payslip and on the PDF's text (pdftotext), which render the same lines.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startTestApi, REASON, type TestApi } from '../helpers/api.ts';
import {
  createTenant,
  draftRun,
  entriesOf,
  expectStatus,
  hireAu,
  runPath,
  runToFinalised,
  type TenantRef,
} from '../helpers/payroll-fixtures.ts';

let api: TestApi;
let t: TenantRef;
let emp: string;
let pending: string;
let slip: any;
let pendingSlip: any;
let pdfText: string;
let engineLines: any[];

const FORTNIGHT = { period_start: '2026-11-30', period_end: '2026-12-13', payment_date: '2026-12-16' };
const UNION = 'Shop, Distributive and Allied Employees Association';

before(async () => {
  api = await startTestApi();
  t = await createTenant(api, { jurisdiction: 'AU' });
  // $79,040 a year on 38 hours: $40.00 an hour, $3,040.00 a fortnight (76 hours). Super fund: AustralianSuper.
  emp = await hireAu(api, t, { pay_frequency: 'fortnightly', annual_salary: 79_040, start_date: '2020-01-01' });
  expectStatus(
    await api.call('POST', `/v1/tenants/${t.id}/leave/configure`, {
      body: { employee_id: emp, opening_balances: { annual: 152, personal: 76 }, leave_loading: true },
      reason: REASON,
    }),
    201,
    'configure leave',
  );
  for (const [leave_type, start_date] of [
    ['family_domestic_violence', '2026-12-01'],
    ['annual', '2026-12-02'],
  ])
    expectStatus(
      await api.call('POST', `/v1/tenants/${t.id}/leave/book`, {
        body: { employee_id: emp, leave_type, hours: 7.6, start_date },
        reason: REASON,
      }),
      201,
      `book ${leave_type}`,
    );
  // Hired before the TFN declaration arrived: nothing quoted, question 9 (the tax-free threshold) unanswered.
  pending = await hireAu(api, t, {
    pay_frequency: 'fortnightly',
    annual_salary: 52_000,
    start_date: '2026-11-30',
    tfn: null,
    no_number_reason: null,
    tax_free_threshold: null,
  });
  const run = await draftRun(api, t, FORTNIGHT);
  expectStatus(
    await api.call('POST', runPath(t, run.id, '/entries'), {
      body: {
        employee_id: emp,
        items: [
          { type: 'allowance', code: 'LD', amount: '20.00' },
          { type: 'allowance', code: 'KN', amount: '50.00' },
          { type: 'deduction', code: 'UNION_FEES', amount: '15.00', paid_to: UNION },
          { type: 'salary_sacrifice', amount: '100.00' },
        ],
      },
      reason: REASON,
    }),
    200,
    'entry items',
  );
  engineLines = (await entriesOf(api, t, run.id)).find((e) => e.employee_id === emp).lines;
  await runToFinalised(api, t, run.id);
  slip = expectStatus(await api.call('GET', runPath(t, run.id, `/payslips/${emp}`)), 200, 'payslip').data;
  pendingSlip = expectStatus(await api.call('GET', runPath(t, run.id, `/payslips/${pending}`)), 200, 'payslip').data;
  const res = await fetch(`${api.url}${runPath(t, run.id, `/payslips/${emp}.pdf`)}`, {
    headers: { authorization: `Bearer ${api.partner.key}` },
  });
  assert.equal(res.status, 200);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'payslip-content-'));
  try {
    fs.writeFileSync(path.join(dir, 'slip.pdf'), Buffer.from(await res.arrayBuffer()));
    pdfText = execFileSync('pdftotext', ['-layout', path.join(dir, 'slip.pdf'), '-'], { encoding: 'utf8' })
      .replace(/[\u00a0\u202f]/g, ' ')
      .replace(/\s+/g, ' ');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
after(async () => {
  await api.close();
});

const labels = (lines: { label: string }[]) => lines.map((l) => l.label);

test('r 3.47: family and domestic violence leave is never named; its hours are paid and shown as ordinary hours', () => {
  // The pay itself carries the leave (the pay event reports it), the payslip does not.
  assert.ok(engineLines.some((l) => l.leave_type === 'family_domestic_violence'));
  // Ordinary pay 60.80 h ($2,432.00) and the 7.60 h of that leave at the same $40.00 join: 68.40 h, $2,736.00.
  assert.deepEqual(slip.earnings[0], { label: 'Ordinary hours', hours: '68.40', rate: '40.00', amount: '2736.00' });
  assert.equal(slip.earnings.filter((e: any) => e.label === 'Ordinary hours').length, 1);
  // Leave taken lists the annual leave only; the balances are annual and personal/carer's leave, as before.
  assert.deepEqual(
    slip.leave_taken.map((l: any) => [l.label, l.quantity]),
    [['Annual leave', '7.60']],
  );
  assert.deepEqual(
    slip.leave_balances.map((b: any) => b.leave_type),
    ['annual', 'personal'],
  );
  for (const text of [JSON.stringify(slip), pdfText])
    assert.doesNotMatch(text, /violence|domestic|family|fdv/i, 'the payslip names the leave');
  assert.match(pdfText, /Ordinary hours 68\.40 \$40\.00 \$2,736\.00/);
});

test('r 3.46: earnings and deductions are called by their names, never their pay-item codes', () => {
  assert.deepEqual(labels(slip.earnings), [
    'Ordinary hours',
    'Annual leave',
    'Annual leave loading',
    'Laundry allowance',
    'Task allowance',
  ]);
  for (const code of ['LD', 'KN', 'UNION_FEES', 'SACRIFICE_SUPER']) {
    assert.ok(!JSON.stringify([slip.earnings, slip.deductions]).includes(`"${code}`), `${code} on the payslip`);
    assert.doesNotMatch(pdfText, new RegExp(`\\b${code}\\b`), `${code} in the PDF`);
  }
  for (const name of ['Laundry allowance', 'Task allowance', 'Union fees']) assert.ok(pdfText.includes(name), name);
});

test('r 3.46(1)(g), (i): each deduction names the fund or account it went into; the super line names the fund', () => {
  assert.deepEqual(slip.deductions, [
    { label: 'Salary sacrifice to super \u2014 paid to AustralianSuper', amount: '100.00' },
    {
      label: 'PAYG withholding (scale 2) \u2014 paid to the Australian Taxation Office',
      amount: slip.tax,
    },
    { label: `Union fees \u2014 paid to ${UNION}`, amount: '15.00' },
  ]);
  assert.deepEqual(labels(slip.contributions), ['Super guarantee (SG) \u2014 paid to AustralianSuper']);
  for (const expected of [
    'Salary sacrifice to super — paid to AustralianSuper',
    'paid to the Australian Taxation Office',
    `Union fees — paid to ${UNION}`,
    'Super guarantee (SG) — paid to AustralianSuper',
  ])
    assert.ok(pdfText.includes(expected), `the PDF lacks "${expected}": ${pdfText}`);
});

test('r 3.46(1)(b): the hours total counts each hour once; a loading adds money, not hours', () => {
  // 60.80 worked + 7.60 (shown as worked) + 7.60 annual leave = 76.00, the fortnight's hours; the leave loading
  // line is paid on the 7.60 annual leave hours already counted (17.5 % x $40.00 x 7.60 = $53.20).
  const loading = slip.earnings.find((e: any) => e.label === 'Annual leave loading');
  assert.equal(loading.amount, '53.20');
  assert.equal(slip.total_hours, '76.00');
  assert.equal(slip.gross, '3163.20'); // 2,736.00 + 304.00 + 53.20 + 20.00 + 50.00
  assert.match(pdfText, /Gross pay 76\.00 \$3,163\.20/);
});

test('a deduction names its account only for deductions: paid_to on an earning is refused, nothing is changed', async () => {
  const run = await draftRun(api, t, {
    period_start: '2026-12-14',
    period_end: '2026-12-27',
    payment_date: '2026-12-30',
  });
  const before = await entriesOf(api, t, run.id);
  const r = await api.call('POST', runPath(t, run.id, '/entries'), {
    body: { employee_id: emp, items: [{ type: 'bonus', amount: '100.00', paid_to: 'Somewhere' }] },
    reason: REASON,
  });
  assert.equal(r.status, 400);
  assert.equal(r.body.error.code, 'bad_request');
  assert.ok(r.body.error.errors.some((e: any) => /paid_to/.test(e.path)));
  assert.deepEqual(await entriesOf(api, t, run.id), before);
});

test('the payslip states the TFN declaration as it stood on the payment date, and the tax-free threshold question', () => {
  assert.deepEqual(slip.tax_declaration, {
    state: 'tfn_quoted',
    no_tfn_rate: false,
    tax_free_threshold: true,
    tax_free_threshold_answered: true,
  });
  // No declaration yet: the no-TFN rate (ATO, TFN declaration instructions for payers, NAT 3092); question 9 left
  // open is not a claim of the threshold.
  assert.deepEqual(pendingSlip.tax_declaration, {
    state: 'not_received',
    no_tfn_rate: true,
    tax_free_threshold: false,
    tax_free_threshold_answered: false,
  });
});
