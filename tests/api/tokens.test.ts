// Embed and user tokens: minting, the caller context, attacks on the token, revocation, delegation and key rotation.
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import pino from 'pino';
import {
  SignJWT,
  decodeJwt,
  decodeProtectedHeader,
  generateKeyPair,
  importJWK,
  base64url,
  type JWTPayload,
} from 'jose';
import { startTestApi, REASON, type TestApi } from '../helpers/api.ts';
import { ManualClock } from '../../api/lib/clock.ts';
import { createApp, createDeps, closeDeps } from '../../api/app.ts';
import { listenApi } from '../../api/http/http-server.ts';
import { COMPONENTS, POLICY, enforcePolicy, type Policy } from '../../api/http/policy.ts';
import { routeKey } from '../../api/http/route.ts';
import { employeeId } from '../../api/lib/ids.ts';
import type { TokenCaller } from '../../api/model/caller.ts';
import type { AppDeps } from '../../api/http/context.ts';
import { UseCaseContext } from '../../api/services/platform/use-case.ts';
import { runCommand } from '../../api/services/platform/unit-of-work.ts';
import { registerPartner, revokePartnerKey } from '../../api/services/platform/partner-keys.ts';
import { verifyChain } from '../../api/services/governance/evidence.ts';

const clock = new ManualClock(new Date('2026-11-21T09:00:00.000Z'));
let api: TestApi;
let tenantId: string;
let otherTenantId: string;

before(async () => {
  api = await startTestApi({ clock });
  tenantId = (await api.call('POST', '/v1/partners/tenants', { body: { name: 'Token Co' } })).body.data.tenant.id;
  otherTenantId = (await api.call('POST', '/v1/partners/tenants', { body: { name: 'Sister Co' } })).body.data.tenant.id;
});
after(async () => {
  await api.close();
});

const ORIGIN = 'https://app.partner.example';

async function embed(body: Record<string, unknown>, opts: { tenant?: string; key?: string } = {}): Promise<string> {
  const r = await api.call('POST', `/v1/tenants/${opts.tenant ?? tenantId}/embed/token`, { body, key: opts.key });
  assert.equal(r.status, 201, JSON.stringify(r.body));
  return r.body.data.token;
}

async function user(body: Record<string, unknown>, opts: { tenant?: string; key?: string } = {}): Promise<string> {
  const r = await api.call('POST', `/v1/tenants/${opts.tenant ?? tenantId}/users/token`, { body, key: opts.key });
  assert.equal(r.status, 201, JSON.stringify(r.body));
  return r.body.data.token;
}

const me = (token: string, tenant = tenantId, headers: Record<string, string> = {}) =>
  api.call('GET', `/v1/tenants/${tenant}/me`, { key: token, headers });

/** A JWT with any header and claims, signed by `sign` over the usual `header.payload` input. */
function assemble(header: Record<string, unknown>, claims: JWTPayload, signature = ''): string {
  const enc = (v: unknown) => base64url.encode(JSON.stringify(v));
  return `${enc(header)}.${enc(claims)}.${signature}`;
}

/** A mounted write route that an embed token holding `*` may call: the origin rules are checked there. */
function embedWriteRoute(): { method: string; path: string } {
  const { routes } = createApp(api.deps);
  const found = routes.find((r) => {
    const p = POLICY[routeKey(r.method, r.path)] as Policy | 'public';
    return (
      r.method !== 'get' &&
      p !== 'public' &&
      p.credentials.includes('embed') &&
      r.path.includes('{tenantId}') &&
      !r.path.includes('{', r.path.indexOf('{tenantId}') + 1)
    );
  })!;
  assert.ok(found, 'some tenant-level write accepts embed tokens');
  return { method: found.method.toUpperCase(), path: found.path.replace('{tenantId}', tenantId) };
}

