// Several API processes on one database (the PostgreSQL deployment; on SQLite, processes sharing one file):
// concurrent writes through different processes form one valid evidence chain, racing approvals and finalises of
// one run let exactly one through, a revocation made through one process is refused by the others as soon as the
// revoking call has answered, and a finalise job whose process dies is finished by another process.
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { startTestApi, REASON } from '../helpers/api.ts';
import {
  createTenant,
  expectStatus,
  fortnight,
  hireAu,
  hireDe,
  month,
  runPath,
  type TenantRef,
} from '../helpers/payroll-fixtures.ts';
import { killAll, request, spawnApi, type ApiProcess } from '../helpers/server-process.ts';
import { newTestDb, type TestDb } from '../helpers/test-db.ts';
import { systemClock } from '../../api/lib/clock.ts';

/** Two hundred finalise-job transactions (one entry each, PAYRAIL_FINALISE_CHUNK below) to kill the process among. */
const DE_STAFF = 200;
const spawn = () => spawnApi(db, { PAYRAIL_FINALISE_CHUNK: '1' });

let db: TestDb;
let key: string;
let au: TenantRef;
let de: TenantRef;
let a: ApiProcess;
let b: ApiProcess;
let c: ApiProcess;

before(async () => {
  db = await newTestDb('payrail-multi-');
  const api = await startTestApi({ clock: systemClock, db });
  try {
    key = api.partner.key;
    au = await createTenant(api, { jurisdiction: 'AU', engine: 'payroll_engine_au' });
    for (let i = 0; i < 4; i++) await hireAu(api, au, { pay_frequency: 'fortnightly' });
    de = await createTenant(api, { jurisdiction: 'DE' });
    for (let i = 0; i < DE_STAFF; i++) await hireDe(api, de, { annual_salary: 42_000 + i * 100 });
  } finally {
    await api.close();
  }
  [a, b, c] = await Promise.all([spawn(), spawn(), spawn()]);
});

after(async () => {
  await killAll();
  await db.drop();
});

const call = (server: ApiProcess, method: string, p: string, body?: unknown, headers: Record<string, string> = {}) =>
  request(server.url, method, p, { key, body, headers: { 'x-governance-reason': REASON, ...headers } });

const verify = async (server: ApiProcess, tenantId: string) =>
  expectStatus(await call(server, 'POST', `/v1/tenants/${tenantId}/governance/verify`, {}), 200).data;

/** A draft AU run made ready to approve (previewed). */
async function previewedRun(n: number): Promise<string> {
  const run = expectStatus(await call(a, 'POST', runPath(au), fortnight(n)), 201).data.pay_run.id;
  expectStatus(await call(b, 'POST', runPath(au, run, '/preview'), {}), 200);
  return run;
}

