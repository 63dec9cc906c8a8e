// Tokens minted by tokens: the delegation chain of user ids (who minted whom), segregation of duties over
// that chain, and the session tree behind it (a child never outlives its parent, revoking a session revokes
// every token minted from it, and a partner revokes only its own sessions).
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { decodeJwt } from 'jose';
import { startTestApi, type TestApi } from '../helpers/api.ts';
import { ManualClock } from '../../api/lib/clock.ts';
import {
  approve,
  createRun,
  createTenant,
  evidenceOf,
  expectStatus,
  fortnight,
  getRun,
  hireAu,
  preview,
  type TenantRef,
} from '../helpers/payroll-fixtures.ts';

const START = '2026-11-21T09:00:00.000Z';
const clock = new ManualClock(new Date(START));
let api: TestApi;
let t: TenantRef;

before(async () => {
  api = await startTestApi({ clock });
  t = await createTenant(api);
  await hireAu(api, t, { pay_frequency: 'fortnightly', annual_salary: 80_000 });
});
after(async () => {
  await api.close();
});

/** A user token minted by `key` (a partner key by default, or a user token). */
async function mint(body: Record<string, unknown>, key?: string) {
  const r = await api.call('POST', `/v1/tenants/${t.id}/users/token`, { body, key });
  return expectStatus(r, 201, 'mint user token').data as { token: string; session_id: string; expires_in: number };
}
const me = (token: string) => api.call('GET', `/v1/tenants/${t.id}/me`, { key: token });
const revoke = (sessionId: string, key?: string) =>
  api.call('POST', `/v1/partners/sessions/${sessionId}/revoke`, { body: {}, key });

describe('segregation of duties follows the delegation chain', () => {
  test('an admin cannot approve its own run through an approver token it minted for another user id', async () => {
    const alice = (await mint({ role: 'admin', user_id: 'usr_alice' })).token;
    const mallory = (await mint({ role: 'approver', user_id: 'usr_mallory' }, alice)).token;
    const run = expectStatus(await createRun(api, t, fortnight(0), { key: alice }), 201).data.pay_run;
    expectStatus(await preview(api, t, run.id, { key: alice }), 200);
    assert.ok(!run.allowed_actions.includes('approve'));
    const viewed = expectStatus(await api.call('GET', `/v1/tenants/${t.id}/pay-runs/${run.id}`, { key: mallory }), 200);
    assert.ok(!viewed.data.allowed_actions.includes('approve'), 'the minted token is not offered approve');
    const r = await approve(api, t, run.id, { key: mallory });
    assert.equal(r.status, 403, r.text);
    assert.match(r.body.error.message, /you prepared it/);
    assert.equal((await getRun(api, t, run.id)).status, 'previewed');
  });

  test('the minter is barred too when the run was prepared with a token it minted', async () => {
    const alice = (await mint({ role: 'admin', user_id: 'usr_alice2' })).token;
    const proxy = (await mint({ role: 'preparer', user_id: 'usr_proxy' }, alice)).token;
    const run = expectStatus(await createRun(api, t, fortnight(1), { key: proxy }), 201).data.pay_run;
    expectStatus(await preview(api, t, run.id, { key: proxy }), 200);
    const r = await approve(api, t, run.id, { key: alice });
    assert.equal(r.status, 403, r.text);
    assert.equal((await getRun(api, t, run.id)).status, 'previewed');
  });

  test('the chain is as deep as the minting: a grandchild carries both minters', async () => {
    const root = (await mint({ role: 'admin', user_id: 'usr_root' })).token;
    const middle = (await mint({ role: 'admin', user_id: 'usr_middle' }, root)).token;
    const leaf = (await mint({ role: 'approver', user_id: 'usr_leaf' }, middle)).token;
    assert.deepEqual(expectStatus(await me(leaf), 200).data.delegated_by, ['usr_middle', 'usr_root']);
    const run = expectStatus(await createRun(api, t, fortnight(2), { key: root }), 201).data.pay_run;
    expectStatus(await preview(api, t, run.id), 200);
    assert.equal((await approve(api, t, run.id, { key: leaf })).status, 403);
  });

  test('the partner key is not in the chain: it asserts the root user, and different people may approve', async () => {
    const preparer = (await mint({ role: 'preparer', user_id: 'usr_paula' })).token;
    const approver = (await mint({ role: 'approver', user_id: 'usr_quinn' })).token;
    assert.deepEqual(expectStatus(await me(approver), 200).data.delegated_by, []);
    const run = expectStatus(await createRun(api, t, fortnight(3), { key: preparer }), 201).data.pay_run;
    expectStatus(await preview(api, t, run.id, { key: preparer }), 200);
    expectStatus(await approve(api, t, run.id, { key: approver }), 200);
  });

  test("an approver minted by an admin approves another person's run, and the evidence records the chain", async () => {
    const admin = (await mint({ role: 'admin', user_id: 'usr_admin' })).token;
    const bob = (await mint({ role: 'approver', user_id: 'usr_bob', user_name: 'Bob Approver' }, admin)).token;
    const run = expectStatus(await createRun(api, t, fortnight(4)), 201).data.pay_run;
    expectStatus(await preview(api, t, run.id), 200);
    const ok = expectStatus(await approve(api, t, run.id, { key: bob }), 200);
    const approved = ok.data.pay_run;
    assert.equal(approved.approved_by, 'user:usr_bob');
    assert.deepEqual(approved.approval.actor.delegated_by, ['usr_admin']);
    const record = await evidenceOf(api, t, ok.evidence_id);
    assert.equal(record.action, 'pay_run.approved');
    assert.equal(record.actor.user_id, 'usr_bob');
    assert.equal(record.actor.user_name, 'Bob Approver', 'the trail names the person, not only their id');
    assert.deepEqual(record.actor.delegated_by, ['usr_admin']);
    const byAdmin = expectStatus(
      await api.call('GET', `/v1/tenants/${t.id}/governance/audit-trail?actor=usr_admin&limit=200`),
      200,
    ).data;
    assert.ok(
      byAdmin.some((r: { id: string }) => r.id === ok.evidence_id),
      'filtering the trail by a user finds what its minted tokens did',
    );
  });

  test('an admin narrowing its own token for itself adds no one to the chain', async () => {
    const admin = (await mint({ role: 'admin', user_id: 'usr_self' })).token;
    const narrowed = (await mint({ role: 'viewer', user_id: 'usr_self' }, admin)).token;
    assert.deepEqual(expectStatus(await me(narrowed), 200).data.delegated_by, []);
  });
});

