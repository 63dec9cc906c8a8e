// AU leave end to end through the API: the NES catalogue and tenant types, requests and their decisions,
// balances from configured openings, bookings that ride the pay run as leave lines and accrual on finalise.
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { startTestApi, REASON, type TestApi } from '../../helpers/api.ts';
import { createTenant, expectStatus, hireAu, type TenantRef } from '../../helpers/payroll-fixtures.ts';

let api: TestApi;
let t: TenantRef;
before(async () => {
  api = await startTestApi();
  t = await createTenant(api, { jurisdiction: 'AU' });
});
after(async () => {
  await api.close();
});

const L = () => `/v1/tenants/${t.id}`;
const configure = (body: Record<string, unknown>) =>
  api.call('POST', `${L()}/leave/configure`, { body, reason: REASON });
const request = (body: Record<string, unknown>) => api.call('POST', `${L()}/leave/requests`, { body });
const decide = (id: string, action: string, body: Record<string, unknown> = {}) =>
  api.call('POST', `${L()}/leave/requests/${id}/${action}`, { body, reason: REASON });
const balances = async (employeeId: string, detail = false) =>
  expectStatus(
    await api.call('GET', `${L()}/leave-balances?employee_id=${employeeId}${detail ? '&detail=true' : ''}`),
    200,
  ).data as any[];
const balanceOf = async (employeeId: string, type: string) =>
  (await balances(employeeId)).find((b) => b.leave_type === type);

