// GET /sdk-demo/session hands the /sdk-demo page read-only sandbox tokens for the seeded employers. It is
// unauthenticated, so it mints only for this server's own public origin, only while the demo is switched
// on, and only a few times a minute per client address. The start banner never prints the sandbox key.
import { test, before, after, describe, mock } from 'node:test';
import assert from 'node:assert/strict';
import { contractBreach } from '../helpers/contract.ts';
import path from 'node:path';
import type { Server } from 'node:http';
import pino from 'pino';
import { newTestDb, type TestDb } from '../helpers/test-db.ts';
import { createApp, createDeps, closeDeps } from '../../api/app.ts';
import { listenApi } from '../../api/http/http-server.ts';
import { seedSandbox, type DemoCredentials } from '../../api/seed/index.ts';
import type { AppDeps } from '../../api/http/context.ts';
import type { Config } from '../../api/config.ts';
import { ManualClock } from '../../api/lib/clock.ts';

const PUBLIC_ORIGIN = 'https://payroll.example';

let dir: string;
let testDb: TestDb;
let deps: AppDeps;
let creds: DemoCredentials;
const servers: Server[] = [];

async function serve(config: Partial<Config> = {}): Promise<string> {
  const { app } = createApp({ ...deps, config: { ...deps.config, ...config } });
  const server = await listenApi(app, 0, '127.0.0.1');
  servers.push(server);
  return `http://127.0.0.1:${(server.address() as { port: number }).port}`;
}

let base: string;

before(async () => {
  testDb = await newTestDb('payrail-demo-');
  dir = path.dirname(testDb.dbFile);
  deps = await createDeps({
    ...testDb.deps,
    clock: new ManualClock(new Date('2026-11-21T09:00:00Z')),
    logger: pino({ level: 'silent' }),
    config: {
      rateLimitPerSecond: 1000,
      rateLimitBurst: 2000,
      publicOrigin: PUBLIC_ORIGIN,
      demo: true,
      demoSessionsPerMinute: 3,
      trustedProxies: ['loopback'],
    },
  });
  creds = (await seedSandbox(deps))!;
  base = await serve();
});
after(async () => {
  for (const s of servers)
    await new Promise<void>((resolve) => {
      s.close(() => resolve());
      s.closeAllConnections();
    });
  await closeDeps(deps);
  await testDb.drop();
});

let client = 0;
/** Each call site gets its own client address (through the trusted loopback proxy), so budgets do not mix. */
const session = async (headers: Record<string, string> = {}, url = base) => {
  const res = await fetch(`${url}/sdk-demo/session`, {
    headers: { 'x-forwarded-for': `198.51.100.${++client}`, ...headers },
  });
  const breach = contractBreach(
    'GET',
    '/sdk-demo/session',
    res.status,
    res.headers.get('content-type'),
    await res.clone().text(),
  );
  assert.equal(breach, null);
  return res;
};
const claims = (token: string) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8'));

describe('GET /sdk-demo/session', () => {
  test("the demo page's own request (no Origin) gets read-only tokens bound to the public origin", async () => {
    const res = await session();
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('cache-control'), 'no-store');
    const { data } = (await res.json()) as { data: { token: string; slug: string }[] };
    assert.deepEqual(data.map((t) => t.slug).sort(), ['harbour-coffee', 'nordlicht-software']);
    for (const t of data) {
      const c = claims(t.token);
      assert.equal(c.org, PUBLIC_ORIGIN);
      assert.deepEqual(c.cmp, [], 'no component may write');
    }
  });

  test('the public origin itself and a same-origin fetch are served', async () => {
    assert.equal((await session({ origin: PUBLIC_ORIGIN })).status, 200);
    assert.equal((await session({ 'sec-fetch-site': 'same-origin' })).status, 200);
  });

  test('any other Origin is 403 and gets no token, whatever origin it claims', async () => {
    for (const origin of ['https://evil.example', 'null', base, `${PUBLIC_ORIGIN}.evil.example`]) {
      const res = await session({ origin });
      assert.equal(res.status, 403, origin);
      const body = (await res.json()) as any;
      assert.equal(body.error.code, 'forbidden');
      assert.equal(body.data, undefined);
    }
  });

  test('a cross-site request without an Origin header (Sec-Fetch-Site) is 403', async () => {
    for (const site of ['cross-site', 'same-site'])
      assert.equal((await session({ 'sec-fetch-site': site })).status, 403);
  });

  test('one client address may open only a few sessions a minute: then 429 with Retry-After', async () => {
    const headers = { 'x-forwarded-for': '203.0.113.9' };
    const got = [];
    for (let i = 0; i < 5; i++) got.push((await session(headers)).status);
    assert.deepEqual(got, [200, 200, 200, 429, 429]);
    const limited = await session(headers);
    assert.ok(Number(limited.headers.get('retry-after')) >= 1);
    assert.equal(((await limited.json()) as any).error.code, 'rate_limited');
    assert.equal((await session({ 'x-forwarded-for': '203.0.113.10' })).status, 200, 'another address is served');
  });

  test('with rate limits off (PAYRAIL_RATE_LIMIT=0) demo sessions are not limited either', async () => {
    const unlimited = await serve({ rateLimitPerSecond: 0 });
    const headers = { 'x-forwarded-for': '203.0.113.11' };
    for (let i = 0; i < 5; i++) assert.equal((await session(headers, unlimited)).status, 200);
  });

  test('with the demo switched off (PAYRAIL_DEMO=0) the route is 404', async () => {
    const off = await serve({ demo: false });
    const res = await session({}, off);
    assert.equal(res.status, 404);
    assert.equal(((await res.json()) as any).error.code, 'not_found');
  });
});

describe('the start banner', () => {
  test('prints the sandbox key masked and names the file that holds it', async () => {
    const env = {
      PAYRAIL_DB: process.env.PAYRAIL_DB,
      DATABASE_URL: process.env.DATABASE_URL,
      LOG_LEVEL: process.env.LOG_LEVEL,
    };
    Object.assign(process.env, testDb.env); // already seeded: the credentials file is read back
    process.env.LOG_LEVEL = 'silent';
    const log = mock.method(console, 'log', () => undefined);
    const { startApi } = await import('../../api/server.ts');
    let running: Awaited<ReturnType<typeof startApi>> | null = null;
    try {
      running = await startApi({ port: 0 });
    } finally {
      log.mock.restore();
      for (const [k, v] of Object.entries(env)) {
        if (v === undefined) delete process.env[k];
        else process.env[k] = v;
      }
    }
    try {
      const printed = log.mock.calls.map((c) => c.arguments.join(' ')).join('\n');
      assert.ok(!printed.includes(creds.key), 'the full key is never printed');
      const masked = `${creds.key.slice(0, 'prk_sandbox_'.length + 4)}…${creds.key.slice(-4)}`;
      assert.ok(printed.includes(masked), printed);
      assert.ok(printed.includes(path.join(dir, 'demo-credentials.json')), printed);
    } finally {
      await running!.stop();
    }
  });
});
