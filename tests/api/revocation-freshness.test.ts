// Revocations are read on every request with a credential and the check fails closed: while they cannot be read,
// credentials are refused with 503 (and the failure is logged) instead of being checked against stale data.
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { startTestApi, type TestApi } from '../helpers/api.ts';
import { onPostgres } from '../helpers/test-db.ts';

let api: TestApi;
let tenantId: string;
let token: string;

before(async () => {
  api = await startTestApi();
  tenantId = (await api.call('POST', '/v1/partners/tenants', { body: { name: 'Fresh Co' } })).body.data.tenant.id;
  token = (await api.call('POST', `/v1/tenants/${tenantId}/embed/token`, { body: { components: ['*'] } })).body.data
    .token;
});
after(async () => {
  await api.close();
});

/** Takes the revocations table away (and gives it back), as a database fault would. */
const renameTable = (from: string, to: string) =>
  sql`alter table ${sql.table(from)} rename to ${sql.table(to)}`.execute(api.deps.store.db);

describe('revocation checks', () => {
  test('while revocations cannot be read, tokens and keys get 503 with Retry-After; an error is logged; recovery is automatic', async () => {
    assert.equal((await api.call('GET', `/v1/tenants/${tenantId}/me`, { key: token })).status, 200);
    const logsBefore = api.logs.length;
    await renameTable('revocations', 'revocations_away');
    try {
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
        errors.some((l) => /revocations/.test(l.msg)),
        'the read failure is logged at error level',
      );
    } finally {
      await renameTable('revocations_away', 'revocations');
    }
    assert.equal((await api.call('GET', `/v1/tenants/${tenantId}/me`, { key: token })).status, 200);
    assert.equal((await api.call('GET', '/v1/partners/tenants')).status, 200);
  });

  test('a revocation committed by another process bites on the next request; requests in flight together share reads', async () => {
    // The revocation read runs on the store's connections for statements many requests wait on.
    const repos = api.deps.store.waitedOn as unknown as Record<string, (...a: unknown[]) => Promise<unknown>>;
    const original = repos.revocationsAfter;
    let reads = 0;
    // Each read takes a moment, as on a busy server, so the twenty requests are in flight while one runs
    // however quickly the machine parses them.
    repos.revocationsAfter = async (...args) => {
      reads++;
      await new Promise((resolve) => setTimeout(resolve, 20));
      return original(...args);
    };
    try {
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => api.call('GET', `/v1/tenants/${tenantId}/me`, { key: token })),
      );
      assert.ok(answers.every((a) => a.status === 200));
      // The embedded database answers before the next request is even parsed; a server's round trip is shared.
      assert.ok(reads >= 1 && (onPostgres ? reads < 20 : reads <= 20), `20 concurrent requests made ${reads} reads`);
      // A revocation committed by another process (no local note) bites on the very next request.
      const session = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).jti as string;
      await api.deps.store.repos.addRevocation('session', session, new Date().toISOString());
      assert.equal((await api.call('GET', `/v1/tenants/${tenantId}/me`, { key: token })).status, 401);
    } finally {
      repos.revocationsAfter = original;
    }
  });
});