describe('minting embed tokens', () => {
  test('a partner key mints a 15-minute embed token for named components', async () => {
    const r = await api.call('POST', `/v1/tenants/${tenantId}/embed/token`, {
      body: { components: ['pay-runs-list', 'payslip-viewer'] },
    });
    assert.equal(r.status, 201);
    assert.deepEqual(Object.keys(r.body.data).sort(), ['expires_in', 'token']);
    assert.equal(r.body.data.expires_in, 900);
    const claims = decodeJwt(r.body.data.token);
    assert.equal(claims.exp! - claims.iat!, 900);
    assert.equal(decodeProtectedHeader(r.body.data.token).alg, 'ES256');
  });

  test('an unknown component is 400 listing the valid names', async () => {
    const r = await api.call('POST', `/v1/tenants/${tenantId}/embed/token`, {
      body: { components: ['pay-runs-list', 'crypto-miner'] },
    });
    assert.equal(r.status, 400);
    assert.match(r.body.error.message, /crypto-miner/);
    for (const name of COMPONENTS) assert.ok(r.body.error.message.includes(name), name);
    assert.equal(
      (await api.call('POST', `/v1/tenants/${tenantId}/embed/token`, { body: { components: [] } })).status,
      400,
    );
    assert.equal((await api.call('POST', `/v1/tenants/${tenantId}/embed/token`, { body: {} })).status, 400);
  });

  test('["*"] grants every component', async () => {
    const token = await embed({ components: ['*'] });
    assert.deepEqual((await me(token)).body.data.components, ['*']);
  });

  test('origin must be scheme://host[:port] with no path', async () => {
    for (const origin of [
      'https://app.example.com/path',
      'ftp://app.example.com',
      'app.example.com',
      'https://app.example.com:123456',
    ]) {
      const r = await api.call('POST', `/v1/tenants/${tenantId}/embed/token`, { body: { components: ['*'], origin } });
      assert.equal(r.status, 400, origin);
      assert.equal(r.body.error.errors[0].path, 'origin');
    }
    await embed({ components: ['*'], origin: 'http://localhost:5173' });
  });

  test('a live key must bind every token to an origin', async () => {
    const live = await api.newPartner('Live Minter', 'live');
    const t = await api.call('POST', '/v1/partners/tenants', {
      key: live.key,
      body: { name: 'Live Token Co', engine: 'payroll_engine_au' },
      headers: { 'idempotency-key': 'live-token-co' },
    });
    const liveTenant = t.body.data.tenant.id;
    for (const route of ['embed/token', 'users/token']) {
      const r = await api.call('POST', `/v1/tenants/${liveTenant}/${route}`, {
        key: live.key,
        body: { components: ['*'] },
      });
      assert.equal(r.status, 400, route);
      assert.equal(r.body.error.errors[0].path, 'origin');
      const ok = await api.call('POST', `/v1/tenants/${liveTenant}/${route}`, {
        key: live.key,
        body: { components: ['*'], origin: ORIGIN },
      });
      assert.equal(ok.status, 201, route);
    }
  });

  test('pinning to an employee needs an employee of the tenant', async () => {
    const r = await api.call('POST', `/v1/tenants/${tenantId}/embed/token`, {
      body: { components: ['*'], employee_id: 'emp_0000000000000000' },
    });
    assert.equal(r.status, 400);
    assert.equal(r.body.error.errors[0].path, 'employee_id');
  });
});

