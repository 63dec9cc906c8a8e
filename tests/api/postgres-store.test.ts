// The PostgreSQL store's own behaviour (runs in the PostgreSQL pass of the suite): /health follows the database's
// reachability and recovers by itself, a wrong DATABASE_URL stops the boot with a message that says so, and the
// statements every request runs stay prepared on each connection, even when a newer instance changes a table, and
// the revocation read and receipt appends have connections of their own beside the pool, and receipts commit
// without waiting for the disk while a write still waits.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import pg from 'pg';
import { sql } from 'kysely';
import { startTestApi } from '../helpers/api.ts';
import { TEST_POSTGRES, newTestDb } from '../helpers/test-db.ts';
import { createDeps } from '../../api/app.ts';
import { Store } from '../../api/store/index.ts';
import { loadConfig } from '../../api/config.ts';

const skip = TEST_POSTGRES ? false : 'runs in the PostgreSQL pass (PAYRAIL_TEST_POSTGRES)';

const receipt = (id: string) => ({
  id,
  tenant_id: 'ten_pool',
  created_at: '2026-11-28T09:00:00.000Z',
  action: 'employee.read',
  resource: 'emp_1',
  actor_json: '{}',
  governance_reason: null,
  request_hash: 'a'.repeat(64),
  response_hash: 'b'.repeat(64),
  decision_json: '{}',
});

async function onServer(sqlText: string) {
  const client = new pg.Client({ connectionString: TEST_POSTGRES! });
  await client.connect();
  try {
    await client.query(sqlText);
  } finally {
    await client.end();
  }
}

