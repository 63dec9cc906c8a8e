// The embedded database's transactions. It has one connection, which Kysely hands to one holder at a time; a
// transaction holds it from BEGIN IMMEDIATE to its end. However it fails, the connection is handed on outside any
// transaction: one left open would keep SQLite's write lock for good (every later BEGIN fails "cannot start a
// transaction within a transaction", other processes such as the CLI get "database is locked") while the reads
// after it saw writes that were never committed.
import { setTimeout as delay } from 'node:timers/promises';
import { sql, type Kysely } from 'kysely';

/** The connection's own view of whether a transaction is open (better-sqlite3's `Database`). */
export interface SqliteHandle {
  readonly inTransaction: boolean;
}

/**
 * How often a failed rollback is retried, with waits doubling from 1 ms (about half a second in all): a rollback
 * fails when the connection is busy, which on this one connection means a statement of this process is still being
 * read, and that ends once the event loop turns.
 */
const ROLLBACK_TRIES = 10;

/** Runs `fn` in one write transaction on the one connection, and always ends it (see the file's comment). */
export function sqliteTransaction<DB, T>(
  db: Kysely<DB>,
  handle: SqliteHandle,
  fn: (conn: Kysely<DB>) => Promise<T>,
): Promise<T> {
  return db.connection().execute(async (conn) => {
    // A transaction a rollback could not end is ended by the next holder, before anything runs inside it.
    if (handle.inTransaction) await rollBack(conn, handle);
    // BEGIN IMMEDIATE takes the write lock up front, so a second process waits (busy_timeout) instead of failing
    // when a read-started transaction tries to upgrade to a write.
    await sql`begin immediate`.execute(conn);
    try {
      const out = await fn(conn);
      await sql`commit`.execute(conn);
      return out;
    } catch (err) {
      // The failure is what the caller needs to see; a rollback that cannot finish is left to the next holder.
      await rollBack(conn, handle).catch(() => {});
      throw err;
    }
  });
}

/**
 * Ends the open transaction. Through Kysely, so it runs after any statement of the transaction still queued on the
 * connection; SQLite itself ends the transaction on some failures (a full disk), and then there is nothing to do.
 */
async function rollBack<DB>(conn: Kysely<DB>, handle: SqliteHandle): Promise<void> {
  for (let attempt = 1; handle.inTransaction; attempt++) {
    try {
      await sql`rollback`.execute(conn);
    } catch (err) {
      if (!handle.inTransaction) return;
      if (attempt >= ROLLBACK_TRIES) throw new Error('the transaction could not be rolled back', { cause: err });
      await delay(2 ** (attempt - 1));
    }
  }
}
