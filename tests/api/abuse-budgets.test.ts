// A cheap credential, or none, cannot make the service slow for everyone: a body is read only once its credential
// has been checked, each request spends what it costs against its partner's budget (every key of a partner shares
// it), a chain verify has a budget of its own, and expensive work queues per tenant. Each attack is made as an
// attacker would make it. The limited APIs run on the set-up's database with a manual clock, so a budget refills
// only when a test moves the clock.
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { startTestApi, type Reply, type TestApi } from '../helpers/api.ts';
import {
  createTenant,
  draftRun,
  expectStatus,
  fortnight,
  hireAu,
  runPath,
  runToFinalised,
} from '../helpers/payroll-fixtures.ts';
import type { TenantRef } from '../helpers/payroll-fixtures.ts';
import { ManualClock } from '../../api/lib/clock.ts';
import type { Config } from '../../api/config.ts';
import { EventEmitter } from 'node:events';
import type { Response } from 'express';
import { TenantLanes } from '../../api/http/lanes.ts';
import { AppError } from '../../api/lib/errors.ts';

let setup: TestApi;
let a: TenantRef;
let employees: string[];
let runId: string;
let other: { key: string; tenant: TenantRef; employee: string; runId: string };
const opened: TestApi[] = [];

before(async () => {
  setup = await startTestApi();
  a = await createTenant(setup, { name: 'Attacked Roasters Pty Ltd' });
  employees = [
    await hireAu(setup, a, { pay_frequency: 'fortnightly', annual_salary: 80_000 }),
    await hireAu(setup, a, { pay_frequency: 'fortnightly', annual_salary: 60_000 }),
  ];
  runId = (await draftRun(setup, a, fortnight(0))).id;
  await runToFinalised(setup, a, runId);
  const p = await setup.newPartner('Bystander Partner');
  const asOther = { ...setup, call: (m: string, path: string, o = {}) => setup.call(m, path, { key: p.key, ...o }) };
  const tenant = await createTenant(asOther, { name: 'Bystander Bakery Pty Ltd' });
  const employee = await hireAu(asOther, tenant, { pay_frequency: 'fortnightly' });
  const otherRun = (await draftRun(asOther, tenant, fortnight(0))).id;
  await runToFinalised(asOther, tenant, otherRun);
  other = { key: p.key, tenant, employee, runId: otherRun };
});
after(async () => {
  for (const api of opened) await api.close();
  await setup.close();
});

/** Another API process on the set-up's database, with its own limits and a clock that moves only when told. */
async function limitedApi(config: Partial<Config>) {
  const clock = new ManualClock(new Date('2026-11-21T09:00:00Z'));
  const api = await startTestApi({ db: setup.db, clock, config });
  opened.push(api);
  return { api, clock };
}

/** Sends `send` until the first 429 (or `max` times); the number accepted and the refusal. */
async function untilRefused(send: (i: number) => Promise<Reply>, max = 500) {
  for (let i = 0; i < max; i++) {
    const r = await send(i);
    if (r.status === 429) return { accepted: i, refusal: r };
    assert.ok(r.status < 300, `request ${i}: ${r.status} ${r.text.slice(0, 200)}`);
  }
  assert.fail(`no 429 after ${max} requests`);
}

const employeeRead = (api: TestApi, key = setup.partner.key) =>
  api.call('GET', `/v1/tenants/${a.id}/employees/${employees[0]}`, { key });
const pdf = (api: TestApi) =>
  api.call('GET', runPath(a, runId, `/payslips/${employees[0]}.pdf`), { key: setup.partner.key });

