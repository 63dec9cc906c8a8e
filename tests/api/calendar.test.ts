// Pay schedules and the payroll calendar: governed writes with evidence and idempotency, validation (400
// with paths, 422 for an unknown state), roles and the component allowlist, another partner's tenant,
// employee-pinned tokens, the next pay dates, payment dates moved off holidays by the schedule's rule, the
// calendar's state default and range limit, and 501 beyond the published holiday years.
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { startTestApi, REASON, type TestApi } from '../helpers/api.ts';
import { createTenant, expectStatus, hireAu, userToken, type TenantRef } from '../helpers/payroll-fixtures.ts';

let api: TestApi;
let au: TenantRef;
let de: TenantRef;

const S = (t: TenantRef) => `/v1/tenants/${t.id}/pay-schedules`;
const C = (t: TenantRef, q: string) => `/v1/tenants/${t.id}/calendar?${q}`;
const create = (t: TenantRef, body: Record<string, unknown>, opts: { key?: string; reason?: string | null } = {}) =>
  api.call('POST', S(t), {
    body,
    key: opts.key,
    reason: opts.reason === null ? undefined : (opts.reason ?? REASON),
  });

const FORTNIGHTLY = {
  name: 'Fortnightly staff',
  frequency: 'fortnightly',
  anchor_date: '2026-11-02',
  payment_offset_days: 3,
  bank_holiday_rule: 'before',
  cutoff_days: 2,
};

before(async () => {
  api = await startTestApi();
  au = await createTenant(api, { companyBank: false });
  de = await createTenant(api, { jurisdiction: 'DE', companyBank: false });
  expectStatus(
    await api.call('PATCH', `/v1/tenants/${au.id}/company`, {
      reason: REASON,
      body: { address: { line1: '1 Collins Street', locality: 'Melbourne', state: 'VIC', postcode: '3000' } },
    }),
    200,
  );
});
after(async () => {
  await api.close();
});

