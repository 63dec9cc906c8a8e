// Idempotency keys: replay, mismatch, per-partner scope, 24-hour retention and the live-mode requirement.
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { startTestApi, REASON, type TestApi } from '../helpers/api.ts';
import { ManualClock } from '../../api/lib/clock.ts';
import { visibilityOf, type TokenCaller } from '../../api/model/caller.ts';
import {
  createRun,
  createTenant,
  expectStatus,
  fortnight,
  hireAu,
  runPath,
  type TenantRef,
} from '../helpers/payroll-fixtures.ts';

const clock = new ManualClock(new Date('2026-11-21T09:00:00.000Z'));
let api: TestApi;
before(async () => {
  api = await startTestApi({ clock });
});
after(async () => {
  await api.close();
});

const HOUR = 3_600_000;

const create = (body: Record<string, unknown>, idempotencyKey?: string, key?: string) =>
  api.call('POST', '/v1/partners/tenants', {
    body,
    key,
    headers: idempotencyKey ? { 'idempotency-key': idempotencyKey } : {},
  });

async function tenantsNamed(name: string, key?: string): Promise<string[]> {
  const r = await api.call('GET', '/v1/partners/tenants?limit=200', { key });
  return r.body.data.filter((t: { name: string }) => t.name === name).map((t: { id: string }) => t.id);
}

describe('replaying a request', () => {
  test('the same key and body returns the original response with idempotent-replay: true and no second effect', async () => {
    const first = await create({ name: 'Replay Co' }, 'replay-1');
    assert.equal(first.status, 201);
    assert.equal(first.headers.get('idempotent-replay'), null);
    const again = await create({ name: 'Replay Co' }, 'replay-1');
    assert.equal(again.status, 201);
    assert.equal(again.headers.get('idempotent-replay'), 'true');
    assert.deepEqual(again.body, first.body);
    assert.deepEqual(await tenantsNamed('Replay Co'), [first.body.data.tenant.id]);
    const chain = await api.call('GET', `/v1/tenants/${first.body.data.tenant.id}/governance/audit-trail`);
    assert.equal(chain.body.data.length, 1, 'one evidence record: the replay wrote nothing');
  });

  test('the body is compared by value, not by key order or spacing', async () => {
    const first = await create({ name: 'Order Co', jurisdiction: 'AU' }, 'order-1');
    const again = await api.call('POST', '/v1/partners/tenants', {
      raw: '{ "jurisdiction": "AU",   "name": "Order Co" }',
      headers: { 'content-type': 'application/json', 'idempotency-key': 'order-1' },
    });
    assert.equal(again.headers.get('idempotent-replay'), 'true');
    assert.deepEqual(again.body, first.body);
  });

  test('the same key with a different body is 409 idempotency_replay_mismatch', async () => {
    assert.equal((await create({ name: 'Mismatch Co' }, 'mismatch-1')).status, 201);
    const r = await create({ name: 'Mismatch Co Two' }, 'mismatch-1');
    assert.equal(r.status, 409);
    assert.equal(r.body.error.code, 'idempotency_replay_mismatch');
    assert.deepEqual(await tenantsNamed('Mismatch Co Two'), []);
    const elsewhere = await api.call('POST', '/v1/partners/keys', {
      body: {},
      headers: { 'idempotency-key': 'mismatch-1' },
    });
    assert.equal(elsewhere.status, 409, 'another route with the same key is a different request');
    assert.equal(elsewhere.body.error.code, 'idempotency_replay_mismatch');
  });

  test('a completed client error is replayed as well', async () => {
    const first = await create({ name: 'Ledger Replay', engine: 'acct_engine' }, 'error-1');
    assert.equal(first.status, 400);
    const again = await create({ name: 'Ledger Replay', engine: 'acct_engine' }, 'error-1');
    assert.equal(again.status, 400);
    assert.equal(again.headers.get('idempotent-replay'), 'true');
    assert.deepEqual(again.body, first.body);

    assert.equal((await create({ name: 'Slug Owner', slug: 'replayed-conflict' })).status, 201);
    const clash = await create({ name: 'Slug Taker', slug: 'replayed-conflict' }, 'error-2');
    assert.equal(clash.status, 409);
    const clashAgain = await create({ name: 'Slug Taker', slug: 'replayed-conflict' }, 'error-2');
    assert.equal(clashAgain.headers.get('idempotent-replay'), 'true');
    assert.equal(clashAgain.body.error.code, 'slug_taken');
  });

  test('a request refused by validation is not remembered, so the corrected retry goes through', async () => {
    const bad = await create({ name: '' }, 'fix-and-retry');
    assert.equal(bad.status, 400);
    const fixed = await create({ name: 'Fixed Co' }, 'fix-and-retry');
    assert.equal(fixed.status, 201);
    assert.equal(fixed.headers.get('idempotent-replay'), null);
  });

  test('a malformed key is 400', async () => {
    for (const k of ['has space', 'x'.repeat(256)]) {
      const r = await create({ name: 'Bad Key Co' }, k);
      assert.equal(r.status, 400, k.slice(0, 20));
      assert.equal(r.body.error.errors[0].path, 'headers.idempotency-key');
    }
  });
});