describe('the caller context (GET /me)', () => {
  test('a partner key is an unscoped admin', async () => {
    const r = await me(api.partner.key);
    assert.equal(r.status, 200);
    assert.deepEqual(r.body.data, {
      mode: 'partner',
      user: null,
      role: 'admin',
      scope: { cost_centres: '*', sites: '*' },
      components: ['*'],
      employee_id: null,
      environment: 'sandbox',
    });
  });

  test('an embed token shows its components and no user or role', async () => {
    const token = await embed({ components: ['employees-list'], origin: ORIGIN });
    const d = (await me(token)).body.data;
    assert.equal(d.mode, 'embed');
    assert.equal(d.user, null);
    assert.equal(d.role, null);
    assert.deepEqual(d.components, ['employees-list']);
    assert.equal(d.employee_id, null);
    assert.equal(d.origin, ORIGIN);
    assert.equal(d.session_id, decodeJwt(token).jti);
    assert.equal(d.expires_at, '2026-11-21T09:15:00.000Z');
  });

  test('a user token shows its user, role and data scope', async () => {
    const token = await user({
      role: 'preparer',
      scope: { cost_centres: ['OPS'] },
      user_id: 'u-17',
      user_name: 'Priya Preparer',
    });
    const d = (await me(token)).body.data;
    assert.equal(d.mode, 'user');
    assert.deepEqual(d.user, { id: 'u-17', name: 'Priya Preparer' });
    assert.equal(d.role, 'preparer');
    assert.deepEqual(d.scope, { cost_centres: ['OPS'], sites: '*' });
    assert.deepEqual(d.components, ['*']);
  });

  test('the caller is decoded from the token: no key, session or signing-key lookup, only the revocation check', async () => {
    const token = await user({ role: 'viewer' });
    // Every repository the request could reach: the pool's, and those for statements many requests wait on.
    const stores = [...new Set([api.deps.store.repos, api.deps.store.waitedOn])] as unknown as Record<
      string,
      unknown
    >[];
    const calls: string[] = [];
    const restore = stores.map((repos) => {
      const originals = new Map(Object.entries(repos).filter(([, v]) => typeof v === 'function'));
      for (const [name, fn] of originals)
        repos[name] = (...args: unknown[]) => {
          calls.push(name);
          return (fn as (...a: unknown[]) => unknown)(...args);
        };
      return () => originals.forEach((fn, name) => (repos[name] = fn));
    });
    try {
      assert.equal((await me(token)).status, 200);
    } finally {
      restore.forEach((r) => r());
    }
    // The token is pinned to this tenant id, so even the tenant lookup is skipped; what was revoked since the
    // last request is the one read.
    assert.deepEqual(calls, ['revocationsAfter']);
  });
});