describe('pay schedules', () => {
  test('create answers the schedule with its next pay dates, evidence and the company state', async () => {
    // 30 December less 2 days is Monday 28 December, VIC's extra Boxing Day; 26, 27 are the weekend and 25
    // is Christmas: the last cut-off comes forward to Thursday 24 December.
    const r = expectStatus(await create(au, FORTNIGHTLY), 201);
    const s = r.data;
    assert.match(s.id, /^psch_[a-f0-9]+$/);
    assert.deepEqual(
      [s.frequency, s.anchor_date, s.payment_offset_days, s.bank_holiday_rule, s.cutoff_days, s.state, s.status],
      ['fortnightly', '2026-11-02', 3, 'before', 2, null, 'active'],
    );
    assert.equal(s.holiday_region, 'VIC');
    // Today is 2026-11-21: the period 2 to 15 November is paid on Wednesday 18 November (past), so the next
    // ones are 16–29 November (paid 2 December) and onwards.
    assert.deepEqual(
      s.next_pay_dates.map((p: any) => [p.period_start, p.period_end, p.payment_date, p.cut_off]),
      [
        ['2026-11-16', '2026-11-29', '2026-12-02', '2026-11-30'],
        ['2026-11-30', '2026-12-13', '2026-12-16', '2026-12-14'],
        ['2026-12-14', '2026-12-27', '2026-12-30', '2026-12-24'],
      ],
    );
    const ev = expectStatus(await api.call('GET', `/v1/tenants/${au.id}/governance/evidence/${r.evidence_id}`), 200);
    assert.deepEqual(
      [ev.data.action, ev.data.resource, ev.data.governance_reason],
      ['pay_schedule.created', s.id, REASON],
    );
    const list = expectStatus(await api.call('GET', S(au)), 200).data;
    assert.equal(list.filter((x: any) => x.id === s.id).length, 1);
    const one = expectStatus(await api.call('GET', `${S(au)}/${s.id}`), 200).data;
    assert.equal(one.name, 'Fortnightly staff');
  });

  test('a payment date on a public holiday moves by the rule: before, after or not at all', async () => {
    const base = {
      name: 'Monthly',
      frequency: 'monthly',
      anchor_date: '2026-12-01',
      payment_offset_days: 0,
      cutoff_days: 3,
      state: 'NSW',
    };
    // The December 2026 period ends Thursday 31 December; with offset -6 it is paid Friday 25 December.
    const paid = async (rule: string) => {
      const s = expectStatus(await create(au, { ...base, bank_holiday_rule: rule, payment_offset_days: -6 }), 201).data;
      return s.next_pay_dates.find((p: any) => p.period_start === '2026-12-01');
    };
    const before = await paid('before');
    assert.deepEqual([before.scheduled_date, before.payment_date], ['2026-12-25', '2026-12-24']);
    const afterRule = await paid('after');
    // 25 Dec (Christmas), 26 Sat, 27 Sun, 28 Mon (additional Boxing Day in NSW) → Tuesday 29 December.
    assert.deepEqual([afterRule.scheduled_date, afterRule.payment_date], ['2026-12-25', '2026-12-29']);
    const none = await paid('none');
    assert.equal(none.payment_date, '2026-12-25');
    assert.equal(before.cut_off, '2026-12-21');
  });

  test('validation: 400 with the path for a bad shape, 422 for a state the pack does not know', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ ...FORTNIGHTLY, frequency: 'daily' }, 'frequency'],
      [{ ...FORTNIGHTLY, anchor_date: '2026-02-30' }, 'anchor_date'],
      [{ ...FORTNIGHTLY, payment_offset_days: 61 }, 'payment_offset_days'],
      [{ ...FORTNIGHTLY, payment_offset_days: 1.5 }, 'payment_offset_days'],
      [{ ...FORTNIGHTLY, cutoff_days: -1 }, 'cutoff_days'],
      [{ ...FORTNIGHTLY, bank_holiday_rule: 'nearest' }, 'bank_holiday_rule'],
      [{ ...FORTNIGHTLY, name: '  ' }, 'name'],
      [{ ...FORTNIGHTLY, colour: 'blue' }, 'colour'],
    ];
    for (const [body, path] of cases) {
      const r = await create(au, body);
      assert.equal(r.status, 400, path);
      assert.equal(r.body.error.errors[0].path, path);
    }
    const r = await create(au, { ...FORTNIGHTLY, state: 'Bavaria' });
    assert.equal(r.status, 422);
    assert.equal(r.body.error.errors[0].path, 'state');
    const missingReason = await create(au, FORTNIGHTLY, { reason: null });
    assert.equal(missingReason.status, 400);
    assert.equal(missingReason.body.error.code, 'governance_reason_required');
    // A state by its name is stored as its code.
    const named = expectStatus(await create(de, { ...FORTNIGHTLY, frequency: 'monthly', state: 'bayern' }), 201);
    assert.equal(named.data.state, 'BY');
  });

  test('update and archive: a failed write changes nothing; archiving twice is 409', async () => {
    const s = expectStatus(await create(au, { ...FORTNIGHTLY, name: 'To archive' }), 201).data;
    const bad = await api.call('PATCH', `${S(au)}/${s.id}`, { reason: REASON, body: { name: 'X', state: 'Nowhere' } });
    assert.equal(bad.status, 422);
    assert.equal(expectStatus(await api.call('GET', `${S(au)}/${s.id}`), 200).data.name, 'To archive');
    const upd = expectStatus(
      await api.call('PATCH', `${S(au)}/${s.id}`, { reason: REASON, body: { cutoff_days: 4, state: 'qld' } }),
      200,
    );
    assert.deepEqual([upd.data.cutoff_days, upd.data.state, upd.data.holiday_region], [4, 'QLD', 'QLD']);
    expectStatus(await api.call('DELETE', `${S(au)}/${s.id}`, { reason: REASON }), 200);
    assert.equal((await api.call('DELETE', `${S(au)}/${s.id}`, { reason: REASON })).status, 409);
    const active = expectStatus(await api.call('GET', S(au)), 200).data;
    assert.equal(active.filter((x: any) => x.id === s.id).length, 0);
    const all = expectStatus(await api.call('GET', `${S(au)}?include_archived=true`), 200).data;
    assert.equal(all.find((x: any) => x.id === s.id).status, 'archived');
    assert.equal((await api.call('GET', `${S(au)}/psch_0000`)).status, 404);
  });

  test('the same idempotency key answers the first result and writes once', async () => {
    const send = () =>
      api.call('POST', S(au), {
        reason: REASON,
        body: { ...FORTNIGHTLY, name: 'Once only' },
        headers: { 'idempotency-key': 'calendar-once-1' },
      });
    const a = expectStatus(await send(), 201);
    const b = expectStatus(await send(), 201);
    assert.equal(a.data.id, b.data.id);
    const list = expectStatus(await api.call('GET', S(au)), 200).data;
    assert.equal(list.filter((x: any) => x.name === 'Once only').length, 1);
  });
});

