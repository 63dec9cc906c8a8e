// AU leave rules through the API, each against the Fair Work Act 2009 (Cth):
// - s 87(1) annual leave 4 weeks of ordinary hours a year (152 h for 38 a week), s 96(1) personal/carer's leave
//   10 days (76 h): POST leave/configure sets the yearly entitlements (the accrual rate), tenant-wide or per
//   employee (pro rata by ordinary hours), never less than the NES;
// - opening balances are their own field, as at a date, and count on the payslip;
// - annual leave loading (17.5 %) given by the General Retail Industry Award 2020 (MA000004) without a switch;
// - s 104 compassionate leave 2 days per occasion: more is paid but raised as a pay-run exception;
// - ss 92-94 cashing out annual leave: a written agreement, 4 weeks left, the full rate (loading included), paid
//   leave type C in the pay event (ATO STP Phase 2 employer reporting guidelines, "Disaggregation of gross"),
//   withheld with the period's ordinary pay (Schedule 1), not Schedule 7.
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
import { hireWithAddress, payloadOf, stpTenant, submit, waitForRail } from '../lodgement/stp-fixtures.ts';
import { paygWithholding } from '../../../api/packs/au/index.ts';

let api: TestApi;
before(async () => {
  api = await startTestApi();
});
after(async () => {
  await api.close();
});

const FORTNIGHT = { period_start: '2026-11-30', period_end: '2026-12-13', payment_date: '2026-12-16' };
const configure = (t: TenantRef, body: Record<string, unknown>) =>
  api.call('POST', `/v1/tenants/${t.id}/leave/configure`, { body, reason: REASON });
const book = (t: TenantRef, body: Record<string, unknown>) =>
  api.call('POST', `/v1/tenants/${t.id}/leave/book`, { body, reason: REASON });
const balance = async (t: TenantRef, emp: string, type: string) =>
  expectStatus(await api.call('GET', `/v1/tenants/${t.id}/leave-balances?employee_id=${emp}`), 200).data.find(
    (b: any) => b.leave_type === type,
  );
const entryOf = async (t: TenantRef, runId: string, emp: string) =>
  (await entriesOf(api, t, runId)).find((e) => e.employee_id === emp);
const slipOf = async (t: TenantRef, runId: string, emp: string) =>
  expectStatus(await api.call('GET', runPath(t, runId, `/payslips/${emp}`)), 200, 'payslip').data;
// $79,040 a year on 38 hours: $40.00 an hour, $3,040.00 and 76 ordinary hours a fortnight.
const SALARY = { pay_frequency: 'fortnightly' as const, annual_salary: 79_040, start_date: '2020-01-01' };

