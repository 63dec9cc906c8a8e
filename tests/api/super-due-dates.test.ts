// Payday Super due dates (AU-2026.1 on, Superannuation Guarantee (Administration) Act 1992 as amended by the
// Treasury Laws Amendment (Payday Superannuation) Act 2025): a contribution must reach the fund within 7 business
// days of payday, 20 for a new employee's first qualifying earnings with the employer or the first contribution to
// a newly chosen fund. Business days skip weekends and public holidays (national, and the employer's state's:
// the fixture employer is in NSW, Public Holidays Act 2010 (NSW)).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { REASON, startTestApi, type TestApi } from '../helpers/api.ts';
import {
  approve,
  draftRun,
  expectStatus,
  finalise,
  fortnight,
  preview,
  type TenantRef,
} from '../helpers/payroll-fixtures.ts';
import { finalisedRun, hireWithAddress, stpTenant } from './lodgement/stp-fixtures.ts';
import { ManualClock } from '../../api/lib/clock.ts';

const clock = new ManualClock(new Date('2026-11-21T09:00:00Z'));
let api: TestApi;
before(async () => {
  api = await startTestApi({ clock });
});
after(() => api.close());

const liabilities = async (t: TenantRef) =>
  expectStatus(await api.call('GET', `/v1/tenants/${t.id}/super/liabilities`), 200).data;

test('the 20 business days are for a new employee and a newly chosen fund only; holidays are not business days', async () => {
  const t = await stpTenant(api);
  const since2020 = await hireWithAddress(api, t, {
    pay_frequency: 'fortnightly',
    first_name: 'Long',
    start_date: '2020-01-01',
  });
  await hireWithAddress(api, t, { pay_frequency: 'fortnightly', first_name: 'New', start_date: '2026-11-02' });

  // Paid Wednesday 18 November 2026. 7 business days: 19, 20, 23, 24, 25, 26, 27 November -> Friday 27 November.
  // 20 business days: 19-20, 23-27, 30 Nov, 1-4, 7-11, 14-16 December -> Wednesday 16 December.
  const first = await finalisedRun(api, t, fortnight(0));
  let lines = (await liabilities(t)).filter((l: any) => l.pay_run_id === first);
  assert.deepEqual(
    lines.map((l: any) => [l.due_date, l.due_rule, l.employee_count]).sort(),
    [
      ['2026-11-27', 'payday_7_business_days', 1],
      ['2026-12-16', 'payday_new_employee_20_business_days', 1],
    ],
    'the employee of six years is not new on the first Payrail run; the one who started this fortnight is',
  );

  clock.advance(3_600_000);
  // The long-serving employee chooses a new fund (today, 21 November): their next contribution goes to it first.
  expectStatus(
    await api.call('PATCH', `/v1/tenants/${t.id}/employees/${since2020}/pension`, {
      body: { super_fund_name: 'Hostplus', super_usi: 'HOS0001AU', super_member_number: '123456' },
      reason: REASON,
    }),
    200,
    'new fund',
  );
  // Paid Wednesday 2 December 2026. 7 business days: 3, 4, 7-11 December -> Friday 11 December (the new employee's
  // second pay). 20 business days: 3-4, 7-11, 14-18, 21-24 December (16), Christmas Day (Friday 25) and the
  // Boxing Day holiday (Monday 28, Boxing Day being a Saturday) skipped, 29-31 December (19), New Year's Day
  // (Friday 1 January 2027) skipped -> Monday 4 January 2027.
  const second = await finalisedRun(api, t, fortnight(1));
  lines = (await liabilities(t)).filter((l: any) => l.pay_run_id === second);
  assert.deepEqual(lines.map((l: any) => [l.fund.name, l.due_date, l.due_rule]).sort(), [
    ['AustralianSuper', '2026-12-11', 'payday_7_business_days'],
    ['Hostplus', '2027-01-04', 'payday_new_employee_20_business_days'],
  ]);

  // Paid Wednesday 16 December 2026: 17, 18, 21, 22, 23, 24, (25 and 28 December holidays), 29 -> Tuesday 29 December.
  const third = await finalisedRun(api, t, fortnight(2));
  lines = (await liabilities(t)).filter((l: any) => l.pay_run_id === third);
  assert.deepEqual(lines.map((l: any) => [l.fund.name, l.due_date, l.due_rule]).sort(), [
    ['AustralianSuper', '2026-12-29', 'payday_7_business_days'],
    ['Hostplus', '2026-12-29', 'payday_7_business_days'],
  ]);
});

test('a run finalised after its payment date records the day pay went out, and super falls due from that day', async () => {
  const t = await stpTenant(api);
  await hireWithAddress(api, t, { pay_frequency: 'fortnightly', first_name: 'Late', start_date: '2020-01-01' });
  // Planned for Wednesday 4 November 2026; finalised on 21 November and paid on Monday 23 November.
  const run = await draftRun(api, t, fortnight(-1));
  expectStatus(await preview(api, t, run.id), 200, 'preview');
  expectStatus(await approve(api, t, run.id), 200, 'approve');
  // A day before the period cannot be the day people were paid: 400 on the field, and nothing changes.
  const refused = await api.call('POST', `/v1/tenants/${t.id}/pay-runs/${run.id}/finalise`, {
    body: { paid_on: '2026-10-01' },
    reason: REASON,
  });
  assert.equal(refused.status, 400);
  assert.equal(refused.body.error.errors[0].path, 'paid_on');
  assert.equal(
    expectStatus(await api.call('GET', `/v1/tenants/${t.id}/pay-runs/${run.id}`), 200).data.status,
    'approved',
  );
  const done = expectStatus(
    await api.call('POST', `/v1/tenants/${t.id}/pay-runs/${run.id}/finalise`, {
      body: { paid_on: '2026-11-23' },
      reason: REASON,
    }),
    200,
    'finalise',
  ).data.pay_run;
  assert.equal(done.paid_on, '2026-11-23');
  assert.equal(done.payment_date, '2026-11-04', 'the planned date stays on record');
  const evidence = expectStatus(
    await api.call('GET', `/v1/tenants/${t.id}/governance/evidence/${done.evidence_refs.at(-1)}`),
    200,
    'evidence',
  ).data;
  assert.equal(JSON.stringify(evidence).includes('2026-11-23'), true, 'the evidence names the day paid');
  // 7 business days from Monday 23 November: 24, 25, 26, 27, 30 November, 1, 2 December -> Wednesday 2 December
  // (from the planned 4 November it would have been 13 November, already past).
  const lines = (await liabilities(t)).filter((l: any) => l.pay_run_id === run.id);
  assert.deepEqual(
    lines.map((l: any) => [l.due_date, l.due_rule]),
    [['2026-12-02', 'payday_7_business_days']],
  );

  // Finalised on time, nothing is asked: the run was paid on its payment date.
  const onTime = await draftRun(api, t, fortnight(1));
  expectStatus(await preview(api, t, onTime.id), 200, 'preview');
  expectStatus(await approve(api, t, onTime.id), 200, 'approve');
  const plain = expectStatus(await finalise(api, t, onTime.id), 200, 'finalise').data.pay_run;
  assert.equal(plain.paid_on, null);
});