describe('attacks on the token', () => {
  let token: string;
  let claims: JWTPayload;
  let header: { alg?: string; kid?: string };
  before(async () => {
    token = await embed({ components: ['*'] });
    claims = decodeJwt(token);
    header = decodeProtectedHeader(token);
  });

  const expect401 = async (forged: string, what: string) => {
    const r = await me(forged);
    assert.equal(r.status, 401, what);
    assert.equal(r.body.error.code, 'unauthorized', what);
  };

  test('a payload edited under the original signature is 401', async () => {
    const [h, , sig] = token.split('.');
    const widened = base64url.encode(JSON.stringify({ ...claims, cmp: ['*'], rol: 'admin', knd: 'user' }));
    await expect401(`${h}.${widened}.${sig}`, 'edited payload');
  });

  test('a token re-signed with another key is 401, whether it names the real kid or an unknown one', async () => {
    const { privateKey } = await generateKeyPair('ES256');
    for (const kid of [header.kid!, 'sk_attacker']) {
      const forged = await new SignJWT(claims).setProtectedHeader({ alg: 'ES256', kid, typ: 'JWT' }).sign(privateKey);
      await expect401(forged, `re-signed, kid ${kid}`);
    }
  });

  test('alg none is 401', async () => {
    await expect401(assemble({ alg: 'none', typ: 'JWT' }, claims), 'alg none');
    await expect401(
      assemble({ alg: 'none', kid: header.kid }, claims, token.split('.')[2]),
      'alg none with a signature',
    );
  });

  test('HS256 signed with the public key as the secret (algorithm confusion) is 401', async () => {
    const row = (await api.deps.store.repos.listSigningKeys()).find((k) => k.kid === header.kid)!;
    for (const secret of [row.public_jwk, JSON.stringify(JSON.parse(row.public_jwk))]) {
      const forged = await new SignJWT(claims)
        .setProtectedHeader({ alg: 'HS256', kid: header.kid, typ: 'JWT' })
        .sign(new TextEncoder().encode(secret));
      await expect401(forged, 'HS256 confusion');
    }
  });

  test('a genuine signature presented under another kid is 401', async () => {
    const rows = await api.deps.store.repos.listSigningKeys();
    const real = rows.find((k) => k.kid === header.kid)!;
    const key = await importJWK(JSON.parse(real.private_jwk), 'ES256');
    const forged = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'ES256', kid: 'sk_doesnotexist', typ: 'JWT' })
      .sign(key);
    await expect401(forged, 'unknown kid');
    const noKid = await new SignJWT(claims).setProtectedHeader({ alg: 'ES256', typ: 'JWT' }).sign(key);
    await expect401(noKid, 'no kid');
  });

  test('an expired token is 401: 16 minutes after minting', async () => {
    clock.set('2026-11-21T09:00:00.000Z');
    const t = await embed({ components: ['*'] });
    clock.advance(14 * 60_000);
    assert.equal((await me(t)).status, 200);
    clock.advance(2 * 60_000);
    await expect401(t, 'expired');
    clock.set('2026-11-21T09:00:00.000Z');
  });

  test('a token that is not yet valid is 401', async () => {
    clock.set('2026-11-21T09:00:00.000Z');
    const t = await embed({ components: ['*'] });
    clock.advance(-5 * 60_000);
    await expect401(t, 'not yet valid');
    clock.set('2026-11-21T09:00:00.000Z');
  });

  test('garbage, a truncated token and a partner-key-shaped string are 401', async () => {
    for (const bad of ['eyJ', token.slice(0, -10), `${token}x`, 'a.b.c']) await expect401(bad, bad.slice(0, 12));
  });

  test('a token for one tenant is 404 on a sister tenant of the same partner', async () => {
    const r = await me(token, otherTenantId);
    assert.equal(r.status, 404);
    assert.equal((await api.call('GET', `/v1/tenants/${otherTenantId}/packs`, { key: token })).status, 404);
  });

  test("a token is 404 on another partner's tenant", async () => {
    const stranger = await api.newPartner('Stranger');
    const theirs = (
      await api.call('POST', '/v1/partners/tenants', { key: stranger.key, body: { name: 'Stranger Co' } })
    ).body.data.tenant.id;
    assert.equal((await me(token, theirs)).status, 404);
  });
});

describe('origin binding', () => {
  let token: string;
  before(async () => {
    token = await embed({ components: ['*'], origin: ORIGIN });
  });

  test('a request from another origin is 403', async () => {
    const r = await me(token, tenantId, { origin: 'https://evil.example' });
    assert.equal(r.status, 403);
  });

  test('reads may come without an Origin header (server side) or from the bound origin', async () => {
    assert.equal((await me(token)).status, 200);
    assert.equal((await me(token, tenantId, { origin: ORIGIN })).status, 200);
  });

  test('a write with no Origin header is 403; from the bound origin it passes the origin check', async () => {
    const route = embedWriteRoute();
    const bare = await api.call(route.method, route.path, { key: token, body: {} });
    assert.equal(bare.status, 403, `${route.method} ${route.path}`);
    const wrong = await api.call(route.method, route.path, {
      key: token,
      body: {},
      headers: { origin: 'https://evil.example' },
    });
    assert.equal(wrong.status, 403);
    const right = await api.call(route.method, route.path, { key: token, body: {}, headers: { origin: ORIGIN } });
    assert.notEqual(right.status, 403, `${route.method} ${route.path}: ${JSON.stringify(right.body)}`);
  });
});

