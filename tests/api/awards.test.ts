// Modern awards through the API: GET /awards and /awards/{code} for the tenant's pack version, an
// employee's award (PUT governed, admin only), timesheet shifts interpreted into award lines with clauses,
// pay below the award minimum as an error exception, and 501 where no cited rates exist (AU-2026.1, DE) —
// including shifts of an assigned employee after the tenant moves to AU-2026.1.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestApi, REASON, type TestApi } from '../helpers/api.ts';
import {
  createTenant,
  draftRun,
  entriesOf,
  expectStatus,
  hireAu,
  hireDe,
  runPath,
  runToFinalised,
  userToken,
  type TenantRef,
} from '../helpers/payroll-fixtures.ts';

let api: TestApi;
before(async () => {
  api = await startTestApi();
});
after(async () => {
  await api.close();
});

const awardPath = (t: TenantRef, employeeId: string) => `/v1/tenants/${t.id}/employees/${employeeId}/award`;
const assign = (t: TenantRef, employeeId: string, body: unknown, opts: { key?: string; reason?: string | null } = {}) =>
  api.call('PUT', awardPath(t, employeeId), {
    body,
    key: opts.key,
    ...(opts.reason === null ? {} : { reason: opts.reason ?? REASON }),
  });
// Monday 3 to Sunday 9 November 2025, paid Wednesday 12 November (AU-2025.1).
const WEEK = { period_start: '2025-11-03', period_end: '2025-11-09', payment_date: '2025-11-12' };
const LEVEL_1 = { award: 'MA000004', classification: 'level_1', state: 'NSW' };

