// The host's webhook receiver: a real Payrail API delivers a signed event to the reference BFF, which verifies it
// and keeps it; a forged or replayed one is refused.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startTestApi, type TestApi } from '../helpers/api.ts';
import { expectStatus } from '../helpers/payroll-fixtures.ts';
import { until } from '../helpers/webhook-receiver.ts';
import { signIn, startTestBff, type RunningBff } from './support.ts';
import { systemClock } from '../../api/lib/clock.ts';
import { signatureHeader } from '../../api/services/webhooks/signature.ts';

let api: TestApi;
let bff: RunningBff;
let secret: string;
let endpointId: string;

before(async () => {
  api = await startTestApi({ clock: systemClock, config: { webhookPollMs: 20 } });
  // The BFF needs the endpoint's secret and the endpoint the BFF's URL: register, start the BFF, point the endpoint.
  const ep = expectStatus(
    await api.call('POST', '/v1/partners/webhook-endpoints', {
      body: { url: 'http://127.0.0.1:9/not-yet', event_types: ['webhook_endpoint.test'] },
    }),
    201,
  ).data;
  secret = ep.secret;
  endpointId = ep.id;
  bff = await startTestBff({ apiUrl: api.url, webhookSecret: secret });
  expectStatus(
    await api.call('PATCH', `/v1/partners/webhook-endpoints/${endpointId}`, {
      body: { url: `${bff.url}/bff/webhooks` },
    }),
    200,
  );
});
after(async () => {
  await bff?.close();
  await api?.close();
});

test('the BFF verifies and keeps a delivered event, and refuses forged and replayed ones', async () => {
  expectStatus(await api.call('POST', `/v1/partners/webhook-endpoints/${endpointId}/test`), 202);
  const staff = await signIn(bff.url, 'usr_host_dana');
  const recent = await until('the event at the BFF', async () => {
    const r = (await (await fetch(`${bff.url}/bff/webhooks/recent`, { headers: { cookie: staff } })).json()) as {
      data: any[];
    };
    return r.data.find((e) => e.type === 'webhook_endpoint.test');
  });
  assert.match(recent.id, /^evt_/);
  const body = JSON.stringify({ id: 'evt_forged', type: 'pay_run.finalised', tenant_id: null, created_at: '' });
  const post = (sig: string) =>
    fetch(`${bff.url}/bff/webhooks`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'payrail-signature': sig },
      body,
    });
  const now = Math.floor(Date.now() / 1000);
  assert.equal((await post(signatureHeader(['whsec_not_the_secret'], now, body))).status, 400);
  assert.equal((await post(signatureHeader([secret], now - 3600, body))).status, 400, 'a replay an hour old');
  assert.equal((await post(signatureHeader([secret], now, body))).status, 204);
});

test('the events kept are the partner staff’s to read, and the administrator’s of their own employer only', async () => {
  const now = Math.floor(Date.now() / 1000);
  for (const [id, tenant] of [
    ['evt_ours', 'harbour-coffee'],
    ['evt_theirs', 'ten_another_employer'],
  ]) {
    const body = JSON.stringify({ id, type: 'employee.updated', tenant_id: tenant, created_at: '' });
    const r = await fetch(`${bff.url}/bff/webhooks`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'payrail-signature': signatureHeader([secret], now, body) },
      body,
    });
    assert.equal(r.status, 204);
  }
  const read = async (cookie?: string) => {
    const r = await fetch(`${bff.url}/bff/webhooks/recent`, cookie ? { headers: { cookie } } : {});
    return {
      status: r.status,
      ids: r.status === 200 ? ((await r.json()) as { data: any[] }).data.map((e) => e.id) : [],
    };
  };
  assert.equal((await read()).status, 401);
  for (const user of ['usr_host_priya', 'usr_host_sam', 'usr_host_olivia'])
    assert.equal((await read(await signIn(bff.url, user))).status, 403, user);
  const admin = await read(await signIn(bff.url, 'usr_host_elena'));
  assert.deepEqual(admin.ids, ['evt_ours']);
  const staff = await read(await signIn(bff.url, 'usr_host_dana'));
  assert.ok(staff.ids.includes('evt_ours') && staff.ids.includes('evt_theirs'));
});