describe('scope and retention', () => {
  test('keys are scoped per partner: another partner reusing a key gets its own fresh result', async () => {
    const mine = await create({ name: 'Shared Key Co' }, 'shared-key');
    const other = await api.newPartner('Key Reuser');
    const theirs = await create({ name: 'Shared Key Co' }, 'shared-key', other.key);
    assert.equal(theirs.status, 201);
    assert.equal(theirs.headers.get('idempotent-replay'), null);
    assert.notEqual(theirs.body.data.tenant.id, mine.body.data.tenant.id);
    assert.equal(
      (await create({ name: 'Different body is fine' }, 'shared-key', (await api.newPartner()).key)).status,
      201,
    );
  });

  test('a key is kept 24 hours: just before, it replays; after, the same key is a new request', async () => {
    clock.set('2026-11-21T09:00:00.000Z');
    const first = await create({ name: 'Retention Co' }, 'retention-1');
    clock.advance(24 * HOUR - 1000);
    const within = await create({ name: 'Retention Co' }, 'retention-1');
    assert.equal(within.headers.get('idempotent-replay'), 'true');
    clock.advance(1000);
    const expired = await create({ name: 'Retention Co' }, 'retention-1');
    assert.equal(expired.status, 201);
    assert.equal(expired.headers.get('idempotent-replay'), null);
    assert.notEqual(expired.body.data.tenant.id, first.body.data.tenant.id);
    clock.advance(HOUR);
    const replayOfNew = await create({ name: 'Retention Co' }, 'retention-1');
    assert.equal(replayOfNew.headers.get('idempotent-replay'), 'true');
    assert.equal(replayOfNew.body.data.tenant.id, expired.body.data.tenant.id);
    assert.equal((await tenantsNamed('Retention Co')).length, 2);
    clock.set('2026-11-21T09:00:00.000Z');
  });
});

describe('live mode', () => {
  test('live keys must send Idempotency-Key on money-moving writes; sandbox keys need not', async () => {
    const live = await api.newPartner('Live Idempotency', 'live');
    const refused = await create({ name: 'Live Co', engine: 'payroll_engine_au' }, undefined, live.key);
    assert.equal(refused.status, 400);
    assert.equal(refused.body.error.code, 'bad_request');
    assert.match(refused.body.error.message, /header is required on live write requests/);
    assert.deepEqual(await tenantsNamed('Live Co', live.key), []);
    const accepted = await create({ name: 'Live Co', engine: 'payroll_engine_au' }, 'live-1', live.key);
    assert.equal(accepted.status, 201);
    assert.equal((await create({ name: 'Sandbox Co' })).status, 201);
  });
});

describe('credentials in stored responses', () => {
  test('a replayed key mint does not show the key a second time, and the key is never stored', async () => {
    const first = await api.call('POST', '/v1/partners/keys', {
      body: {},
      headers: { 'idempotency-key': 'mint-key-1' },
    });
    assert.equal(first.status, 201);
    assert.match(first.body.data.key, /^prk_sandbox_/);
    const again = await api.call('POST', '/v1/partners/keys', {
      body: {},
      headers: { 'idempotency-key': 'mint-key-1' },
    });
    assert.equal(again.headers.get('idempotent-replay'), 'true');
    assert.equal(again.body.data.id, first.body.data.id);
    assert.equal(again.body.data.key, null);
    const stored = await api.deps.store.db.selectFrom('idempotency').selectAll().execute();
    assert.ok(!JSON.stringify(stored).includes(first.body.data.key));
    assert.equal(
      (await api.call('GET', '/v1/partners/tenants', { key: first.body.data.key })).status,
      200,
      'the key itself works',
    );
  });
});

describe('replayed token mints', () => {
  test('a replayed mint names the same session but never shows the token again', async () => {
    const tenant = (await create({ name: 'Mint Replay Co' })).body.data.tenant.id;
    const mint = () =>
      api.call('POST', `/v1/tenants/${tenant}/users/token`, {
        body: { role: 'viewer', user_id: 'usr_replay' },
        headers: { 'idempotency-key': 'mint-token-1' },
      });
    const first = await mint();
    assert.equal(first.status, 201);
    const again = await mint();
    assert.equal(again.status, 201);
    assert.equal(again.headers.get('idempotent-replay'), 'true');
    assert.equal(again.body.data.session_id, first.body.data.session_id);
    assert.equal(again.body.data.token, null);
    const stored = await api.deps.store.db.selectFrom('idempotency').selectAll().execute();
    assert.ok(!JSON.stringify(stored).includes(first.body.data.token));
  });
});

