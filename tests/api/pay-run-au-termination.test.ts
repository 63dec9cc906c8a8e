// A leaver's final pay through the API: the unused annual leave is paid out (Fair Work Act 2009 s 90(2)), withheld
// by the ATO's "Schedule 7 – Tax table for unused leave payments on termination of employment" (NAT 3351) at
// marginal rates for a normal termination (post-17 August 1993 leave), with the 32 % limit on a payment under $300
// (Schedule 7; ATO "Withholding from unused leave payments on termination of employment", Table 6), reported in the
// STP Phase 2 pay event as paid leave type U, and the balance closes at zero. What the pack does not calculate
// (genuine redundancy, long service leave, leave that may predate 18 August 1993) answers 501 with the capability.
//
// Figures, AU-2026.1 (Schedule 1 coefficients from 1 July 2026, scale 2: x < 2,596: 0.32x - 181.7319;
// x < 3,653: 0.39x - 363.4627), weekly pay of $1,500 ($78,000 a year on 38 hours: $39.4737 an hour):
//   balance 100 h opening + this pay's accrual 38 x 4/52 = 2.9231 h -> 102.9231 h x 39.4737 = $4,062.76
//   step 1 withholding on $1,500: x = 1,500.99 -> 0.32x - 181.7319 = 298.58 -> 299
//   step 2 4,062.76 / 52 = 78.13 -> 78;  step 3 x = 1,578.99 -> 323.54 -> 324
//   step 4 (324 - 299) x 52 = 1,300      total withheld 299 + 1,300 = 1,599
// With the 17.5 % annual leave loading: 4,062.76 + 710.98 = 4,773.74; 4,773.74 / 52 -> 91; x = 1,591.99 -> 327.71
//   -> 328; (328 - 299) x 52 = 1,508; total 1,807.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { REASON, startTestApi, type TestApi } from '../helpers/api.ts';
import {
  draftRun,
  entriesOf,
  expectStatus,
  runPath,
  runToFinalised,
  week,
  type TenantRef,
} from '../helpers/payroll-fixtures.ts';
import { hireWithAddress, payloadOf, stpTenant, submit, waitForRail } from './lodgement/stp-fixtures.ts';

let api: TestApi;
before(async () => {
  api = await startTestApi();
});
after(async () => {
  await api.close();
});

const WEEK = week(0, '2026-11-02');
const configure = (t: TenantRef, body: Record<string, unknown>) =>
  api.call('POST', `/v1/tenants/${t.id}/leave/configure`, { body, reason: REASON });
const endEmployment = (t: TenantRef, id: string, reason_code: string | null) =>
  api.call('POST', `/v1/tenants/${t.id}/employees/${id}/end-employment`, {
    body: { effective_date: WEEK.period_end, ...(reason_code ? { reason_code } : {}) },
    reason: REASON,
  });
const balanceOf = async (t: TenantRef, emp: string, type: string) =>
  expectStatus(await api.call('GET', `/v1/tenants/${t.id}/leave-balances?employee_id=${emp}`), 200).data.find(
    (b: any) => b.leave_type === type,
  );
const adjust = (t: TenantRef, runId: string, employee_id: string) =>
  api.call('POST', runPath(t, runId, '/entries'), {
    body: { employee_id, items: [{ type: 'allowance', amount: '10.00', code: 'OD-G1' }] },
    reason: REASON,
  });
const unused = (entry: any) => entry.lines.filter((l: any) => /unused annual leave/i.test(l.description ?? ''));
const paygOf = (entry: any) => entry.lines.find((l: any) => l.type === 'payg_withholding').amount;

async function leaver(
  t: TenantRef,
  opts: {
    salary?: number;
    opening?: number;
    reason?: string | null;
    start?: string;
    loading?: boolean;
    award?: { award: string; classification: string };
  } = {},
) {
  const id = await hireWithAddress(api, t, {
    pay_frequency: 'weekly',
    annual_salary: opts.salary ?? 78_000,
    tax_free_threshold: true,
    start_date: opts.start ?? '2020-01-01',
  });
  expectStatus(
    await configure(t, {
      employee_id: id,
      opening_balances: { annual: opts.opening ?? 100, as_at: '2026-07-01' },
      ...(opts.loading ? { leave_loading: true } : {}),
    }),
    201,
    'opening balance',
  );
  if (opts.award)
    expectStatus(
      await api.call('PUT', `/v1/tenants/${t.id}/employees/${id}/award`, {
        body: { ...opts.award, state: 'NSW' },
        reason: REASON,
      }),
      200,
      'award',
    );
  expectStatus(await endEmployment(t, id, opts.reason === undefined ? 'V' : opts.reason), 200, 'end employment');
  return id;
}

