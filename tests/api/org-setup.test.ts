// Org setup: the company record as one object (the fields statutory reports name, the trading name, the
// default pay schedule and the work week), written by an admin user or the partner key only, with the
// country's own fields checked against its pack and another country's refused at their path.
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { startTestApi, REASON, type TestApi, type Reply } from '../helpers/api.ts';
import { createTenant, expectStatus, hireAu, type TenantRef } from '../helpers/payroll-fixtures.ts';

let api: TestApi;
let au: TenantRef;
let de: TenantRef;

const company = (t: TenantRef) => `/v1/tenants/${t.id}/company`;
const patch = (t: TenantRef, body: Record<string, unknown>, key?: string, reason: string | undefined = REASON) =>
  api.call('PATCH', company(t), { body, key, reason });
const read = async (t: TenantRef, key?: string) => expectStatus(await api.call('GET', company(t), { key }), 200).data;
const token = async (t: TenantRef, body: Record<string, unknown>) =>
  expectStatus(await api.call('POST', `/v1/tenants/${t.id}/users/token`, { body }), 201).data.token as string;
const violations = (r: Reply) => {
  assert.equal(r.status, 422, r.text);
  return (r.body.error.violations ?? r.body.error.errors) as { path: string; rule?: string }[];
};

before(async () => {
  api = await startTestApi();
  au = await createTenant(api, { jurisdiction: 'AU' });
  de = await createTenant(api, { jurisdiction: 'DE' });
});
after(async () => {
  await api.close();
});

describe('reading the company', () => {
  test('an AU company answers its fields: the tenant name, branch 001 and Monday to Friday until given', async () => {
    const c = await read(au);
    assert.deepEqual(
      [c.legal_name === c.trading_name, c.branch, c.default_pay_schedule, c.work_week],
      [true, '001', null, ['mon', 'tue', 'wed', 'thu', 'fri']],
    );
    assert.match(c.bms_id, /^[0-9a-f-]{36}$/, 'the BMS id Payrail generated for it');
    assert.equal('betriebsnummer' in c, false);
    assert.equal(c.jurisdiction, 'AU');
  });

  test('a DE company answers the German fields and none of the Australian ones', async () => {
    const c = await read(de);
    assert.deepEqual([c.betriebsnummer, c.steuernummer_last4, c.lsta_period], [null, null, null]);
    for (const f of ['abn', 'branch', 'bms_id']) assert.equal(f in c, false, f);
  });

  test("every role reads it; another partner's tenant is 404", async () => {
    assert.equal((await read(au, await token(au, { role: 'viewer' }))).jurisdiction, 'AU');
    const stranger = await api.newPartner('Stranger');
    assert.equal((await api.call('GET', company(au), { key: stranger.key })).status, 404);
    assert.equal((await patch(au, { trading_name: 'Taken' }, stranger.key)).status, 404);
  });
});

describe('who may write it', () => {
  test('only an admin user or the partner key: viewer, preparer, approver and embed tokens are 403', async () => {
    for (const role of ['viewer', 'preparer', 'approver'])
      assert.equal((await patch(au, { trading_name: 'Nope' }, await token(au, { role }))).status, 403, role);
    const embed = expectStatus(
      await api.call('POST', `/v1/tenants/${au.id}/embed/token`, { body: { components: ['org-setup'] } }),
      201,
    ).data.token;
    assert.equal((await patch(au, { trading_name: 'Nope' }, embed)).status, 403);
    assert.notEqual((await read(au)).trading_name, 'Nope', 'a refused write changes nothing');
    const admin = await token(au, { role: 'admin', user_id: 'usr_admin' });
    assert.equal(
      expectStatus(await patch(au, { trading_name: 'Harbour Roasters' }, admin), 200).data.trading_name,
      'Harbour Roasters',
    );
    assert.equal(expectStatus(await patch(au, { trading_name: null }), 200).data.trading_name, null);
  });

  test('an admin token without the org-setup component may not write it', async () => {
    const admin = await token(au, { role: 'admin', components: ['employees-list'] });
    assert.equal((await patch(au, { trading_name: 'Nope' }, admin)).status, 403);
  });

  test('it is governed: without a reason it is refused and nothing changes', async () => {
    const r = await patch(au, { trading_name: 'No reason' }, undefined, '');
    assert.equal(r.status, 400);
    assert.equal(r.body.error.code, 'governance_reason_required');
    assert.equal((await read(au)).trading_name, null, 'as the previous test left it');
  });

  test('the write is recorded as evidence naming the fields changed', async () => {
    const r = expectStatus(await patch(au, { legal_name: 'Harbour & Co Coffee Pty Ltd' }), 200);
    const ev = expectStatus(
      await api.call('GET', `/v1/tenants/${au.id}/governance/evidence/${r.evidence_id}`),
      200,
    ).data;
    assert.equal(ev.action, 'company.updated');
    assert.equal(ev.decision.governance_reason, REASON);
    assert.deepEqual(ev.decision.fields, ['legal_name']);
  });
});