describe('PostgreSQL store', { skip }, () => {
  test('/health answers 503 while the database is gone and 200 again once it is back, with no restart', async () => {
    const db = await newTestDb();
    const api = await startTestApi({ db });
    const name = new URL(db.databaseUrl!).pathname.slice(1);
    try {
      assert.equal((await api.call('GET', '/health', { key: null })).status, 200);
      await onServer(`drop database ${name} with (force)`);
      const down = await api.call('GET', '/health', { key: null });
      assert.equal(down.status, 503);
      assert.deepEqual(down.body, { status: 'degraded', version: '0.1.0', database: 'unreachable' });
      // A credentialed request fails closed (revocations cannot be read) with 503, not a 500.
      const refused = await api.call('GET', '/v1/partners/tenants');
      assert.equal(refused.status, 503);
      assert.equal(refused.headers.get('retry-after'), '1');
      await onServer(`create database ${name}`);
      const deadline = Date.now() + 10_000;
      let up = await api.call('GET', '/health', { key: null });
      while (up.status !== 200 && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 100));
        up = await api.call('GET', '/health', { key: null });
      }
      assert.equal(up.status, 200);
    } finally {
      await api.close();
      await db.drop();
    }
  });

  test('a DATABASE_URL that cannot be reached stops the boot with a clear error, without the password', async () => {
    const url = new URL(TEST_POSTGRES!);
    url.pathname = '/payrail_no_such_database';
    url.password = 'secret-word';
    await assert.rejects(createDeps({ databaseUrl: url.toString() }), (err: Error) => {
      assert.match(err.message, /cannot connect to the PostgreSQL database in DATABASE_URL/);
      assert.match(err.message, /payrail_no_such_database/);
      assert.doesNotMatch(err.message, /secret-word/);
      return true;
    });
  });

  test('DATABASE_URL must be a PostgreSQL URL; pool settings must be whole numbers', () => {
    assert.throws(
      () => loadConfig({ DATABASE_URL: 'mysql://localhost/payrail' }),
      /DATABASE_URL must be a PostgreSQL URL/,
    );
    assert.throws(() => loadConfig({ PAYRAIL_DB_POOL_MAX: 'lots' }), /PAYRAIL_DB_POOL_MAX must be a whole number/);
    const c = loadConfig({ DATABASE_URL: 'postgres://app@db:5432/payrail', PAYRAIL_DB_POOL_MAX: '40' });
    assert.equal(c.databaseUrl, 'postgres://app@db:5432/payrail');
    assert.equal(c.dbPool.max, 40);
  });

  test('the statements every request runs stay prepared, and are prepared afresh when a table changes shape', async () => {
    const db = await newTestDb();
    // One connection, so every call below runs on the connection whose prepared statements it inspects.
    const store = await Store.open({ url: db.databaseUrl!, pool: { max: 1 } });
    const alter = async (ddl: string) => {
      const client = new pg.Client({ connectionString: db.databaseUrl! });
      await client.connect();
      await client.query(ddl).finally(() => client.end());
    };
    const preparedTexts = async () =>
      (await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(store.db)).rows.map(
        (r) => r.statement,
      );
    try {
      assert.deepEqual(await store.repos.revocationsAfter(0), []);
      assert.equal(await store.repos.employeeForRead('ten_none', 'emp_none'), undefined);
      const texts = await preparedTexts();
      assert.ok(
        texts.some((t) => t.includes('from "revocations"')),
        'the revocation check is prepared',
      );
      assert.ok(
        texts.some((t) => t.includes('from "employees"')),
        'the employee read is prepared',
      );

      // A newer instance's migration adds a column: PostgreSQL refuses the old plan of a `select *`.
      await alter('alter table revocations add column note text');
      assert.deepEqual(await store.repos.revocationsAfter(0), []);
      await alter(`insert into revocations (kind, ref, created_at, note) values ('key', 'pk_1', '2026-11-28', 'x')`);
      assert.deepEqual(
        (await store.repos.revocationsAfter(0)).map((r) => [r.ref, (r as { note?: string }).note]),
        [['pk_1', 'x']],
      );
      // Inside a transaction the refused plan fails that transaction only; the next call prepares afresh.
      await alter('alter table revocations add column note2 text');
      await assert.rejects(
        store.transaction((r) => r.revocationsAfter(0)),
        /cached plan must not change result type/,
      );
      assert.equal((await store.repos.revocationsAfter(0)).length, 1);
    } finally {
      await store.close();
      await db.drop();
    }
  });

  test('the revocation read and receipt appends do not wait for the shared pool, even when every connection is busy', async () => {
    const db = await newTestDb();
    // One pooled connection, held below by an open transaction; the pool's wait gives up after 2 s.
    const store = await Store.open({ url: db.databaseUrl!, pool: { max: 1, connectionTimeoutMs: 2_000 } });
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let started!: () => void;
    const holding = new Promise<void>((resolve) => (started = resolve));
    const busy = store.transaction(async (r) => {
      await r.revocationsAfter(0);
      started();
      await held;
    });
    try {
      await holding;
      assert.deepEqual(await store.waitedOn.revocationsAfter(0), []);
      assert.deepEqual(await store.appendReceipts([receipt('cev_pool_1')]), [1]);
      // The pool itself is still taken: a plain query waits for it and gives up.
      await assert.rejects(store.repos.revocationsAfter(0), /timeout/);
    } finally {
      release();
      await busy;
      await store.close();
      await db.drop();
    }
  });

  test("read receipts commit without waiting for the disk, and that ends with their own transaction: a write's commit still waits", async () => {
    const db = await newTestDb();
    const store = await Store.open({ url: db.databaseUrl! });
    const client = new pg.Client({ connectionString: db.databaseUrl! });
    await client.connect();
    const setting = async () => (await client.query('show synchronous_commit')).rows[0].synchronous_commit;
    const append = (fn: string, id: string) =>
      client.query(`select ${fn}($1::jsonb) as seqs`, [JSON.stringify([receipt(id)])]);
    try {
      assert.equal(await setting(), 'on');
      await client.query('begin');
      assert.deepEqual((await append('payrail_append_receipts', 'cev_r1')).rows[0].seqs, [1]);
      assert.equal(await setting(), 'off');
      await client.query('commit');
      assert.equal(await setting(), 'on', 'the next transaction on the connection commits as usual');
      await client.query('begin');
      assert.deepEqual((await append('payrail_append_evidence', 'cev_w2')).rows[0].seqs, [2]);
      assert.equal(await setting(), 'on');
      await client.query('commit');
      // The store's receipts continue the same chain.
      assert.deepEqual(await store.appendReceipts([receipt('cev_r3')]), [3]);
    } finally {
      await client.end();
      await store.close();
      await db.drop();
    }
  });
});