describe('revocation', () => {
  test('revoking the issuing key kills its tokens at once', async () => {
    const minted = await api.call('POST', '/v1/partners/keys', { body: {} });
    const token = await embed({ components: ['*'] }, { key: minted.body.data.key });
    assert.equal((await me(token)).status, 200);
    const del = await api.call('DELETE', `/v1/partners/keys/${minted.body.data.id}`);
    assert.equal(del.status, 200);
    assert.equal((await me(token)).status, 401);
    assert.equal((await api.call('GET', '/v1/packs', { key: minted.body.data.key })).status, 401);
  });

  test("revoking a session (the token's jti) kills that token and no other", async () => {
    const doomed = await embed({ components: ['*'] });
    const spared = await embed({ components: ['*'] });
    const r = await api.call('POST', `/v1/partners/sessions/${decodeJwt(doomed).jti}/revoke`, { body: {} });
    assert.equal(r.status, 200);
    assert.deepEqual(r.body.data, { session_id: decodeJwt(doomed).jti, revoked: true });
    assert.equal((await me(doomed)).status, 401);
    assert.equal((await me(spared)).status, 200);
  });

  test('a malformed session id is 400', async () => {
    assert.equal((await api.call('POST', '/v1/partners/sessions/not-a-session/revoke', { body: {} })).status, 400);
  });

  test('a revocation is refused by a second instance on the same database as soon as the revoking call answered', async () => {
    const second = await createDeps({
      ...api.db.deps,
      clock,
      logger: pino({ level: 'silent' }),
      config: { rateLimitPerSecond: 0 },
    });
    const server = await listenApi(createApp(second).app, 0, '127.0.0.1');
    const url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    const meThere = (token: string) =>
      fetch(`${url}/v1/tenants/${tenantId}/me`, { headers: { authorization: `Bearer ${token}` } }).then(
        (r) => r.status,
      );
    try {
      const bySession = await embed({ components: ['*'] });
      assert.equal(await meThere(bySession), 200);
      await api.call('POST', `/v1/partners/sessions/${decodeJwt(bySession).jti}/revoke`, { body: {} });
      assert.equal(await meThere(bySession), 401, 'session revocation seen by the second instance at once');

      const minted = await api.call('POST', '/v1/partners/keys', { body: {} });
      const byKey = await embed({ components: ['*'] }, { key: minted.body.data.key });
      assert.equal(await meThere(byKey), 200);
      await api.call('DELETE', `/v1/partners/keys/${minted.body.data.id}`);
      assert.equal(await meThere(byKey), 401, 'key revocation seen by the second instance at once');
    } finally {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await closeDeps(second as AppDeps);
    }
  });
});

