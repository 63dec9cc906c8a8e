// Crash tests: the real API server (a child process on the test database) is killed with SIGKILL while it finalises an
// AU pay run, runs a DE finalise job and creates employees in bulk — all three in flight at once, at a random
// moment — then restarted on the same database. After each restart: the AU run is either fully finalised or still
// approved, and retrying its finalise with the same Idempotency-Key finishes it or replays it; the DE job resumes
// and finishes with the same figures as an uninterrupted run, each entry committed once; every employee is either
// wholly there (row, data, evidence, idempotency record) or not at all, and retrying every creation with its key
// yields each employee exactly once; every evidence chain verifies.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startTestApi, REASON, type TestApi } from '../helpers/api.ts';
import {
  createTenant,
  draftRun,
  expectStatus,
  fortnight,
  hireAu,
  hireDe,
  month,
  runPath,
  waitForFinalised,
  type TenantRef,
} from '../helpers/payroll-fixtures.ts';
import { killAll, request, spawnApi, type ApiProcess } from '../helpers/server-process.ts';
import { newTestDb, type TestDb } from '../helpers/test-db.ts';
import { systemClock } from '../../api/lib/clock.ts';

const TRIALS = 3;
const AU_STAFF = 40;
/** More than one finalise-job chunk (200 entries), so a kill can land between chunks. */
const DE_STAFF = 260;

let db: TestDb;
let key: string;
let au: TenantRef;
let de: TenantRef;
let bulkTenant: string;
const auRuns: string[] = [];
/** Finalised on the first server process before the trials: warms it up and times an AU finalise there. */
let warmUpRun: string;
const deRuns: string[] = [];
/** What an uninterrupted run finalised with (DE: the same staff, another month of the same year). */
let deUninterrupted: { totals: unknown; entries: Record<string, string> };
const timing = { auFinaliseMs: 0, deJobMs: 0 };

const money = (e: { employee_id: string; gross: string; tax: string; net: string }) => `${e.gross}/${e.tax}/${e.net}`;

before(async () => {
  db = await newTestDb('payrail-crash-');
  const api: TestApi = await startTestApi({ clock: systemClock, db });
  try {
    key = api.partner.key;
    au = await createTenant(api, { jurisdiction: 'AU', engine: 'payroll_engine_au' });
    de = await createTenant(api, { jurisdiction: 'DE' });
    bulkTenant = expectStatus(
      await api.call('POST', '/v1/partners/tenants', { body: { name: 'Bulk Hire Co', engine: 'payroll_engine_au' } }),
      201,
    ).data.tenant.id;
    for (let i = 0; i < AU_STAFF; i++) await hireAu(api, au, { pay_frequency: 'fortnightly' });
    for (let i = 0; i < DE_STAFF; i++) await hireDe(api, de, { annual_salary: 40_000 + i * 250 });
    const approved = async (t: TenantRef, period: Parameters<typeof draftRun>[2]) => {
      const run = await draftRun(api, t, period);
      for (const step of ['preview', 'approve'])
        expectStatus(await api.call('POST', runPath(t, run.id, `/${step}`), { body: {}, reason: REASON }), 200, step);
      return run.id as string;
    };
    // The uninterrupted runs first: how long each takes in this process sets the window for the kills.
    const auBase = await approved(au, fortnight(0));
    let t0 = Date.now();
    expectStatus(await api.call('POST', runPath(au, auBase, '/finalise'), { body: {}, reason: REASON }), 200);
    timing.auFinaliseMs = Date.now() - t0;
    const deBase = await approved(de, month(2026, 1));
    t0 = Date.now();
    expectStatus(await api.call('POST', runPath(de, deBase, '/finalise'), { body: {}, reason: REASON }), 200);
    const finalised = await waitForFinalised(api, de, deBase, 60_000);
    timing.deJobMs = Date.now() - t0;
    const entries = expectStatus(await api.call('GET', runPath(de, deBase, '/entries')), 200).data;
    deUninterrupted = {
      totals: finalised.totals,
      entries: Object.fromEntries(entries.map((e: any) => [e.employee_name, money(e)])),
    };
    for (let trial = 0; trial < TRIALS; trial++) {
      auRuns.push(await approved(au, fortnight(trial + 1)));
      deRuns.push(await approved(de, month(2026, trial + 2)));
    }
    warmUpRun = await approved(au, fortnight(TRIALS + 1));
  } finally {
    await api.close();
  }
});

