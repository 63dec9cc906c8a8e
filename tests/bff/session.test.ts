// Host sign-in and token minting through the real API: who may get a token, and what it is bound to.
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { startLiveApi, type LiveApi } from '../helpers/live-api.ts';
import { startTestBff, signIn, claims, PRIYA, MARCUS, type RunningBff, json } from './support.ts';

let api: LiveApi;
let bff: RunningBff;

before(async () => {
  api = await startLiveApi();
  bff = await startTestBff({ apiUrl: api.url, partnerKey: api.partnerKey });
});
after(async () => {
  await bff.close();
  await api.close();
});

const mint = (cookie: string | null, init: { headers?: Record<string, string>; body?: unknown } = {}) =>
  fetch(`${bff.url}/bff/session`, {
    method: 'POST',
    headers: {
      ...(cookie ? { cookie } : {}),
      ...(init.body ? { 'content-type': 'application/json' } : {}),
      ...init.headers,
    },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });

describe('signing in to the host', () => {
  test('GET /bff/users lists the demo host users with their payroll roles', async () => {
    const res = await fetch(`${bff.url}/bff/users`);
    const body = await json(res);
    assert.equal(res.status, 200);
    assert.deepEqual(body.data.map((u: { role: string }) => u.role).sort(), [
      'admin',
      'approver',
      'partner_staff',
      'preparer',
      'viewer',
      'viewer',
    ]);
    // One of them is on the payroll: an employee who requests their own leave.
    assert.deepEqual(
      body.data.filter((u: { employee?: string }) => u.employee).map((u: { name: string }) => u.name),
      ['Olivia Bennett'],
    );
  });

  test('an unknown host user cannot sign in', async () => {
    const res = await fetch(`${bff.url}/bff/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ user_id: 'usr_nobody' }),
    });
    assert.equal(res.status, 400);
    assert.equal((await json(res)).error.code, 'bad_request');
    assert.equal(res.headers.get('set-cookie'), null);
  });

  test('the host session cookie is HttpOnly and SameSite=Strict, and /bff/me reads it back', async () => {
    const res = await fetch(`${bff.url}/bff/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ user_id: PRIYA }),
    });
    const cookie = res.headers.get('set-cookie')!;
    assert.match(cookie, /HttpOnly/);
    assert.match(cookie, /SameSite=Strict/);
    const me = await json(await fetch(`${bff.url}/bff/me`, { headers: { cookie: cookie.split(';')[0] } }));
    assert.equal(me.data.user.id, PRIYA);
    assert.equal(me.data.tenant, 'harbour-coffee');
  });

  test('a page of another origin cannot sign a user in', async () => {
    const res = await fetch(`${bff.url}/bff/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'http://evil.example' },
      body: JSON.stringify({ user_id: MARCUS }),
    });
    assert.equal(res.status, 403);
    assert.equal((await json(res)).error.code, 'cross_origin_refused');
  });
});

describe('POST /bff/session', () => {
  test('without a host sign-in answers 401 with the error envelope', async () => {
    const res = await mint(null);
    assert.equal(res.status, 401);
    assert.deepEqual(await json(res), {
      error: { code: 'unauthorized', message: 'Sign in to the host application first.', status: 401 },
    });
  });

  test('a forged or tampered session cookie counts as signed out', async () => {
    const good = await signIn(bff.url, PRIYA);
    const forged = good.replace(/^host_session=usr_host_priya/, 'host_session=usr_host_marcus');
    assert.notEqual(forged, good);
    assert.equal((await mint(forged)).status, 401);
    assert.equal((await mint('host_session=usr_host_marcus.AAAA')).status, 401);
  });

  test("mints a user token bound to the BFF origin that carries the host user's role and identity", async () => {
    const cookie = await signIn(bff.url, MARCUS);
    const res = await mint(cookie);
    assert.equal(res.status, 201);
    assert.equal(res.headers.get('cache-control'), 'no-store');
    const { data } = await json(res);
    assert.equal(data.role, 'approver');
    assert.equal(data.expires_in, 900);
    assert.equal(data.user.id, MARCUS);
    assert.equal(data.tenant, 'harbour-coffee');
    assert.equal(claims(data.token).org, bff.url, 'bound to the origin the browser loads the host page from');

    // The API agrees: same-origin it is Marcus the approver; from any other origin it is refused.
    const me = await fetch(`${api.url}/v1/tenants/harbour-coffee/me`, {
      headers: { authorization: `Bearer ${data.token}`, origin: bff.url },
    });
    const caller = (await json(me)).data;
    assert.equal(me.status, 200);
    assert.equal(caller.mode, 'user');
    assert.equal(caller.role, 'approver');
    assert.equal(caller.user.id, MARCUS);
    assert.equal(caller.origin, bff.url);
    const elsewhere = await fetch(`${api.url}/v1/tenants/harbour-coffee/me`, {
      headers: { authorization: `Bearer ${data.token}`, origin: 'http://evil.example' },
    });
    assert.equal(elsewhere.status, 403);
  });

  test('each call mints a fresh token, so a tokenProvider always gets a new one', async () => {
    const cookie = await signIn(bff.url, PRIYA);
    const a = (await json(await mint(cookie))).data;
    const b = (await json(await mint(cookie))).data;
    assert.notEqual(a.token, b.token);
    assert.notEqual(claims(a.token).jti, claims(b.token).jti);
  });

  test("the tenant is the host's decision: a tenant named by the browser is ignored", async () => {
    const cookie = await signIn(bff.url, PRIYA);
    const { data } = await json(await mint(cookie, { body: { tenant: 'nordlicht-software' } }));
    assert.equal(data.tenant, 'harbour-coffee');
    assert.equal(claims(data.token).ten, api.tenants.au);
    const other = await fetch(`${api.url}/v1/tenants/nordlicht-software/pay-runs`, {
      headers: { authorization: `Bearer ${data.token}` },
    });
    assert.notEqual(other.status, 200);
  });

  test("a signed-in user's cookie sent by a page of another origin mints nothing", async () => {
    const cookie = await signIn(bff.url, MARCUS);
    const res = await mint(cookie, { headers: { origin: 'http://127.0.0.1:1' } });
    assert.equal(res.status, 403);
    assert.equal((await json(res)).error.code, 'cross_origin_refused');
  });

  test('a BFF behind a reverse proxy binds tokens to its configured public origin and refuses its own loopback one', async () => {
    const publicOrigin = 'https://app.brightwork.example';
    const proxied = await startTestBff({ apiUrl: api.url, partnerKey: api.partnerKey, publicOrigin });
    try {
      const cookie = await signIn(proxied.url, PRIYA);
      const { data } = await json(
        await fetch(`${proxied.url}/bff/session`, { method: 'POST', headers: { cookie, origin: publicOrigin } }),
      );
      assert.equal(claims(data.token).org, publicOrigin);
      const direct = await fetch(`${proxied.url}/bff/session`, {
        method: 'POST',
        headers: { cookie, origin: proxied.url },
      });
      assert.equal(direct.status, 403);
    } finally {
      await proxied.close();
    }
  });
});