describe('AU-2025.1: awards, assignment and interpreted timesheets', () => {
  let t: TenantRef;
  const who: Record<string, string> = {};

  before(async () => {
    t = await createTenant(api, { jurisdiction: 'AU', pack_version: 'AU-2025.1' });
    who.casual = await hireAu(api, t, {
      first_name: 'Cass',
      last_name: 'Casual',
      type: 'casual',
      hourly_rate: '33.19',
      pay_frequency: 'weekly',
    });
    who.under = await hireAu(api, t, {
      first_name: 'Una',
      last_name: 'Under',
      type: 'casual',
      hourly_rate: '30.00',
      pay_frequency: 'weekly',
    });
  });

  test('GET /awards lists MA000004 and MA000009; GET /awards/MA000004 tabulates every rate', async () => {
    const list = expectStatus(await api.call('GET', `/v1/tenants/${t.id}/awards`), 200, 'awards').data;
    assert.deepEqual(
      list.map((a: any) => `${a.code} ${a.rates_from} ${a.classifications}`),
      ['MA000004 2025-07-01 8', 'MA000009 2025-07-01 7'],
    );
    const detail = expectStatus(await api.call('GET', `/v1/tenants/${t.id}/awards/ma000004`), 200, 'award').data;
    assert.equal(detail.pack_version, 'AU-2025.1');
    assert.equal(detail.rates_from, '2025-07-01');
    const l1 = detail.classifications.find((c: any) => c.code === 'level_1');
    assert.equal(l1.hourly_rate, '26.55');
    assert.equal(l1.weekly_rate, '1008.90');
    assert.equal(l1.rates.permanent.saturday, '33.19');
    assert.equal(l1.rates.permanent.sunday, '39.83');
    assert.equal(l1.rates.permanent.public_holiday, '59.74');
    assert.equal(l1.rates.permanent.overtime_first, '39.83');
    assert.equal(l1.rates.permanent.overtime_after, '53.10');
    assert.equal(l1.rates.casual.ordinary, '33.19');
    assert.equal(l1.rates.casual.sunday, '46.46');
    assert.equal(l1.rates.casual.public_holiday, '66.38');
    assert.equal(l1.rates.casual.overtime_public_holiday, '73.01');
    // Levels 1-8 from the pay database (../shared/reference/au-awards.md).
    assert.deepEqual(
      detail.classifications.map((c: any) => `${c.code} ${c.weekly_rate} ${c.hourly_rate} ${c.rates.casual.ordinary}`),
      [
        'level_1 1008.90 26.55 33.19',
        'level_2 1032.00 27.16 33.95',
        'level_3 1048.00 27.58 34.48',
        'level_4 1068.40 28.12 35.15',
        'level_5 1112.30 29.27 36.59',
        'level_6 1128.50 29.70 37.13',
        'level_7 1185.10 31.19 38.99',
        'level_8 1233.20 32.45 40.56',
      ],
    );
    assert.deepEqual(detail.minimum_engagement.casual_hours, '3');
    assert.deepEqual(detail.flat_amounts, []);
    // The rows of the rates table come from the API, in order, and every classification has each of them.
    assert.deepEqual(detail.rate_kinds, [
      'ordinary',
      'evening',
      'saturday',
      'sunday',
      'public_holiday',
      'overtime_first',
      'overtime_after',
      'overtime_sunday',
      'overtime_public_holiday',
    ]);
    for (const c of detail.classifications)
      for (const who of ['permanent', 'casual']) assert.deepEqual(Object.keys(c.rates[who]), detail.rate_kinds);
    assert.match(detail.rates_basis, /3\.5 %/);
    assert.ok(detail.sources.length >= 2 && detail.sources.every((s: any) => s.url.startsWith('https://')));
  });

  test('GET /awards/MA000009: Introductory to Level 6, evening and night amounts, no unsettled rows', async () => {
    const hosp = expectStatus(await api.call('GET', `/v1/tenants/${t.id}/awards/MA000009`), 200, 'hospitality').data;
    assert.equal(hosp.name, 'Hospitality Industry (General) Award 2020');
    assert.deepEqual(
      hosp.classifications.map((c: any) => `${c.code} ${c.hourly_rate} ${c.rates.casual.ordinary}`),
      [
        'introductory 24.28 30.35',
        'level_1 24.95 31.19',
        'level_2 25.85 32.31',
        'level_3 26.70 33.38',
        'level_4 28.12 35.15',
        'level_5 29.88 37.35',
        'level_6 30.68 38.35',
      ],
    );
    assert.deepEqual(
      hosp.flat_amounts.map((f: any) => `${f.kind} ${f.from}-${f.to} ${f.amount} ${f.clause}`),
      ['evening 19:00-24:00 2.81 MA000009 cl. 29.2', 'night 00:00-07:00 4.22 MA000009 cl. 29.2'],
    );
    // Evening work is a flat amount (no row); Sunday and public-holiday overtime are not settled (no row).
    assert.deepEqual(hosp.rate_kinds, [
      'ordinary',
      'saturday',
      'sunday',
      'public_holiday',
      'overtime_first',
      'overtime_after',
    ]);
    const l1 = hosp.classifications[1];
    assert.equal(l1.rates.permanent.overtime_first, '37.43');
    assert.equal(l1.rates.casual.overtime_first, null, 'casual overtime is not settled');
    assert.equal(hosp.minimum_engagement.casual_hours, '2');
    assert.equal(hosp.span_of_ordinary_hours, null);
  });

  test('an unknown code is 404; a malformed one 400', async () => {
    assert.equal((await api.call('GET', `/v1/tenants/${t.id}/awards/MA000099`)).status, 404);
    assert.equal((await api.call('GET', `/v1/tenants/${t.id}/awards/retail`)).status, 400);
  });

  test('PUT …/award assigns (governed, with evidence); GET reads it back with the minimum rate', async () => {
    const out = expectStatus(await assign(t, who.casual, LEVEL_1), 200, 'assign');
    assert.ok(out.evidence_id);
    assert.equal(out.data.minimum_hourly_rate, '33.19');
    assert.equal(out.data.employment_type, 'casual');
    const read = expectStatus(await api.call('GET', awardPath(t, who.casual)), 200, 'read').data;
    assert.equal(read.classification_name, 'Retail Employee Level 1');
    assert.equal(read.state, 'NSW');
    expectStatus(await assign(t, who.under, { ...LEVEL_1, state: 'Victoria' }), 200, 'assign under');
    assert.equal(
      expectStatus(await api.call('GET', awardPath(t, who.under)), 200).data.state,
      'VIC',
      'a state by name is stored by its code',
    );
  });

  test('bad assignments are 400 with the path and change nothing; no reason is refused', async () => {
    for (const level of ['level_9', 'introductory']) {
      const badCls = await assign(t, who.casual, { ...LEVEL_1, classification: level });
      assert.equal(badCls.status, 400, `${level} is no General Retail level`);
      assert.equal(badCls.body.error.errors[0].path, 'classification');
      assert.match(badCls.body.error.errors[0].message, /level_1, level_2, .*level_8/);
    }
    const badState = await assign(t, who.casual, { ...LEVEL_1, classification: 'level_2', state: 'XX' });
    assert.equal(badState.status, 400);
    assert.equal(badState.body.error.errors[0].path, 'state');
    // With no state given, the award's state is the home address's: someone without one must name it.
    const homeless = await hireAu(api, t, {
      type: 'casual',
      hourly_rate: '33.19',
      pay_frequency: 'weekly',
      address: null,
    });
    const noState = await assign(t, homeless, { award: 'MA000004', classification: 'level_2' });
    assert.equal(noState.status, 400, 'an employee without a home address and no state given');
    assert.equal(noState.body.error.errors[0].path, 'state');
    const noReason = await assign(t, who.casual, { ...LEVEL_1, classification: 'level_2' }, { reason: null });
    assert.equal(noReason.status, 400);
    assert.equal(noReason.body.error.code, 'governance_reason_required');
    const read = expectStatus(await api.call('GET', awardPath(t, who.casual)), 200).data;
    assert.equal(read.classification, 'level_1', 'nothing changed');
  });

  test('roles: a viewer reads awards but cannot assign; an admin token can', async () => {
    const viewer = await userToken(api, t, 'viewer', 'usr_viewer');
    expectStatus(await api.call('GET', `/v1/tenants/${t.id}/awards`, { key: viewer }), 200);
    assert.equal((await assign(t, who.casual, LEVEL_1, { key: viewer })).status, 403);
    const preparer = await userToken(api, t, 'preparer', 'usr_prep');
    assert.equal((await assign(t, who.casual, LEVEL_1, { key: preparer })).status, 403);
    const admin = await userToken(api, t, 'admin', 'usr_admin');
    expectStatus(await assign(t, who.casual, LEVEL_1, { key: admin }), 200, 'admin assigns');
  });

  test("isolation: another partner's key sees 404 for the tenant's awards and employees", async () => {
    const other = await api.newPartner('Other Partner');
    assert.equal((await api.call('GET', `/v1/tenants/${t.id}/awards`, { key: other.key })).status, 404);
    assert.equal((await api.call('GET', awardPath(t, who.casual), { key: other.key })).status, 404);
    assert.equal((await assign(t, who.casual, LEVEL_1, { key: other.key })).status, 404);
  });

  test('a Tuesday and a Sunday shift become ordinary, casual loading and Sunday lines with clauses', async () => {
    const run = await draftRun(api, t, { ...WEEK, pay_frequency: 'weekly' } as any);
    const rows = [
      { employee_id: who.casual, date: '2025-11-04', start: '09:00', end: '17:00', break_minutes: 30 },
      { employee_id: who.casual, date: '2025-11-09', start: '09:00', end: '17:00', break_minutes: 30 },
      { employee_id: who.under, date: '2025-11-04', hours: 8 },
    ];
    expectStatus(
      await api.call('POST', runPath(t, run.id, '/timesheets'), { body: { rows }, reason: REASON }),
      200,
      'import',
    );
    const entry = (await entriesOf(api, t, run.id)).find((e: any) => e.employee_id === who.casual);
    const lines = entry.lines
      .filter((l: any) => l.clause)
      .map((l: any) => `${l.hours} x ${l.rate} = ${l.amount} ${l.clause}`);
    assert.deepEqual(lines, [
      '7.50 x 26.55 = 199.13 MA000004 cl. 17.1',
      '7.50 x 6.64 = 49.80 MA000004 cl. 11',
      '7.50 x 46.46 = 348.45 MA000004 cl. 22.1',
    ]);
    assert.equal(entry.gross, '597.38');
    assert.ok(entry.lines.some((l: any) => /Sunday 175 %/.test(l.description)));

    const exceptions = expectStatus(await api.call('GET', runPath(t, run.id, '/exceptions')), 200).data;
    const errors = exceptions.filter((e: any) => e.severity === 'error');
    assert.deepEqual(
      errors.map((e: any) => `${e.employee_id}:${e.kind}`),
      [`${who.under}:below_minimum_wage`],
      'the casual paid at award rates is clear; the one paid $30.00 is below $33.19',
    );
    assert.equal(errors[0].detail.minimum_wage, '33.19');
    assert.match(errors[0].message, /below the award minimum of 33\.19 AUD/);
  });

  test('a bad shift is 400 with the row path and imports nothing', async () => {
    const run = await draftRun(api, t, {
      period_start: '2025-11-10',
      period_end: '2025-11-16',
      payment_date: '2025-11-19',
    });
    const bad = await api.call('POST', runPath(t, run.id, '/timesheets'), {
      body: {
        rows: [
          { employee_id: who.casual, date: '2025-11-11', start: '09:00', end: '17:00' },
          { employee_id: who.casual, date: '2025-11-11', start: '16:00', end: '18:00' },
        ],
      },
      reason: REASON,
    });
    assert.equal(bad.status, 400);
    assert.match(bad.body.error.errors[0].path, /^rows\[\d\]\.start$/);
    const neither = await api.call('POST', runPath(t, run.id, '/timesheets'), {
      body: { rows: [{ employee_id: who.casual, date: '2025-11-11', start: '09:00' }] },
      reason: REASON,
    });
    assert.equal(neither.status, 400);
  });
});