describe('authentication before the body', () => {
  const big = `{"notes":"${'x'.repeat(2 * 1024 * 1024)}"}`;
  const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;

  test('an unauthenticated 2 MB JSON body is 401, not 413: the body parser never ran', async () => {
    for (const key of [null, 'prk_sandbox_madeUpBearerThatIsNotAKey000000000']) {
      const r = await setup.call('POST', `/v1/tenants/${a.id}/employees`, {
        key,
        raw: big,
        headers: { 'content-type': 'application/json' },
      });
      assert.equal(r.status, 401, r.text.slice(0, 200));
      assert.equal(r.body.error.code, 'unauthorized');
    }
    // With a genuine key the same body reaches the parser, which refuses its size.
    const keyed = await setup.call('POST', `/v1/tenants/${a.id}/employees`, {
      raw: big,
      headers: { 'content-type': 'application/json' },
    });
    assert.equal(keyed.status, 413);
  });

  test('an unauthenticated body nested 100,000 deep is 401, not the depth walk’s 400', async () => {
    const anon = await setup.call('POST', `/v1/tenants/${a.id}/leave/configure`, {
      key: null,
      raw: deep,
      headers: { 'content-type': 'application/json' },
    });
    assert.equal(anon.status, 401, anon.text.slice(0, 200));
    const keyed = await setup.call('POST', `/v1/tenants/${a.id}/leave/configure`, {
      raw: deep,
      headers: { 'content-type': 'application/json' },
    });
    assert.equal(keyed.status, 400);
    assert.match(keyed.body.error.message, /nested more than/);
  });
});

describe('cost-weighted budgets', () => {
  test('payslip PDFs, reports and 200-row pages exhaust a budget in a fraction of the requests single reads take', async () => {
    const { api, clock } = await limitedApi({ rateLimitPerSecond: 1, rateLimitBurst: 40 });
    const reads = await untilRefused(() => employeeRead(api));
    assert.equal(reads.accepted, 40);
    clock.advance(60_000);
    const pdfs = await untilRefused(() => pdf(api));
    assert.equal(pdfs.accepted, 4, 'a PDF costs 10 units');
    assert.ok(Number(pdfs.refusal.headers.get('retry-after')) >= 1);
    assert.equal(pdfs.refusal.body.error.code, 'rate_limited');
    clock.advance(60_000);
    const reports = await untilRefused(() =>
      api.call('GET', `/v1/tenants/${a.id}/reports/payroll-register`, { key: setup.partner.key }),
    );
    assert.equal(reports.accepted, 4, 'a report costs 10 units');
    clock.advance(60_000);
    const pages = await untilRefused(() =>
      api.call('GET', `/v1/tenants/${a.id}/employees?limit=200`, { key: setup.partner.key }),
    );
    assert.equal(pages.accepted, 10, 'a 200-row page costs 4 units');
  });

  test('five keys of one partner share one budget: minting keys does not multiply the limit', async () => {
    const keys = [setup.partner.key];
    for (let i = 0; i < 4; i++)
      keys.push(expectStatus(await setup.call('POST', '/v1/partners/keys', { body: {} }), 201).data.key);
    const { api } = await limitedApi({ rateLimitPerSecond: 1, rateLimitBurst: 30 });
    const spread = await untilRefused((i) => employeeRead(api, keys[i % keys.length]));
    assert.equal(spread.accepted, 30, 'the five keys together get one budget');
    for (const key of keys) assert.equal((await employeeRead(api, key)).status, 429);
    // Tokens minted by any of them spend it too; another partner is unaffected.
    assert.equal((await api.call('GET', '/v1/packs', { key: keys[3] })).status, 429);
    const bystander = await api.call('GET', `/v1/tenants/${other.tenant.id}/employees/${other.employee}`, {
      key: other.key,
    });
    assert.equal(bystander.status, 200);
  });

  test('chain verification has a budget of its own per partner, beside its units', async () => {
    const { api, clock } = await limitedApi({ rateLimitPerSecond: 1000, rateLimitBurst: 2000, verifyPerMinute: 60 });
    const verify = () =>
      api.call('POST', `/v1/tenants/${a.id}/governance/verify`, { key: setup.partner.key, body: {} });
    const verifies = await untilRefused(verify);
    assert.equal(verifies.accepted, 5, 'a burst of 5 at 60 a minute');
    assert.match(verifies.refusal.body.error.message, /chain verifications/);
    assert.ok(Number(verifies.refusal.headers.get('retry-after')) >= 1);
    assert.equal((await employeeRead(api)).status, 200, 'the partner still has units for everything else');
    clock.advance(1_000);
    assert.equal((await verify()).status, 200, 'one more a second later');
    assert.equal((await verify()).status, 429);
  });
});

