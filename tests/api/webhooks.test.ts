// Signed webhooks: endpoints (a partner's own only), one event per committed change and none for a rolled-back one,
// signatures (both secrets while a rotated-out one is in its grace period), retries on the app's clock, automatic
// disabling, redelivery and test events, SSRF refusals, and no identifier in any event body.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startTestApi, REASON, type TestApi } from '../helpers/api.ts';
import {
  createTenant,
  expectStatus,
  hireAu,
  auditTrail,
  evidenceOf,
  type TenantRef,
} from '../helpers/payroll-fixtures.ts';
import { startReceiver, until, type Receiver } from '../helpers/webhook-receiver.ts';
import { ManualClock } from '../../api/lib/clock.ts';
import { verifySignature } from '../../api/services/webhooks/signature.ts';
import { identifierValueKind } from '../../api/model/identifier-values.ts';
import { runCommand } from '../../api/services/platform/unit-of-work.ts';
import { UseCaseContext } from '../../api/services/platform/use-case.ts';

const clock = new ManualClock(new Date('2026-11-21T09:00:00Z'));
let api: TestApi;
let rx: Receiver;
let tenant: TenantRef;
const EP = '/v1/partners/webhook-endpoints';
const nowSeconds = () => Math.floor(clock.now().getTime() / 1000);

async function endpoint(body: Record<string, unknown>, key?: string) {
  return expectStatus(await api.call('POST', EP, { body, key }), 201, 'create endpoint').data;
}
const deliveries = async (id: string, key?: string) =>
  expectStatus(await api.call('GET', `${EP}/${id}/deliveries?limit=100`, { key }), 200, 'deliveries').data as any[];

before(async () => {
  api = await startTestApi({ clock, config: { webhookPollMs: 20 } });
  rx = await startReceiver();
  tenant = await createTenant(api, { jurisdiction: 'AU' });
});
after(async () => {
  await rx?.close();
  await api?.close();
});

test('endpoints: created with a secret shown once, listed, changed, disabled, deleted; others see none', async () => {
  const created = await endpoint({ url: rx.url, event_types: ['pay_run.*'], description: 'Runs' });
  assert.match(created.secret, /^whsec_/);
  assert.equal(created.status, 'enabled');
  assert.equal(created.environment, 'sandbox');
  const got = expectStatus(await api.call('GET', `${EP}/${created.id}`), 200).data;
  assert.equal(got.secret, undefined, 'the secret is shown at creation only');
  const list = expectStatus(await api.call('GET', EP), 200).data;
  assert.ok(list.some((e: any) => e.id === created.id));

  const patched = expectStatus(
    await api.call('PATCH', `${EP}/${created.id}`, { body: { status: 'disabled', event_types: ['*'] } }),
    200,
  ).data;
  assert.equal(patched.status, 'disabled');
  assert.deepEqual(patched.event_types, ['*']);

  // Another partner: not found, whatever it tries; and it cannot subscribe to our tenant.
  const other = await api.newPartner('Other Partner');
  for (const [m, p] of [
    ['GET', `${EP}/${created.id}`],
    ['PATCH', `${EP}/${created.id}`],
    ['DELETE', `${EP}/${created.id}`],
    ['GET', `${EP}/${created.id}/deliveries`],
    ['POST', `${EP}/${created.id}/test`],
    ['POST', `${EP}/${created.id}/rotate-secret`],
  ] as const)
    expectStatus(
      await api.call(m, p, { key: other.key, body: m === 'PATCH' ? { status: 'enabled' } : undefined }),
      404,
      `${m} ${p}`,
    );
  assert.ok(
    !expectStatus(await api.call('GET', EP, { key: other.key }), 200).data.some((e: any) => e.id === created.id),
  );
  const foreign = await api.call('POST', EP, {
    key: other.key,
    body: { url: rx.url, event_types: ['*'], tenants: [tenant.id] },
  });
  expectStatus(foreign, 404, 'another partner’s tenant');

  // A type that is no type is refused with its path.
  const bad = await api.call('POST', EP, { body: { url: rx.url, event_types: ['Pay Run!'] } });
  expectStatus(bad, 400);
  assert.equal(bad.body.error.errors[0].path, 'event_types.0');

  expectStatus(await api.call('DELETE', `${EP}/${created.id}`), 200);
  expectStatus(await api.call('GET', `${EP}/${created.id}`), 404);

  // An idempotent replay of a creation does not show the secret again.
  const headers = { 'idempotency-key': 'webhook-endpoint-create-1' };
  const first = expectStatus(await api.call('POST', EP, { body: { url: rx.url, event_types: ['*'] }, headers }), 201);
  const replay = await api.call('POST', EP, { body: { url: rx.url, event_types: ['*'] }, headers });
  assert.equal(replay.headers.get('idempotent-replay'), 'true');
  assert.equal(replay.body.data.id, first.data.id);
  assert.equal(replay.body.data.secret, null);
  expectStatus(await api.call('DELETE', `${EP}/${first.data.id}`), 200);
});

