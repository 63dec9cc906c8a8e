// Webhook retention: settled deliveries (with their attempts) older than the retention period are pruned, and an
// event goes once no delivery refers to it; a delivery still owed to a partner stays whatever its age, and the
// evidence record an event pointed to stays for good. Pruning runs on the app's clock, which the test moves.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startTestApi, REASON, type TestApi } from '../helpers/api.ts';
import { createTenant, expectStatus, type TenantRef } from '../helpers/payroll-fixtures.ts';
import { startReceiver, until, type Receiver } from '../helpers/webhook-receiver.ts';
import { ManualClock } from '../../api/lib/clock.ts';
import { loadConfig } from '../../api/config.ts';

const DAY = 86_400_000;
const clock = new ManualClock(new Date('2026-11-21T09:00:00Z'));
const EP = '/v1/partners/webhook-endpoints';
let api: TestApi;
let up: Receiver;
let down: Receiver;
let tenant: TenantRef;

before(async () => {
  api = await startTestApi({ clock, config: { webhookPollMs: 20 } });
  up = await startReceiver();
  down = await startReceiver();
  down.answer = 500;
  tenant = await createTenant(api, { jurisdiction: 'AU' });
});
after(async () => {
  await up?.close();
  await down?.close();
  await api?.close();
});

const endpoint = async (url: string) =>
  expectStatus(
    await api.call('POST', EP, { body: { url, event_types: ['cost_centre.created'], tenants: [tenant.id] } }),
    201,
  ).data;
const deliveries = async (id: string) =>
  expectStatus(await api.call('GET', `${EP}/${id}/deliveries?limit=100`), 200).data as any[];
const costCentre = async (code: string) =>
  expectStatus(
    await api.call('POST', `/v1/tenants/${tenant.id}/cost-centres`, {
      body: { code, name: `Centre ${code}` },
      reason: REASON,
    }),
    201,
  ).data;
const eventRow = (id: string) => api.deps.store.repos.webhookEvent(id);

test('settled deliveries and their events are pruned after 30 days; what is still owed stays', async () => {
  const delivering = await endpoint(up.url);
  const failing = await endpoint(down.url);
  await costCentre('OLD');
  const old = await until('the first event delivered', () =>
    up.received.find((m) => m.body.type === 'cost_centre.created'),
  );
  const owed = await until('the failing endpoint tried once', async () => {
    const [d] = await deliveries(failing.id);
    return d?.attempts?.length === 1 ? d : null;
  });
  assert.equal(owed.status, 'pending');
  // Stopped, so the owed delivery is neither retried nor given up while the clock moves on.
  expectStatus(await api.call('PATCH', `${EP}/${failing.id}`, { body: { status: 'disabled' } }), 200);

  clock.advance(29 * DAY);
  await costCentre('NEWER');
  await until('the newer event delivered', () => up.received.length === 2);
  assert.equal((await deliveries(delivering.id)).length, 2, 'nothing is pruned inside the retention period');

  clock.advance(1 * DAY + 1);
  await until('the old delivery pruned', async () => (await deliveries(delivering.id)).length === 1);
  const [kept] = await deliveries(delivering.id);
  assert.equal(kept.status, 'delivered');
  assert.notEqual(kept.event_id, old.body.id, 'the newer delivery stays');
  const stillOwed = await deliveries(failing.id);
  assert.equal(stillOwed.length, 1, 'a pending delivery is never pruned');
  assert.equal(stillOwed[0].attempts.length, 1, 'with its attempts');
  assert.ok(await eventRow(old.body.id), 'an event stays while a delivery refers to it');

  // Once nothing is owed any more (the endpoint is deleted), the old event goes at the next hourly pass.
  expectStatus(await api.call('DELETE', `${EP}/${failing.id}`), 200);
  clock.advance(3_600_000);
  await until('the old event pruned', async () => !(await eventRow(old.body.id)));
  assert.ok(await eventRow(kept.event_id), 'the newer event stays');
  const record = await api.call('GET', new URL(old.body.evidence.link, api.url).pathname);
  assert.equal(record.status, 200, 'the evidence record the event pointed to stays');
  assert.ok(
    api.logs.some((l) => l.includes('pruned webhook deliveries and events past their retention')),
    'pruning is logged',
  );
});

test('the retention period may not be shorter than the retry window', () => {
  assert.equal(loadConfig({}).webhookRetentionMs, 30 * DAY);
  assert.equal(loadConfig({ PAYRAIL_WEBHOOK_RETENTION_DAYS: '3' }).webhookRetentionMs, 3 * DAY);
  assert.throws(
    () => loadConfig({ PAYRAIL_WEBHOOK_RETENTION_DAYS: '2' }),
    /PAYRAIL_WEBHOOK_RETENTION_DAYS must cover the retry window/,
  );
  assert.throws(() => loadConfig({ PAYRAIL_WEBHOOK_RETENTION_DAYS: '0' }), /must be a whole number above 0/);
});
