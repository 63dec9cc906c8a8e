// Who may do what with leave: roles (a preparer cannot approve, a viewer cannot request), data scope (an
// approver sees and decides only requests of employees in scope), employee-pinned tokens (read their own
// requests and balances, no tenant-level writes), other partners (404) and live keys (Idempotency-Key).
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { startTestApi, REASON, type TestApi } from '../../helpers/api.ts';
import { createTenant, expectStatus, hireAu, type TenantRef } from '../../helpers/payroll-fixtures.ts';

let api: TestApi;
let t: TenantRef;
let syd: string;
let mel: string;
const L = () => `/v1/tenants/${t.id}`;

const token = async (body: Record<string, unknown>) =>
  expectStatus(await api.call('POST', `${L()}/users/token`, { body, reason: REASON }), 201).data.token as string;
const request = (employee_id: string, start_date: string, key?: string) =>
  api.call('POST', `${L()}/leave/requests`, {
    body: { employee_id, leave_type: 'annual', start_date },
    key,
    reason: REASON,
  });

before(async () => {
  api = await startTestApi();
  t = await createTenant(api, { jurisdiction: 'AU' });
  for (const cc of [
    { code: 'SYD', name: 'Sydney', site: 'Sydney' },
    { code: 'MEL', name: 'Melbourne', site: 'Melbourne' },
  ])
    expectStatus(await api.call('POST', `${L()}/cost-centres`, { reason: REASON, body: cc }), 201);
  syd = await hireAu(api, t, { pay_frequency: 'fortnightly', first_name: 'Sam', last_name: 'Sydney' });
  mel = await hireAu(api, t, { pay_frequency: 'fortnightly', first_name: 'Mia', last_name: 'Melbourne' });
  for (const [emp, cc] of [
    [syd, 'SYD'],
    [mel, 'MEL'],
  ])
    expectStatus(
      await api.call('PUT', `${L()}/employees/${emp}/cost-centre`, { reason: REASON, body: { cost_centre_code: cc } }),
      200,
    );
  for (const emp of [syd, mel])
    expectStatus(
      await api.call('POST', `${L()}/leave/configure`, {
        body: { employee_id: emp, opening_balances: { annual: 80 } },
        reason: REASON,
      }),
      201,
    );
});
after(async () => {
  await api.close();
});

describe('roles', () => {
  test('a viewer cannot request leave; a preparer can request but cannot approve or reject; an approver decides', async () => {
    const viewer = await token({ role: 'viewer' });
    assert.equal((await request(syd, '2026-12-01', viewer)).status, 403);
    const preparer = await token({ role: 'preparer', user_id: 'usr_prep' });
    const req = expectStatus(await request(syd, '2026-12-01', preparer), 201).data;
    for (const action of ['approve', 'reject']) {
      const r = await api.call('POST', `${L()}/leave/requests/${req.id}/${action}`, {
        body: {},
        reason: REASON,
        key: preparer,
      });
      assert.equal(r.status, 403, action);
    }
    const approver = await token({ role: 'approver', user_id: 'usr_appr' });
    const r = expectStatus(
      await api.call('POST', `${L()}/leave/requests/${req.id}/approve`, { body: {}, reason: REASON, key: approver }),
      200,
    );
    assert.equal(r.data.decided_by, 'user:usr_appr');
  });

  test('only an admin configures leave or adds leave types; a preparer books leave', async () => {
    const preparer = await token({ role: 'preparer' });
    const cfg = await api.call('POST', `${L()}/leave/configure`, { body: {}, reason: REASON, key: preparer });
    assert.equal(cfg.status, 403);
    const type = await api.call('POST', `${L()}/reference/leave-types`, {
      body: { name: 'Study', master_id: 'special' },
      reason: REASON,
      key: preparer,
    });
    assert.equal(type.status, 403);
    const booked = await api.call('POST', `${L()}/leave/book`, {
      body: { employee_id: mel, leave_type: 'annual', hours: 7.6, start_date: '2027-01-11' },
      reason: REASON,
      key: preparer,
    });
    assert.equal(booked.status, 201);
  });

  test('an embed token may not approve (a duty), whatever its components', async () => {
    const req = expectStatus(await request(mel, '2027-02-01'), 201).data;
    const embed = expectStatus(
      await api.call('POST', `${L()}/embed/token`, { body: { components: ['leave-approvals'] } }),
      201,
    ).data.token;
    const r = await api.call('POST', `${L()}/leave/requests/${req.id}/approve`, {
      body: {},
      reason: REASON,
      key: embed,
    });
    assert.equal(r.status, 403);
  });
});

