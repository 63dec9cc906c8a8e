// The revocation list fails closed: while it cannot be refreshed from the store and is older than its bound,
// credentials are refused with 503 (and the failure is logged) instead of being checked against stale data.
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import Database from 'better-sqlite3';
import { startTestApi, type TestApi } from '../helpers/api.ts';

let api: TestApi;
let tenantId: string;
let token: string;

before(async () => {
  api = await startTestApi({ config: { revocationPollMs: 20, revocationMaxStaleMs: 150 } });
  tenantId = (await api.call('POST', '/v1/partners/tenants', { body: { name: 'Fresh Co' } })).body.data.tenant.id;
  token = (await api.call('POST', `/v1/tenants/${tenantId}/embed/token`, { body: { components: ['*'] } })).body.data
    .token;
});
after(async () => {
  await api.close();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Another connection to the same database file takes the revocations table away (and gives it back). */
function renameTable(from: string, to: string) {
  const db = new Database(api.dbFile);
  try {
    db.exec(`ALTER TABLE ${from} RENAME TO ${to}`);
  } finally {
    db.close();
  }
}

describe('revocation list freshness', () => {
  test('while the list cannot be refreshed, tokens and keys get 503 with Retry-After; an error is logged; recovery is automatic', async () => {
    assert.equal((await api.call('GET', `/v1/tenants/${tenantId}/me`, { key: token })).status, 200);
    const logsBefore = api.logs.length;
    renameTable('revocations', 'revocations_away');
    try {
      await sleep(400);
      const withToken = await api.call('GET', `/v1/tenants/${tenantId}/me`, { key: token });
      assert.equal(withToken.status, 503, withToken.text);
      assert.equal(withToken.body.error.status, 503);
      assert.equal(withToken.body.error.code, 'service_unavailable');
      assert.equal(withToken.headers.get('retry-after'), '1');
      const withKey = await api.call('GET', '/v1/partners/tenants');
      assert.equal(withKey.status, 503);
      // Public routes need no credential check.
      assert.equal((await api.call('GET', '/health', { key: null })).status, 200);
      const errors = api.logs
        .slice(logsBefore)
        .map((l) => JSON.parse(l))
        .filter((l) => l.level >= 50);
      assert.ok(
        errors.some((l) => /revocation/.test(l.msg)),
        'the refresh failure is logged at error level',
      );
    } finally {
      renameTable('revocations_away', 'revocations');
    }
    await sleep(200);
    assert.equal((await api.call('GET', `/v1/tenants/${tenantId}/me`, { key: token })).status, 200);
    assert.equal((await api.call('GET', '/v1/partners/tenants')).status, 200);
  });

  test('a poll delayed by a busy event loop does not refuse anyone: the list is refreshed on demand', async () => {
    api.deps.revocations.stop();
    try {
      await sleep(300);
      assert.equal((await api.call('GET', `/v1/tenants/${tenantId}/me`, { key: token })).status, 200);
    } finally {
      api.deps.revocations.start(20);
    }
  });
});
