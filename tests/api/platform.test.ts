import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { startTestApi, type TestApi } from '../helpers/api.ts';

const run = promisify(execFile);
let api: TestApi;
before(async () => {
  api = await startTestApi();
});
after(async () => {
  await api.close();
});

describe('conventions', () => {
  test('GET /health answers 200 with the service version and a reachable database', async () => {
    const r = await api.call('GET', '/health', { key: null });
    assert.equal(r.status, 200);
    assert.equal(r.body.version, '0.1.0');
    assert.equal(r.body.database, 'reachable');
  });

  test('every response carries an x-request-id, and a caller-supplied one is echoed', async () => {
    const a = await api.call('GET', '/health', { key: null });
    assert.match(a.headers.get('x-request-id')!, /^req_[0-9a-f]{20}$/);
    const b = await api.call('GET', '/health', { key: null, headers: { 'x-request-id': 'trace-123' } });
    assert.equal(b.headers.get('x-request-id'), 'trace-123');
  });

  test('an unknown route is 404 not_found in the error envelope', async () => {
    const r = await api.call('GET', '/v1/nope');
    assert.equal(r.status, 404);
    assert.deepEqual(Object.keys(r.body.error).sort(), ['code', 'message', 'status']);
    assert.equal(r.body.error.code, 'not_found');
    assert.equal(r.body.error.status, 404);
  });

  test('a known path with the wrong method is 405 method_not_allowed with Allow', async () => {
    const r = await api.call('DELETE', '/v1/packs');
    assert.equal(r.status, 405);
    assert.equal(r.body.error.code, 'method_not_allowed');
    assert.match(r.headers.get('allow')!, /GET/);
  });

  test('paths match as Express matches them: any letter case, a trailing slash, HEAD answered by the GET route', async () => {
    const plain = await api.call('GET', '/v1/packs');
    assert.equal(plain.status, 200);
    for (const path of ['/v1/packs/', '/V1/Packs']) {
      const r = await api.call('GET', path);
      assert.equal(r.status, 200, path);
      assert.deepEqual(r.body, plain.body, path);
    }
    const head = await api.call('HEAD', '/v1/packs');
    assert.equal(head.status, 200);
    assert.equal(head.headers.get('content-type'), 'application/json; charset=utf-8');
  });

  test('a path that is not validly percent-encoded is 400 bad_request', async () => {
    const r = await api.call('GET', '/v1/tenants/%E0%A4%A/employees');
    assert.equal(r.status, 400);
    assert.equal(r.body.error.code, 'bad_request');
    assert.match(r.body.error.message, /percent-encoded/);
  });

  test('malformed JSON is 400 bad_request', async () => {
    const r = await api.call('POST', '/v1/partners/tenants', {
      raw: '{"name": ',
      headers: { 'content-type': 'application/json' },
    });
    assert.equal(r.status, 400);
    assert.equal(r.body.error.code, 'bad_request');
  });

  test('validation errors list path and message', async () => {
    const r = await api.call('POST', '/v1/partners/tenants', { body: { name: '', jurisdiction: 'FR' } });
    assert.equal(r.status, 400);
    const paths = r.body.error.errors.map((e: { path: string }) => e.path).sort();
    assert.deepEqual(paths, ['jurisdiction', 'name']);
    for (const e of r.body.error.errors) assert.ok(e.message.length > 0);
  });

  test('a body over 1 MB is 413 payload_too_large', async () => {
    const r = await api.call('POST', '/v1/partners/tenants', {
      raw: JSON.stringify({ name: 'x'.repeat(1_100_000) }),
      headers: { 'content-type': 'application/json' },
    });
    assert.equal(r.status, 413);
    assert.equal(r.body.error.code, 'payload_too_large');
  });

  test('the unscoped calculate route answers 501 naming the tenant-scoped alternative', async () => {
    const r = await api.call('POST', '/v1/calculate', { body: {} });
    assert.equal(r.status, 501);
    assert.equal(r.body.error.code, 'CAPABILITY_NOT_SUPPORTED');
    assert.deepEqual(r.body.error.alternatives, ['POST /v1/tenants/{tenantId}/calculate']);
  });
});