describe('AU fields', () => {
  test('the ABN is checked by the pack (with a rule reference) and kept as digits', async () => {
    const bad = violations(await patch(au, { abn: '51 824 753 557' }));
    assert.equal(bad[0].path, 'abn');
    assert.match(String(bad[0].rule), /^AU-/);
    const c = expectStatus(await patch(au, { abn: '51 824 753 556', branch: '002' }), 200).data;
    assert.deepEqual([c.abn, c.branch], ['51824753556', '002']);
  });

  test('German fields are refused on an AU company at their path, and nothing is written', async () => {
    const v = violations(
      await patch(au, { trading_name: 'Mixed', betriebsnummer: '12345671', lsta_period: 'monthly' }),
    );
    assert.deepEqual(v.map((x) => x.path).sort(), ['betriebsnummer', 'lsta_period']);
    assert.match(String(v[0].rule), /company\/field_not_applicable$/);
    assert.notEqual((await read(au)).trading_name, 'Mixed');
  });
});

describe('DE fields', () => {
  test('Betriebsnummer, Steuernummer and the filing period are checked; the Steuernummer is shown by its last 4', async () => {
    const bad = violations(await patch(de, { betriebsnummer: '12345678', steuernummer: '12', lsta_period: 'weekly' }));
    assert.deepEqual(bad.map((x) => x.path).sort(), ['betriebsnummer', 'lsta_period', 'steuernummer']);
    const c = expectStatus(
      await patch(de, { betriebsnummer: '12345671', steuernummer: '143/815/08156', lsta_period: 'quarterly' }),
      200,
    ).data;
    assert.deepEqual([c.betriebsnummer, c.steuernummer_last4, c.lsta_period], ['12345671', '8156', 'quarterly']);
    assert.equal('steuernummer' in c, false);
  });

  test('Australian fields are refused on a DE company at their path', async () => {
    const v = violations(await patch(de, { abn: '51824753556', branch: '001', bms_id: 'x' }));
    assert.deepEqual(v.map((x) => x.path).sort(), ['abn', 'bms_id', 'branch']);
    assert.match(String(v[0].rule), /^DE-.*company\/field_not_applicable$/);
  });
});

describe('default pay schedule', () => {
  test('names an active pay schedule of the tenant; unknown, archived or foreign ones are 422 at its path', async () => {
    const mk = async (t: TenantRef, name: string) =>
      expectStatus(
        await api.call('POST', `/v1/tenants/${t.id}/pay-schedules`, {
          body: { name, frequency: 'fortnightly', anchor_date: '2026-11-02' },
          reason: REASON,
        }),
        201,
      ).data.id as string;
    const own = await mk(au, 'Fortnightly');
    const foreign = await mk(de, 'Monatlich');
    for (const id of ['psch_missing', foreign]) {
      const v = violations(await patch(au, { default_pay_schedule: id }));
      assert.equal(v[0].path, 'default_pay_schedule', id);
    }
    assert.equal(expectStatus(await patch(au, { default_pay_schedule: own }), 200).data.default_pay_schedule, own);
    const archived = await mk(au, 'Old weekly');
    expectStatus(await api.call('DELETE', `/v1/tenants/${au.id}/pay-schedules/${archived}`, { reason: REASON }), 200);
    assert.equal(violations(await patch(au, { default_pay_schedule: archived }))[0].path, 'default_pay_schedule');
    assert.equal((await read(au)).default_pay_schedule, own);
    assert.equal(expectStatus(await patch(au, { default_pay_schedule: null }), 200).data.default_pay_schedule, null);
  });
});

describe('work week', () => {
  test('is a set of weekdays: empty, repeated or unknown days are 400', async () => {
    for (const work_week of [[], ['mon', 'mon'], ['monday']]) {
      const r = await patch(au, { work_week });
      assert.equal(r.status, 400, JSON.stringify(work_week));
      assert.match(r.body.error.errors[0].path, /^work_week/);
    }
    const c = expectStatus(await patch(au, { work_week: ['sat', 'tue', 'wed', 'thu', 'fri'] }), 200).data;
    assert.deepEqual(c.work_week, ['tue', 'wed', 'thu', 'fri', 'sat'], 'answered in week order');
  });

  test("leave requests count working days in the company's week", async () => {
    const t = await createTenant(api, { jurisdiction: 'AU' });
    const emp = await hireAu(api, t, { pay_frequency: 'fortnightly' });
    expectStatus(
      await api.call('POST', `/v1/tenants/${t.id}/leave/configure`, {
        body: { employee_id: emp, opening_balances: { annual: 80 } },
        reason: REASON,
      }),
      201,
    );
    // Monday 7 to Sunday 13 December 2026.
    const req = expectStatus(
      await api.call('POST', `/v1/tenants/${t.id}/leave/requests`, {
        body: { employee_id: emp, leave_type: 'annual', start_date: '2026-12-07', end_date: '2026-12-13' },
        reason: REASON,
      }),
      201,
    ).data;
    assert.equal(req.working_days, 5);
    expectStatus(await patch(t, { work_week: ['tue', 'wed', 'thu', 'fri', 'sat', 'sun'] }), 200);
    const again = expectStatus(await api.call('GET', `/v1/tenants/${t.id}/leave/requests/${req.id}`), 200).data;
    assert.equal(again.working_days, 6);
  });
});
