// A salaried starter or leaver is paid for the working days of the period employed, on a line of its own that says
// how many (api/packs/au/part-period.ts): the period's salary x working days employed / working days in the period,
// Monday to Friday. Withholding, super and leave accrual follow the pro-rated pay; an hourly employee's pay is
// their hours, as before.
//
// Figures, AU-2026.2 (ATO Schedule 1, coefficients from 1 July 2026, reference au.md; scale 2, tax-free threshold
// claimed), $78,000 a year, fortnightly ($3,000.00 a fortnight), 38 hours a week: $39.4737 an hour.
// Fortnight Mon 30 Nov - Sun 13 Dec 2026: 10 working days.
//
// Starter from Mon 7 Dec: 5 of 10 working days.
//   gross 3,000.00 x 5 / 10 = 1,500.00; hours 76 x 5 / 10 = 38.00
//   PAYG: x = floor(1,500.00 / 2) + 0.99 = 750.99; x < 865: 0.179x - 60.8377 = 73.59 -> 74 a week -> 148.00
//   super 12 % of OTE 1,500.00 = 180.00; net 1,352.00
//   leave accrued on 38 hours: annual 38 x 4/52 = 2.9231 h, personal 38 / 26 = 1.4615 h
//
// Leaver, last day Wed 9 Dec (resigned, 20 h of annual leave left): 8 of 10 working days.
//   salary 3,000.00 x 8 / 10 = 2,400.00; hours 60.80; this pay accrues 60.8 x 4/52 = 4.6769 h
//   unused annual leave (Fair Work Act s 90(2)): 24.6769 h x 39.4737 = 974.09
//   Schedule 7 (NAT 3351), marginal: 1 on 2,400: x = 1,200.99; x < 1,282: 0.3227x - 185.1935 = 202.37 -> 202
//     -> 404 a fortnight; 2 974.09 / 26 = 37.46 -> 37; 3 on 2,437: x = 1,218.99 -> 208.17 -> 208 -> 416;
//     4 (416 - 404) x 26 = 312.  PAYG 404 + 312 = 716.00
//   gross 2,400.00 + 974.09 = 3,374.09; super 12 % of 2,400.00 = 288.00 (unused leave is not OTE)
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { REASON, startTestApi, type TestApi } from '../helpers/api.ts';
import {
  createTenant,
  draftRun,
  entriesOf,
  expectStatus,
  fortnight,
  hireAu,
  runPath,
  runToFinalised,
  type TenantRef,
} from '../helpers/payroll-fixtures.ts';

let api: TestApi;
before(async () => {
  api = await startTestApi();
});
after(async () => {
  await api.close();
});

const PERIOD = fortnight(2); // 30 Nov - 13 Dec 2026, paid 16 Dec
const SALARY = { pay_frequency: 'fortnightly' as const, annual_salary: 78_000, hours_per_week: 38 };
const entryOf = async (t: TenantRef, runId: string, emp: string) =>
  (await entriesOf(api, t, runId)).find((e: any) => e.employee_id === emp);
const lineOf = (entry: any, type: string) => entry.lines.find((l: any) => l.type === type);

describe('a salaried starter from 7 December', () => {
  let t: TenantRef;
  let emp: string;
  let run: any;
  before(async () => {
    t = await createTenant(api);
    emp = await hireAu(api, t, { ...SALARY, start_date: '2026-12-07' });
    run = await draftRun(api, t, PERIOD);
  });

  test('is paid 5 of 10 working days on a salary line that says so', async () => {
    const entry = await entryOf(t, run.id, emp);
    assert.deepEqual(lineOf(entry, 'ordinary_pay'), {
      type: 'ordinary_pay',
      amount: '1500.00',
      hours: '38.00',
      rate: '39.4737',
      description: 'Salary for 5 of 10 working days (from 7 Dec)',
      part_period: { basis: 'working_days', days: 5, of: 10, from: '2026-12-07', to: '2026-12-13' },
    });
    assert.equal(entry.gross, '1500.00');
  });

  test('PAYG, super and net follow the pro-rated pay', async () => {
    const entry = await entryOf(t, run.id, emp);
    assert.equal(lineOf(entry, 'payg_withholding').amount, '-148.00');
    assert.equal(lineOf(entry, 'super_guarantee').amount, '180.00');
    assert.equal(entry.net, '1352.00');
  });

  test('after finalise the payslip shows the line and leave accrued on the 38 hours worked', async () => {
    await runToFinalised(api, t, run.id);
    const slips = expectStatus(await api.call('GET', runPath(t, run.id, '/payslips')), 200).data;
    const slip = slips.find((s: any) => s.employee_id === emp);
    const line = slip.earnings.find((l: any) => l.label === 'Salary for 5 of 10 working days (from 7 Dec)');
    assert.equal(line.amount, '1500.00');
    assert.equal(slip.gross, '1500.00');
    const accrued = Object.fromEntries(slip.leave.map((a: any) => [a.label, a.hours]));
    assert.deepEqual(accrued, { 'Annual leave': '2.9231', "Personal/carer's leave": '1.4615' });
  });
});

