// The Reports page of the host example: a report's CSV comes through the BFF's proxy with the signed-in user's
// token (the partner key stays on the server); partner staff read an employer's reports with a view-only token.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startLiveApi, type LiveApi } from '../helpers/live-api.ts';
import { startTestBff, signIn, DANA, PRIYA, type RunningBff } from './support.ts';

let api: LiveApi;
let bff: RunningBff;

before(async () => {
  api = await startLiveApi();
  bff = await startTestBff({ apiUrl: api.url, partnerKey: api.partnerKey, tenant: api.tenants.au });
});
after(async () => {
  await bff.close();
  await api.close();
});

const csv = (tenant: string, cookie: string | null) =>
  fetch(`${bff.url}/api/v1/tenants/${tenant}/reports/payroll-register?format=csv&from=2000-01-01&to=2100-12-31`, {
    headers: { accept: 'text/csv', ...(cookie ? { cookie } : {}) },
  });

test("an employer's user downloads a report as CSV through the BFF, without any token in the page", async () => {
  const res = await csv(api.tenants.au, await signIn(bff.url, PRIYA));
  const text = await res.text();
  assert.equal(res.status, 200, text.slice(0, 300));
  assert.match(res.headers.get('content-type') ?? '', /text\/csv/);
  assert.ok(text.split(/\r?\n/).length > 2, 'a header row and rows');
  assert.ok(!text.includes(api.partnerKey));
});

test("an employer's user cannot read another employer's report through the BFF", async () => {
  const res = await csv(api.tenants.de, await signIn(bff.url, PRIYA));
  assert.ok([403, 404].includes(res.status), `got ${res.status}`);
});

test("partner staff read any of the partner's employers' reports; nobody signed in reads none", async () => {
  const dana = await signIn(bff.url, DANA);
  for (const tenant of [api.tenants.au, api.tenants.de]) assert.equal((await csv(tenant, dana)).status, 200, tenant);
  assert.equal((await csv(api.tenants.au, null)).status, 401);
});