describe('what tokens may not do', () => {
  test('tokens are refused with 403 on every partner route', async () => {
    const { routes } = createApp(api.deps);
    const partnerRoutes = routes.filter((r) => r.path.startsWith('/v1/partners/'));
    assert.ok(partnerRoutes.length >= 5);
    const tokens = [await embed({ components: ['*'] }), await user({ role: 'admin' })];
    for (const token of tokens) {
      for (const route of partnerRoutes) {
        const path = route.path
          .replace('{tenantId}', tenantId)
          .replace('{bindingId}', 'bnd_x')
          .replace('{keyId}', 'key_x')
          .replace('{sessionId}', 'ses_00');
        const r = await api.call(route.method.toUpperCase(), path, {
          key: token,
          body: route.method === 'get' ? undefined : {},
          reason: REASON,
        });
        assert.equal(r.status, 403, `${route.method.toUpperCase()} ${route.path}`);
      }
    }
  });

  test('an embed token cannot mint tokens', async () => {
    const token = await embed({ components: ['*'] });
    assert.equal(
      (await api.call('POST', `/v1/tenants/${tenantId}/embed/token`, { key: token, body: { components: ['*'] } }))
        .status,
      403,
    );
    assert.equal((await api.call('POST', `/v1/tenants/${tenantId}/users/token`, { key: token, body: {} })).status, 403);
  });

  test('only an admin user token may mint, and only user tokens', async () => {
    for (const role of ['viewer', 'preparer', 'approver']) {
      const token = await user({ role });
      const r = await api.call('POST', `/v1/tenants/${tenantId}/users/token`, { key: token, body: { role: 'viewer' } });
      assert.equal(r.status, 403, role);
    }
    const admin = await user({ role: 'admin' });
    assert.equal(
      (await api.call('POST', `/v1/tenants/${tenantId}/embed/token`, { key: admin, body: { components: ['*'] } }))
        .status,
      403,
    );
    const child = await api.call('POST', `/v1/tenants/${tenantId}/users/token`, {
      key: admin,
      body: { role: 'approver', user_id: 'anna' },
    });
    assert.equal(child.status, 201);
    assert.equal(child.body.data.role, 'approver');
    assert.deepEqual(child.body.data.scope, { cost_centres: '*', sites: '*' });
    const d = (await me(child.body.data.token)).body.data;
    assert.equal(d.role, 'approver');
    assert.deepEqual(d.user, { id: 'anna', name: null });
  });

  test('a narrowly scoped admin cannot mint a wider data scope', async () => {
    const admin = await user({ role: 'admin', scope: { cost_centres: ['OPS'], sites: ['Sydney'] } });
    const mint = (body: Record<string, unknown>) =>
      api.call('POST', `/v1/tenants/${tenantId}/users/token`, { key: admin, body });
    assert.equal((await mint({ scope: { cost_centres: '*' } })).status, 403);
    assert.equal((await mint({ scope: { cost_centres: ['OPS', 'FIN'] } })).status, 403);
    assert.equal((await mint({ scope: { sites: '*' } })).status, 403);
    const narrower = await mint({ role: 'viewer', scope: { cost_centres: ['OPS'] } });
    assert.equal(narrower.status, 201);
    assert.deepEqual(narrower.body.data.scope, { cost_centres: ['OPS'], sites: ['Sydney'] });
  });

  test('an admin with a narrow component allowlist cannot grant more components', async () => {
    const admin = await user({ role: 'admin', components: ['employees-list', 'employee-detail'] });
    const mint = (body: Record<string, unknown>) =>
      api.call('POST', `/v1/tenants/${tenantId}/users/token`, { key: admin, body });
    assert.equal((await mint({ components: ['*'] })).status, 403);
    assert.equal((await mint({ components: ['employees-list', 'pay-runs-list'] })).status, 403);
    assert.equal((await mint({ components: ['employee-detail'] })).status, 201);
    const inherited = await mint({});
    assert.equal(inherited.status, 201, "omitting components delegates the issuer's own");
    assert.deepEqual((await me(inherited.body.data.token)).body.data.components, ['employees-list', 'employee-detail']);
  });

  test("an origin-bound admin's tokens stay bound to that origin", async () => {
    const admin = await user({ role: 'admin', origin: ORIGIN });
    const mint = (body: Record<string, unknown>) =>
      api.call('POST', `/v1/tenants/${tenantId}/users/token`, { key: admin, body, headers: { origin: ORIGIN } });
    assert.equal((await mint({ origin: 'https://elsewhere.example' })).status, 403);
    const child = await mint({ role: 'viewer' });
    assert.equal(child.status, 201);
    assert.equal((await me(child.body.data.token)).body.data.origin, ORIGIN);
  });
});

