// "Verify chain" through the host: checking the evidence chain is a partner-key call, so the reference BFF
// makes it with its key for a signed-in administrator only, for the host's own tenant; everyone else, nobody
// signed in and another origin are refused, and a user token through the proxy cannot make the call itself.
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { startLiveApi, type LiveApi } from '../helpers/live-api.ts';
import { startTestBff, signIn, type RunningBff, json } from './support.ts';

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

const verify = (cookie: string | null, headers: Record<string, string> = {}, body = '{}', base = bff.url) =>
  fetch(`${base}/bff/governance/verify`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}), ...headers },
    body,
  });
const partnerVerify = async () =>
  (
    await json(
      await fetch(`${api.url}/v1/tenants/harbour-coffee/governance/verify`, {
        method: 'POST',
        headers: { authorization: `Bearer ${api.partnerKey}`, 'content-type': 'application/json' },
        body: '{}',
      }),
    )
  ).data;

describe('verify chain through the host', () => {
  test("an administrator gets the API's verification of the host's tenant chain", async () => {
    const res = await verify(await signIn(bff.url, 'usr_host_elena'), {}, JSON.stringify({ tenant_id: 'other' }));
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('cache-control'), 'no-store');
    const data = (await json(res)).data;
    assert.equal(data.valid, true);
    assert.ok(data.records_checked > 0);
    assert.match(data.head_hash, /^[0-9a-f]{64}$/);
    // The same tenant as the partner key's own call: the browser's body names nothing.
    const direct = await partnerVerify();
    assert.ok(direct.records_checked >= data.records_checked);
    assert.equal(direct.valid, true);
  });

  test('a viewer, a preparer, an approver, an employee and partner staff are refused', async () => {
    for (const user of ['usr_host_sam', 'usr_host_priya', 'usr_host_marcus', 'usr_host_olivia', 'usr_host_dana']) {
      const res = await verify(await signIn(bff.url, user));
      assert.equal(res.status, 403, user);
      assert.equal((await json(res)).error.code, 'forbidden', user);
    }
  });

  test('nobody signed in is 401; another origin is 403', async () => {
    assert.equal((await verify(null)).status, 401);
    const foreign = await verify(await signIn(bff.url, 'usr_host_elena'), { origin: 'https://evil.example' });
    assert.equal(foreign.status, 403);
    assert.equal((await json(foreign)).error.code, 'cross_origin_refused');
  });

  test("an administrator's own token cannot verify through the proxy: only the partner key can", async () => {
    const cookie = await signIn(bff.url, 'usr_host_elena');
    const res = await fetch(`${bff.url}/api/v1/tenants/harbour-coffee/governance/verify`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json', 'x-host-governance-reason': 'Check' },
      body: '{}',
    });
    assert.equal(res.status, 403);
    // Reading the trail is a token's right: the same administrator reads it through the proxy.
    const trail = await fetch(`${bff.url}/api/v1/tenants/harbour-coffee/governance/audit-trail?limit=2`, {
      headers: { cookie },
    });
    assert.equal(trail.status, 200);
    assert.equal((await json(trail)).data.length, 2);
  });

  test('a host without a partner key says it is not configured', async () => {
    const bare = await startTestBff({ apiUrl: api.url });
    try {
      const res = await verify(await signIn(bare.url, 'usr_host_elena'), {}, '{}', bare.url);
      assert.equal(res.status, 503);
      assert.equal((await json(res)).error.code, 'not_configured');
    } finally {
      await bare.close();
    }
  });
});
