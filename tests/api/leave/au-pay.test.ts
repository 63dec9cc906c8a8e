// AU leave in the pay: bookings ride the run covering their dates as leave lines at the ordinary rate
// (with annual leave loading where the terms grant it), ordinary pay falls by the same hours, unpaid leave
// reduces pay, and 26 finalised fortnights accrue the NES entitlement to the hundredth of an hour.
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { startTestApi, REASON, type TestApi } from '../../helpers/api.ts';
import {
  createTenant,
  draftRun,
  entriesOf,
  expectStatus,
  hireAu,
  runPath,
  runToFinalised,
  type TenantRef,
} from '../../helpers/payroll-fixtures.ts';
import { addDays } from '../../../api/lib/dates.ts';

let api: TestApi;
before(async () => {
  api = await startTestApi();
});
after(async () => {
  await api.close();
});

const FORTNIGHT = { period_start: '2026-11-30', period_end: '2026-12-13', payment_date: '2026-12-16' };
const book = (t: TenantRef, body: Record<string, unknown>) =>
  api.call('POST', `/v1/tenants/${t.id}/leave/book`, { body, reason: REASON });
const configure = (t: TenantRef, body: Record<string, unknown>) =>
  api.call('POST', `/v1/tenants/${t.id}/leave/configure`, { body, reason: REASON });
const balance = async (t: TenantRef, emp: string, type: string) =>
  expectStatus(await api.call('GET', `/v1/tenants/${t.id}/leave-balances?employee_id=${emp}`), 200).data.find(
    (b: any) => b.leave_type === type,
  );
const lines = (entry: any) =>
  entry.lines
    .filter((l: any) => ['ordinary_pay', 'leave'].includes(l.type))
    .map((l: any) => [l.type, l.amount, l.hours ?? null, l.description ?? null]);

describe('bookings in the pay run', () => {
  let t: TenantRef;
  let emp: string;
  before(async () => {
    t = await createTenant(api, { jurisdiction: 'AU' });
    // $79,040 a year on 38 hours: $40.00 an hour, $3,040.00 a fortnight.
    emp = await hireAu(api, t, { pay_frequency: 'fortnightly', annual_salary: 79_040, start_date: '2020-01-01' });
    expectStatus(await configure(t, { employee_id: emp, opening_balances: { annual: 100, personal: 40 } }), 201);
  });

  test('annual leave booked before the run rides the run covering its dates: leave line, ordinary pay reduced', async () => {
    const r = expectStatus(
      await book(t, {
        employee_id: emp,
        leave_type: 'annual',
        hours: 15.2,
        start_date: '2026-12-01',
        end_date: '2026-12-02',
      }),
      201,
    );
    assert.deepEqual(
      { ...r.data, evidence_id: undefined },
      {
        booked: true,
        employee_id: emp,
        leave_type: 'annual',
        unit: 'hours',
        quantity: '15.20',
        start_date: '2026-12-01',
        end_date: '2026-12-02',
        evidence_id: undefined,
        pay_run_id: null,
      },
    );
    assert.equal(r.data.evidence_id, r.evidence_id);
    const run = await draftRun(api, t, FORTNIGHT);
    const [entry] = (await entriesOf(api, t, run.id)).filter((e) => e.employee_id === emp);
    assert.deepEqual(lines(entry), [
      ['ordinary_pay', '2432.00', '60.80', null],
      ['leave', '608.00', '15.20', 'Annual leave'],
    ]);
    assert.equal(entry.gross, '3040.00');
    assert.equal((await balance(t, emp, 'annual')).balance, '84.80');
  });

  test('a booking into an existing draft recalculates the entry; leave loading is paid when the terms grant it', async () => {
    expectStatus(await configure(t, { employee_id: emp, leave_loading: true }), 201);
    const runs = expectStatus(await api.call('GET', runPath(t)), 200).data;
    const run = runs.find((x: any) => x.period_start === FORTNIGHT.period_start);
    const r = expectStatus(
      await book(t, { vendorId: emp, category: 'annual', days: 1, start_date: '2026-12-08', pay_run_id: run.id }),
      201,
    );
    assert.equal(r.data.quantity, '7.60');
    assert.equal(r.data.pay_run_id, run.id);
    const [entry] = (await entriesOf(api, t, run.id)).filter((e) => e.employee_id === emp);
    // The first booking rode the run before loading was granted; the run recalculates both with it.
    assert.deepEqual(lines(entry), [
      ['ordinary_pay', '2128.00', '53.20', null],
      ['leave', '608.00', '15.20', 'Annual leave'],
      ['leave', '304.00', '7.60', 'Annual leave'],
      ['leave', '106.40', '15.20', 'Annual leave loading'],
      ['leave', '53.20', '7.60', 'Annual leave loading'],
    ]);
    assert.equal(entry.gross, '3199.60');
  });

  test('unpaid leave reduces the pay by its hours at the ordinary rate', async () => {
    const run = expectStatus(await api.call('GET', runPath(t)), 200).data.find(
      (x: any) => x.period_start === FORTNIGHT.period_start,
    );
    expectStatus(
      await book(t, { employee_id: emp, leave_type: 'unpaid', quantity: 7.6, start_date: '2026-12-10' }),
      201,
    );
    const [entry] = (await entriesOf(api, t, run.id)).filter((e) => e.employee_id === emp);
    assert.equal(lines(entry)[0][1], '1824.00');
    assert.equal(lines(entry)[0][2], '45.60');
    assert.equal(entry.gross, '2895.60');
  });

  test('the booking refusals: over the balance, cash-out without its agreement or 4 weeks left, a pinned run that is not open, an unknown type', async () => {
    const over = await book(t, { employee_id: emp, leave_type: 'personal', hours: 40.5, start_date: '2026-12-14' });
    assert.equal(over.status, 422);
    assert.match(over.body.error.rule, /\/leave\/insufficient_balance$/);
    // Cashing out needs its written agreement, and 4 weeks (152 h) left after it (Fair Work Act s 93(3)): 100 h is not.
    const cash = await book(t, { employee_id: emp, leave_type: 'cash_out', hours: 7.6, start_date: '2026-12-14' });
    assert.equal(cash.status, 422);
    assert.match(cash.body.error.rule, /\/leave\/cash_out_agreement_required$/);
    const short = await book(t, {
      employee_id: emp,
      leave_type: 'cash_out',
      hours: 7.6,
      start_date: '2026-12-14',
      agreement_reference: 'CO-1',
    });
    assert.equal(short.status, 422);
    assert.match(short.body.error.rule, /\/leave\/cash_out_minimum_balance$/);
    const unknown = await book(t, {
      employee_id: emp,
      leave_type_code: 'sabbatical',
      hours: 1,
      start_date: '2026-12-14',
    });
    assert.equal(unknown.status, 422);
    const negative = await book(t, { employee_id: emp, leave_type: 'annual', hours: -1, start_date: '2026-12-14' });
    assert.equal(negative.status, 400);
    const missing = await book(t, { leave_type: 'annual', hours: 1 });
    assert.equal(missing.status, 400);
    assert.deepEqual(
      missing.body.error.errors.map((e: any) => e.path),
      ['employee_id', 'start_date'],
    );
    const dated = await book(t, { employee_id: emp, leave_type: 'annual', hours: 1, effective_from: '2026-12-14' });
    assert.equal(dated.status, 501);
    assert.equal(dated.body.error.capability, 'effective_dating');
  });

  test('finalising pays the leave, accrues on the ordinary hours and the payslip shows the leave and the balance', async () => {
    const run = expectStatus(await api.call('GET', runPath(t)), 200).data.find(
      (x: any) => x.period_start === FORTNIGHT.period_start,
    );
    const before = await balance(t, emp, 'annual');
    await runToFinalised(api, t, run.id);
    const after = await balance(t, emp, 'annual');
    // 76 standard hours less 7.6 unpaid: 68.4 ordinary hours (leave included) x 4/52 = 5.2615 h.
    assert.equal(after.accrued, (Number(before.accrued) + 5.2615).toFixed(2));
    const slip = expectStatus(await api.call('GET', runPath(t, run.id, `/payslips/${emp}`)), 200).data;
    assert.deepEqual(
      slip.leave_taken.map((l: any) => [l.label, l.quantity, l.unit, l.paid]),
      [
        ['Annual leave', '15.20', 'hours', true],
        ['Annual leave', '7.60', 'hours', true],
        ['Unpaid leave', '7.60', 'hours', false],
      ],
    );
    const annual = slip.leave_balances.find((b: any) => b.leave_type === 'annual');
    assert.equal(annual.balance, after.balance);
  });
});