describe('authentication', () => {
  test('missing, malformed and unknown credentials are 401 unauthorized', async () => {
    for (const key of [null, 'garbage', 'prk_sandbox_notakey', 'ps_legacy_unknown']) {
      const r = await api.call('GET', '/v1/packs', { key });
      assert.equal(r.status, 401, String(key));
      assert.equal(r.body.error.code, 'unauthorized');
    }
  });

  test('a legacy ps_ key, once imported, authenticates as a sandbox key and only its hash is stored', async () => {
    const { importLegacyKey } = await import('../../api/services/platform/partner-keys.ts');
    const legacy = `ps_${'a1b2c3d4'.repeat(6)}`;
    assert.equal((await api.call('GET', '/v1/partners/tenants', { key: legacy })).status, 401);
    await api.deps.store.transaction((r) => importLegacyKey(r, api.partner.id, legacy, new Date()));
    const r = await api.call('GET', '/v1/partners/tenants', { key: legacy });
    assert.equal(r.status, 200, r.text);
    const rows = await api.deps.store.db.selectFrom('partner_keys').selectAll().execute();
    assert.ok(!JSON.stringify(rows).includes(legacy.slice(3)), 'the raw legacy key is not stored');
  });

  test('cookies are ignored: a cookie alone does not authenticate', async () => {
    const r = await api.call('GET', '/v1/packs', { key: null, headers: { cookie: `session=${api.partner.key}` } });
    assert.equal(r.status, 401);
  });

  test('partner keys look like prk_sandbox_ with at least 32 bytes of entropy and only their hash is stored', async () => {
    assert.match(api.partner.key, /^prk_sandbox_[A-Za-z0-9_-]{43}$/);
    const keys = await api.deps.store.db.selectFrom('partner_keys').selectAll().execute();
    for (const k of keys) assert.ok(!JSON.stringify(k).includes(api.partner.key.slice(12)));
  });

  test('logs redact the Authorization header', async () => {
    await api.call('GET', '/v1/packs');
    const all = api.logs.join('');
    assert.ok(all.includes('"authorization":"[redacted]"'));
    assert.ok(!all.includes(api.partner.key));
  });
});

