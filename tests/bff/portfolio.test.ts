// The partner portfolio through the reference BFF: partner staff read it with the partner key the BFF keeps,
// and open any employer of it with a view-only token for that employer; other host users are refused.
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { startLiveApi, type LiveApi } from '../helpers/live-api.ts';
import { startTestBff, signIn, claims, DANA, PRIYA, SAM, type RunningBff, json } from './support.ts';

let api: LiveApi;
let bff: RunningBff;
let dana: string;

before(async () => {
  api = await startLiveApi();
  bff = await startTestBff({ apiUrl: api.url, partnerKey: api.partnerKey });
  dana = await signIn(bff.url, DANA);
});
after(async () => {
  await bff.close();
  await api.close();
});

const get = (path: string, cookie: string | null, headers: Record<string, string> = {}) =>
  fetch(`${bff.url}${path}`, { headers: { ...(cookie ? { cookie } : {}), ...headers } });

describe('the portfolio for partner staff', () => {
  test('summary, pipeline and clients answer with the partner key, which never reaches the browser', async () => {
    for (const view of ['summary', 'pipeline', 'clients']) {
      const res = await get(`/api/portfolio/${view}`, dana);
      const text = await res.text();
      assert.equal(res.status, 200, `${view}: ${text.slice(0, 300)}`);
      assert.equal(res.headers.get('cache-control'), 'no-store');
      assert.ok(!text.includes(api.partnerKey), view);
      assert.equal(res.headers.get('set-cookie'), null);
    }
    const summary = (await json(await get('/api/portfolio/summary', dana))).data;
    assert.equal(summary.tenant_count, 2);
    const clients = (await json(await get('/api/portfolio/clients', dana))).data;
    assert.deepEqual(clients.map((c: { id: string }) => c.id).sort(), [api.tenants.au, api.tenants.de].sort());
  });

  test('search, sort and paging pass through to the API', async () => {
    const first = await json(await get('/api/portfolio/clients?limit=1&sort=gross_mtd', dana));
    assert.equal(first.data.length, 1);
    assert.equal(first.has_more, true);
    const second = await json(
      await get(`/api/portfolio/clients?limit=1&sort=gross_mtd&cursor=${encodeURIComponent(first.next_cursor)}`, dana),
    );
    assert.equal(second.data.length, 1);
    assert.notEqual(second.data[0].id, first.data[0].id);
    const none = await json(await get('/api/portfolio/clients?q=no-such-employer', dana));
    assert.deepEqual(none.data, []);
    const bad = await get('/api/portfolio/clients?sort=salary', dana);
    assert.equal(bad.status, 400);
  });

  test('a client and a pay run of any employer open with a view-only token for that employer', async () => {
    for (const [tenant, run] of [
      [api.tenants.au, api.finalisedPayRun.au],
      [api.tenants.de, api.draftPayRun.de],
    ]) {
      const res = await get(`/api/v1/tenants/${tenant}/pay-runs/${run}`, dana);
      assert.equal(res.status, 200);
      assert.equal((await json(res)).data.id ?? run, run);
      const company = await get(`/api/v1/tenants/${tenant}/company`, dana);
      assert.equal(company.status, 200);
    }
    const write = await fetch(`${bff.url}/api/v1/tenants/${api.tenants.de}/pay-runs/${api.draftPayRun.de}/preview`, {
      method: 'POST',
      headers: { cookie: dana, 'content-type': 'application/json' },
      body: '{}',
    });
    assert.equal(write.status, 403, 'partner staff read; they do not run payroll');
  });

  test('the token the components ask for is for the employer named, as a viewer, bound to the BFF origin', async () => {
    const res = await fetch(`${bff.url}/bff/session?tenant=${api.tenants.de}`, {
      method: 'POST',
      headers: { cookie: dana },
    });
    assert.equal(res.status, 201);
    const { data } = await json(res);
    assert.equal(data.tenant, api.tenants.de);
    assert.equal(data.role, 'viewer');
    const c = claims(data.token);
    assert.equal(c.ten, api.tenants.de);
    assert.equal(c.org, bff.url);
  });
});

describe('everyone else', () => {
  test('other host users get 403 and nobody signed in gets 401', async () => {
    for (const user of [PRIYA, SAM]) {
      const cookie = await signIn(bff.url, user);
      for (const view of ['summary', 'pipeline', 'clients']) {
        const res = await get(`/api/portfolio/${view}`, cookie);
        assert.equal(res.status, 403, `${user} ${view}`);
        assert.equal((await json(res)).error.code, 'forbidden');
      }
      // Naming another employer when asking for a token changes nothing for them.
      const minted = await json(
        await fetch(`${bff.url}/bff/session?tenant=${api.tenants.de}`, { method: 'POST', headers: { cookie } }),
      );
      assert.equal(claims(minted.data.token).ten, api.tenants.au);
    }
    const anonymous = await get('/api/portfolio/summary', null);
    assert.equal(anonymous.status, 401);
  });

  test('a page of another origin cannot read the portfolio with partner staff’s cookie', async () => {
    const res = await get('/api/portfolio/clients', dana, { origin: 'http://evil.example' });
    assert.equal(res.status, 403);
    assert.equal((await json(res)).error.code, 'cross_origin_refused');
  });

  test('only the three portfolio views exist, and the partner routes are not reachable through the proxy', async () => {
    assert.equal((await get('/api/portfolio/tenants', dana)).status, 404);
    const direct = await get('/api/v1/partners/portfolio/summary', dana);
    assert.equal(direct.status, 403, 'a user token is refused on the partner routes');
  });
});