describe('entitlements: the accrual rate, tenant-wide or per employee, never below the NES', () => {
  let t: TenantRef;
  let nes: string;
  let generous: string;
  let partTime: string;
  before(async () => {
    t = await createTenant(api, { jurisdiction: 'AU' });
    nes = await hireAu(api, t, SALARY);
    generous = await hireAu(api, t, SALARY);
    partTime = await hireAu(api, t, { ...SALARY, annual_salary: 39_520, hours_per_week: 19 });
  });

  test('without an employee, the SPEC fields set the tenant-wide entitlement (201, no opening balance needed)', async () => {
    const r = expectStatus(
      await configure(t, {
        annual_entitlement_hours: 152,
        personal_entitlement_hours: 76,
        accrual_method: 'Monthly',
        start_date: '2026-07-01',
      }),
      201,
    );
    assert.deepEqual(r.data, { ok: true, employee_id: null });
  });

  test('below the NES is 422 with the section and the field: 150 h annual (s 87(1)), 70 h personal (s 96(1))', async () => {
    const r = await configure(t, { annual_entitlement_hours: 150, personal_entitlement_hours: 70 });
    assert.equal(r.status, 422);
    assert.equal(r.body.error.code, 'pack_validation_failed');
    const v = r.body.error.violations.map((x: any) => [x.rule, x.path]);
    assert.deepEqual(v, [
      ['AU-2026.2/leave/annual_entitlement_below_nes', 'annual_entitlement_hours'],
      ['AU-2026.2/leave/personal_entitlement_below_nes', 'personal_entitlement_hours'],
    ]);
    assert.match(
      r.body.error.violations[0].message,
      /152\.00 hours a year for 38\.00 ordinary hours a week, Fair Work Act 2009 s 87\(1\)/,
    );
    assert.match(r.body.error.violations[1].message, /76\.00 hours .*s 96\(1\)/);
    // Nothing was written: the tenant's entitlement is still the NES (a run below accrues 4 weeks).
  });

  test('part-time: the floor is pro rata to the ordinary hours (19 h a week: 76 h annual, 38 h personal)', async () => {
    const low = await configure(t, { employee_id: partTime, annual_entitlement_hours: 75.99 });
    assert.equal(low.status, 422);
    assert.match(low.body.error.violations[0].message, /76\.00 hours a year for 19\.00 ordinary hours/);
    expectStatus(
      await configure(t, { employee_id: partTime, annual_entitlement_hours: 76, personal_entitlement_hours: 38 }),
      201,
    );
  });

  test('an employer giving more accrues more: 190 h (5 weeks) accrues 76 x 5/52 = 7.3077 h a fortnight, on the payslip and the balance alike', async () => {
    expectStatus(await configure(t, { employee_id: generous, annual_entitlement_hours: 190 }), 201);
    const run = await draftRun(api, t, FORTNIGHT);
    await runToFinalised(api, t, run.id);
    const slip = await slipOf(t, run.id, generous);
    const accrued = (s: any) => Object.fromEntries(s.leave.map((l: any) => [l.label, l.hours]));
    // NES: 76 x 4/52 = 5.8462 h annual, 76 x 2/52 = 2.9231 h personal/carer's (s 87(2): progressive accrual).
    assert.deepEqual(accrued(slip), { 'Annual leave': '7.3077', "Personal/carer's leave": '2.9231' });
    assert.equal((await balance(t, generous, 'annual')).accrued, '7.31');
    assert.deepEqual(accrued(await slipOf(t, run.id, nes)), {
      'Annual leave': '5.8462',
      "Personal/carer's leave": '2.9231',
    });
    assert.equal((await balance(t, nes, 'annual')).accrued, '5.85');
    // Part-time at 19 h a week, 38 h a fortnight, 76 h a year (4 weeks): 38 x 4/52 = 2.9231 h.
    assert.equal((await balance(t, partTime, 'annual')).accrued, '2.92');
  });
});

describe('opening balances: their own field, as at a date, on the payslip', () => {
  let t: TenantRef;
  let emp: string;
  before(async () => {
    t = await createTenant(api, { jurisdiction: 'AU' });
    emp = await hireAu(api, t, SALARY);
  });

  test('without an employee, opening balances are 422 on the field; the entitlement fields are not', async () => {
    const r = await configure(t, { opening_balances: { annual: 152 } });
    assert.equal(r.status, 422);
    assert.equal(r.body.error.violations[0].path, 'opening_balances');
  });

  test('an opening balance as at a date after the period still counts on the payslip: 152.00 - 1.75 = 150.25 h, not -1.75 h', async () => {
    const r = expectStatus(
      await configure(t, {
        employee_id: emp,
        accrual_method: 'none',
        opening_balances: {
          annual: 152,
          personal: 40,
          as_at: '2026-12-20',
          source: 'Previous payroll leave report, 20 December 2026',
        },
      }),
      201,
    );
    const ev = expectStatus(
      await api.call('GET', `/v1/tenants/${t.id}/governance/evidence/${r.evidence_id}`),
      200,
    ).data;
    assert.equal(ev.action, 'leave.configured');
    expectStatus(await book(t, { employee_id: emp, leave_type: 'annual', hours: 1.75, start_date: '2026-12-01' }), 201);
    const run = await draftRun(api, t, FORTNIGHT);
    await runToFinalised(api, t, run.id);
    const slip = await slipOf(t, run.id, emp);
    const annual = slip.leave_balances.find((b: any) => b.leave_type === 'annual');
    assert.equal(annual.balance, '150.25');
    assert.equal((await balance(t, emp, 'personal')).balance, '40.00');
  });

  test('a repeat sets the balance, it does not add to it', async () => {
    expectStatus(await configure(t, { employee_id: emp, opening_balances: { personal: 50 } }), 201);
    assert.equal((await balance(t, emp, 'personal')).balance, '50.00');
  });
});