describe('employee-pinned tokens', () => {
  let pinnedTo: string;
  let colleague: string;
  let token: string;
  before(async () => {
    const at = clock.now().toISOString();
    pinnedTo = employeeId(tenantId, 'pin-1');
    colleague = employeeId(tenantId, 'pin-2');
    for (const [id, ref, first] of [
      [pinnedTo, 'pin-1', 'Pat'],
      [colleague, 'pin-2', 'Col'],
    ]) {
      await api.deps.store.repos.insertEmployee({
        id,
        tenant_id: tenantId,
        engine_ref: ref,
        status: 'active',
        first_name: first,
        last_name: 'Pinned',
        cost_centre_code: null,
        site: null,
        created_at: at,
        updated_at: at,
      });
    }
    token = await embed({ components: ['*'], employee_id: pinnedTo });
  });

  test('the caller context names the pinned employee', async () => {
    assert.equal((await me(token)).body.data.employee_id, pinnedTo);
  });

  test('every mounted employee route answers 404 for another employee', async () => {
    const { routes } = createApp(api.deps);
    for (const route of routes.filter((r) => r.path.includes('{employeeId}') && r.method === 'get')) {
      const path = route.path
        .replace('{tenantId}', tenantId)
        .replace('{employeeId}', colleague)
        .replace(/\{(\w+)\}/g, 'pr_000000000000000000000000');
      const r = await api.call('GET', path, { key: token });
      assert.equal(r.status, 404, route.path);
    }
  });

  test('the policy answers 404 for a colleague and 403 for a tenant-level write', () => {
    const caller: TokenCaller = {
      kind: 'embed',
      partnerId: 'par_x',
      keyId: 'key_x',
      environment: 'sandbox',
      tenantId,
      sessionId: 'ses_x',
      components: ['*'],
      employeeId: pinnedTo,
      origin: null,
      role: null,
      scope: { cost_centres: '*', sites: '*' },
      user: null,
      expiresAt: 0,
    };
    const readOne = POLICY['GET /v1/tenants/{tenantId}/employees/{employeeId}'] as Policy;
    const writeMany = POLICY['POST /v1/tenants/{tenantId}/employees'] as Policy;
    assert.throws(
      () => enforcePolicy(readOne, 'GET', caller, { tenantId, employeeId: colleague }),
      (e: { status: number }) => e.status === 404,
    );
    assert.doesNotThrow(() => enforcePolicy(readOne, 'GET', caller, { tenantId, employeeId: pinnedTo }));
    assert.throws(
      () => enforcePolicy(writeMany, 'POST', caller, { tenantId }),
      (e: { status: number }) => e.status === 403,
    );
  });
});

describe('partner key rotation', () => {
  test('mint a replacement (shown once), list without secrets, revoke the old one', async () => {
    const rotating = await api.newPartner('Rotating Partner');
    const minted = await api.call('POST', '/v1/partners/keys', { key: rotating.key, body: {} });
    assert.equal(minted.status, 201);
    assert.match(minted.body.data.key, /^prk_sandbox_[A-Za-z0-9_-]{43}$/);
    assert.equal(minted.body.data.status, 'active');
    assert.match(minted.body.evidence_id, /^cev_/);

    const list = await api.call('GET', '/v1/partners/keys', { key: minted.body.data.key });
    assert.equal(list.body.data.length, 2);
    for (const k of list.body.data)
      assert.deepEqual(Object.keys(k).sort(), ['created_at', 'environment', 'hint', 'id', 'revoked_at', 'status']);
    assert.ok(!list.text.includes(minted.body.data.key) && !list.text.includes(rotating.key));
    assert.ok(list.body.data.some((k: { hint: string }) => k.hint.endsWith(minted.body.data.key.slice(-4))));

    const oldId = list.body.data.find((k: { id: string }) => k.id !== minted.body.data.id).id;
    const revoked = await api.call('DELETE', `/v1/partners/keys/${oldId}`, { key: minted.body.data.key });
    assert.equal(revoked.status, 200);
    assert.equal(revoked.body.data.status, 'revoked');
    assert.equal((await api.call('GET', '/v1/partners/keys', { key: rotating.key })).status, 401);
    assert.equal((await api.call('GET', '/v1/partners/keys', { key: minted.body.data.key })).status, 200);
  });

  test("the last active key cannot be revoked (409); another partner's key is 404", async () => {
    const solo = await api.newPartner('Solo Partner');
    const [only] = (await api.call('GET', '/v1/partners/keys', { key: solo.key })).body.data;
    const r = await api.call('DELETE', `/v1/partners/keys/${only.id}`, { key: solo.key });
    assert.equal(r.status, 409);
    assert.equal(r.body.error.code, 'state_conflict');
    assert.equal((await api.call('GET', '/v1/partners/keys', { key: solo.key })).status, 200);
    assert.equal((await api.call('DELETE', `/v1/partners/keys/${only.id}`)).status, 404);
  });
});