describe('the final pay of a resignation (normal termination)', () => {
  let t: TenantRef;
  let emp: string;
  let run: any;
  let entry: any;
  before(async () => {
    t = await stpTenant(api);
    emp = await leaver(t);
    run = await draftRun(api, t, WEEK);
    [entry] = await entriesOf(api, t, run.id);
  });

  test('pays 102.9231 hours of unused annual leave at the ordinary rate, withheld 1,599 by Schedule 7', () => {
    const [line] = unused(entry);
    assert.deepEqual(
      { amount: line.amount, hours: line.hours, rate: line.rate, description: line.description },
      { amount: '4062.76', hours: '102.9231', rate: '39.4737', description: 'Unused annual leave paid on termination' },
    );
    assert.deepEqual(line.withholding, {
      method: 'schedule_7_marginal',
      periods: 52,
      source: 'ATO Schedule 7 (NAT 3351), normal termination, marginal rates',
    });
    assert.equal(entry.gross, '5562.76');
    assert.equal(paygOf(entry), '-1599.00');
    // Not ordinary time earnings: the super guarantee is 12 % of the week's $1,500 only.
    assert.equal(entry.lines.find((l: any) => l.type === 'super_guarantee').amount, '180.00');
  });

  test("the run's exceptions say the final pay includes the payout, in words", async () => {
    const list = expectStatus(await api.call('GET', runPath(t, run.id, '/exceptions')), 200).data;
    const found = list.find((x: any) => x.kind === 'leaver' && x.employee_id === emp);
    assert.match(found.message, /includes 102\.92 hours of unused annual leave, 4062\.76 AUD/);
    assert.match(found.message, /closes at zero when the run is finalised/);
    assert.equal(found.severity, 'info');
  });

  test('after finalise the annual leave balance is zero, the payslip shows the line and the pay event reports U', async () => {
    await runToFinalised(api, t, run.id);
    const annual = await balanceOf(t, emp, 'annual');
    assert.equal(annual.balance, '0.00');

    const [slip] = expectStatus(await api.call('GET', runPath(t, run.id, '/payslips')), 200).data;
    const line = slip.earnings.find((l: any) => l.label.startsWith('Unused annual leave paid on termination'));
    assert.equal(line.amount, '4062.76');
    assert.equal(slip.tax, '1599.00');

    const lodgement = expectStatus(await submit(api, t, run.id), 202).data;
    assert.equal((await waitForRail(api, t, lodgement.id)).status, 'accepted');
    const payload = (await payloadOf(api, t, lodgement.id)).json;
    const payee = payload.PAYEVNTEMP.find((p: any) => p.Payee.PayeeIdentifiers.EmploymentPayrollNumberId === emp).Payee;
    const stream = payee.RemunerationIncomeTaxPayAsYouGoWithholding.PayrollPeriod.RemunerationCollection[0];
    assert.deepEqual(stream.PaidLeaveCollection, [{ TypeC: 'U', PaymentA: '4062.76' }]);
    assert.equal(stream.GrossA, '1500.00');
    assert.equal(stream.IncomeTaxPayAsYouGoWithholdingTaxWithheldA, '1599.00');
    assert.equal(payee.EmployerConditions.CessationTypeC, 'V');
  });
});

