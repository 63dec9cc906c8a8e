// Direct cross-origin browser calls need an origin-bound token (SPEC Authentication §6): a token without an
// origin binding, or a partner key, sent from another origin's page is refused; servers (no Origin) and the
// API's own pages (its configured public origin, whatever `Host` a request names) are unaffected. A CORS preflight
// answers 200.
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import { startTestApi, type TestApi } from '../helpers/api.ts';

const PUBLIC_ORIGIN = 'https://payroll.example';
const HOST_PAGE = 'https://app.partner.example';
const EVIL = 'https://evil.example';

let api: TestApi;
let tenantId: string;
let unboundEmbed: string;
let unboundUser: string;
let bound: string;

before(async () => {
  api = await startTestApi({ config: { publicOrigin: PUBLIC_ORIGIN } });
  tenantId = (await api.call('POST', '/v1/partners/tenants', { body: { name: 'Origin Co' } })).body.data.tenant.id;
  const mint = async (route: string, body: Record<string, unknown>) => {
    const r = await api.call('POST', `/v1/tenants/${tenantId}/${route}`, { body });
    assert.equal(r.status, 201, JSON.stringify(r.body));
    return r.body.data.token as string;
  };
  unboundEmbed = await mint('embed/token', { components: ['*'] });
  unboundUser = await mint('users/token', { role: 'viewer' });
  bound = await mint('embed/token', { components: ['*'], origin: HOST_PAGE });
});
after(async () => {
  await api.close();
});

/** A GET through node:http, which (unlike fetch) sends the `Host` it is given. */
function rawGet(p: string, headers: Record<string, string>): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${api.url}${p}`, { headers }, (res) => {
      let text = '';
      res.on('data', (c) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on('error', reject);
  });
}

const me = (key: string, origin?: string) =>
  api.call('GET', `/v1/tenants/${tenantId}/me`, { key, headers: origin ? { origin } : {} });

describe('tokens without an origin binding', () => {
  test('an embed or user token sent from a foreign browser origin is 403 forbidden, with CORS headers so the page can read why', async () => {
    for (const token of [unboundEmbed, unboundUser]) {
      const r = await me(token, EVIL);
      assert.equal(r.status, 403, r.text);
      assert.equal(r.body.error.code, 'forbidden');
      assert.match(r.body.error.message, /origin/);
      assert.equal(r.headers.get('access-control-allow-origin'), EVIL);
      assert.equal(r.headers.get('access-control-allow-credentials'), null);
    }
    assert.equal((await me(unboundEmbed, 'null')).status, 403, 'an opaque origin is foreign too');
  });

  test('they work from a server (no Origin) and from the API’s own origin', async () => {
    assert.equal((await me(unboundEmbed)).status, 200);
    assert.equal((await me(unboundUser)).status, 200);
    assert.equal((await me(unboundEmbed, PUBLIC_ORIGIN)).status, 200);
  });

  test('a spoofed Host does not make a foreign page the API’s own: only the configured public origin is', async () => {
    // A page of evil.example whose request reaches the API with `Host: evil.example` (a DNS rebinding, a proxy).
    const spoofed = 'http://evil.example';
    for (const [key, origin, host] of [
      [unboundEmbed, spoofed, 'evil.example'],
      [unboundUser, spoofed, 'evil.example'],
      [api.partner.key, spoofed, 'evil.example'],
      [unboundEmbed, api.url, new URL(api.url).host],
    ]) {
      const r = await rawGet(`/v1/tenants/${tenantId}/me`, { authorization: `Bearer ${key}`, origin, host });
      assert.equal(r.status, 403, `${origin} with Host ${host}: ${r.text}`);
    }
  });
});

describe('origin-bound tokens', () => {
  test('work from their origin and are refused from any other', async () => {
    assert.equal((await me(bound, HOST_PAGE)).status, 200);
    assert.equal((await me(bound, EVIL)).status, 403);
    assert.equal((await me(bound)).status, 200);
  });
});

describe('partner keys', () => {
  test('are refused from a foreign browser origin: they are server-side credentials', async () => {
    const r = await api.call('GET', '/v1/partners/tenants', { headers: { origin: HOST_PAGE } });
    assert.equal(r.status, 403);
    assert.equal(r.body.error.code, 'forbidden');
    assert.match(r.body.error.message, /server-side/);
  });

  test('keep working from servers, which send no Origin', async () => {
    assert.equal((await api.call('GET', '/v1/partners/tenants')).status, 200);
    assert.equal((await api.call('GET', `/v1/tenants/${tenantId}/me`)).status, 200);
  });
});

describe('CORS preflight', () => {
  test('OPTIONS answers 200 with the bearer headers, an empty body and no credentials', async () => {
    const res = await fetch(`${api.url}/v1/tenants/${tenantId}/employees`, {
      method: 'OPTIONS',
      headers: { origin: HOST_PAGE, 'access-control-request-method': 'POST' },
    });
    assert.equal(res.status, 200);
    assert.equal(await res.text(), '');
    assert.equal(res.headers.get('access-control-allow-origin'), HOST_PAGE);
    assert.match(res.headers.get('access-control-allow-headers')!, /Authorization/);
    assert.equal(res.headers.get('access-control-allow-credentials'), null);
  });
});
