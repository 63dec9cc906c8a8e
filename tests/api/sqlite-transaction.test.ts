// The embedded database's transactions (api/store/sqlite-transaction.ts) on a real SQLite file: a transaction
// whose rollback fails, because a statement of the process is still being read on the one connection, still hands
// the connection on outside any transaction, so the next transaction starts, nothing of the failed one is kept and
// another connection (the CLI's) can take the write lock.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { sqliteTransaction } from '../../api/store/sqlite-transaction.ts';

interface Db {
  t: { x: number };
}

let dir: string;
let file: string;
let raw: SQLite.Database;
let db: Kysely<Db>;
before(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'payrail-sqlite-trx-'));
  file = path.join(dir, 'trx.db');
  raw = new SQLite(file);
  raw.pragma('journal_mode = WAL');
  raw.exec('create table t (x integer)');
  raw.exec('insert into t values (1), (2), (3)');
  db = new Kysely<Db>({ dialect: new SqliteDialect({ database: raw }) });
});
after(async () => {
  await db.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
});

const values = () => (raw.prepare('select x from t order by x').all() as { x: number }[]).map((r) => r.x);

/** Whether another connection, as the CLI opens one, can take the write lock at once. */
function anotherConnectionWrites(): boolean {
  const other = new SQLite(file, { timeout: 0 });
  try {
    other.exec('begin immediate');
    other.exec('rollback');
    return true;
  } catch {
    return false;
  } finally {
    other.close();
  }
}

/** Starts reading a statement on the shared connection and leaves it open: the connection is busy until it ends. */
function openRead() {
  const reading = raw.prepare('select x from t').iterate();
  reading.next();
  return () => reading.return?.();
}

test('a rollback that fails while the connection is busy is retried once it is free; nothing of the change stays', async () => {
  const boom = new Error('the change failed');
  await assert.rejects(
    sqliteTransaction(db, raw, async (conn) => {
      await conn.insertInto('t').values({ x: 4 }).execute();
      const endRead = openRead();
      // The read ends on the event loop's next turn, after the rollback's first attempt has failed.
      setImmediate(endRead);
      throw boom;
    }),
    (err) => err === boom,
  );
  assert.equal(raw.inTransaction, false, 'the connection is outside any transaction');
  assert.deepEqual(values(), [1, 2, 3]);
  assert.equal(anotherConnectionWrites(), true);
  await sqliteTransaction(db, raw, (conn) => conn.insertInto('t').values({ x: 5 }).execute());
  assert.deepEqual(values(), [1, 2, 3, 5]);
  raw.exec('delete from t where x = 5');
});

test('a transaction left open by a rollback that could not finish is ended by the next transaction, before it runs', async () => {
  let endRead = () => {};
  const boom = new Error('the change failed');
  await assert.rejects(
    sqliteTransaction(db, raw, async (conn) => {
      await conn.insertInto('t').values({ x: 6 }).execute();
      endRead = openRead(); // stays open through every retry
      throw boom;
    }),
    (err) => err === boom,
  );
  assert.equal(raw.inTransaction, true, 'the rollback could not run while the read was open');
  endRead();
  await sqliteTransaction(db, raw, (conn) => conn.insertInto('t').values({ x: 7 }).execute());
  assert.equal(raw.inTransaction, false);
  assert.deepEqual(values(), [1, 2, 3, 7], 'the failed change was rolled back, the new one committed');
  assert.equal(anotherConnectionWrites(), true);
  raw.exec('delete from t where x = 7');
});

test('a failure SQLite has already rolled back answers the failure itself, and the connection stays usable', async () => {
  await assert.rejects(
    sqliteTransaction(db, raw, async (conn) => {
      await conn.insertInto('t').values({ x: 8 }).execute();
      // What SQLite does itself on some failures (a full disk): the transaction is gone before the rollback.
      await sql`rollback`.execute(conn);
      throw new Error('disk full');
    }),
    /disk full/,
  );
  assert.equal(raw.inTransaction, false);
  await sqliteTransaction(db, raw, (conn) => conn.insertInto('t').values({ x: 9 }).execute());
  assert.deepEqual(values(), [1, 2, 3, 9]);
});
