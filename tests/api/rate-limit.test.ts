// Rate limits cannot be side-stepped: made-up bearers and forged X-Forwarded-For spend the client address's
// budget, tokens spend the budget of the partner whose key minted them, and a flood of new clients can
// neither reset a live bucket nor grow memory without bound. The clock is manual, so buckets refill only
// when a test moves it.
import { test, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { startTestApi, type TestApi } from '../helpers/api.ts';
import { ManualClock } from '../../api/lib/clock.ts';
import type { Config } from '../../api/config.ts';

const apis: TestApi[] = [];
after(async () => {
  for (const api of apis) await api.close();
});

async function limited(config: Partial<Config> = {}) {
  const clock = new ManualClock(new Date('2026-11-21T09:00:00Z'));
  const api = await startTestApi({ clock, config: { rateLimitPerSecond: 5, rateLimitBurst: 10, ...config } });
  apis.push(api);
  return { api, clock };
}

const randomBearer = () => `prk_sandbox_${crypto.randomBytes(24).toString('base64url')}`;
const randomJwt = () => `eyJhbGciOiJFUzI1NiJ9.${crypto.randomBytes(24).toString('base64url')}.sig`;

async function statuses(n: number, send: (i: number) => Promise<{ status: number }>) {
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push((await send(i)).status);
  return out;
}
const count = (xs: number[], s: number) => xs.filter((x) => x === s).length;

describe('rate limit', () => {
  test('a fresh random bearer per request spends the client address budget: 429 after the burst', async () => {
    const { api } = await limited();
    const got = await statuses(14, (i) => api.call('GET', '/v1/packs', { key: i % 2 ? randomBearer() : randomJwt() }));
    assert.equal(count(got, 401), 10, got.join(','));
    assert.equal(count(got, 429), 4, got.join(','));
    const last = await api.call('GET', '/v1/packs', { key: randomBearer() });
    assert.equal(last.status, 429);
    assert.equal(last.body.error.code, 'rate_limited');
    assert.ok(Number(last.headers.get('retry-after')) >= 1);
  });

  test('a known partner key keeps its own budget while its address is flooded with made-up bearers', async () => {
    const { api } = await limited();
    assert.equal((await api.call('GET', '/v1/packs')).status, 200);
    await statuses(12, () => api.call('GET', '/v1/packs', { key: randomBearer() }));
    assert.equal((await api.call('GET', '/v1/packs', { key: randomBearer() })).status, 429);
    assert.equal((await api.call('GET', '/v1/packs')).status, 200);
  });

  test('X-Forwarded-For is ignored unless the connection comes from a trusted proxy', async () => {
    const { api } = await limited();
    const got = await statuses(14, (i) =>
      api.call('GET', '/v1/packs', { key: null, headers: { 'x-forwarded-for': `203.0.113.${i + 1}` } }),
    );
    assert.equal(count(got, 429), 4, got.join(','));
  });

  test('behind a configured trusted proxy, X-Forwarded-For names the client: one bucket per client', async () => {
    const { api } = await limited({ trustedProxies: ['loopback'] });
    const spread = await statuses(14, (i) =>
      api.call('GET', '/health', { key: null, headers: { 'x-forwarded-for': `203.0.113.${i + 1}` } }),
    );
    assert.equal(count(spread, 429), 0, spread.join(','));
    const one = await statuses(14, () =>
      api.call('GET', '/health', { key: null, headers: { 'x-forwarded-for': '198.51.100.7' } }),
    );
    assert.equal(count(one, 429), 4, one.join(','));
    // A client cannot prepend its own entry: the proxy appends the address it saw, which is what counts.
    const prepended = await api.call('GET', '/health', {
      key: null,
      headers: { 'x-forwarded-for': '192.0.2.99, 198.51.100.7' },
    });
    assert.equal(prepended.status, 429);
  });

  test('tokens spend the budget of the partner whose key minted them', async () => {
    const { api } = await limited();
    const t = await api.call('POST', '/v1/partners/tenants', { body: { name: 'Budget Co' } });
    assert.equal(t.status, 201);
    const tenantId = t.body.data.tenant.id;
    const mint = () => api.call('POST', `/v1/tenants/${tenantId}/embed/token`, { body: { components: ['*'] } });
    const tokens = [(await mint()).body.data.token, (await mint()).body.data.token];
    // 3 of the key's 10 are spent; tokens, and the key itself, share the 7 left.
    const got = await statuses(12, (i) =>
      api.call('GET', `/v1/tenants/${tenantId}/me`, { key: i % 3 === 2 ? undefined : tokens[i % 3] }),
    );
    assert.equal(count(got, 200), 7, got.join(','));
    assert.equal(count(got, 429), 5, got.join(','));
    assert.equal((await api.call('GET', '/v1/packs')).status, 429, 'the key is out of budget as well');
    // Another partner's key is unaffected.
    const other = await api.newPartner('Other Partner');
    assert.equal((await api.call('GET', '/v1/packs', { key: other.key })).status, 200);
  });

  test('a flood of new addresses never resets a live bucket, and newcomers share an overflow bucket when full', async () => {
    const { api, clock } = await limited({ trustedProxies: ['loopback'], rateLimitMaxBuckets: 8 });
    const from = (ip: string) => api.call('GET', '/health', { key: null, headers: { 'x-forwarded-for': ip } });
    await statuses(10, () => from('198.51.100.1'));
    assert.equal((await from('198.51.100.1')).status, 429);
    const flood = await statuses(40, (i) => from(`203.0.113.${i + 1}`));
    assert.equal((await from('198.51.100.1')).status, 429, 'the drained bucket was not forgotten');
    // 7 newcomers found room; the rest share one overflow bucket of 10.
    assert.equal(count(flood, 200), 17, flood.join(','));
    assert.equal(count(flood, 429), 23, flood.join(','));
    // Once buckets have refilled completely they may be evicted, and a table's worth of newcomers get their own.
    clock.advance(5_000);
    const later = await statuses(8, (i) => from(`192.0.2.${i + 1}`));
    assert.equal(count(later, 429), 0, later.join(','));
  });

  test('IPv6 clients are budgeted per /64', async () => {
    const { api } = await limited({ trustedProxies: ['loopback'] });
    const got = await statuses(14, (i) =>
      api.call('GET', '/health', {
        key: null,
        headers: { 'x-forwarded-for': `2001:db8:1:2::${(i + 1).toString(16)}` },
      }),
    );
    assert.equal(count(got, 429), 4, got.join(','));
  });
});