test('an event for every committed change, signed, verifiable against its evidence record, with no identifier', async () => {
  const t = await createTenant(api, { jurisdiction: 'AU', companyBank: false });
  // The records before the endpoint existed (its provisioning) may or may not have reached it: leave them out.
  const earlier = new Set((await auditTrail(api, t)).map((e) => e.id));
  const ep = await endpoint({ url: rx.url, event_types: ['*'], tenants: [t.id] });
  const from = rx.received.length;
  await api.call('PATCH', `/v1/tenants/${t.id}/company/bank`, {
    body: { bsb: '062-000', account_number: '12345678', account_name: 'Fixture Pty Ltd', apca_user_id: '123456' },
    reason: REASON,
  });
  await hireAu(api, t, { pay_frequency: 'fortnightly' }); // with a TFN, a bank account and a super fund
  const trail = (await auditTrail(api, t)).filter((e) => !earlier.has(e.id));
  assert.ok(trail.length >= 3, 'the hire and the company bank are recorded');
  const mine = () =>
    rx.received.slice(from).filter((m) => m.body.tenant_id === t.id && !earlier.has(m.body.evidence.id));
  await until('an event per record', () => mine().length >= trail.length);
  const got = mine();
  assert.deepEqual(got.map((m) => m.body.evidence.id).sort(), trail.map((e) => e.id).sort(), 'one event per record');
  for (const m of got) {
    assert.ok(verifySignature(m.headers['payrail-signature'] as string, m.raw, ep.secret, nowSeconds()));
    assert.ok(!verifySignature(m.headers['payrail-signature'] as string, m.raw, 'whsec_wrong', nowSeconds()));
    assert.ok(!verifySignature(m.headers['payrail-signature'] as string, m.raw, ep.secret, nowSeconds() + 301));
    assert.equal(m.body.type, trail.find((e) => e.id === m.body.evidence.id)!.action);
    const record = await evidenceOf(api, t, m.body.evidence.id);
    assert.equal(m.body.evidence.hash, record.chain.hash);
    assert.equal(m.body.evidence.prev_hash, record.chain.prev_hash);
    assert.equal(m.body.evidence.link, `/v1/tenants/${t.id}/governance/evidence/${record.id}`);
    for (const s of strings(m.body)) assert.equal(identifierValueKind(s), null, `identifier in event: ${s}`);
    assert.ok(!/\b\d{6,}\b/.test(m.raw.replace(/"[0-9a-f]{64}"/g, '')), 'no account-like number in an event');
  }
  const emp = got.find((m) => m.body.type === 'employee.created')!;
  assert.match(emp.body.data.resource.link, new RegExp(`^/v1/tenants/${t.id}/employees/emp_`));
  // The resource link answers.
  expectStatus(await api.call('GET', emp.body.data.resource.link), 200);
});

test('a rolled-back change makes no event; a refused write makes none either', async () => {
  const t = await createTenant(api, { jurisdiction: 'AU' });
  const ep = await endpoint({ url: rx.url, event_types: ['*'], tenants: [t.id] });
  const uc = new UseCaseContext({ deps: api.deps, request: { method: 'TEST', path: 'rollback' } });
  let planned = '';
  await assert.rejects(
    runCommand(
      uc,
      async (_r, evidenceId) => {
        planned = evidenceId;
        return { data: null, evidence: { chain: t.id, mock: false, action: 'company.updated', resource: t.id } };
      },
      {
        // After the evidence record (and its outbox event) are written: the transaction rolls back.
        beforeCommit: async () => {
          throw new Error('refused inside the transaction');
        },
      },
    ),
  );
  const refused = await api.call('POST', `/v1/tenants/${t.id}/employees`, { body: { first_name: '' }, reason: REASON });
  assert.equal(refused.status, 400);
  // A committed change after them: once it has arrived, anything before it would have too (one tenant, in order).
  const hired = await hireAu(api, t, { pay_frequency: 'weekly', bank: false, super: false });
  await until('the committed change', () =>
    rx.received.some((m) => m.body.type === 'employee.created' && m.body.data.resource.id === hired),
  );
  assert.equal(await api.deps.store.repos.webhookEventsOf([planned]).then((e) => e.length), 0, 'no outbox row');
  assert.ok(!rx.received.some((m) => m.body.evidence.id === planned));
  // The hire's later writes may still be on their way: every delivery there is arrives, none is left for a phantom.
  await until('every delivery delivered', async () => (await deliveries(ep.id)).every((d) => d.status === 'delivered'));
});