describe('a salaried leaver whose last day is 9 December', () => {
  let t: TenantRef;
  let emp: string;
  let entry: any;
  before(async () => {
    t = await createTenant(api);
    emp = await hireAu(api, t, { ...SALARY, start_date: '2020-01-01' });
    expectStatus(
      await api.call('POST', `/v1/tenants/${t.id}/leave/configure`, {
        body: { employee_id: emp, opening_balances: { annual: 20, as_at: '2026-07-01' } },
        reason: REASON,
      }),
      201,
      'opening balance',
    );
    expectStatus(
      await api.call('POST', `/v1/tenants/${t.id}/employees/${emp}/end-employment`, {
        body: { effective_date: '2026-12-09', reason_code: 'V' },
        reason: REASON,
      }),
      200,
      'end employment',
    );
    const run = await draftRun(api, t, PERIOD);
    entry = await entryOf(t, run.id, emp);
  });

  test('is paid 8 of 10 working days, and the unused leave includes what those days accrued', () => {
    const salary = lineOf(entry, 'ordinary_pay');
    assert.equal(salary.description, 'Salary for 8 of 10 working days (to 9 Dec)');
    assert.deepEqual([salary.amount, salary.hours], ['2400.00', '60.80']);
    const payout = entry.lines.find((l: any) => l.description === 'Unused annual leave paid on termination');
    assert.deepEqual([payout.amount, payout.hours], ['974.09', '24.6769']);
    assert.equal(entry.gross, '3374.09');
  });

  test('Schedule 7 withholds on the pro-rated pay: 404 + 312 = 716; super on the salary days only', () => {
    assert.equal(lineOf(entry, 'payg_withholding').amount, '-716.00');
    assert.equal(lineOf(entry, 'super_guarantee').amount, '288.00');
    assert.equal(entry.net, '2658.09');
  });
});

describe('who is not pro-rated', () => {
  test('an employee employed the whole fortnight is paid the full salary with no days on the line', async () => {
    const t = await createTenant(api);
    const emp = await hireAu(api, t, { ...SALARY, start_date: '2026-11-30' });
    const run = await draftRun(api, t, PERIOD);
    const salary = lineOf(await entryOf(t, run.id, emp), 'ordinary_pay');
    assert.equal(salary.amount, '3000.00');
    assert.equal(salary.part_period, undefined);
    assert.equal(salary.description, undefined);
  });

  test('a starter on Saturday 28 November of a Monday fortnight is paid in full: every working day employed', async () => {
    const t = await createTenant(api);
    const emp = await hireAu(api, t, { ...SALARY, start_date: '2026-11-28' });
    const run = await draftRun(api, t, PERIOD);
    assert.equal(lineOf(await entryOf(t, run.id, emp), 'ordinary_pay').amount, '3000.00');
  });

  test('an hourly starter is paid the hours of the timesheet, as before', async () => {
    const t = await createTenant(api);
    const emp = await hireAu(api, t, {
      pay_frequency: 'fortnightly',
      type: 'part_time',
      hourly_rate: '30.00',
      hours_per_week: 20,
      start_date: '2026-12-07',
    });
    const run = await draftRun(api, t, PERIOD);
    const r = await api.call('POST', runPath(t, run.id, '/entries'), {
      body: { employee_id: emp, items: [{ type: 'ordinary_hours', hours: '16' }] },
      reason: REASON,
    });
    const entry = expectStatus(r, 200, 'timesheet hours').data.entry;
    const ordinary = lineOf(entry, 'ordinary_pay');
    assert.deepEqual([ordinary.amount, ordinary.hours, ordinary.part_period], ['480.00', '16.00', undefined]);
  });
});
