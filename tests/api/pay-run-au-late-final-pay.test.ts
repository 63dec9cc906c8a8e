// A leaver whose end date is recorded after the run that covered it was finalised is still owed their unused
// annual leave (Fair Work Act 2009 s 90(2)). The next run of their frequency pays it as their final pay: no
// ordinary pay for a period they did not work, the payout withheld by the ATO's "Schedule 7 – Tax table for
// unused leave payments on termination of employment" (NAT 3351), reported in the STP pay event as paid leave
// type U with the cessation, and the balance closes at zero, so no later run pays it again.
//
// Figures, AU-2026.1 (Schedule 1 coefficients from 1 July 2026, scale 2: x < 2,596: 0.32x - 181.7319;
// x < 3,653: 0.39x - 363.4627), weekly $1,500 ($78,000 a year on 38 hours: $39.4737 an hour):
//   balance 100 h opening + the week of 2 November's accrual 38 x 4/52 = 2.9231 h = 102.9231 h
//   payout 102.9231 x 39.4737 = $4,062.76
//   Schedule 7 step 1 is the withholding on "normal gross earnings for a regular pay period" ($1,500, though
//   this pay has none): x = 1,500.99 -> 298.58 -> 299
//   step 2 4,062.76 / 52 = 78.13 -> 78;  step 3 x = 1,578.99 -> 323.54 -> 324;  step 4 (324 - 299) x 52 = 1,300
//   nothing is withheld on ordinary pay (there is none): total withheld 1,300, net 2,762.76.
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

const W0 = week(0, '2026-11-02');
const W1 = week(1, '2026-11-02');
const W2 = week(2, '2026-11-02');
const FRIDAY = '2026-11-06';

const balanceOf = async (t: TenantRef, emp: string) =>
  expectStatus(await api.call('GET', `/v1/tenants/${t.id}/leave-balances?employee_id=${emp}`), 200).data.find(
    (b: any) => b.leave_type === 'annual',
  ).balance;
const entryOf = async (t: TenantRef, runId: string, emp: string) =>
  (await entriesOf(api, t, runId)).find((e: any) => e.employee_id === emp);
const voidRun = async (t: TenantRef, id: string) =>
  expectStatus(await api.call('POST', runPath(t, id, '/void'), { body: {}, reason: REASON }), 200, 'void');

/** Hired in 2020 with 100 h of annual leave, paid for the week of 2 November, then recorded as having left. */
async function leftAfterTheRun(t: TenantRef, stays: string) {
  const emp = await hireWithAddress(api, t, {
    pay_frequency: 'weekly',
    annual_salary: 78_000,
    tax_free_threshold: true,
    start_date: '2020-01-01',
  });
  expectStatus(
    await api.call('POST', `/v1/tenants/${t.id}/leave/configure`, {
      body: { employee_id: emp, opening_balances: { annual: 100, as_at: '2026-07-01' } },
      reason: REASON,
    }),
    201,
    'opening balance',
  );
  const w0 = await draftRun(api, t, W0);
  assert.ok(await entryOf(t, w0.id, stays), 'the colleague is in the first run');
  await runToFinalised(api, t, w0.id);
  expectStatus(
    await api.call('POST', `/v1/tenants/${t.id}/employees/${emp}/end-employment`, {
      body: { effective_date: FRIDAY, reason_code: 'V' },
      reason: REASON,
    }),
    200,
    'end employment after the run',
  );
  return { emp, w0 };
}