test('rotation: both secrets sign during the grace period, only the new one after', async () => {
  const ep = await endpoint({ url: rx.url, event_types: [] as string[] }).catch(() => null);
  assert.equal(ep, null, 'an endpoint must want at least one type');
  const e = await endpoint({ url: rx.url, event_types: ['webhook_endpoint.test'] });
  const rotated = expectStatus(
    await api.call('POST', `${EP}/${e.id}/rotate-secret`, { body: { grace_hours: 24 } }),
    200,
  ).data;
  assert.notEqual(rotated.secret, e.secret);
  assert.ok(rotated.previous_secret_valid_until);
  const sendTest = async () => {
    const before = rx.received.length;
    expectStatus(await api.call('POST', `${EP}/${e.id}/test`), 202);
    return until('the test event', () =>
      rx.received
        .slice(before)
        .find((m) => m.body.type === 'webhook_endpoint.test' && m.body.data.resource.id === e.id),
    );
  };
  const during = await sendTest();
  const sig = during.headers['payrail-signature'] as string;
  assert.equal(sig.split(',').filter((p) => p.startsWith('v1=')).length, 2);
  assert.ok(verifySignature(sig, during.raw, rotated.secret, nowSeconds()));
  assert.ok(verifySignature(sig, during.raw, e.secret, nowSeconds()));
  clock.advance(25 * 3_600_000);
  const afterGrace = await sendTest();
  const sig2 = afterGrace.headers['payrail-signature'] as string;
  assert.equal(sig2.split(',').filter((p) => p.startsWith('v1=')).length, 1);
  assert.ok(verifySignature(sig2, afterGrace.raw, rotated.secret, nowSeconds()));
  assert.ok(!verifySignature(sig2, afterGrace.raw, e.secret, nowSeconds()));
  expectStatus(await api.call('DELETE', `${EP}/${e.id}`), 200);
});

test(
  'retries on the clock against a receiver that fails and recovers; then disabling after failing for 3 days',
  {
    timeout: 120_000,
  },
  async () => {
    const flaky = await startReceiver();
    try {
      flaky.answer = 503;
      const e = await endpoint({ url: flaky.url, event_types: ['webhook_endpoint.test'] });
      expectStatus(await api.call('POST', `${EP}/${e.id}/test`), 202);
      const attempts = async () => (await deliveries(e.id))[0]?.attempt_count ?? 0;
      await until('the first attempt', async () => (await attempts()) >= 1);
      // Not tried again before its time.
      const [pending] = await deliveries(e.id);
      assert.equal(pending.status, 'pending');
      assert.equal(pending.last_status, 503);
      assert.ok(pending.next_attempt_at > clock.now().toISOString());
      clock.advance(60_000);
      await until('the second attempt', async () => (await attempts()) >= 2);
      flaky.answer = 200;
      clock.advance(2 * 60_000);
      await until('delivery after recovery', async () => (await deliveries(e.id))[0].status === 'delivered');
      const [done] = await deliveries(e.id);
      assert.equal(done.attempts.length, 3);
      assert.deepEqual(
        done.attempts.map((a: any) => a.status_code),
        [503, 503, 200],
      );
      assert.equal(flaky.received.length, 1);

      // Now it stays down: retried with growing waits until the window (72 h) ends, then the endpoint is disabled.
      flaky.answer = 500;
      expectStatus(await api.call('POST', `${EP}/${e.id}/test`), 202);
      // The new event's delivery is listed first once it is written; until then the first is the delivered one.
      await until('the second delivery', async () => (await deliveries(e.id)).length === 2);
      const started = clock.now().getTime();
      let n = 0;
      while (expectStatus(await api.call('GET', `${EP}/${e.id}`), 200).data.status === 'enabled') {
        assert.ok(clock.now().getTime() - started < 80 * 3_600_000, 'disabled within the retry window');
        await until('another attempt', async () => ((await deliveries(e.id))[0].attempt_count ?? 0) > n, 30_000);
        n = (await deliveries(e.id))[0].attempt_count;
        clock.advance(8 * 3_600_000);
        await until(
          'the attempt or the disabling',
          async () => {
            const [d] = await deliveries(e.id);
            return d.attempt_count > n || d.status === 'failed';
          },
          30_000,
        );
      }
      const disabled = expectStatus(await api.call('GET', `${EP}/${e.id}`), 200).data;
      assert.equal(disabled.status, 'disabled');
      assert.match(disabled.notice, /Disabled automatically/);
      const [failed] = await deliveries(e.id);
      assert.equal(failed.status, 'failed');
      assert.ok(failed.attempt_count > 8, `backed off over many attempts (${failed.attempt_count})`);
      const record = await api.deps.store.repos.listEvidence(
        api.partner.id,
        { action: 'webhook_endpoint.disabled', resource: e.id } as any,
        null,
        10,
      );
      assert.equal(record.length, 1, 'the disabling is on the evidence chain');

      // Enabled again, every failed delivery since a time is sent again.
      flaky.answer = 200;
      expectStatus(await api.call('PATCH', `${EP}/${e.id}`, { body: { status: 'enabled' } }), 200);
      const again = expectStatus(
        await api.call('POST', `${EP}/${e.id}/redeliver`, { body: { since: new Date(started - 1000).toISOString() } }),
        202,
      ).data;
      assert.equal(again.scheduled, 1);
      await until('the redelivery', async () => (await deliveries(e.id))[0].status === 'delivered');
      // And one delivery by its id.
      const before = flaky.received.length;
      expectStatus(await api.call('POST', `${EP}/${e.id}/deliveries/${failed.id}/redeliver`), 202);
      await until('the single redelivery', () => flaky.received.length > before);
      expectStatus(await api.call('POST', `${EP}/${e.id}/deliveries/whd_nope/redeliver`), 404);
    } finally {
      await flaky.close();
    }
  },
);