describe('many processes, one database', () => {
  test('concurrent writes and receipted reads through three processes form one valid chain', async () => {
    const servers = [a, b, c];
    const hires = Array.from({ length: 30 }, (_, i) =>
      call(servers[i % 3], 'POST', `/v1/tenants/${au.id}/employees`, {
        first_name: 'Chain',
        last_name: `Link-${i}`,
        statutory: { au: { no_number_reason: 'applied_for' } },
      }),
    );
    const created = await Promise.all(hires);
    for (const r of created) expectStatus(r, 201);
    // Reads are receipted on the same chain, group-committed per process.
    const reads = created.map((r, i) =>
      call(servers[(i + 1) % 3], 'GET', `/v1/tenants/${au.id}/employees/${r.body.data.id}`),
    );
    for (const r of await Promise.all(reads)) expectStatus(r, 200);
    const v = await verify(c, au.id);
    assert.equal(v.valid, true, JSON.stringify(v));
    const [{ n, top }] = await db.query<{ n: number; top: number }>(
      'select count(*) as n, max(seq) as top from evidence where tenant_id = ?',
      au.id,
    );
    assert.equal(n, top, 'sequence numbers are gapless');
    assert.equal(v.records_checked, n);
  });

  test('two processes racing to approve, then to finalise, one run: exactly one succeeds, the other gets 409', async () => {
    for (let round = 0; round < 3; round++) {
      const run = await previewedRun(10 + round);
      const approvals = await Promise.all([
        call(a, 'POST', runPath(au, run, '/approve'), {}),
        call(b, 'POST', runPath(au, run, '/approve'), {}),
      ]);
      assert.deepEqual(approvals.map((r) => r.status).sort(), [200, 409], approvals.map((r) => r.text).join('\n'));
      assert.equal(approvals.find((r) => r.status === 409)!.body.error.code, 'state_conflict');
      const finalises = await Promise.all([
        call(b, 'POST', runPath(au, run, '/finalise'), {}),
        call(c, 'POST', runPath(au, run, '/finalise'), {}),
      ]);
      assert.deepEqual(finalises.map((r) => r.status).sort(), [200, 409], finalises.map((r) => r.text).join('\n'));
      const [{ n }] = await db.query<{ n: number }>(
        "select count(*) as n from evidence where resource = ? and action in ('pay_run.approved', 'pay_run.finalise_committed')",
        run,
      );
      assert.equal(n, 2, 'one approval and one finalise on record');
    }
    assert.equal((await verify(a, au.id)).valid, true);
  });

  test('a key or session revoked through one process is refused by the others as soon as the revoking call answered', async () => {
    const token = expectStatus(await call(a, 'POST', `/v1/tenants/${au.id}/embed/token`, { components: ['*'] }), 201)
      .data.token as string;
    const me = (server: ApiProcess, bearer: string) =>
      request(server.url, 'GET', `/v1/tenants/${au.id}/me`, { key: bearer }).then((r) => r.status);
    assert.equal(await me(b, token), 200);
    assert.equal(await me(c, token), 200);
    const session = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).jti as string;
    expectStatus(await call(a, 'POST', `/v1/partners/sessions/${session}/revoke`, {}), 200);
    assert.equal(await me(b, token), 401);
    assert.equal(await me(c, token), 401);

    const minted = expectStatus(await call(b, 'POST', '/v1/partners/keys', {}), 201).data;
    assert.equal((await request(c.url, 'GET', '/v1/partners/tenants', { key: minted.key })).status, 200);
    expectStatus(await call(b, 'DELETE', `/v1/partners/keys/${minted.id}`), 200);
    assert.equal((await request(a.url, 'GET', '/v1/partners/tenants', { key: minted.key })).status, 401);
    assert.equal((await request(c.url, 'GET', '/v1/partners/tenants', { key: minted.key })).status, 401);
  });

  test('a finalise job whose process is killed mid-way is finished by another process, each entry once', async () => {
    const run = expectStatus(await call(a, 'POST', runPath(de), month(2026, 3)), 201).data.pay_run.id;
    expectStatus(await call(a, 'POST', runPath(de, run, '/preview'), {}), 200);
    expectStatus(await call(a, 'POST', runPath(de, run, '/approve'), {}), 200);
    // Only `a` looks for jobs at first: the others are started again after the kill.
    await Promise.all([b.stop(), c.stop()]);
    expectStatus(await call(a, 'POST', runPath(de, run, '/finalise'), {}), 200);
    // `a` commits one entry per transaction. The test looks at the job only while it holds the write lock, and
    // lets `a` commit for a moment in between; once some entries are in, `a` is killed while it waits for the
    // lock, so it dies mid-way however fast or loaded this machine is.
    const deadline = Date.now() + 30_000;
    let job: { status: string; owner: string } | null = null;
    while (!job && Date.now() < deadline) {
      job = await db.holdingWrites(async (query) => {
        const [row] = await query<{ job_json: string }>('select job_json from pay_runs where id = ?', run);
        const done = JSON.parse(row.job_json).progress as number;
        assert.ok(done < DE_STAFF, `the job finished before it was interrupted (${done} of ${DE_STAFF})`);
        if (done === 0) return null;
        await a.kill9();
        const [claim] = await query<{ status: string; owner: string }>(
          "select status, owner from jobs where ref = ? and kind = 'finalise'",
          run,
        );
        return claim;
      });
      if (!job) await new Promise((r) => setTimeout(r, 2));
    }
    assert.ok(job, 'the job started');
    assert.equal(job.status, 'running', 'the killed process still holds the claim');
    [b, c] = await Promise.all([spawn(), spawn()]);
    let view = expectStatus(await call(b, 'GET', runPath(de, run)), 200).data;
    while (view.status === 'finalising' && Date.now() < deadline + 30_000) {
      await new Promise((r) => setTimeout(r, 100));
      view = expectStatus(await call(c, 'GET', runPath(de, run)), 200).data;
    }
    assert.equal(view.status, 'finalised', JSON.stringify(view.job));
    const [after] = await db.query<{ status: string; owner: string; attempts: number }>(
      "select status, owner, attempts from jobs where ref = ? and kind = 'finalise'",
      run,
    );
    assert.equal(after.status, 'succeeded');
    assert.notEqual(after.owner, job.owner, 'another process finished it');
    assert.equal(after.attempts, 2);
    const perEntry = await db.query<{ n: number }>(
      "select count(*) as n from evidence where action = 'pay_run_entry.committed' and resource like ? group by resource",
      `${run}/%`,
    );
    assert.equal(perEntry.length, DE_STAFF, 'every entry committed');
    assert.ok(
      perEntry.every((r) => r.n === 1),
      'no entry committed twice',
    );
    assert.equal((await verify(b, de.id)).valid, true);
  });
});