describe('the session tree', () => {
  test("a child's expiry never exceeds its parent's", async () => {
    clock.set(START);
    const parent = await mint({ role: 'admin', user_id: 'usr_exp' });
    clock.advance(10 * 60_000);
    const child = await mint({ role: 'admin', user_id: 'usr_exp_child' }, parent.token);
    assert.equal(child.expires_in, 5 * 60);
    assert.equal(decodeJwt(child.token).exp, decodeJwt(parent.token).exp);
    const grandchild = await mint({ role: 'viewer' }, child.token);
    assert.ok(decodeJwt(grandchild.token).exp! <= decodeJwt(parent.token).exp!);
    clock.advance(5 * 60_000 + 1000);
    assert.equal((await me(child.token)).status, 401, 'the child expires with its parent');
    assert.equal((await me(grandchild.token)).status, 401);
    clock.set(START);
  });

  test('revoking a session revokes every token minted from it, however deep, and nothing else', async () => {
    clock.set(START);
    const root = await mint({ role: 'admin', user_id: 'usr_tree' });
    const child = await mint({ role: 'admin', user_id: 'usr_tree_child' }, root.token);
    const grandchild = await mint({ role: 'viewer' }, child.token);
    const sibling = await mint({ role: 'admin', user_id: 'usr_tree' });
    const nephew = await mint({ role: 'viewer' }, sibling.token);
    for (const tok of [root, child, grandchild, sibling, nephew]) assert.equal((await me(tok.token)).status, 200);

    const r = await revoke(child.session_id);
    assert.equal(r.status, 200, r.text);
    assert.deepEqual(r.body.data, { session_id: child.session_id, revoked: true });
    assert.equal((await me(child.token)).status, 401);
    assert.equal((await me(grandchild.token)).status, 401, 'a grandchild dies with its parent');
    assert.equal((await me(root.token)).status, 200, 'the parent of a revoked session lives on');

    expectStatus(await revoke(root.session_id), 200);
    assert.equal((await me(root.token)).status, 401);
    assert.equal((await me(sibling.token)).status, 200, 'a sibling session is untouched');
    assert.equal((await me(nephew.token)).status, 200);
  });

  test('a token minted from a revoked session cannot mint again', async () => {
    const root = await mint({ role: 'admin', user_id: 'usr_dead' });
    expectStatus(await revoke(root.session_id), 200);
    const r = await api.call('POST', `/v1/tenants/${t.id}/users/token`, { key: root.token, body: { role: 'viewer' } });
    assert.equal(r.status, 401);
  });

  test("a partner revokes only its own sessions: another partner's session, or an unknown one, is 404", async () => {
    const victim = await mint({ role: 'admin', user_id: 'usr_victim' });
    const stranger = await api.newPartner('Session Stranger');
    const r = await revoke(victim.session_id, stranger.key);
    assert.equal(r.status, 404, r.text);
    assert.equal((await me(victim.token)).status, 200, 'the session survives');
    assert.equal((await revoke('ses_0123456789abcdef01234567')).status, 404);
    const embed = expectStatus(
      await api.call('POST', `/v1/tenants/${t.id}/embed/token`, { body: { components: ['*'] } }),
      201,
    ).data.token;
    expectStatus(await revoke(decodeJwt(embed).jti!), 200);
    assert.equal((await me(embed)).status, 401);
  });

  test('the store records who owns each session and which session minted it', async () => {
    const root = await mint({ role: 'admin', user_id: 'usr_owner' });
    const child = await mint({ role: 'viewer' }, root.token);
    const rows = await api.deps.store.db
      .selectFrom('sessions')
      .selectAll()
      .where('id', 'in', [root.session_id, child.session_id])
      .execute();
    const byId = new Map(rows.map((row) => [row.id, row]));
    assert.equal(byId.get(root.session_id)?.partner_id, api.partner.id);
    assert.equal(byId.get(root.session_id)?.parent_id, null);
    assert.equal(byId.get(child.session_id)?.parent_id, root.session_id);
    assert.equal(byId.get(child.session_id)?.partner_id, api.partner.id);
  });

  test('a delegation chain is bounded in depth', async () => {
    let token = (await mint({ role: 'admin', user_id: 'usr_deep' })).token;
    let refused: number | null = null;
    for (let depth = 1; depth <= 12 && refused === null; depth++) {
      const r = await api.call('POST', `/v1/tenants/${t.id}/users/token`, { key: token, body: { role: 'admin' } });
      if (r.status === 201) token = r.body.data.token;
      else {
        assert.equal(r.status, 403, r.text);
        refused = depth;
      }
    }
    assert.ok(refused !== null && refused <= 10, `refused at depth ${refused}`);
  });
});