describe('a replay to a caller who sees differently', () => {
  let t: TenantRef;
  before(async () => {
    t = await createTenant(api);
    for (const code of ['OPS', 'FIN'])
      expectStatus(
        await api.call('POST', `/v1/tenants/${t.id}/cost-centres`, { reason: REASON, body: { code, name: code } }),
        201,
      );
    for (const code of ['OPS', 'FIN']) {
      const id = await hireAu(api, t, { pay_frequency: 'fortnightly', annual_salary: 90_000 });
      expectStatus(
        await api.call('PUT', `/v1/tenants/${t.id}/employees/${id}/cost-centre`, {
          reason: REASON,
          body: { cost_centre_code: code },
        }),
        200,
      );
    }
  });

  const token = async (body: Record<string, unknown>) =>
    expectStatus(await api.call('POST', `/v1/tenants/${t.id}/users/token`, { body }), 201).data.token as string;
  const createWithKey = (n: number, idempotencyKey: string, key?: string) =>
    createRun(api, t, fortnight(n), { key, headers: { 'idempotency-key': idempotencyKey } });
  const runsOf = async (n: number) =>
    expectStatus(await api.call('GET', `${runPath(t)}?from=${fortnight(n).period_start}`), 200).data.filter(
      (r: { period_start: string }) => r.period_start === fortnight(n).period_start,
    );

  test("a partner key's stored answer is not replayed to a scoped token: 409, nothing of it shown, one effect", async () => {
    const first = expectStatus(await createWithKey(0, 'vis-partner'), 201);
    const runId = first.data.pay_run.id;
    const scoped = await token({ role: 'preparer', user_id: 'usr_ops', scope: { cost_centres: ['OPS'] } });
    const r = await createWithKey(0, 'vis-partner', scoped);
    assert.equal(r.status, 409, r.text);
    assert.equal(r.body.error.code, 'idempotency_replay_mismatch');
    assert.equal(r.headers.get('idempotent-replay'), null);
    assert.ok(!r.text.includes(runId), 'the first answer does not leak');
    assert.ok(!r.text.includes(first.data.pay_run.totals.gross));
    assert.equal((await runsOf(0)).length, 1, 'the effect happened once');
    const again = await createWithKey(0, 'vis-partner');
    assert.equal(again.headers.get('idempotent-replay'), 'true', 'the first caller still gets its replay');
    assert.deepEqual(again.body, first);
  });

  test('another user, another role or another scope is refused; a refreshed token of the same user replays', async () => {
    const who = { role: 'preparer', user_id: 'usr_pia' };
    const first = expectStatus(await createWithKey(1, 'vis-user', await token(who)), 201);
    const refreshed = await createWithKey(1, 'vis-user', await token(who));
    assert.equal(refreshed.status, 201, refreshed.text);
    assert.equal(refreshed.headers.get('idempotent-replay'), 'true');
    assert.deepEqual(refreshed.body, first);
    for (const other of [
      { role: 'preparer', user_id: 'usr_quentin' },
      { role: 'admin', user_id: 'usr_pia' },
      { role: 'preparer', user_id: 'usr_pia', scope: { cost_centres: ['OPS'] } },
    ]) {
      const r = await createWithKey(1, 'vis-user', await token(other));
      assert.equal(r.status, 409, JSON.stringify(other));
      assert.equal(r.body.error.code, 'idempotency_replay_mismatch');
      assert.ok(!r.text.includes(first.data.pay_run.id));
    }
    const partner = await createWithKey(1, 'vis-user');
    assert.equal(partner.status, 409, 'the partner key sees differently from a user too');
    assert.equal((await runsOf(1)).length, 1);
  });

  test('an employee pin is part of what a caller sees; the session and expiry are not', () => {
    const base: TokenCaller = {
      kind: 'user',
      partnerId: 'par_x',
      keyId: 'key_x',
      environment: 'sandbox',
      tenantId: 'ten_x',
      sessionId: 'ses_1',
      components: ['*'],
      employeeId: null,
      origin: null,
      role: 'preparer',
      scope: { cost_centres: ['OPS', 'FIN'], sites: '*' },
      user: { id: 'usr_x', name: null },
      expiresAt: 1,
    };
    assert.notEqual(visibilityOf(base), visibilityOf({ ...base, employeeId: 'emp_0000000000000001' }));
    assert.equal(
      visibilityOf(base),
      visibilityOf({ ...base, sessionId: 'ses_2', expiresAt: 2, origin: 'https://a.example' }),
    );
    assert.equal(visibilityOf(base), visibilityOf({ ...base, scope: { cost_centres: ['FIN', 'OPS'], sites: '*' } }));
  });
});