describe('who may read and write', () => {
  test('viewers read; only admins (or the partner key) write; embed tokens need the calendar in their allowlist', async () => {
    const viewer = await userToken(api, au, 'viewer', 'usr_view');
    const preparer = await userToken(api, au, 'preparer', 'usr_prep');
    const admin = await userToken(api, au, 'admin', 'usr_admin');
    expectStatus(await api.call('GET', S(au), { key: viewer }), 200);
    expectStatus(await api.call('GET', C(au, 'from=2026-12-01&to=2026-12-31'), { key: viewer }), 200);
    assert.equal((await create(au, FORTNIGHTLY, { key: viewer })).status, 403);
    assert.equal((await create(au, FORTNIGHTLY, { key: preparer })).status, 403);
    expectStatus(await create(au, { ...FORTNIGHTLY, name: 'By admin' }, { key: admin }), 201);
    const mint = async (components: string[]) =>
      expectStatus(await api.call('POST', `/v1/tenants/${au.id}/embed/token`, { body: { components } }), 201).data
        .token as string;
    const calendarEmbed = await mint(['payroll-calendar']);
    const payslipEmbed = await mint(['payslip-viewer']);
    expectStatus(await create(au, { ...FORTNIGHTLY, name: 'By embed' }, { key: calendarEmbed }), 201);
    assert.equal((await create(au, FORTNIGHTLY, { key: payslipEmbed })).status, 403);
    expectStatus(await api.call('GET', C(au, ''), { key: payslipEmbed }), 200);
  });

  test('an employee-pinned token cannot read or write the tenant calendar', async () => {
    const emp = await hireAu(api, au, { pay_frequency: 'fortnightly', hourly_rate: '40.00' });
    const pinned = expectStatus(
      await api.call('POST', `/v1/tenants/${au.id}/embed/token`, {
        body: { components: ['*'], employee_id: emp },
      }),
      201,
    ).data.token;
    assert.equal((await api.call('GET', S(au), { key: pinned })).status, 403);
    assert.equal((await api.call('GET', C(au, ''), { key: pinned })).status, 403);
    assert.equal((await create(au, FORTNIGHTLY, { key: pinned })).status, 403);
  });

  test("another partner's tenant is 404, for reads and writes alike", async () => {
    const other = await api.newPartner('Other Partner');
    const s = expectStatus(await api.call('GET', S(au)), 200).data[0];
    assert.equal((await api.call('GET', S(au), { key: other.key })).status, 404);
    assert.equal((await api.call('GET', `${S(au)}/${s.id}`, { key: other.key })).status, 404);
    assert.equal((await api.call('GET', C(au, ''), { key: other.key })).status, 404);
    assert.equal((await create(au, FORTNIGHTLY, { key: other.key })).status, 404);
    const patch = await api.call('PATCH', `${S(au)}/${s.id}`, {
      key: other.key,
      reason: REASON,
      body: { name: 'Mine' },
    });
    assert.equal(patch.status, 404);
  });
});