describe('leave loading, compassionate leave', () => {
  let t: TenantRef;
  let retail: string;
  let office: string;
  let casual: string;
  let run: any;
  before(async () => {
    t = await createTenant(api, { jurisdiction: 'AU' });
    retail = await hireAu(api, t, SALARY);
    office = await hireAu(api, t, SALARY);
    casual = await hireAu(api, t, { pay_frequency: 'fortnightly', type: 'casual', hourly_rate: 35 });
    for (const e of [retail, office])
      expectStatus(await configure(t, { employee_id: e, opening_balances: { annual: 152 } }), 201);
    expectStatus(
      await api.call('PUT', `/v1/tenants/${t.id}/employees/${retail}/award`, {
        body: { award: 'MA000004', classification: 'level_1', state: 'NSW' },
        reason: REASON,
      }),
      200,
    );
    for (const e of [retail, office])
      expectStatus(await book(t, { employee_id: e, leave_type: 'annual', hours: 7.6, start_date: '2026-12-01' }), 201);
    // Three days of 7.6 h on one occasion: more than the 2 days of s 104.
    expectStatus(
      await book(t, { employee_id: office, leave_type: 'compassionate', hours: 22.8, start_date: '2026-12-08' }),
      201,
    );
    run = await draftRun(api, t, FORTNIGHT);
  });

  test('an employee under MA000004 gets the 17.5 % loading without the switch; one without an award or switch does not', async () => {
    const loading = (e: any) => e.lines.filter((l: any) => l.description === 'Annual leave loading');
    // 7.6 h x $40.00 = $304.00; 17.5 % of it = $53.20.
    assert.deepEqual(
      loading(await entryOf(t, run.id, retail)).map((l: any) => l.amount),
      ['53.20'],
    );
    assert.deepEqual(loading(await entryOf(t, run.id, office)), []);
  });

  test('the leave terms say why: the award gives the loading, the other employee has none; NES entitlements', async () => {
    const terms = async (e: string) =>
      expectStatus(await api.call('GET', `/v1/tenants/${t.id}/leave/terms?employee_id=${e}`), 200).data;
    const r = await terms(retail);
    assert.deepEqual(r.annual_leave_loading, {
      percent: '17.50',
      source: 'award',
      award_name: 'General Retail Industry Award 2020',
    });
    assert.deepEqual(
      [r.annual_entitlement_hours, r.personal_entitlement_hours, r.entitlement_basis],
      ['152.00', '76.00', 'nes'],
    );
    assert.equal((await terms(office)).annual_leave_loading, null);
    expectStatus(await configure(t, { employee_id: office, leave_loading: true }), 201);
    assert.equal((await terms(office)).annual_leave_loading.source, 'terms');
    expectStatus(await configure(t, { employee_id: office, leave_loading: false }), 201);
  });

  test('compassionate leave over 2 days per occasion is paid and raised as an exception a person acknowledges (s 104)', async () => {
    const entry = await entryOf(t, run.id, office);
    assert.ok(entry.lines.some((l: any) => l.type === 'leave' && l.hours === '22.80'));
    const list = expectStatus(await api.call('GET', runPath(t, run.id, '/exceptions')), 200).data;
    const f = list.find((x: any) => x.kind === 'compassionate_leave_over_two_days');
    assert.ok(f, 'raised');
    assert.equal(f.employee_id, office);
    assert.equal(f.severity, 'warning');
    assert.deepEqual([f.detail.hours, f.detail.days, f.detail.rule], ['22.80', '3.00', 'Fair Work Act 2009 s 104']);
    assert.ok(!list.some((x: any) => x.kind === 'compassionate_leave_over_two_days' && x.employee_id === retail));
    expectStatus(
      await api.call('POST', runPath(t, run.id, `/exceptions/${f.id}/acknowledge`), {
        body: {},
        reason: 'Employer agreed a third day for the funeral travel',
      }),
      200,
    );
    const after = expectStatus(await api.call('GET', runPath(t, run.id, '/exceptions')), 200).data;
    assert.equal(after.find((x: any) => x.id === f.id).acknowledged, true);
  });

  test('a casual books compassionate leave unpaid; paid is refused with the rule named (s 106(2))', async () => {
    const paid = await book(t, {
      employee_id: casual,
      leave_type: 'compassionate',
      hours: 7.6,
      start_date: '2026-12-02',
    });
    assert.equal(paid.status, 422);
    assert.match(paid.body.error.message, /s 106\(2\)/);
    assert.match(paid.body.error.rule, /^AU-2026\.2\/leave\//);
    expectStatus(
      await book(t, {
        employee_id: casual,
        leave_type_code: 'compassionate_unpaid',
        hours: 7.6,
        start_date: '2026-12-02',
      }),
      201,
    );
  });
});

describe('cashing out annual leave (ss 92-94)', () => {
  let t: TenantRef;
  let emp: string;
  let payload: any;
  let entry: any;
  let run: any;
  before(async () => {
    t = await stpTenant(api);
    emp = await hireWithAddress(api, t, { ...SALARY, first_name: 'Casey' });
    expectStatus(
      await configure(t, {
        employee_id: emp,
        leave_loading: true,
        opening_balances: { annual: 200, as_at: '2026-11-29' },
      }),
      201,
    );
  });

  test('refused without its written agreement, or when less than 4 weeks (152 h) would remain: 200 - 48.01 h', async () => {
    const base = { employee_id: emp, leave_type: 'cash_out', start_date: '2026-12-04' };
    const noAgreement = await book(t, { ...base, hours: 40 });
    assert.equal(noAgreement.status, 422);
    assert.equal(noAgreement.body.error.violations[0].path, 'agreement_reference');
    assert.match(noAgreement.body.error.message, /s 93\(3\)/);
    const tooMuch = await book(t, { ...base, hours: 48.01, agreement_reference: 'CO-2026-07' });
    assert.equal(tooMuch.status, 422);
    assert.equal(tooMuch.body.error.rule, 'AU-2026.2/leave/cash_out_minimum_balance');
    assert.match(
      tooMuch.body.error.message,
      /leave 151\.99 hours of annual leave: at least 4 weeks \(152\.00 hours for 38\.00 ordinary hours/,
    );
    assert.equal((await balance(t, emp, 'annual')).balance, '200.00', 'the refusal changed nothing');
  });

  test('40 h cashed out: paid on top at $40.00 with its loading, the salary untouched, reported as C, taxed with the pay', async () => {
    const r = expectStatus(
      await book(t, {
        employee_id: emp,
        leave_type: 'cash_out',
        start_date: '2026-12-04',
        hours: 40,
        agreement_reference: 'CO-2026-07',
      }),
      201,
    );
    assert.equal(r.data.agreement_reference, 'CO-2026-07');
    assert.equal((await balance(t, emp, 'annual')).balance, '160.00');
    run = await draftRun(api, t, FORTNIGHT);
    entry = await entryOf(t, run.id, emp);
    const pay = entry.lines
      .filter((l: any) => ['ordinary_pay', 'leave'].includes(l.type))
      .map((l: any) => [l.type, l.amount, l.hours ?? null, l.description]);
    // The fortnight's salary $3,040.00 for 76 h; 40 h x $40.00 = $1,600.00; loading 17.5 % = $280.00.
    assert.deepEqual(pay, [
      ['ordinary_pay', '3040.00', '76.00', undefined],
      ['leave', '1600.00', '40.00', 'Annual leave cashed out (agreement CO-2026-07)'],
      ['leave', '280.00', '40.00', 'Annual leave loading'],
    ]);
    assert.equal(entry.gross, '4920.00');
    // Withheld as ordinary earnings of the fortnight by Schedule 1 (scale 2), not as a Schedule 7 lump sum.
    const payg = paygWithholding('AU-2026.2', {
      earnings: '4920.00',
      frequency: 'fortnightly',
      scale: 2,
      residency: 'resident',
    });
    assert.equal(entry.lines.find((l: any) => l.type === 'payg_withholding').amount, `-${payg}`);
    await runToFinalised(api, t, run.id);
    const l = expectStatus(await submit(api, t, run.id), 202).data;
    assert.equal((await waitForRail(api, t, l.id)).status, 'accepted');
    payload = (await payloadOf(api, t, l.id)).json;
    const payee = payload.PAYEVNTEMP[0].Payee;
    const s = payee.RemunerationIncomeTaxPayAsYouGoWithholding.PayrollPeriod.RemunerationCollection[0];
    assert.deepEqual(s.PaidLeaveCollection, [{ TypeC: 'C', PaymentA: '1880.00' }]);
    assert.equal(s.GrossA, '3040.00');
  });

  test('no leave accrues on hours cashed out: 76 ordinary hours accrue 5.8462 h; the balance is 165.85 h', async () => {
    const annual = await balance(t, emp, 'annual');
    assert.equal(annual.balance, '165.85');
  });
});