describe('pagination', () => {
  before(async () => {
    for (let i = 0; i < 5; i++) await api.call('POST', '/v1/partners/tenants', { body: { name: `Page Co ${i}` } });
  });

  test('limit and opaque cursor walk every tenant exactly once', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const r: any = await api.call(
        'GET',
        `/v1/partners/tenants?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      assert.equal(r.status, 200);
      assert.ok(r.body.data.length <= 2);
      seen.push(...r.body.data.map((t: { id: string }) => t.id));
      assert.equal(r.body.next_cursor === null, !r.body.has_more);
      cursor = r.body.next_cursor;
    } while (cursor);
    assert.equal(new Set(seen).size, seen.length);
    assert.ok(seen.length >= 5);
  });

  test('limit accepts digit strings, default 50, bounds 1..200; legacy page is ignored', async () => {
    assert.equal((await api.call('GET', '/v1/partners/tenants?limit=003')).status, 200);
    assert.equal((await api.call('GET', '/v1/partners/tenants?page=7')).status, 200);
    for (const bad of ['0', '201', 'abc', '-1', '1.5']) {
      const r = await api.call('GET', `/v1/partners/tenants?limit=${bad}`);
      assert.equal(r.status, 400, bad);
      assert.equal(r.body.error.errors[0].path, 'query.limit');
    }
  });

  test('a tampered cursor is 400', async () => {
    const r1 = await api.call('GET', '/v1/partners/tenants?limit=1');
    const c: string = r1.body.next_cursor;
    const forged = `${Buffer.from(JSON.stringify('ten_zzzz')).toString('base64url')}.${c.split('.')[1]}`;
    for (const bad of [forged, 'garbage', `${c}x`]) {
      const r = await api.call('GET', `/v1/partners/tenants?cursor=${encodeURIComponent(bad)}`);
      assert.equal(r.status, 400);
    }
  });
});

describe('CORS', () => {
  test('preflight allows the bearer headers and never credentials', async () => {
    const res = await fetch(`${api.url}/v1/packs`, {
      method: 'OPTIONS',
      headers: { origin: 'https://host.example', 'access-control-request-method': 'POST' },
    });
    assert.equal(res.status, 200);
    const allowed = res.headers.get('access-control-allow-headers')!.toLowerCase();
    for (const h of ['authorization', 'content-type', 'idempotency-key', 'x-governance-reason'])
      assert.ok(allowed.includes(h), h);
    assert.equal(res.headers.get('access-control-allow-credentials'), null);
    assert.equal(res.headers.get('access-control-allow-origin'), 'https://host.example');
  });

  test('actual responses never set Access-Control-Allow-Credentials', async () => {
    const tenant = (await api.call('POST', '/v1/partners/tenants', { body: { name: 'CORS Co' } })).body.data.tenant.id;
    const token = (
      await api.call('POST', `/v1/tenants/${tenant}/embed/token`, {
        body: { components: ['*'], origin: 'https://host.example' },
      })
    ).body.data.token;
    const r = await api.call('GET', '/v1/packs', { key: token, headers: { origin: 'https://host.example' } });
    assert.equal(r.status, 200);
    assert.equal(r.headers.get('access-control-allow-credentials'), null);
  });
});

describe('rate limit', () => {
  test('a credential over its bucket gets 429 rate_limited with Retry-After and RateLimit headers', async () => {
    const limited = await startTestApi({ config: { rateLimitPerSecond: 5, rateLimitBurst: 10 } });
    try {
      const statuses: number[] = [];
      let last;
      for (let i = 0; i < 14; i++) {
        last = await limited.call('GET', '/v1/packs');
        statuses.push(last.status);
      }
      assert.equal(statuses.filter((s) => s === 200).length, 10);
      assert.equal(last!.status, 429);
      assert.equal(last!.body.error.code, 'rate_limited');
      assert.ok(Number(last!.headers.get('retry-after')) >= 1);
      assert.equal(last!.headers.get('ratelimit-remaining'), '0');
      assert.ok(last!.headers.get('ratelimit-limit'));
      // another credential has its own bucket
      const other = await limited.newPartner('Other');
      assert.equal((await limited.call('GET', '/v1/packs', { key: other.key })).status, 200);
    } finally {
      await limited.close();
    }
  });
});

describe('OpenAPI', () => {
  test('openapi.json is 3.1, version 0.1.0, and lists every mounted route', async () => {
    const r = await api.call('GET', '/v1/openapi.json', { key: null });
    assert.equal(r.body.openapi, '3.1.0');
    assert.equal(r.body.info.version, '0.1.0');
    const { createApp } = await import('../../api/app.ts');
    const { routes } = createApp(api.deps);
    for (const route of routes)
      assert.ok(r.body.paths[route.path]?.[route.method], `${route.method} ${route.path} missing`);
  });
});

describe('operator CLI', () => {
  test('partners create → authenticated request → keys revoke → 401', async () => {
    const env = { ...process.env, ...api.db.env };
    const cli = async (...args: string[]) =>
      JSON.parse((await run('node', ['--import', 'tsx', 'api/cli.ts', ...args], { env })).stdout);
    const created = await cli('partners', 'create', '--name', 'CLI Partner');
    assert.match(created.partner.id, /^par_/);
    assert.equal(created.partner.name, 'CLI Partner');
    assert.match(created.key, /^prk_sandbox_/);
    assert.equal((await api.call('GET', '/v1/partners/tenants', { key: created.key })).status, 200);
    const listed = await cli('keys', 'list', '--partner', created.partner.id);
    assert.equal(listed.keys.length, 1);
    assert.ok(!JSON.stringify(listed).includes(created.key));
    await cli('keys', 'revoke', '--key', listed.keys[0].id);
    // Another process revoked it: every server must refuse the key within one second.
    const deadline = Date.now() + 1000;
    let status = 0;
    while (
      Date.now() < deadline &&
      (status = (await api.call('GET', '/v1/partners/tenants', { key: created.key })).status) !== 401
    )
      await new Promise((r) => setTimeout(r, 20));
    assert.equal(status, 401);
    const live = await cli('keys', 'create', '--partner', created.partner.id, '--live');
    assert.match(live.key.key, /^prk_live_/);
  });
});
