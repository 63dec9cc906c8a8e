// DE leave through the API: the types fixed by regulation (German names), no tenant types or accrual
// configuration (501), the BUrlG entitlement as of a date, absences as effective-dated cases that keep
// pay when paid and reduce the month's pay pro rata by working days when not (unpaid leave, sickness past
// six weeks), and the payslip listing the absence.
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { startTestApi, REASON, type TestApi } from '../../helpers/api.ts';
import {
  createTenant,
  draftRun,
  entriesOf,
  expectStatus,
  hireDe,
  runPath,
  runToFinalised,
  type TenantRef,
} from '../../helpers/payroll-fixtures.ts';

let api: TestApi;
let t: TenantRef;
before(async () => {
  api = await startTestApi();
  t = await createTenant(api, { jurisdiction: 'DE' });
});
after(async () => {
  await api.close();
});

const L = () => `/v1/tenants/${t.id}`;
const book = (body: Record<string, unknown>) => api.call('POST', `${L()}/leave/book`, { body, reason: REASON });
const balances = async (emp: string, asOf?: string) =>
  expectStatus(await api.call('GET', `${L()}/leave-balances?employee_id=${emp}${asOf ? `&as_of=${asOf}` : ''}`), 200)
    .data as any[];
const setContract = async (emp: string, fields: Record<string, unknown>) =>
  expectStatus(await api.call('PATCH', `${L()}/employees/${emp}`, { body: fields, reason: REASON }), 200);
const salaryOf = (entry: any) => entry.lines.find((l: any) => l.type === 'salary')?.amount;

describe('catalogue and configuration', () => {
  test('the eight types fixed by regulation, named in German, in working days', async () => {
    const rows = expectStatus(await api.call('GET', `${L()}/reference/leave-types`), 200).data;
    assert.deepEqual(
      rows.map((r: any) => [r.name, r.category, r.paid]),
      [
        ['Erholungsurlaub', 'annual', true],
        ['Arbeitsunfähigkeit (Entgeltfortzahlung bis 6 Wochen)', 'sick', true],
        ['Kind krank', 'personal', false],
        ['Mutterschutz', 'maternity', false],
        ['Elternzeit', 'parental', false],
        ['Unbezahlter Urlaub', 'unpaid', false],
        ['Sonderurlaub', 'special', true],
        ['Kurzarbeit', 'short_time', false],
      ],
    );
    assert.ok(rows.every((r: any) => r.unit === 'days'));
  });

  test('tenant leave types and accrual configuration are 501 with the capability and alternatives', async () => {
    const type = await api.call('POST', `${L()}/reference/leave-types`, {
      body: { name: 'Bildungsurlaub', master_id: 'special' },
      reason: REASON,
    });
    assert.equal(type.status, 501);
    assert.equal(type.body.error.code, 'CAPABILITY_NOT_SUPPORTED');
    assert.equal(type.body.error.capability, 'leave_types_config');
    assert.ok(type.body.error.alternatives.length);
    const cfg = await api.call('POST', `${L()}/leave/configure`, { body: {}, reason: REASON });
    assert.equal(cfg.status, 501);
    assert.equal(cfg.body.error.capability, 'leave_accrual');
  });
});