describe('the calendar', () => {
  test('pay dates, cut-offs and holidays in date order; the state defaults to the company address', async () => {
    const body = expectStatus(await api.call('GET', C(au, 'from=2026-12-01&to=2026-12-31')), 200).data;
    assert.deepEqual([body.state, body.state_name, body.state_source], ['VIC', 'Victoria', 'company']);
    assert.deepEqual(body.holidays_covered, { from: 2025, to: 2026 });
    const holidays = body.events.filter((e: any) => e.type === 'holiday').map((e: any) => `${e.date} ${e.name}`);
    assert.deepEqual(holidays, ['2026-12-25 Christmas Day', '2026-12-26 Boxing Day', '2026-12-28 Boxing Day']);
    const pay = body.events.filter((e: any) => e.type === 'pay_date' && e.schedule_name === 'Fortnightly staff');
    assert.deepEqual(
      pay.map((e: any) => e.date),
      ['2026-12-02', '2026-12-16', '2026-12-30'],
    );
    const cut = body.events.filter((e: any) => e.type === 'cut_off' && e.schedule_name === 'Fortnightly staff');
    assert.deepEqual(
      cut.map((e: any) => e.date),
      ['2026-12-14', '2026-12-24'],
    );
    const dates = body.events.map((e: any) => e.date);
    assert.deepEqual(dates, [...dates].sort());
  });

  test('a moved payment date says where it was scheduled', async () => {
    const body = expectStatus(await api.call('GET', C(au, 'from=2026-12-20&to=2026-12-31')), 200).data;
    const moved = body.events.find((e: any) => e.type === 'pay_date' && e.moved_from === '2026-12-25');
    assert.equal(moved?.date, '2026-12-24', JSON.stringify(body.events));
  });

  test('state by query: regional and part-day holidays are marked; DE Länder by code or name', async () => {
    const qld = expectStatus(await api.call('GET', C(au, 'from=2026-08-01&to=2026-12-31&state=QLD')), 200).data;
    const ekka = qld.events.find((e: any) => e.name === 'Royal Queensland Show');
    assert.deepEqual([ekka.date, ekka.scope, ekka.area], ['2026-08-12', 'regional', 'Brisbane City Council area']);
    const eve = qld.events.find((e: any) => e.name === 'Christmas Eve');
    assert.deepEqual([eve.scope, eve.hours], ['part_day', '18:00-24:00']);
    const by = expectStatus(await api.call('GET', C(de, 'from=2026-08-01&to=2026-08-31&state=Bayern')), 200).data;
    assert.equal(by.state, 'BY');
    assert.deepEqual(
      by.events.filter((e: any) => e.type === 'holiday').map((e: any) => [e.date, e.name, e.scope]),
      [
        ['2026-08-08', 'Augsburger Hohes Friedensfest', 'regional'],
        ['2026-08-15', 'Mariä Himmelfahrt', 'regional'],
      ],
    );
  });

  test('without a company state the holidays observed nationwide are shown', async () => {
    const body = expectStatus(await api.call('GET', C(de, 'from=2026-01-01&to=2026-12-31')), 200).data;
    assert.deepEqual([body.state, body.state_source], [null, 'national']);
    assert.deepEqual(
      body.events.filter((e: any) => e.type === 'holiday').map((e: any) => e.date),
      [
        '2026-01-01',
        '2026-04-03',
        '2026-04-06',
        '2026-05-01',
        '2026-05-14',
        '2026-05-25',
        '2026-10-03',
        '2026-12-25',
        '2026-12-26',
      ],
    );
  });

  test('the range: to before from, more than 366 days, unknown state and bad dates are 400 with the path', async () => {
    const cases: [string, string][] = [
      ['from=2026-05-01&to=2026-04-01', 'query.to'],
      ['from=2025-01-01&to=2026-01-02', 'query.to'],
      ['from=2026-01-01&to=2026-01-31&state=XX', 'query.state'],
      ['from=2026-13-01', 'query.from'],
    ];
    for (const [q, path] of cases) {
      const r = await api.call('GET', C(au, q));
      assert.equal(r.status, 400, q);
      assert.equal(r.body.error.errors[0].path, path, q);
    }
    expectStatus(await api.call('GET', C(au, 'from=2025-01-01&to=2026-01-01')), 200);
  });

  test('beyond the published holiday years the calendar is 501, not a guess', async () => {
    const r = await api.call('GET', C(au, 'from=2027-01-01&to=2027-01-31'));
    assert.equal(r.status, 501);
    assert.equal(r.body.error.code, 'CAPABILITY_NOT_SUPPORTED');
    assert.equal(r.body.error.capability, 'public_holidays');
  });

  test('next pay dates in a year the holidays do not cover say so', async () => {
    const s = expectStatus(
      await create(au, { ...FORTNIGHTLY, name: 'Quarterly', frequency: 'quarterly', anchor_date: '2026-10-01' }),
      201,
    ).data;
    // October–December is paid 3 January 2027 (a Sunday): moved off the weekend, holidays unknown for 2027.
    assert.deepEqual(
      [s.next_pay_dates[0].period_end, s.next_pay_dates[0].scheduled_date, s.next_pay_dates[0].holidays_known],
      ['2026-12-31', '2027-01-03', false],
    );
  });
});
