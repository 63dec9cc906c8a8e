// The same-origin proxy, seen from the API's side of the wire. The BFF is pointed at a capture server
// written here, which records exactly what reaches "the API" and relays token minting to the real one.
import { test, before, after, beforeEach, describe } from 'node:test';
import assert from 'node:assert/strict';
import http, { type IncomingHttpHeaders, type Server } from 'node:http';
import { startLiveApi, type LiveApi } from '../helpers/live-api.ts';
import { startTestBff, signIn, claims, closedPort, PRIYA, MARCUS, type RunningBff, json } from './support.ts';

interface Seen {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

let api: LiveApi;
let capture: Server;
let captureUrl: string;
let bff: RunningBff;
let seen: Seen[] = [];
/** Paths the capture server answers with 401, as the API does for a revoked session. */
const refuse = new Set<string>();

before(async () => {
  api = await startLiveApi();
  capture = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const body = Buffer.concat(chunks).toString('utf8');
      seen.push({ method: req.method!, url: req.url!, headers: req.headers, body });
      if (req.method === 'POST' && /^\/v1\/tenants\/[^/]+\/users\/token$/.test(req.url!)) {
        const real = await fetch(api.url + req.url, {
          method: 'POST',
          headers: { authorization: req.headers.authorization!, 'content-type': 'application/json' },
          body,
        });
        res.writeHead(real.status, { 'content-type': 'application/json' }).end(await real.text());
        return;
      }
      const status = refuse.has(req.url!) ? 401 : 200;
      res
        .writeHead(status, {
          'content-type': 'application/json',
          'set-cookie': 'upstream_session=leak; Path=/',
          'x-upstream': 'yes',
        })
        .end(
          JSON.stringify(
            status === 200
              ? { data: { ok: true } }
              : { error: { code: 'unauthorized', message: 'The token has been revoked.', status: 401 } },
          ),
        );
    });
  });
  await new Promise<void>((resolve) => capture.listen(0, '127.0.0.1', () => resolve()));
  captureUrl = `http://127.0.0.1:${(capture.address() as { port: number }).port}`;
  bff = await startTestBff({ apiUrl: captureUrl, partnerKey: api.partnerKey });
});
after(async () => {
  await bff.close();
  await new Promise<void>((resolve) => {
    capture.close(() => resolve());
    capture.closeAllConnections();
  });
  await api.close();
});
beforeEach(() => {
  seen = [];
  refuse.clear();
});

const forwarded = () => seen.filter((s) => !s.url.endsWith('/users/token'));
const mints = () => seen.filter((s) => s.url.endsWith('/users/token'));
const call = (path: string, init: RequestInit = {}) => fetch(`${bff.url}/api${path}`, init);

describe('cookies', () => {
  test('the host session cookie never reaches the API, and an upstream Set-Cookie never reaches the browser', async () => {
    const cookie = await signIn(bff.url, PRIYA);
    const res = await call('/v1/tenants/harbour-coffee/pay-runs?limit=5', {
      headers: { cookie: `${cookie}; other=1` },
    });
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('set-cookie'), null);
    assert.equal(res.headers.get('x-upstream'), 'yes', 'other response headers pass through');
    const [req] = forwarded();
    assert.equal(req.url, '/v1/tenants/harbour-coffee/pay-runs?limit=5');
    assert.equal(req.headers.cookie, undefined);
    for (const m of mints()) assert.equal(m.headers.cookie, undefined);
  });
});

describe('bearer tokens', () => {
  test("a component's own Authorization is forwarded as it is, and no host token is minted", async () => {
    const cookie = await signIn(bff.url, PRIYA);
    await call('/v1/tenants/harbour-coffee/me', { headers: { cookie, authorization: 'Bearer component-token' } });
    assert.equal(forwarded()[0].headers.authorization, 'Bearer component-token');
    assert.equal(mints().length, 0);
  });

  test("without one, the signed-in host user's token is added: their role, bound to the BFF origin, minted once", async () => {
    const cookie = await signIn(bff.url, MARCUS);
    await call('/v1/tenants/harbour-coffee/pay-runs', { headers: { cookie } });
    await call('/v1/tenants/harbour-coffee/employees', { headers: { cookie } });
    const [a, b] = forwarded();
    const token = /^Bearer (.+)$/.exec(String(a.headers.authorization))![1];
    assert.equal(b.headers.authorization, a.headers.authorization, 'the second call reuses the cached token');
    assert.equal(mints().length, 1);
    assert.equal(claims(token).rol, 'approver');
    assert.equal(claims(token).org, bff.url);
    assert.equal(JSON.parse(mints()[0].body).user_id, MARCUS);
    assert.equal(
      mints()[0].headers.authorization,
      `Bearer ${api.partnerKey}`,
      'the partner key goes only to the mint call',
    );
    assert.ok(!forwarded().some((s) => String(s.headers.authorization).includes(api.partnerKey)));
  });

  test('with no host session nothing is added', async () => {
    await call('/v1/tenants/harbour-coffee/pay-runs');
    assert.equal(forwarded()[0].headers.authorization, undefined);
    assert.equal(mints().length, 0);
  });

  test("a request sent by a page of another origin never carries the host user's token", async () => {
    const cookie = await signIn(bff.url, MARCUS);
    await call('/v1/tenants/harbour-coffee/pay-runs', { headers: { cookie, origin: 'http://127.0.0.1:1' } });
    assert.equal(forwarded()[0].headers.authorization, undefined);
  });

  test('a 401 from the API drops the cached host token, so the next request mints a fresh one', async () => {
    const cookie = await signIn(bff.url, PRIYA);
    await call('/v1/tenants/harbour-coffee/company', { headers: { cookie } });
    refuse.add('/v1/tenants/harbour-coffee/company');
    assert.equal((await call('/v1/tenants/harbour-coffee/company', { headers: { cookie } })).status, 401);
    refuse.clear();
    await call('/v1/tenants/harbour-coffee/company', { headers: { cookie } });
    const [first, second, third] = forwarded();
    assert.equal(second.headers.authorization, first.headers.authorization);
    assert.notEqual(third.headers.authorization, second.headers.authorization);
  });
});

