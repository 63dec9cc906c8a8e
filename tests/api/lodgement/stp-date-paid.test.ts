// A run paid after its payment date is reported on the day people were paid. The ATO's STP Phase 2 business
// implementation guide defines the pay event's payment date (PaymentRecordTransactionD) as the date the
// payment was made, and income belongs to the financial year it is paid in: a run planned for Wednesday
// 30 June 2027 but paid on Friday 2 July 2027 opens the 2027-28 year to date, not the 2026-27 one. The
// payslip shows the same day (Fair Work Regulations 2009 r 3.46 (1) (c): the date the payment was made), and reports
// count the run in the period of that day.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestApi, REASON, type TestApi } from '../../helpers/api.ts';
import { ManualClock } from '../../../api/lib/clock.ts';
import {
  approve,
  draftRun,
  entriesOf,
  expectStatus,
  finalise,
  preview,
  runPath,
  waitForFinalised,
  type TenantRef,
} from '../../helpers/payroll-fixtures.ts';
import {
  DECLARATION,
  finalisedRun,
  hireWithAddress,
  payloadOf,
  stpTenant,
  submit,
  waitForRail,
} from './stp-fixtures.ts';

const clock = new ManualClock(new Date('2027-07-03T09:00:00Z'));
let api: TestApi;
let t: TenantRef;
let alex: string;
let june: string;
let late: string;

const remunerationOf = (payload: any, id: string) =>
  payload.PAYEVNTEMP.find((p: any) => p.Payee.PayeeIdentifiers.EmploymentPayrollNumberId === id).Payee
    .RemunerationIncomeTaxPayAsYouGoWithholding.PayrollPeriod.RemunerationCollection[0];
const grossOf = async (runId: string) => (await entriesOf(api, t, runId)).find((e) => e.employee_id === alex).gross;

before(async () => {
  api = await startTestApi({ clock });
  t = await stpTenant(api);
  alex = await hireWithAddress(api, t, {
    pay_frequency: 'fortnightly',
    first_name: 'Alex',
    annual_salary: 78_000,
    start_date: '2020-01-01',
  });
  // Paid on its day, Wednesday 16 June 2027: the 2026-27 year.
  june = await finalisedRun(api, t, {
    period_start: '2027-06-01',
    period_end: '2027-06-14',
    payment_date: '2027-06-16',
    pay_frequency: 'fortnightly',
  });
  clock.advance(60_000);
  // Planned for Wednesday 30 June 2027, paid on Friday 2 July 2027.
  const run = await draftRun(api, t, {
    period_start: '2027-06-15',
    period_end: '2027-06-28',
    payment_date: '2027-06-30',
    pay_frequency: 'fortnightly',
  });
  late = run.id;
  expectStatus(await preview(api, t, late), 200, 'preview');
  expectStatus(await approve(api, t, late), 200, 'approve');
  expectStatus(await finalise(api, t, late, { body: { paid_on: '2027-07-02' } }), 200, 'finalise');
  assert.equal((await waitForFinalised(api, t, late)).paid_on, '2027-07-02');
  clock.advance(60_000);
});
after(() => api.close());

test('the pay event reports the day paid, and its year to date starts the financial year that day is in', async () => {
  const l = expectStatus(await submit(api, t, late), 202, 'submit').data;
  assert.equal(l.financial_year, '2027-28');
  const download = await payloadOf(api, t, l.id);
  const payload = download.json;
  assert.equal(payload.PAYEVNT.Rp.Payroll.PaymentRecordTransactionD, '2027-07-02');
  assert.match(
    download.headers.get('content-disposition')!,
    /^attachment; filename="STP-pay-event-Fixture-Roasters-Pty-Ltd-2027-07-03\.json"/,
    'the download is named in words, after the employer and the day it was sent',
  );
  const own = await grossOf(late);
  assert.equal(remunerationOf(payload, alex).GrossA, own, 'the June run paid in 2026-27 is not in the 2027-28 year');
  assert.equal((await waitForRail(api, t, l.id)).status, 'accepted');
});

test('the payslip shows the day paid, and its year to date is the same year', async () => {
  const slips = expectStatus(await api.call('GET', runPath(t, late, '/payslips')), 200, 'payslips').data;
  const slip = slips.find((x: any) => x.employee_id === alex);
  assert.equal(slip.payment_date, '2027-07-02');
  assert.equal(slip.ytd.gross, await grossOf(late));
});

test('the 2026-27 finalisation counts only what was paid by 30 June 2027', async () => {
  const l = expectStatus(
    await api.call('POST', `/v1/tenants/${t.id}/stp/finalise-year`, {
      body: { financial_year: 2026, declaration: DECLARATION },
      reason: REASON,
    }),
    202,
    'finalise year',
  ).data;
  const payload = (await payloadOf(api, t, l.id)).json;
  assert.equal(remunerationOf(payload, alex).GrossA, await grossOf(june));
  assert.equal((await waitForRail(api, t, l.id)).status, 'accepted');
});

test('reports count the late run in July, on the day it was paid', async () => {
  const register = async (query: string) =>
    expectStatus(await api.call('GET', `/v1/tenants/${t.id}/reports/payroll-register?${query}`), 200, 'register').data;
  const july = await register('from=2027-07-01&to=2027-07-31');
  assert.deepEqual(
    july.rows.map((row: any) => [row.pay_run_id, row.payment_date]),
    [[late, '2027-07-02']],
  );
  const juneRows = await register('from=2027-06-01&to=2027-06-30');
  assert.deepEqual([...new Set(juneRows.rows.map((row: any) => row.pay_run_id))], [june]);
});