describe('Schedule 7 amounts', () => {
  test('with the 17.5 % leave loading the terms give: 710.98 more, withheld 1,807 in all', async () => {
    const t = await stpTenant(api);
    await leaver(t, { loading: true });
    const run = await draftRun(api, t, WEEK);
    const [entry] = await entriesOf(api, t, run.id);
    assert.deepEqual(
      unused(entry).map((l: any) => [l.description, l.amount]),
      [
        ['Unused annual leave paid on termination', '4062.76'],
        ['Annual leave loading on unused annual leave', '710.98'],
      ],
    );
    assert.equal(paygOf(entry), '-1807.00');
  });

  // The Hospitality Industry (General) Award 2020 (MA000009) cl. 30 gives a 17.5 % annual leave loading, and s 90(2)
  // pays it on leave untaken at the end (Centennial Northern Mining Services v CFMEU (No 2) [2015] FCA 136): the same
  // 710.98 and 1,807 as the switch above, with no switch set.
  test('an employee under the Hospitality award gets the 17.5 % loading on the payout without the switch', async () => {
    const t = await stpTenant(api);
    const emp = await leaver(t, { award: { award: 'MA000009', classification: 'level_3' } });
    const run = await draftRun(api, t, WEEK);
    const entry = (await entriesOf(api, t, run.id)).find((e: any) => e.employee_id === emp);
    assert.deepEqual(
      unused(entry).map((l: any) => [l.description, l.amount]),
      [
        ['Unused annual leave paid on termination', '4062.76'],
        ['Annual leave loading on unused annual leave', '710.98'],
      ],
    );
    assert.equal(paygOf(entry), '-1807.00');
  });

  // $156,000 a year: $3,000 a week, $78.9474 an hour. 0.5 h opening + 2.9231 h accrued = 3.4231 h -> $270.24.
  // Withholding on $3,000: x = 3,000.99 -> 0.39x - 363.4627 = 806.92 -> 807. 270.24 / 52 -> 5; x = 3,005.99 ->
  // 808.87 -> 809; (809 - 807) x 52 = 104. Under $300, the lesser of that and 32 % (86.47 -> 86): 86. Total 893.
  test('a payment under $300 is withheld at no more than 32 %', async () => {
    const t = await stpTenant(api);
    await leaver(t, { salary: 156_000, opening: 0.5 });
    const run = await draftRun(api, t, WEEK);
    const [entry] = await entriesOf(api, t, run.id);
    assert.equal(unused(entry)[0].amount, '270.24');
    assert.equal(paygOf(entry), '-893.00');
  });

  test('with no reason for leaving recorded, the payout is made and the exception asks for the reason', async () => {
    const t = await stpTenant(api);
    const emp = await leaver(t, { reason: null });
    const run = await draftRun(api, t, WEEK);
    const list = expectStatus(await api.call('GET', runPath(t, run.id, '/exceptions')), 200).data;
    const found = list.find((x: any) => x.kind === 'leaver' && x.employee_id === emp);
    assert.equal(found.severity, 'warning');
    assert.match(found.message, /No reason for leaving is recorded/);
  });
});

describe('what the pack does not calculate answers 501, never a zero', () => {
  const cases = [
    { what: 'a genuine redundancy', capability: 'termination_genuine_redundancy', opts: { reason: 'R' } },
    {
      what: 'employment since before 18 August 1993',
      capability: 'termination_pre_1993_leave',
      opts: { start: '1990-02-01' },
    },
  ];
  for (const c of cases)
    test(`${c.what}: 501 ${c.capability} with alternatives; the preview holds the employee with the reason`, async () => {
      const t = await stpTenant(api);
      const emp = await leaver(t, c.opts);
      const run = await draftRun(api, t, WEEK);
      const r = await adjust(t, run.id, emp);
      expectStatus(r, 501, c.what);
      assert.equal(r.body.error.code, 'CAPABILITY_NOT_SUPPORTED');
      assert.equal(r.body.error.capability, c.capability);
      assert.ok(r.body.error.alternatives.length > 0);
      const held = (await entriesOf(api, t, run.id)).find((e: any) => e.employee_id === emp);
      assert.equal(held, undefined, 'no entry is written with a zero payout');
    });

  test('long service leave on record: 501 termination_long_service_leave', async () => {
    const t = await stpTenant(api);
    const emp = await leaver(t);
    expectStatus(
      await configure(t, { employee_id: emp, long_service_hours: 40, start_date: '2026-07-01' }),
      201,
      'long service leave',
    );
    const run = await draftRun(api, t, WEEK);
    const r = await adjust(t, run.id, emp);
    expectStatus(r, 501, 'long service leave');
    assert.equal(r.body.error.capability, 'termination_long_service_leave');
  });
});