describe('governance reasons', () => {
  test('x-host-governance-reason becomes x-governance-reason on a write, and is not forwarded itself', async () => {
    const cookie = await signIn(bff.url, MARCUS);
    const res = await call('/v1/tenants/harbour-coffee/pay-runs/pr_x/approve', {
      method: 'POST',
      headers: {
        cookie,
        origin: bff.url,
        'content-type': 'application/json',
        'x-host-governance-reason': 'Checked against the roster',
      },
      body: '{}',
    });
    assert.equal(res.status, 200);
    const [req] = forwarded();
    assert.equal(req.method, 'POST');
    assert.equal(req.headers['x-governance-reason'], 'Checked against the roster');
    assert.equal(req.headers['x-host-governance-reason'], undefined);
    assert.equal(req.headers.origin, bff.url, "the browser origin travels on, for the API's origin binding");
    assert.equal(req.body, '{}');
  });

  test('a read never gets a governance reason', async () => {
    await call('/v1/tenants/harbour-coffee/pay-runs', { headers: { 'x-host-governance-reason': 'Just looking' } });
    assert.equal(forwarded()[0].headers['x-governance-reason'], undefined);
    assert.equal(forwarded()[0].headers['x-host-governance-reason'], undefined);
  });

  test('a percent-encoded reason is decoded; one a header cannot carry goes in the JSON body instead', async () => {
    const cookie = await signIn(bff.url, MARCUS);
    const post = (reason: string, body = '{}') =>
      call('/v1/tenants/harbour-coffee/pay-runs/pr_x/finalise', {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json', 'x-host-governance-reason': encodeURIComponent(reason) },
        body,
      });
    await post('Checked: 100% of timesheets approved');
    await post('Geprüft – Summen stimmen mit dem €-Export', '{"note":"kept"}');
    await post('Freigabe durch Müller', 'not json');
    const [ascii, wide, raw] = forwarded();
    assert.equal(ascii.headers['x-governance-reason'], 'Checked: 100% of timesheets approved');
    assert.equal(ascii.body, '{}');
    assert.equal(wide.headers['x-governance-reason'], undefined);
    assert.deepEqual(JSON.parse(wide.body), {
      governance_reason: 'Geprüft – Summen stimmen mit dem €-Export',
      note: 'kept',
    });
    assert.equal(raw.body, 'not json', 'a body that is not a JSON object is never rewritten');
    assert.equal(raw.headers['x-governance-reason'], 'Freigabe durch Müller', 'Latin-1 still fits a header');
  });
});

describe('the API is down', () => {
  test('proxied calls, token minting and the SDK answer 502 with the JSON error envelope', async () => {
    const down = await startTestBff({ apiUrl: `http://127.0.0.1:${await closedPort()}`, partnerKey: api.partnerKey });
    try {
      const envelope = {
        error: { code: 'bad_gateway', message: 'The payroll service is unreachable. Try again shortly.', status: 502 },
      };
      const cookie = await signIn(down.url, PRIYA);
      for (const [path, init] of [
        ['/api/v1/tenants/harbour-coffee/pay-runs', { headers: { authorization: 'Bearer t' } }],
        ['/api/v1/tenants/harbour-coffee/pay-runs', { headers: { cookie } }],
        [
          '/api/v1/tenants/harbour-coffee/pay-runs/pr_x/approve',
          { method: 'POST', headers: { cookie, 'x-host-governance-reason': 'Checked' }, body: '{}' },
        ],
        ['/bff/session', { method: 'POST', headers: { cookie } }],
        ['/sdk/v1/payrail-components.js', {}],
      ] as const) {
        const res = await fetch(down.url + path, init as RequestInit);
        assert.equal(res.status, 502, path);
        assert.match(res.headers.get('content-type') ?? '', /application\/json/);
        assert.deepEqual(await json(res), envelope, path);
      }
    } finally {
      await down.close();
    }
  });
});