describe('per-tenant concurrency for expensive work', () => {
  // The embedded store answers each query at once, so most requests run to completion in turn; a payslip PDF yields
  // while it is written, which is where another tenant's requests would otherwise have to share the process with
  // all of the attacker's at once.
  test("one tenant's payslip PDFs queue behind each other, not in front of another tenant's read and PDF", async () => {
    const { api } = await limitedApi({ lanes: { concurrency: 1, queue: 64, waitMs: 60_000 } });
    const ATTACK = 40;
    let aPending = 0;
    const pendingWhenAnswered: Record<string, number> = {};
    let firstDone!: () => void;
    const first = new Promise<void>((resolve) => (firstDone = resolve));
    const attack = Array.from({ length: ATTACK }, async () => {
      aPending++;
      const r = await pdf(api);
      aPending--;
      firstDone();
      return r.status;
    });
    // The bystander comes once the attack is under way: every one of its PDFs has arrived and the first is done.
    await first;
    const bystander = async (what: string, path: string) => {
      const r = await api.call('GET', path, { key: other.key });
      assert.equal(r.status, 200, `${what}: ${r.text.slice(0, 200)}`);
      pendingWhenAnswered[what] = aPending;
    };
    await Promise.all([
      ...attack,
      bystander('read', `/v1/tenants/${other.tenant.id}/employees/${other.employee}`),
      bystander('pdf', runPath(other.tenant, other.runId, `/payslips/${other.employee}.pdf`)),
    ]);
    assert.deepEqual(
      (await Promise.all(attack)).filter((s) => s !== 200),
      [],
    );
    // Run all at once, the attacker's PDFs finish together with the bystander's (1 or 2 still waiting when it is
    // answered); queued, many still wait (20 to 35 of 40 here, fewer on a machine busy with other work).
    for (const [what, pending] of Object.entries(pendingWhenAnswered))
      assert.ok(
        pending >= ATTACK / 4,
        `${what} answered with ${pending} of the attacker's ${ATTACK} PDFs still waiting`,
      );
  });

  test('a full queue answers 429 with Retry-After; nothing else fails', async () => {
    const { api } = await limitedApi({ lanes: { concurrency: 1, queue: 2, waitMs: 60_000 } });
    const replies = await Promise.all(Array.from({ length: 40 }, () => pdf(api)));
    const refused = replies.filter((r) => r.status === 429);
    assert.ok(refused.length > 0, 'some were refused');
    assert.deepEqual(
      replies.filter((r) => r.status !== 429 && r.status !== 200).map((r) => r.status),
      [],
    );
    for (const r of refused) {
      assert.equal(r.body.error.code, 'rate_limited');
      assert.ok(Number(r.headers.get('retry-after')) >= 1);
    }
  });
  test('a request that waited past the limit answers 503 with Retry-After; the one running is unaffected', async () => {
    // On the lanes themselves: over HTTP, whether a PDF is still running when the next arrives depends on the
    // machine. Here the first request holds its place until the second has given up.
    const lanes = new TenantLanes({ concurrency: 1, queue: 64, waitMs: 20 });
    const client = () => new EventEmitter() as unknown as Response;
    const release = await lanes.enter('ten_a|expensive', client());
    const late = await lanes.enter('ten_a|expensive', client()).then(
      () => assert.fail('the second request ran while the first held the only place'),
      (err: unknown) => err,
    );
    assert.ok(late instanceof AppError);
    assert.equal(late.status, 503);
    assert.equal(late.code, 'service_unavailable');
    assert.ok(Number(late.headers['Retry-After']) >= 1);
    // Another tenant never waited; once the first is done, the lane takes the next at once.
    (await lanes.enter('ten_b|expensive', client()))();
    release();
    (await lanes.enter('ten_a|expensive', client()))();
  });
});