describe('data scope', () => {
  test('a scoped approver lists, reads and decides only requests of employees in scope', async () => {
    const inScope = expectStatus(await request(syd, '2027-03-01'), 201).data;
    const outOfScope = expectStatus(await request(mel, '2027-03-01'), 201).data;
    const approver = await token({ role: 'approver', scope: { cost_centres: ['SYD'], sites: '*' } });
    const listed = expectStatus(
      await api.call('GET', `${L()}/leave/requests?status=pending`, { key: approver }),
      200,
    ).data;
    assert.ok(listed.length >= 1);
    assert.ok(listed.every((x: any) => x.employee_id === syd));
    assert.equal((await api.call('GET', `${L()}/leave/requests/${outOfScope.id}`, { key: approver })).status, 404);
    const denied = await api.call('POST', `${L()}/leave/requests/${outOfScope.id}/approve`, {
      body: {},
      reason: REASON,
      key: approver,
    });
    assert.equal(denied.status, 404);
    expectStatus(
      await api.call('POST', `${L()}/leave/requests/${inScope.id}/approve`, {
        body: {},
        reason: REASON,
        key: approver,
      }),
      200,
    );
    const rows = expectStatus(await api.call('GET', `${L()}/leave-balances`, { key: approver }), 200).data;
    assert.ok(rows.length > 0 && rows.every((b: any) => b.employee_id === syd));
    // A scoped caller cannot request leave for someone outside its scope either.
    const preparer = await token({ role: 'preparer', scope: { cost_centres: ['SYD'], sites: '*' } });
    const outside = await request(mel, '2027-04-05', preparer);
    assert.equal(outside.status, 404, outside.text);
  });
});

describe('employee-pinned tokens', () => {
  test('read only their own requests and balances and cannot write at tenant level', async () => {
    const pinned = await token({ role: 'viewer', employee_id: syd });
    const own = expectStatus(await api.call('GET', `${L()}/leave/requests`, { key: pinned }), 200).data;
    assert.ok(own.length > 0 && own.every((x: any) => x.employee_id === syd));
    const theirs = expectStatus(await api.call('GET', `${L()}/leave/requests?employee_id=${mel}`), 200).data[0];
    assert.equal((await api.call('GET', `${L()}/leave/requests/${theirs.id}`, { key: pinned })).status, 404);
    const rows = expectStatus(await api.call('GET', `${L()}/leave-balances`, { key: pinned }), 200).data;
    assert.deepEqual([...new Set(rows.map((b: any) => b.employee_id))], [syd]);
    const other = expectStatus(await api.call('GET', `${L()}/leave-balances?employee_id=${mel}`, { key: pinned }), 200);
    assert.deepEqual(other.data, []);
    // Its own request goes through the host's backend: the pinned token itself may not write.
    const preparerPinned = await token({ role: 'preparer', employee_id: syd, components: ['leave-request'] });
    const write = await request(syd, '2027-05-03', preparerPinned);
    assert.equal(write.status, 403);
  });
});

describe('isolation and live keys', () => {
  test("another partner's tenant is 404 on every leave route", async () => {
    const other = await api.newPartner('Other Partner');
    for (const [method, path] of [
      ['GET', `${L()}/leave/requests`],
      ['GET', `${L()}/leave-balances`],
      ['GET', `${L()}/reference/leave-types`],
      ['POST', `${L()}/leave/book`],
    ])
      assert.equal(
        (await api.call(method, path, { key: other.key, body: method === 'POST' ? {} : undefined, reason: REASON }))
          .status,
        404,
        path,
      );
  });

  test('live keys must send Idempotency-Key on leave writes; a replay answers the first response', async () => {
    const live = await api.newPartner('Live Leave', 'live');
    const tenant = expectStatus(
      await api.call('POST', '/v1/partners/tenants', {
        body: { name: 'Live Leave Co', jurisdiction: 'AU', engine: 'payroll_engine_au' },
        key: live.key,
        headers: { 'idempotency-key': 'tenant-1' },
      }),
      201,
    ).data.tenant.id;
    const emp = expectStatus(
      await api.call('POST', `/v1/tenants/${tenant}/employees`, {
        body: {
          first_name: 'Lia',
          last_name: 'Live',
          employment: {
            type: 'full_time',
            annual_salary: 70000,
            pay_frequency: 'fortnightly',
            start_date: '2024-01-01',
          },
          statutory: { au: { no_number_reason: 'applied_for' } },
        },
        key: live.key,
        reason: REASON,
        headers: { 'idempotency-key': 'emp-1' },
      }),
      201,
    ).data.id;
    const body = { employee_id: emp, leave_type: 'unpaid', start_date: '2026-12-01' };
    const refused = await api.call('POST', `/v1/tenants/${tenant}/leave/requests`, { body, key: live.key });
    assert.equal(refused.status, 400);
    assert.match(refused.body.error.message, /header is required on live write requests/);
    const first = await api.call('POST', `/v1/tenants/${tenant}/leave/requests`, {
      body,
      key: live.key,
      headers: { 'idempotency-key': 'leave-1' },
    });
    assert.equal(first.status, 201);
    const again = await api.call('POST', `/v1/tenants/${tenant}/leave/requests`, {
      body,
      key: live.key,
      headers: { 'idempotency-key': 'leave-1' },
    });
    assert.equal(again.headers.get('idempotent-replay'), 'true');
    assert.equal(again.body.data.id, first.body.data.id);
  });
});