describe('accrual over a year of fortnightly runs (NES)', () => {
  test('26 finalised fortnights accrue 4 weeks of annual and 10 days of personal leave, pro rata part-time, none casual', async () => {
    const t = await createTenant(api, { jurisdiction: 'AU' });
    const full = await hireAu(api, t, { pay_frequency: 'fortnightly', annual_salary: 85_000 });
    const part = await hireAu(api, t, {
      pay_frequency: 'fortnightly',
      type: 'part_time',
      annual_salary: 51_000,
      hours_per_week: 22.8,
    });
    const shift = await hireAu(api, t, { pay_frequency: 'fortnightly', annual_salary: 85_000 });
    const casual = await hireAu(api, t, { pay_frequency: 'fortnightly', hourly_rate: 40, hours_per_week: 20 });
    expectStatus(await configure(t, { employee_id: shift, shift_worker: true, long_service_state: 'NSW' }), 201);
    for (let i = 0; i < 26; i++) {
      const start = addDays('2026-06-22', 14 * i);
      const run = await draftRun(api, t, {
        period_start: start,
        period_end: addDays(start, 13),
        payment_date: addDays(start, 16),
      });
      await runToFinalised(api, t, run.id);
    }
    const rows = expectStatus(await api.call('GET', `/v1/tenants/${t.id}/leave-balances`), 200).data;
    const of = (emp: string, type: string) =>
      rows.find((b: any) => b.employee_id === emp && b.leave_type === type)?.accrued;
    // 38 h x 52 weeks = 1976 ordinary hours: annual 1976 x 4/52 = 152 h, personal 1976 / 26 = 76 h.
    assert.equal(of(full, 'annual'), '152.00');
    assert.equal(of(full, 'personal'), '76.00');
    // 22.8 h a week (0.6 of full time): 91.2 h and 45.6 h.
    assert.equal(of(part, 'annual'), '91.20');
    assert.equal(of(part, 'personal'), '45.60');
    // A shift worker: 5 weeks, 190 h; NSW long service leave 1976 / 60 = 32.93 h.
    assert.equal(of(shift, 'annual'), '190.00');
    assert.equal(of(shift, 'long_service'), '32.93');
    assert.equal(of(casual, 'annual'), '0.00');
    assert.equal(of(casual, 'personal'), '0.00');
    // Each accrual is a movement of one finalised run, carrying that run's evidence.
    const detail = expectStatus(
      await api.call('GET', `/v1/tenants/${t.id}/leave-balances?employee_id=${full}&detail=true`),
      200,
    ).data.find((b: any) => b.leave_type === 'annual');
    assert.equal(detail.movements.length, 26);
    assert.ok(
      detail.movements.every(
        (m: any) => m.kind === 'accrual' && m.quantity === '5.8462' && /^cev_/.test(m.evidence_id),
      ),
    );
  });
});
