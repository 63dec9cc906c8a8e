// The host's webhook receiver: a real Payrail API delivers a signed event to the reference BFF, which verifies it
// and keeps it; a forged or replayed one is refused.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startTestApi, type TestApi } from '../helpers/api.ts';
import { expectStatus } from '../helpers/payroll-fixtures.ts';
import { until } from '../helpers/webhook-receiver.ts';
import { startTestBff, type RunningBff } from './support.ts';
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
  const recent = await until('the event at the BFF', async () => {
    const r = (await (await fetch(`${bff.url}/bff/webhooks/recent`)).json()) as { data: any[] };
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