after(async () => {
  await killAll();
  await db.drop();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const governed = (idempotencyKey: string) => ({ 'x-governance-reason': REASON, 'idempotency-key': idempotencyKey });

/** Read-only SQL on the database (the server keeps running; readers do not block it). */
const query = <T>(sqlText: string, ...args: unknown[]): Promise<T[]> => db.query<T>(sqlText, ...args);

/** The DE finalise job's committed entries so far. */
const progressOf = async (runId: string): Promise<number> =>
  JSON.parse(
    (await query<{ job_json: string | null }>('select job_json from pay_runs where id = ?', runId))[0].job_json ?? '{}',
  ).progress ?? 0;

/** Employees the bulk hires of a trial have created so far. */
const hiredIn = async (trial: number): Promise<number> =>
  (
    await query<{ n: number }>(
      'select count(*) as n from employees where tenant_id = ? and last_name like ?',
      bulkTenant,
      `Hire-${trial}-%`,
    )
  )[0].n;

async function until(condition: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await sleep(2);
  }
}

/** Creates employees one after another on a few connections until stopped; remembers every request it began. */
function bulkHire(server: ApiProcess, trial: number) {
  const sent: { key: string; body: Record<string, unknown> }[] = [];
  let stopped = false;
  const lanes = Array.from({ length: 3 }, async () => {
    while (!stopped) {
      const i = sent.length;
      const body = {
        first_name: 'Bulk',
        last_name: `Hire-${trial}-${String(i).padStart(3, '0')}`,
        statutory: { au: { no_number_reason: 'applied_for' } },
      };
      const k = `bulk-${trial}-${i}`;
      sent.push({ key: k, body });
      try {
        await request(server.url, 'POST', `/v1/tenants/${bulkTenant}/employees`, { key, body, headers: governed(k) });
      } catch {
        return; // the server is gone
      }
    }
  });
  return {
    sent,
    async stop() {
      stopped = true;
      await Promise.all(lanes);
    },
  };
}

test(`kill -9 during AU finalise, a DE finalise job and bulk employee creation, ${TRIALS} times: the database stays consistent`, async (t) => {
  t.diagnostic(`uninterrupted: AU finalise ${timing.auFinaliseMs} ms, DE finalise job ${timing.deJobMs} ms`);
  let server = await spawnApi(db);
  for (let trial = 0; trial < TRIALS; trial++) {
    const auRun = auRuns[trial];
    const deRun = deRuns[trial];

    if (trial === 0) {
      const t0 = Date.now();
      const warm = await request(server.url, 'POST', runPath(au, warmUpRun, '/finalise'), {
        key,
        body: {},
        headers: governed('warm-up'),
      });
      assert.equal(warm.status, 200, warm.text);
      timing.auFinaliseMs = Date.now() - t0;
      t.diagnostic(`an AU finalise on the first server process: ${timing.auFinaliseMs} ms`);
    }
    // All three at once: the AU finalise (one transaction), the DE finalise (which starts the job), the hires.
    const finalise = (t: TenantRef, runId: string, idempotencyKey: string) =>
      request(server.url, 'POST', runPath(t, runId, '/finalise'), {
        key,
        body: {},
        headers: governed(idempotencyKey),
      }).catch(() => null);
    const inFlight = [finalise(au, auRun, `au-finalise-${trial}`), finalise(de, deRun, `de-finalise-${trial}`)];
    const bulk = bulkHire(server, trial);
    // Each trial kills at another moment, at random within its phase: early (the AU transaction in flight),
    // just after the DE job's first chunk committed (the next one in flight), or once hires are committing.
    const phase = (['early', 'between chunks', 'during the hires'] as const)[trial % 3];
    const started = Date.now();
    if (phase === 'early') await sleep(Math.round(Math.random() * timing.auFinaliseMs));
    else if (phase === 'between chunks') await until(async () => (await progressOf(deRun)) >= 200, 30_000);
    else {
      await until(async () => (await hiredIn(trial)) >= 5, 30_000);
      await sleep(Math.round(Math.random() * 50));
    }
    await server.kill9();
    const delay = Date.now() - started;
    await Promise.all([bulk.stop(), ...inFlight]);
    const statusOf = async (runId: string) =>
      (await query<{ status: string }>('select status from pay_runs where id = ?', runId))[0].status;
    const atKill = {
      au: await statusOf(auRun),
      de: await statusOf(deRun),
      deProgress: await progressOf(deRun),
      hired: await hiredIn(trial),
    };
    t.diagnostic(
      `trial ${trial} (${phase}): killed after ${delay} ms — AU run ${atKill.au}; DE run ${atKill.de}, ` +
        `job at ${atKill.deProgress}/${DE_STAFF}; ${atKill.hired} of ${bulk.sent.length} requested employees hired`,
    );

    server = await spawnApi(db);

    // AU: all or nothing, and the retry with the same key completes it or replays it.
    assert.ok(['approved', 'finalised'].includes(atKill.au), `AU run ${atKill.au}`);
    const committed = (
      await query<{ n: number }>(
        "select count(*) as n from evidence where resource = ? and action = 'pay_run.finalise_committed'",
        auRun,
      )
    )[0].n;
    assert.equal(committed, atKill.au === 'finalised' ? 1 : 0, 'the finalise record matches the run state');
    const retry = await request(server.url, 'POST', runPath(au, auRun, '/finalise'), {
      key,
      body: {},
      headers: governed(`au-finalise-${trial}`),
    });
    assert.equal(retry.status, 200, retry.text);
    assert.equal(
      retry.headers.get('idempotent-replay'),
      atKill.au === 'finalised' ? 'true' : null,
      'a committed finalise replays: its idempotency record was written with it',
    );
    const auAfter = (await request(server.url, 'GET', runPath(au, auRun), { key })).body.data;
    assert.equal(auAfter.status, 'finalised');
    assert.deepEqual(auAfter.totals, auAfter.approval.totals, 'finalised with the approved totals');
    assert.equal(
      (
        await query<{ n: number }>(
          "select count(*) as n from evidence where resource = ? and action = 'pay_run.finalise_committed'",
          auRun,
        )
      )[0].n,
      1,
    );

    // DE: a committed finalise replays on retry (the job resumed at boot); one that never committed runs now.
    // Either way the job finishes as an uninterrupted run does, each entry committed exactly once.
    assert.ok(['approved', 'finalising', 'finalised'].includes(atKill.de), `DE run ${atKill.de}`);
    const deRetry = await request(server.url, 'POST', runPath(de, deRun, '/finalise'), {
      key,
      body: {},
      headers: governed(`de-finalise-${trial}`),
    });
    assert.equal(deRetry.status, 200, deRetry.text);
    assert.equal(deRetry.headers.get('idempotent-replay'), atKill.de === 'approved' ? null : 'true');
    const deadline = Date.now() + 60_000;
    let deAfter = (await request(server.url, 'GET', runPath(de, deRun), { key })).body.data;
    while (deAfter.status === 'finalising' && Date.now() < deadline) {
      await sleep(50);
      deAfter = (await request(server.url, 'GET', runPath(de, deRun), { key })).body.data;
    }
    assert.equal(deAfter.status, 'finalised', JSON.stringify(deAfter.job));
    assert.deepEqual(deAfter.totals, deUninterrupted.totals);
    const entries = (await request(server.url, 'GET', runPath(de, deRun, '/entries'), { key })).body.data;
    assert.deepEqual(Object.fromEntries(entries.map((e: any) => [e.employee_name, money(e)])), deUninterrupted.entries);
    const perEntry = await query<{ resource: string; n: number }>(
      "select resource, count(*) as n from evidence where action = 'pay_run_entry.committed' and resource like ? group by resource",
      `${deRun}/%`,
    );
    assert.equal(perEntry.length, DE_STAFF, 'every entry committed');
    assert.deepEqual(
      perEntry.filter((r) => r.n !== 1),
      [],
      'no entry committed twice',
    );
    assert.equal(
      (
        await query<{ n: number }>(
          "select count(*) as n from evidence where resource = ? and action = 'pay_run.finalised'",
          deRun,
        )
      )[0].n,
      1,
    );

    // Bulk: every employee wholly there or not at all; retrying every request with its key gives each exactly once.
    const halfWritten = await query<{ id: string }>(
      `select e.id from employees e where e.tenant_id = ? and (
         not exists (select 1 from employee_versions v where v.employee_id = e.id)
         or not exists (select 1 from evidence_links l where l.resource_id = e.id and l.action = 'employee.created'))`,
      bulkTenant,
    );
    assert.deepEqual(halfWritten, [], 'no half-written employee');
    const ids = new Set<string>();
    for (const { key: k, body } of bulk.sent) {
      const r = await request(server.url, 'POST', `/v1/tenants/${bulkTenant}/employees`, {
        key,
        body,
        headers: governed(k),
      });
      assert.equal(r.status, 201, r.text);
      ids.add(r.body.data.id);
    }
    assert.equal(ids.size, bulk.sent.length, 'one employee per request');
    const names = await query<{ last_name: string; n: number }>(
      'select last_name, count(*) as n from employees where tenant_id = ? and last_name like ? group by last_name',
      bulkTenant,
      `Hire-${trial}-%`,
    );
    assert.equal(names.length, bulk.sent.length);
    assert.deepEqual(
      names.filter((r) => r.n !== 1),
      [],
      'no employee created twice',
    );

    // Every chain verifies.
    for (const tenant of [au.id, de.id, bulkTenant]) {
      const v = await request(server.url, 'POST', `/v1/tenants/${tenant}/governance/verify`, { key, body: {} });
      assert.equal(v.body.data.valid, true, `${tenant}: ${JSON.stringify(v.body.data)}`);
    }
  }
  await server.stop();
});
