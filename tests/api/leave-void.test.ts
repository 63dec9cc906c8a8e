// Voiding a finalised run undoes the leave it moved. A voided pay was never made, so nothing accrued on it
// (Fair Work Act 2009 s 87(2): annual leave accrues progressively by ordinary hours worked, which the run
// paid) and a leaver's annual leave was not paid out by it (s 90(2): it is paid, and the balance closes,
// only with the final pay actually made). Each of the run's movements is reversed under the void's evidence,
// so the balance is what it was before the run, and a rerun accrues or pays out again.
//
// Figures: $78,000 a year on 38 hours a week, weekly. NES annual leave 4 weeks a year: 38 x 4 / 52 = 2.9231 h a
// week; personal/carer's leave 10 days a year: 38 x 2 / 52 = 1.4615 h a week.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { REASON, startTestApi, type TestApi } from '../helpers/api.ts';
import { draftRun, expectStatus, runPath, runToFinalised, week, type TenantRef } from '../helpers/payroll-fixtures.ts';
import { hireWithAddress, stpTenant } from './lodgement/stp-fixtures.ts';

let api: TestApi;
let t: TenantRef;
before(async () => {
  api = await startTestApi();
  t = await stpTenant(api);
});
after(() => api.close());

const balances = async (emp: string) =>
  Object.fromEntries(
    expectStatus(await api.call('GET', `/v1/tenants/${t.id}/leave-balances?employee_id=${emp}`), 200).data.map(
      (b: any) => [b.leave_type, b.balance],
    ),
  );
const voidRun = async (id: string) =>
  expectStatus(await api.call('POST', runPath(t, id, '/void'), { body: {}, reason: REASON }), 200, 'void');

async function hire(opening: number): Promise<string> {
  const id = await hireWithAddress(api, t, {
    pay_frequency: 'weekly',
    annual_salary: 78_000,
    start_date: '2020-01-01',
  });
  expectStatus(
    await api.call('POST', `/v1/tenants/${t.id}/leave/configure`, {
      body: { employee_id: id, opening_balances: { annual: opening, personal: 20, as_at: '2026-07-01' } },
      reason: REASON,
    }),
    201,
    'opening balances',
  );
  return id;
}

test("a voided run's accrual is reversed under the void's record; a rerun accrues once", async () => {
  const emp = await hire(40);
  const WEEK = week(0, '2026-10-05');
  const first = await draftRun(api, t, WEEK);
  await runToFinalised(api, t, first.id);
  assert.deepEqual(await balances(emp), { annual: '42.92', personal: '21.46' });
  const voided = await voidRun(first.id);
  assert.deepEqual(await balances(emp), { annual: '40.00', personal: '20.00' }, 'as before the run');
  const annual = expectStatus(
    await api.call('GET', `/v1/tenants/${t.id}/leave-balances?employee_id=${emp}&detail=true`),
    200,
  ).data.find((b: any) => b.leave_type === 'annual');
  const reversal = annual.movements.find((m: any) => m.pay_run_id === first.id && m.quantity.startsWith('-'));
  assert.equal(reversal.quantity, '-2.9231');
  assert.equal(reversal.evidence_id, voided.data.pay_run.evidence_refs.at(-1), "under the void's record");
  const rerun = await draftRun(api, t, WEEK);
  await runToFinalised(api, t, rerun.id);
  assert.deepEqual(await balances(emp), { annual: '42.92', personal: '21.46' });
});

test("voiding a leaver's final pay gives back the annual leave it paid out", async () => {
  const emp = await hire(100);
  const WEEK = week(0, '2026-11-02');
  expectStatus(
    await api.call('POST', `/v1/tenants/${t.id}/employees/${emp}/end-employment`, {
      body: { effective_date: WEEK.period_end, reason_code: 'V' },
      reason: REASON,
    }),
    200,
    'end employment',
  );
  const run = await draftRun(api, t, WEEK);
  await runToFinalised(api, t, run.id);
  assert.equal((await balances(emp)).annual, '0.00', 'paid out with the final pay');
  await voidRun(run.id);
  assert.equal((await balances(emp)).annual, '100.00', 'the payout and the accrual are undone');
});
