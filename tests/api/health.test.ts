// GET /health reports a store that answers reads but cannot take a write: 503 `read_only`, and 200 again once it
// can, with no restart. On SQLite another connection (the CLI's) holding the write lock past the wait a write
// allows; on PostgreSQL a database switched to read-only (as a standby is).
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import pg from 'pg';
import { startTestApi, type TestApi } from '../helpers/api.ts';
import { TEST_POSTGRES, onPostgres } from '../helpers/test-db.ts';

const health = (api: TestApi) => api.call('GET', '/health', { key: null });

describe('embedded store', { skip: onPostgres && 'runs in the SQLite pass' }, () => {
  test('/health is 503 read_only while another connection holds the write lock, and 200 once it lets go', async () => {
    const api = await startTestApi();
    try {
      assert.equal((await health(api)).status, 200);
      const held = await api.db.holdingWrites(() => health(api));
      assert.equal(held.status, 503);
      assert.deepEqual(held.body, { status: 'degraded', version: '0.1.0', database: 'read_only' });
      const after = await health(api);
      assert.equal(after.status, 200);
      assert.equal(after.body.database, 'reachable');
    } finally {
      await api.close();
    }
  });
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

/** Health until it answers `status`, or the last answer after 10 seconds. */
async function healthUntil(api: TestApi, status: number) {
  const deadline = Date.now() + 10_000;
  let r = await health(api);
  while (r.status !== status && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    r = await health(api);
  }
  return r;
}

describe('PostgreSQL store', { skip: !onPostgres && 'runs in the PostgreSQL pass (PAYRAIL_TEST_POSTGRES)' }, () => {
  test('/health is 503 read_only while the database refuses writes, and 200 once it takes them again', async () => {
    const api = await startTestApi();
    const name = new URL(api.db.databaseUrl!).pathname.slice(1);
    // New sessions start read-only; the API's open ones are ended, so its pool reconnects into that setting.
    const setReadOnly = async (on: boolean) => {
      await onServer(`alter database ${name} ${on ? 'set default_transaction_read_only = on' : 'reset all'}`);
      await onServer(`select pg_terminate_backend(pid) from pg_stat_activity where datname = '${name}'`);
    };
    try {
      assert.equal((await health(api)).status, 200);
      await setReadOnly(true);
      const down = await healthUntil(api, 503);
      assert.equal(down.status, 503);
      // Connections the termination dropped may answer `unreachable` first; then the database answers, read-only.
      const readOnly = down.body.database === 'read_only' ? down : await health(api);
      assert.deepEqual(readOnly.body, { status: 'degraded', version: '0.1.0', database: 'read_only' });
      await setReadOnly(false);
      const up = await healthUntil(api, 200);
      assert.equal(up.status, 200);
      assert.equal(up.body.database, 'reachable');
    } finally {
      await api.close();
    }
  });
});