describe('501 where no cited rates exist', () => {
  test('AU-2026.1 (pinned): GET /awards and PUT …/award answer 501 with alternatives', async () => {
    const t = await createTenant(api, { jurisdiction: 'AU', pack_version: 'AU-2026.1' });
    const list = await api.call('GET', `/v1/tenants/${t.id}/awards`);
    assert.equal(list.status, 501);
    assert.equal(list.body.error.capability, 'award_interpretation');
    assert.ok(list.body.error.alternatives.some((a: string) => /AU-2026\.2/.test(a)));
    assert.equal((await api.call('GET', `/v1/tenants/${t.id}/awards/MA000004`)).status, 501);
    const emp = await hireAu(api, t, { type: 'casual', hourly_rate: '40.00', pay_frequency: 'weekly' });
    assert.equal((await assign(t, emp, LEVEL_1)).status, 501);
    const caps = expectStatus(await api.call('GET', `/v1/packs/AU`), 200).data;
    const v = (name: string) => caps.versions.find((x: any) => x.version === name).capabilities;
    assert.equal(v('AU-2025.1').award_interpretation, 'native');
    assert.equal(v('AU-2026.1').award_interpretation, 'unsupported');
    assert.equal(v('AU-2026.2').award_interpretation, 'native');
  });

  test('shifts of an assigned employee after moving to AU-2026.1 answer 501, never the 2025 rates', async () => {
    const t = await createTenant(api, { jurisdiction: 'AU', pack_version: 'AU-2025.1' });
    const emp = await hireAu(api, t, { type: 'casual', hourly_rate: '33.19', pay_frequency: 'weekly' });
    expectStatus(await assign(t, emp, LEVEL_1), 200);
    expectStatus(
      await api.call('PATCH', `/v1/partners/tenants/${t.id}/bindings/${t.bindingId}`, {
        body: { pack_version: 'AU-2026.1' },
        reason: REASON,
      }),
      200,
      'repin',
    );
    const run = await draftRun(api, t, {
      period_start: '2026-11-02',
      period_end: '2026-11-08',
      payment_date: '2026-11-11',
    });
    const out = await api.call('POST', runPath(t, run.id, '/timesheets'), {
      body: { rows: [{ employee_id: emp, date: '2026-11-08', start: '09:00', end: '17:00' }] },
      reason: REASON,
    });
    assert.equal(out.status, 501);
    assert.equal(out.body.error.capability, 'award_interpretation');
    const entry = (await entriesOf(api, t, run.id)).find((e: any) => e.employee_id === emp);
    assert.ok(!entry || entry.lines.every((l: any) => !l.clause), 'nothing was imported');
  });

  test('DE: awards answer 501', async () => {
    const t = await createTenant(api, { jurisdiction: 'DE' });
    assert.equal((await api.call('GET', `/v1/tenants/${t.id}/awards`)).status, 501);
    const emp = await hireDe(api, t);
    assert.equal((await api.call('GET', awardPath(t, emp))).status, 501);
  });
});

describe('a casual retail run with a Sunday shift finalises', () => {
  test('import, no error exceptions, finalise', async () => {
    const t = await createTenant(api, { jurisdiction: 'AU', pack_version: 'AU-2025.1' });
    const emp = await hireAu(api, t, { type: 'casual', hourly_rate: '33.19', pay_frequency: 'weekly' });
    expectStatus(await assign(t, emp, LEVEL_1), 200);
    const run = await draftRun(api, t, WEEK);
    expectStatus(
      await api.call('POST', runPath(t, run.id, '/timesheets'), {
        body: { rows: [{ employee_id: emp, date: '2025-11-09', start: '10:00', end: '16:00' }] },
        reason: REASON,
      }),
      200,
    );
    const exceptions = expectStatus(await api.call('GET', runPath(t, run.id, '/exceptions')), 200).data;
    assert.equal(exceptions.filter((e: any) => e.severity === 'error').length, 0);
    const done = await runToFinalised(api, t, run.id);
    assert.equal(done.status, 'finalised');
    const entry = (await entriesOf(api, t, run.id)).find((e: any) => e.employee_id === emp);
    assert.equal(entry.gross, '278.76', '6 hours x $46.46');
  });
});
