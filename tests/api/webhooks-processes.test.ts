// Webhooks across processes: an event committed by a process killed (SIGKILL) before delivering it is delivered by
// the next process on the database, never lost; and two API processes on one database (PostgreSQL: at once,
// claiming with SKIP LOCKED) deliver each event once, each delivery with one attempt.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startTestApi, REASON } from '../helpers/api.ts';
import { createTenant, expectStatus, type TenantRef } from '../helpers/payroll-fixtures.ts';
import { killAll, request, spawnApi } from '../helpers/server-process.ts';
import { newTestDb, type TestDb } from '../helpers/test-db.ts';
import { startReceiver, until, type Receiver } from '../helpers/webhook-receiver.ts';
import { systemClock } from '../../api/lib/clock.ts';
import { verifySignature } from '../../api/services/webhooks/signature.ts';

const EP = '/v1/partners/webhook-endpoints';
let db: TestDb;
let key: string;
let tenant: TenantRef;
let rx: Receiver;
let secret: string;
let endpointId: string;

before(async () => {
  db = await newTestDb('payrail-webhooks-');
  rx = await startReceiver();
  const api = await startTestApi({ clock: systemClock, db });
  try {
    key = api.partner.key;
    tenant = await createTenant(api, { jurisdiction: 'AU', companyBank: false });
    const ep = expectStatus(
      await api.call('POST', EP, { body: { url: rx.url, event_types: ['cost_centre.created'], tenants: [tenant.id] } }),
      201,
    ).data;
    secret = ep.secret;
    endpointId = ep.id;
  } finally {
    await api.close();
  }
});

after(async () => {
  await killAll();
  await rx?.close();
  await db?.drop();
});

const costCentre = (url: string, code: string) =>
  request(url, 'POST', `/v1/tenants/${tenant.id}/cost-centres`, {
    key,
    body: { code, name: `Centre ${code}` },
    headers: { 'x-governance-reason': REASON },
  });

test('kill -9 between commit and delivery: the next process delivers the event', async () => {
  // A process that never looks for deliveries after its first pass (a poll of an hour).
  const first = await spawnApi(db, { PAYRAIL_WEBHOOK_POLL_MS: '3600000' });
  const made = await costCentre(first.url, 'KILLED');
  assert.equal(made.status, 201, made.text);
  await first.kill9();
  assert.ok(!rx.received.some((m) => m.body.evidence.id === made.body.evidence_id), 'not delivered before the kill');
  const second = await spawnApi(db, { PAYRAIL_WEBHOOK_POLL_MS: '25' });
  const got = await until('the event after the restart', () =>
    rx.received.find((m) => m.body.evidence.id === made.body.evidence_id),
  );
  assert.equal(got.body.type, 'cost_centre.created');
  assert.ok(
    verifySignature(got.headers['payrail-signature'] as string, got.raw, secret, Math.floor(Date.now() / 1000)),
  );
  await second.stop();
});

test('two processes on one database deliver each event once, one attempt each', async () => {
  const [a, b] = await Promise.all([
    spawnApi(db, { PAYRAIL_WEBHOOK_POLL_MS: '10' }),
    spawnApi(db, { PAYRAIL_WEBHOOK_POLL_MS: '10' }),
  ]);
  const from = rx.received.length;
  const made = await Promise.all(Array.from({ length: 24 }, (_, i) => costCentre(i % 2 ? a.url : b.url, `TWO${i}`)));
  const ids = made.map((m) => {
    assert.equal(m.status, 201, m.text);
    return m.body.evidence_id as string;
  });
  await until('every event', () => ids.every((id) => rx.received.some((m) => m.body.evidence.id === id)), 20_000);
  // Let a duplicate, if there were one, arrive: the answer to a listing through each process comes after it.
  const list = await request(a.url, 'GET', `${EP}/${endpointId}/deliveries?limit=100`, { key });
  await request(b.url, 'GET', `${EP}/${endpointId}/deliveries?limit=100`, { key });
  const counts = new Map<string, number>();
  for (const m of rx.received.slice(from)) counts.set(m.body.evidence.id, (counts.get(m.body.evidence.id) ?? 0) + 1);
  for (const id of ids) assert.equal(counts.get(id), 1, `event of ${id} delivered once`);
  const mine = list.body.data.filter((d: any) => d.status === 'delivered');
  assert.ok(mine.length >= ids.length);
  for (const d of mine) assert.equal(d.attempts.length, 1, `delivery ${d.id} attempted once`);
  await Promise.all([a.stop(), b.stop()]);
});