describe('catalogue', () => {
  test('lists the NES types with every master code, in hours, each citing its source', async () => {
    const rows = expectStatus(await api.call('GET', `${L()}/reference/leave-types`), 200).data;
    const codes = rows.map((r: any) => r.code);
    for (const c of ['annual', 'personal', 'sick', 'compassionate', 'long_service', 'family_domestic_violence'])
      assert.ok(codes.includes(c), c);
    assert.equal(rows.length, 16);
    const annual = rows.find((r: any) => r.code === 'annual');
    assert.deepEqual(annual, {
      code: 'annual',
      name: 'Annual leave',
      category: 'annual',
      paid: true,
      unit: 'hours',
      source: 'NES s 87',
    });
    assert.equal(rows.find((r: any) => r.code === 'unpaid').paid, false);
  });

  test("a tenant's own type is an alias of a master type and joins the catalogue", async () => {
    const r = expectStatus(
      await api.call('POST', `${L()}/reference/leave-types`, {
        body: { name: 'Study leave', master_id: 'special' },
        reason: REASON,
      }),
      201,
    );
    assert.deepEqual(
      { code: r.data.code, name: r.data.name, master_id: r.data.master_id },
      { code: 'study_leave', name: 'Study leave', master_id: 'special' },
    );
    assert.match(r.evidence_id, /^cev_/);
    const rows = expectStatus(await api.call('GET', `${L()}/reference/leave-types`), 200).data;
    assert.deepEqual(
      rows.find((x: any) => x.code === 'study_leave'),
      { code: 'study_leave', name: 'Study leave', category: 'special', paid: true, unit: 'hours', source: 'tenant' },
    );
    // A master given by its position in the master list counts too; the same code twice is 409.
    const byNumber = expectStatus(
      await api.call('POST', `${L()}/reference/leave-types`, {
        body: { leave_type: 'Blood donor leave', master_id: 11 },
        reason: REASON,
      }),
      201,
    );
    assert.equal(byNumber.data.master_id, 'special');
    const dup = await api.call('POST', `${L()}/reference/leave-types`, {
      body: { name: 'Study leave', master_id: 'special' },
      reason: REASON,
    });
    assert.equal(dup.status, 409);
    const bad = await api.call('POST', `${L()}/reference/leave-types`, {
      body: { name: 'Gap year', master_id: 'sabbatical' },
      reason: REASON,
    });
    assert.equal(bad.status, 422);
    assert.match(bad.body.error.rule, /^AU-\d{4}\.\d\/leave\//);
  });

  test('balances as of another date are 501 on AU, which has no effective dating', async () => {
    const r = await api.call('GET', `${L()}/leave-balances?as_of=2026-01-01`);
    assert.equal(r.status, 501);
    assert.equal(r.body.error.capability, 'effective_dating');
  });

  test('configure validates the long service leave state and needs an employee for opening balances', async () => {
    const state = await configure({ long_service_state: 'XYZ' });
    assert.equal(state.status, 422);
    assert.match(state.body.error.rule, /\/leave\/configuration_invalid$/);
    const opening = await configure({ opening_balances: { annual: 10 } });
    assert.equal(opening.body.error.violations[0].path, 'opening_balances');
    assert.equal(opening.status, 422);
    const noReason = await api.call('POST', `${L()}/leave/configure`, { body: {} });
    assert.equal(noReason.body.error.code, 'governance_reason_required');
  });

  test('creating a type needs a governance reason', async () => {
    const r = await api.call('POST', `${L()}/reference/leave-types`, { body: { name: 'X', master_id: 'other' } });
    assert.equal(r.status, 400);
    assert.equal(r.body.error.code, 'governance_reason_required');
  });
});

describe('requests and decisions', () => {
  let emp: string;
  before(async () => {
    emp = await hireAu(api, t, { pay_frequency: 'fortnightly', annual_salary: 79_040, start_date: '2024-01-01' });
    expectStatus(await configure({ employee_id: emp, opening_balances: { annual: 76, as_at: '2026-11-01' } }), 201);
  });

  test('a request is pending, shows its working days, and writes nothing to the balance', async () => {
    const r = expectStatus(
      await request({
        employee_id: emp,
        leave_type: 'annual',
        start_date: '2026-12-07',
        end_date: '2026-12-11',
        unit: 'hours',
        reason: 'Family trip',
      }),
      201,
    );
    assert.match(r.data.id, /^req_/);
    assert.equal(r.data.status, 'pending');
    assert.equal(r.data.working_days, 5);
    assert.equal(r.data.decision_note, null);
    assert.equal(r.data.decided_by, null);
    assert.equal((await balanceOf(emp, 'annual')).balance, '76.00');
    const got = expectStatus(await api.call('GET', `${L()}/leave/requests/${r.data.id}`), 200).data;
    assert.equal(got.reason, 'Family trip');
  });

  test('an overlapping request of the same employee is 409 leave_overlap', async () => {
    const r = await request({ employee_id: emp, leave_type: 'personal', start_date: '2026-12-09' });
    assert.equal(r.status, 409);
    assert.equal(r.body.error.code, 'leave_overlap');
  });

  test('dates outside the employment are 422 with a rule reference', async () => {
    const r = await request({
      employee_id: emp,
      leave_type: 'annual',
      start_date: '2023-12-20',
      end_date: '2023-12-22',
    });
    assert.equal(r.status, 422);
    assert.match(r.body.error.rule, /\/leave\/outside_employment$/);
  });

  test('limits: reason over 2000 characters and a decision note over 500 are 400', async () => {
    const long = await request({
      employee_id: emp,
      leave_type: 'annual',
      start_date: '2027-01-04',
      reason: 'x'.repeat(2001),
    });
    assert.equal(long.status, 400);
    assert.equal(long.body.error.errors[0].path, 'reason');
    const req = expectStatus(
      await request({ employee_id: emp, leave_type: 'annual', start_date: '2027-01-04' }),
      201,
    ).data;
    const note = await decide(req.id, 'reject', { note: 'n'.repeat(501) });
    assert.equal(note.status, 400);
    const cancelled = expectStatus(await decide(req.id, 'cancel', { note: 'Plans changed' }), 200).data;
    assert.equal(cancelled.status, 'cancelled');
    assert.equal(cancelled.decision_note, 'Plans changed');
    assert.equal(cancelled.evidence_id, null);
    // A decision on a request that is no longer pending is 409 state_conflict.
    const again = await decide(req.id, 'approve');
    assert.equal(again.status, 409);
    assert.equal(again.body.error.code, 'state_conflict');
  });

  test('reject records the decision and books nothing', async () => {
    const req = expectStatus(
      await request({ employee_id: emp, leave_type: 'personal', start_date: '2027-02-01' }),
      201,
    ).data;
    const r = expectStatus(await decide(req.id, 'reject', { note: 'Busy week' }), 200);
    assert.equal(r.data.status, 'rejected');
    assert.equal(r.data.decision_note, 'Busy week');
    assert.equal(r.data.decided_by, `key:${(api.partner as any).keyId ?? r.data.decided_by.slice(4)}`);
    assert.ok(r.data.decided_at);
    assert.equal((await balanceOf(emp, 'personal')).taken, '0.00');
  });

  test('approve needs a reason, books the absence and returns the request with its evidence id', async () => {
    const [req] = expectStatus(
      await api.call('GET', `${L()}/leave/requests?status=pending&employee_id=${emp}`),
      200,
    ).data;
    const noReason = await api.call('POST', `${L()}/leave/requests/${req.id}/approve`, { body: {} });
    assert.equal(noReason.body.error.code, 'governance_reason_required');
    const r = expectStatus(await decide(req.id, 'approve', { note: 'Enjoy' }), 200);
    assert.equal(r.data.status, 'approved');
    assert.equal(r.data.evidence_id, r.evidence_id);
    // Five days of 7.6 hours (38 a week).
    assert.equal(r.data.quantity, '38.00');
    const annual = await balanceOf(emp, 'annual');
    assert.deepEqual([annual.accrued, annual.taken, annual.balance], ['76.00', '38.00', '38.00']);
    const ev = expectStatus(await api.call('GET', `${L()}/governance/evidence/${r.evidence_id}`), 200).data;
    assert.equal(ev.action, 'leave_request.approved');
    const detail = (await balances(emp, true)).find((b) => b.leave_type === 'annual');
    assert.deepEqual(
      detail.movements.map((m: any) => [m.kind, m.quantity]),
      [
        ['opening', '76.0000'],
        ['taken', '-38.0000'],
      ],
    );
    assert.equal(detail.movements[1].evidence_id, r.evidence_id);
  });

  test('list filters by status and dates and pages with a cursor', async () => {
    const all = expectStatus(await api.call('GET', `${L()}/leave/requests?employee_id=${emp}&limit=2`), 200);
    assert.equal(all.data.length, 2);
    assert.equal(all.body?.has_more ?? all.has_more, true);
    const next = expectStatus(
      await api.call('GET', `${L()}/leave/requests?employee_id=${emp}&limit=2&cursor=${all.next_cursor}`),
      200,
    );
    assert.equal(next.data.length, 1);
    assert.equal(next.has_more, false);
    const ids = [...all.data, ...next.data].map((x: any) => x.id);
    assert.equal(new Set(ids).size, 3);
    const dec = expectStatus(await api.call('GET', `${L()}/leave/requests?from=2026-12-01&to=2026-12-31`), 200).data;
    assert.deepEqual(
      dec.map((x: any) => x.start_date),
      ['2026-12-07'],
    );
    const rejected = expectStatus(await api.call('GET', `${L()}/leave/requests?status=rejected`), 200).data;
    assert.ok(rejected.every((x: any) => x.status === 'rejected'));
  });

  test('more than the balance is 422 unless the tenant allows negative balances', async () => {
    const req = expectStatus(
      await request({ employee_id: emp, leave_type: 'annual', start_date: '2027-03-01', end_date: '2027-03-12' }),
      201,
    ).data;
    const r = await decide(req.id, 'approve');
    assert.equal(r.status, 422);
    assert.match(r.body.error.rule, /\/leave\/insufficient_balance$/);
    // The refusal changed nothing: still pending, balance unchanged.
    assert.equal(expectStatus(await api.call('GET', `${L()}/leave/requests/${req.id}`), 200).data.status, 'pending');
    assert.equal((await balanceOf(emp, 'annual')).balance, '38.00');
    expectStatus(await configure({ allow_negative_balance: true }), 201);
    expectStatus(await decide(req.id, 'approve'), 200);
    assert.equal((await balanceOf(emp, 'annual')).balance, '-38.00');
    expectStatus(await configure({ allow_negative_balance: false }), 201);
  });
});
