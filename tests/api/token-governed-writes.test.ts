// Browsers write only with a reason: every money-moving write by an embed or user token (entries,
// timesheets, payment file, super batch and the rest) needs a governance reason, bound into its evidence;
// a partner key's server-side call and the ungoverned preview are unchanged. Chain verification is a
// governance operation for partner keys only, while tokens still read the evidence.
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { startTestApi, REASON, type TestApi, type CallOpts } from '../helpers/api.ts';
import { createApp } from '../../api/app.ts';
import { reasonRequired } from '../../api/http/governance.ts';
import type { TokenCaller } from '../../api/model/caller.ts';
import {
  createTenant,
  draftRun,
  evidenceOf,
  expectStatus,
  fortnight,
  hireAu,
  preview,
  runPath,
  runToFinalised,
  type TenantRef,
} from '../helpers/payroll-fixtures.ts';

let api: TestApi;
let t: TenantRef;
let employee: string;
const tokens: Record<string, string> = {};

before(async () => {
  api = await startTestApi();
  t = await createTenant(api);
  employee = await hireAu(api, t, { pay_frequency: 'fortnightly', hourly_rate: '40.00' });
  await hireAu(api, t, { pay_frequency: 'fortnightly', annual_salary: 80_000 });
  const user = async (role: string, userId: string) =>
    expectStatus(await api.call('POST', `/v1/tenants/${t.id}/users/token`, { body: { role, user_id: userId } }), 201)
      .data.token as string;
  tokens.preparer = await user('preparer', 'usr_prep');
  tokens.approver = await user('approver', 'usr_appr');
  tokens.admin = await user('admin', 'usr_admin');
  tokens.embed = expectStatus(
    await api.call('POST', `/v1/tenants/${t.id}/embed/token`, { body: { components: ['pay-run-entry'] } }),
    201,
  ).data.token;
});
after(async () => {
  await api.close();
});

const entry = (runId: string, opts: CallOpts) =>
  api.call('POST', runPath(t, runId, '/entries'), {
    body: { employee_id: employee, items: [{ type: 'bonus', amount: '100.00' }] },
    ...opts,
  });
const timesheet = (runId: string, opts: CallOpts, date = '2026-11-03') =>
  api.call('POST', runPath(t, runId, '/timesheets'), {
    body: { rows: [{ employee_id: employee, date, hours: 8 }] },
    ...opts,
  });

function assertReasonRequired(r: { status: number; body: any; text: string }, what: string) {
  assert.equal(r.status, 400, `${what}: ${r.text}`);
  assert.equal(r.body.error.code, 'governance_reason_required', what);
}

describe('money-moving writes by a token need a governance reason', () => {
  test('entries and timesheets: 400 without a reason, from a user or an embed token; with one, recorded', async () => {
    const run = await draftRun(api, t, fortnight(0));
    assertReasonRequired(await entry(run.id, { key: tokens.preparer }), 'user token entry');
    assertReasonRequired(await entry(run.id, { key: tokens.embed }), 'embed token entry');
    assertReasonRequired(await timesheet(run.id, { key: tokens.preparer }), 'user token timesheets');
    assertReasonRequired(await timesheet(run.id, { key: tokens.embed }), 'embed token timesheets');

    const withHeader = expectStatus(await entry(run.id, { key: tokens.preparer, reason: REASON }), 200);
    assert.equal((await evidenceOf(api, t, withHeader.evidence_id)).governance_reason, REASON);
    const inBody = expectStatus(
      await api.call('POST', runPath(t, run.id, '/timesheets'), {
        key: tokens.embed,
        body: {
          rows: [{ employee_id: employee, date: '2026-11-04', hours: 6 }],
          governance_reason: 'Hours from the site roster',
        },
      }),
      200,
    );
    assert.equal((await evidenceOf(api, t, inBody.evidence_id)).governance_reason, 'Hours from the site roster');
  });

  test("a partner key's server-side call is unchanged, and preview stays ungoverned for tokens", async () => {
    const run = await draftRun(api, t, fortnight(1));
    expectStatus(await entry(run.id, {}), 200);
    expectStatus(await timesheet(run.id, {}, fortnight(1).period_start), 200);
    expectStatus(await preview(api, t, run.id, { key: tokens.preparer }), 200);
  });

  test('payment file and super batch: 400 without a reason from an approver token; with one, recorded', async () => {
    const run = await draftRun(api, t, fortnight(2));
    await runToFinalised(api, t, run.id);
    for (const tail of ['/payment-file', '/super-batch']) {
      assertReasonRequired(
        await api.call('POST', runPath(t, run.id, tail), { key: tokens.approver, body: {} }),
        `approver ${tail}`,
      );
      const ok = await api.call('POST', runPath(t, run.id, tail), { key: tokens.approver, body: {}, reason: REASON });
      assert.equal(ok.status, 200, `${tail}: ${ok.text}`);
      const evidenceId = ok.headers.get('x-payrail-evidence-id') ?? ok.body?.evidence_id;
      assert.equal((await evidenceOf(api, t, evidenceId)).governance_reason, REASON, tail);
      expectStatus(await api.call('POST', runPath(t, run.id, tail), { body: {} }), 200);
    }
  });

  test('every money-moving route requires a reason of a token; preview and partner keys do not', () => {
    const token = { kind: 'user' } as TokenCaller;
    const partner = { kind: 'partner' as const, partnerId: 'par_x', keyId: 'key_x', environment: 'sandbox' as const };
    const { routes } = createApp(api.deps);
    const moneyMoving = routes.filter((r) => r.moneyMoving);
    assert.ok(moneyMoving.length >= 6);
    for (const r of moneyMoving) assert.ok(reasonRequired(r, token), `${r.method} ${r.path}`);
    for (const r of routes.filter((x) => x.governed)) assert.ok(reasonRequired(r, partner), `${r.method} ${r.path}`);
    const previewRoute = routes.find((r) => r.path.endsWith('/preview'))!;
    assert.equal(reasonRequired(previewRoute, token), false);
    const entries = routes.find((r) => r.method === 'post' && r.path.endsWith('/entries'))!;
    assert.equal(reasonRequired(entries, partner), false);
  });

  test('the OpenAPI document offers the reason header on every money-moving route', async () => {
    const doc = expectStatus(await api.call('GET', '/v1/openapi.json', { key: null }), 200);
    const op = doc.paths['/v1/tenants/{tenantId}/pay-runs/{payRunId}/entries'].post;
    assert.ok(op.parameters.some((p: { name: string }) => p.name === 'x-governance-reason'));
    assert.equal(op['x-governed'], 'tokens');
  });
});

describe('chain verification is for partner keys; tokens read the evidence', () => {
  test('an admin user token is 403 on verify but reads the trail and a record', async () => {
    const r = await api.call('POST', `/v1/tenants/${t.id}/governance/verify`, { key: tokens.admin, body: {} });
    assert.equal(r.status, 403);
    const trail = expectStatus(
      await api.call('GET', `/v1/tenants/${t.id}/governance/audit-trail?limit=5`, { key: tokens.admin }),
      200,
    );
    assert.ok(trail.data.length > 0);
    expectStatus(
      await api.call('GET', `/v1/tenants/${t.id}/governance/evidence/${trail.data[0].id}`, { key: tokens.admin }),
      200,
    );
    expectStatus(await api.call('POST', `/v1/tenants/${t.id}/governance/verify`, { body: {} }), 200);
  });
});