describe('entitlement and absences', () => {
  let newJoiner: string;
  let veteran: string;
  before(async () => {
    // Joined 1 August 2026 with 30 days a year: the waiting period ends in 2027, so 5/12 x 30 = 12.5 → 13.
    newJoiner = await hireDe(api, t, { start_date: '2026-08-01', annual_salary: 60_000 });
    await setContract(newJoiner, { annual_leave_days: 30 });
    veteran = await hireDe(api, t, { start_date: '2020-01-01', annual_salary: 60_000 });
  });

  test('a new joiner whose waiting period runs into next year has one twelfth per full month (§ 5(1)(a))', async () => {
    const [annual] = await balances(newJoiner);
    assert.deepEqual(
      [annual.leave_type, annual.accrued, annual.taken, annual.balance, annual.unit],
      ['annual', '13.00', '0.00', '13.00', 'days'],
    );
    // As of a date in the next year the full contract entitlement applies once the waiting period ends.
    assert.equal((await balances(newJoiner, '2027-01-15'))[0].accrued, '0.00');
    assert.equal((await balances(newJoiner, '2027-02-01'))[0].accrued, '30.00');
    // The statutory minimum without a contract figure: 20 days on a five-day week.
    assert.equal((await balances(veteran))[0].accrued, '20.00');
  });

  test('annual leave books in days and keeps the pay; hours are refused; the payslip lists the absence', async () => {
    const hours = await book({ employee_id: veteran, leave_type: 'annual', hours: 16, start_date: '2026-12-21' });
    assert.equal(hours.status, 422);
    assert.match(hours.body.error.rule, /^DE-\d{4}\.\d\/leave\/unit_days$/);
    const r = expectStatus(
      await book({ employee_id: veteran, leave_type: 'annual', start_date: '2026-12-21', end_date: '2026-12-23' }),
      201,
    );
    assert.deepEqual([r.data.quantity, r.data.unit], ['3.00', 'days']);
    const [annual] = await balances(veteran, '2026-12-31');
    assert.deepEqual([annual.taken, annual.balance], ['3.00', '17.00']);
    const over = await book({ employee_id: veteran, leave_type: 'annual', days: 18, start_date: '2026-12-01' });
    assert.equal(over.status, 422);
    assert.match(over.body.error.rule, /insufficient_balance$/);
  });

  test('unpaid leave reduces the month pro rata by working days: 2 of 23 in December 2026', async () => {
    expectStatus(
      await book({ employee_id: veteran, leave_type: 'unpaid', start_date: '2026-12-28', end_date: '2026-12-29' }),
      201,
    );
    const run = await draftRun(api, t, {
      period_start: '2026-12-01',
      period_end: '2026-12-31',
      payment_date: '2026-12-30',
    });
    const entries = await entriesOf(api, t, run.id);
    // €5,000.00 a month less 2/23 of it (€434.78).
    assert.equal(salaryOf(entries.find((e) => e.employee_id === veteran)), '4565.22');
    assert.equal(salaryOf(entries.find((e) => e.employee_id === newJoiner)), '5000.00');
    await runToFinalised(api, t, run.id);
    const slip = expectStatus(await api.call('GET', runPath(t, run.id, `/payslips/${veteran}`)), 200).data;
    assert.deepEqual(
      slip.leave_taken.map((l: any) => [l.label, l.quantity, l.unit, l.paid]),
      [
        ['Erholungsurlaub', '3.00', 'days', true],
        ['Unbezahlter Urlaub', '2.00', 'days', false],
      ],
    );
    assert.equal(slip.leave_balances.find((b: any) => b.leave_type === 'annual').balance, '17.00');
  });

  test('sickness past six weeks: continued pay for 42 days, then the month is reduced by the unpaid working days', async () => {
    const sick = await hireDe(api, t, { start_date: '2019-01-01', annual_salary: 60_000 });
    expectStatus(
      await book({ employee_id: sick, leave_type: 'sick', start_date: '2026-10-05', end_date: '2026-11-30' }),
      201,
    );
    const nov = await draftRun(api, t, {
      period_start: '2026-11-01',
      period_end: '2026-11-30',
      payment_date: '2026-11-27',
    });
    const entry = (await entriesOf(api, t, nov.id)).find((e) => e.employee_id === sick);
    // Paid to 15 November; 16–30 November is 11 of 21 working days unpaid: €5,000 x 10/21 = €2,380.95.
    assert.equal(salaryOf(entry), '2380.95');
    const [, sickRow] = await balances(sick, '2026-11-30');
    assert.deepEqual(
      [sickRow.leave_type, sickRow.accrued, sickRow.taken, sickRow.balance],
      ['sick', '42.00', '42.00', '0.00'],
    );
    const mid = (await balances(sick, '2026-10-20'))[1];
    assert.deepEqual([mid.taken, mid.balance], ['16.00', '26.00']);
  });

  test('maternity and short time are 501: the pack does not calculate the subsidy or the allowance', async () => {
    const m = await book({ employee_id: veteran, leave_type: 'maternity', start_date: '2027-01-04' });
    assert.equal(m.status, 501);
    assert.equal(m.body.error.capability, 'maternity_pay_subsidy');
    const s = await book({ employee_id: veteran, leave_type: 'short_time', start_date: '2027-01-04' });
    assert.equal(s.body.error.capability, 'short_time_allowance');
  });
});