describe('partner-level evidence', () => {
  const partnerChain = (partnerId: string) =>
    api.deps.store.db
      .selectFrom('evidence')
      .select(['id', 'action', 'resource', 'actor_json'])
      .where('tenant_id', '=', partnerId)
      .orderBy('seq')
      .execute();

  test('key mints and revocations are recorded on the partner chain, which verifies', async () => {
    const p = await api.newPartner('Evidenced Partner');
    const minted = await api.call('POST', '/v1/partners/keys', { key: p.key, body: {} });
    const revoked = await api.call('DELETE', `/v1/partners/keys/${minted.body.data.id}`, { key: p.key });
    assert.equal(revoked.status, 200);
    assert.deepEqual(
      (await partnerChain(p.id)).map((e) => [e.id, e.action, e.resource]),
      [
        [minted.body.evidence_id, 'partner_key.created', minted.body.data.id],
        [revoked.body.evidence_id, 'partner_key.revoked', minted.body.data.id],
      ],
    );
    assert.equal((await verifyChain(api.deps.store, p.id)).valid, true);
  });

  test('an operator registers a partner and may revoke its last key through the same use cases, evidenced', async () => {
    const uc = new UseCaseContext({ deps: api.deps, request: { method: 'CLI', path: 'partners create' } });
    const created = await runCommand(uc, (r) =>
      registerPartner(uc, r, { name: 'Operated Partner', environment: 'sandbox' }),
    );
    const partnerId = created.data.partner.id;
    assert.equal((await api.call('GET', '/v1/partners/keys', { key: created.data.key })).status, 200);
    const revoked = await runCommand(uc, (r) => revokePartnerKey(uc, r, { keyId: created.data.key_id }));
    assert.equal(revoked.data.status, 'revoked', 'an operator may lock a partner out, unlike the partner itself');
    const chain = await partnerChain(partnerId);
    assert.deepEqual(
      chain.map((e) => [e.action, e.resource]),
      [
        ['partner.created', partnerId],
        ['partner_key.revoked', created.data.key_id],
      ],
    );
    assert.equal(JSON.parse(chain[0].actor_json).kind, 'system');
    assert.ok(!JSON.stringify(chain).includes(created.data.key), 'the key itself is not recorded');
    assert.equal((await verifyChain(api.deps.store, partnerId)).valid, true);
  });
});

describe('signing-key rotation', () => {
  test('tokens signed before a rotation stay valid; new tokens carry the new kid', async () => {
    const before = await embed({ components: ['*'] });
    const kid = await api.deps.tokens.rotate();
    assert.notEqual(decodeProtectedHeader(before).kid, kid);
    assert.equal((await me(before)).status, 200);
    const after = await embed({ components: ['*'] });
    assert.equal(decodeProtectedHeader(after).kid, kid);
    assert.equal((await me(after)).status, 200);
  });

  test('another instance verifies tokens signed with a key it has not loaded yet', async () => {
    const second = await createDeps({
      ...api.db.deps,
      clock,
      logger: pino({ level: 'silent' }),
      config: { rateLimitPerSecond: 0 },
    });
    // Two embedded stores in one process: the second's job runner claiming its first job holds its write lock
    // while this one's BEGIN waits for it synchronously, blocking the very thread that would release it.
    await second.jobs.stop();
    try {
      await api.deps.tokens.rotate();
      const token = await embed({ components: ['*'] });
      const caller = await second.tokens.verify(token);
      assert.equal(caller.tenantId, tenantId);
    } finally {
      await closeDeps(second);
    }
  });
});