test('SSRF: live endpoints need https to a public address, at registration and at delivery', async () => {
  const live = await api.newPartner('Live Partner', 'live');
  const names: Record<string, string[]> = {
    'hooks.partner.example': ['93.184.216.34'],
    'internal.partner.example': ['10.1.2.3'],
    'mixed.partner.example': ['93.184.216.34', '169.254.169.254'],
    localhost: ['127.0.0.1'],
  };
  api.deps.resolveHost = async (host) => {
    const a = names[host];
    if (!a) throw new Error('ENOTFOUND');
    return a;
  };
  try {
    for (const url of [
      'http://hooks.partner.example/x',
      'https://127.0.0.1/x',
      'https://localhost/x',
      'https://10.0.0.8/x',
      'https://192.168.1.1/x',
      'https://169.254.169.254/latest/meta-data',
      'https://[::1]/x',
      'https://[fe80::1]/x',
      'https://[::ffff:10.0.0.1]/x',
      'https://internal.partner.example/x',
      'https://mixed.partner.example/x',
      'https://unknown.partner.example/x',
      'ftp://hooks.partner.example/x',
      'https://user:pw@hooks.partner.example/x',
    ]) {
      const r = await api.call('POST', EP, { key: live.key, body: { url, event_types: ['*'] } });
      expectStatus(r, 400, url);
      assert.equal(r.body.error.errors[0].path, 'url');
    }
    // Sandbox: plain http only to this machine; never a private address.
    for (const url of ['http://hooks.partner.example/x', 'http://10.0.0.8/x', 'https://169.254.169.254/x'])
      expectStatus(await api.call('POST', EP, { body: { url, event_types: ['*'] } }), 400, url);

    // A name that resolved to a public address at registration but resolves privately at delivery is refused then.
    const e = expectStatus(
      await api.call('POST', EP, {
        key: live.key,
        body: { url: 'https://hooks.partner.example/x', event_types: ['webhook_endpoint.test'] },
      }),
      201,
    ).data;
    names['hooks.partner.example'] = ['10.9.9.9'];
    expectStatus(await api.call('POST', `${EP}/${e.id}/test`, { key: live.key }), 202);
    await until('the refused attempt', async () => (await deliveries(e.id, live.key))[0]?.attempt_count >= 1);
    const [d] = await deliveries(e.id, live.key);
    assert.equal(d.status, 'pending');
    assert.match(d.last_error, /^Refused: .*private/);
    assert.equal(d.attempts[0].status_code, null);
  } finally {
    delete api.deps.resolveHost;
  }
});

function* strings(v: unknown): Generator<string> {
  if (typeof v === 'string') yield v;
  else if (Array.isArray(v)) for (const x of v) yield* strings(x);
  else if (v && typeof v === 'object') for (const x of Object.values(v)) yield* strings(x);
}