describe('a final pay recorded after the run that covered the last day', () => {
  let t: TenantRef;
  let emp: string;
  let stays: string;
  let w1: any;
  let entry: any;
  before(async () => {
    t = await stpTenant(api);
    stays = await hireWithAddress(api, t, {
      pay_frequency: 'weekly',
      annual_salary: 52_000,
      tax_free_threshold: true,
      start_date: '2020-01-01',
    });
    ({ emp } = await leftAfterTheRun(t, stays));
    assert.equal(await balanceOf(t, emp), '102.92', 'the first run accrued 2.92 h on the 100 h opening');
    w1 = await draftRun(api, t, W1);
    entry = await entryOf(t, w1.id, emp);
  });

  test('the next run includes the leaver, with no ordinary pay and the unused leave paid out', () => {
    assert.ok(entry, 'the leaver is in the next run');
    assert.deepEqual(
      entry.lines.filter((l: any) => l.type === 'ordinary_pay'),
      [],
      'no salary for a week not worked',
    );
    const payout = entry.lines.filter((l: any) => l.type === 'leave');
    assert.deepEqual(
      payout.map((l: any) => [l.description, l.hours, l.rate, l.amount, l.paid_leave_type]),
      [['Unused annual leave paid on termination', '102.9231', '39.4737', '4062.76', 'U']],
    );
    assert.equal(entry.gross, '4062.76');
  });

  test('withheld by Schedule 7 against the regular weekly pay: 1,300; no super on the payout', () => {
    assert.equal(entry.lines.find((l: any) => l.type === 'payg_withholding').amount, '-1300.00');
    assert.equal(entry.net, '2762.76');
    assert.equal(entry.lines.find((l: any) => l.type === 'super_guarantee')?.amount ?? '0.00', '0.00');
  });

  test('the exception says, in words, that this is a final pay for employment that ended earlier', async () => {
    const list = expectStatus(await api.call('GET', runPath(t, w1.id, '/exceptions')), 200).data;
    const found = list.find((x: any) => x.kind === 'leaver' && x.employee_id === emp);
    assert.match(found.message, /^Final pay: employment ended on 2026-11-06, before this pay period/);
    assert.match(found.message, /102\.92 hours of unused annual leave, 4062\.76 AUD/);
    assert.equal(found.severity, 'info');
    assert.equal(
      list.filter((x: any) => x.kind === 'gross_changed' && x.employee_id === emp).length,
      0,
      'a final pay is no measure of a normal pay',
    );
  });

  test('finalised: the balance is zero, the payslip shows the payout and the pay event reports U and the cessation', async () => {
    await runToFinalised(api, t, w1.id);
    assert.equal(await balanceOf(t, emp), '0.00');

    const slips = expectStatus(await api.call('GET', runPath(t, w1.id, '/payslips')), 200).data;
    const slip = slips.find((s: any) => s.employee_id === emp);
    assert.deepEqual(
      slip.earnings.map((l: any) => [l.label.split(' (')[0], l.amount]),
      [['Unused annual leave paid on termination', '4062.76']],
    );
    assert.equal(slip.tax, '1300.00');

    const lodgement = expectStatus(await submit(api, t, w1.id), 202).data;
    assert.equal((await waitForRail(api, t, lodgement.id)).status, 'accepted');
    const payload = (await payloadOf(api, t, lodgement.id)).json;
    const payee = payload.PAYEVNTEMP.find((p: any) => p.Payee.PayeeIdentifiers.EmploymentPayrollNumberId === emp).Payee;
    const stream = payee.RemunerationIncomeTaxPayAsYouGoWithholding.PayrollPeriod.RemunerationCollection[0];
    assert.deepEqual(stream.PaidLeaveCollection, [{ TypeC: 'U', PaymentA: '4062.76' }]);
    // The pay event reports the year to date: the first week's 1,500.00 gross and 299 withheld, and this pay's 1,300.
    assert.equal(stream.GrossA, '1500.00');
    assert.equal(stream.IncomeTaxPayAsYouGoWithholdingTaxWithheldA, '1599.00');
    assert.equal(payee.EmployerConditions.CessationTypeC, 'V');
    assert.equal(payee.EmployerConditions.EmploymentEndD, FRIDAY);
  });

  test('a later run does not pay it again; voiding the final pay makes it owed again', async () => {
    const w2 = await draftRun(api, t, W2);
    assert.equal(await entryOf(t, w2.id, emp), undefined, 'paid out: not in the run after');
    assert.ok(await entryOf(t, w2.id, stays));
    expectStatus(
      await api.call('DELETE', runPath(t, w2.id, ''), { body: { governance_reason: REASON }, reason: REASON }),
      200,
      'delete the draft',
    );

    await voidRun(t, w1.id);
    assert.equal(await balanceOf(t, emp), '102.92', 'the void gives the leave back');
    const again = await draftRun(api, t, W2);
    const owed = await entryOf(t, again.id, emp);
    assert.ok(owed, 'owed again after the void');
    assert.equal(owed.gross, '4062.76');
  });
});

test('recorded while the next run is a draft: the preview makes that entry the final pay', async () => {
  const t = await stpTenant(api);
  const stays = await hireWithAddress(api, t, {
    pay_frequency: 'weekly',
    annual_salary: 52_000,
    tax_free_threshold: true,
    start_date: '2020-01-01',
  });
  const emp = await hireWithAddress(api, t, {
    pay_frequency: 'weekly',
    annual_salary: 78_000,
    tax_free_threshold: true,
    start_date: '2020-01-01',
  });
  expectStatus(
    await api.call('POST', `/v1/tenants/${t.id}/leave/configure`, {
      body: { employee_id: emp, opening_balances: { annual: 100, as_at: '2026-07-01' } },
      reason: REASON,
    }),
    201,
  );
  const w0 = await draftRun(api, t, W0);
  await runToFinalised(api, t, w0.id);
  const w1 = await draftRun(api, t, W1);
  assert.equal((await entryOf(t, w1.id, emp)).gross, '1500.00', 'a full week while still employed');
  assert.ok(await entryOf(t, w1.id, stays));
  expectStatus(
    await api.call('POST', `/v1/tenants/${t.id}/employees/${emp}/end-employment`, {
      body: { effective_date: FRIDAY, reason_code: 'V' },
      reason: REASON,
    }),
    200,
  );
  expectStatus(await api.call('POST', runPath(t, w1.id, '/preview'), { body: {} }), 200, 'preview');
  const entry = await entryOf(t, w1.id, emp);
  assert.equal(entry.gross, '4062.76');
  assert.equal(entry.lines.find((l: any) => l.type === 'payg_withholding').amount, '-1300.00');
});
