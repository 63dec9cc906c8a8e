import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { Kysely, PostgresDialect, SqliteDialect, type Transaction } from 'kysely';
import type { Database } from './schema.ts';
import { migrate } from './migrations/index.ts';
import { PreparingClient } from './pg-client.ts';
import { sqliteTransaction } from './sqlite-transaction.ts';

export type Dialect = 'sqlite' | 'postgres';

/** Where the store lives: a SQLite file (the embedded default) or a PostgreSQL URL. */
export type StoreTarget = { file: string } | { url: string; pool?: PoolOptions };

export interface PoolOptions {
  /** Connections per process (PAYRAIL_DB_POOL_MAX). */
  max?: number;
  /** How long a query may wait for a free connection before it fails (PAYRAIL_DB_POOL_TIMEOUT_MS). */
  connectionTimeoutMs?: number;
  /** How long an unused connection stays open (PAYRAIL_DB_POOL_IDLE_MS). */
  idleTimeoutMs?: number;
}

export interface OpenedDb {
  db: Kysely<Database>;
  /**
   * Where the statements that many requests wait on together run (see `Store.waitedOn`): on PostgreSQL a pool of
   * its own, so they never queue behind the requests waiting for them; on SQLite the one connection there is.
   */
  waitedOnDb: Kysely<Database>;
  dialect: Dialect;
  /**
   * Runs `fn` in one transaction on one connection (on SQLite BEGIN IMMEDIATE: see sqlite-transaction.ts), which
   * is ended whatever happens, so the connection goes back usable.
   */
  transaction<T>(fn: (trx: Kysely<Database> | Transaction<Database>) => Promise<T>): Promise<T>;
  /** A trivial round trip to the database: false when it cannot be reached. */
  ping(): Promise<boolean>;
  /** Whether a write could commit now: the database is reached and will take a write transaction. */
  writable(): Promise<boolean>;
  /**
   * The chain in order for verification, one [seq, prev_hash, hash, material] per record, where `material` is
   * exactly the text `recordHash` hashes (it starts with the record id), joined by the database so four values per
   * record cross into JavaScript instead of thirteen: that crossing, not the hashing, is where verification spends
   * its time. Read in pages, so memory stays flat however long the chain is. `inTransaction`: the caller runs
   * inside a transaction of this store (on SQLite it then already holds the one connection).
   */
  evidenceMaterial(tenantId: string, inTransaction: boolean): AsyncGenerator<[number, string, string, string]>;
  close(): Promise<void>;
}

/** The hashed text of a record, in the order `recordHash` uses; `nl` is the dialect's newline expression. */
const material = (nl: string, seq: string) =>
  `id || ${nl} || tenant_id || ${nl} || ${seq} || ${nl} || created_at || ${nl} || action || ${nl} || resource || ${nl} ||
   actor_json || ${nl} || coalesce(governance_reason, '') || ${nl} || request_hash || ${nl} || response_hash || ${nl} ||
   decision_json || ${nl} || prev_hash`;

/** Verification reads the chain in pages of this many records, so memory stays flat however long it is. */
const CHAIN_PAGE = 20_000;

export function openDatabase(target: StoreTarget): Promise<OpenedDb> {
  return 'url' in target ? openPostgres(target.url, target.pool ?? {}) : openSqlite(target.file);
}

/** Opens (and migrates) the embedded SQLite database: WAL so the CLI and servers share one file safely. */
async function openSqlite(file: string): Promise<OpenedDb> {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const raw = new SQLite(file);
  raw.pragma('journal_mode = WAL');
  raw.pragma('foreign_keys = ON');
  raw.pragma('synchronous = NORMAL');
  raw.pragma('busy_timeout = 5000');
  // Kysely prepares every query afresh; the same few statements run on every request, so keep them prepared.
  const prepared = new Map<string, SQLite.Statement>();
  const database = {
    close: () => raw.close(),
    prepare(sql: string) {
      let stmt = prepared.get(sql);
      if (!stmt) {
        stmt = raw.prepare(sql);
        if (prepared.size < 5000) prepared.set(sql, stmt);
      }
      return stmt;
    },
  };
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database }) });
  await migrate(db);
  const chainPage = raw
    .prepare(
      `select seq, prev_hash, hash, ${material('char(10)', 'seq')} from evidence
       where tenant_id = ? and seq > ? order by seq limit ${CHAIN_PAGE}`,
    )
    .raw(true);
  // Each page is read whole in one synchronous call while this holds the connection. A statement read across
  // awaits (as an iterator) would leave the one connection busy for every other request meanwhile: their queries,
  // and the rollback of a transaction they had open, would fail.
  const readPage = (tenantId: string, after: number) =>
    chainPage.all(tenantId, after) as [number, string, string, string][];
  const transaction = <T>(fn: (conn: Kysely<Database>) => Promise<T>) => sqliteTransaction(db, raw, fn);
  return {
    db,
    waitedOnDb: db,
    dialect: 'sqlite',
    transaction,
    ping: async () => {
      try {
        return raw.prepare('select 1 as ok').get() !== undefined;
      } catch {
        return false;
      }
    },
    // An empty write transaction: it waits for the write lock as a write would (busy_timeout), and ends a
    // transaction a failed rollback left open.
    writable: () => transaction(async () => true).catch(() => false),
    async *evidenceMaterial(tenantId, inTransaction) {
      for (let after = 0; ;) {
        const page = inTransaction
          ? readPage(tenantId, after)
          : await db.connection().execute(async () => readPage(tenantId, after));
        yield* page;
        if (page.length < CHAIN_PAGE) return;
        after = page[page.length - 1][0];
      }
    },
    close: () => db.destroy(),
  };
}

// COUNT and SUM answer bigint, which pg hands over as text by default; Payrail's counts and sums of integer
// cents are far inside 2^53, so they are read as numbers like SQLite's.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number.parseInt(v, 10));

/** Connections of each PostgreSQL process beside its pool: see `OpenedDb.waitedOnDb`. */
const WAITED_ON_CONNECTIONS = 2;

/** Opens (and migrates) a PostgreSQL database: many API processes may share it. */
async function openPostgres(url: string, opts: PoolOptions): Promise<OpenedDb> {
  const newPool = (max: number) => {
    const p = new pg.Pool({
      connectionString: url,
      max,
      connectionTimeoutMillis: opts.connectionTimeoutMs ?? 5_000,
      idleTimeoutMillis: opts.idleTimeoutMs ?? 30_000,
      application_name: 'payrail',
      Client: PreparingClient,
    });
    // A connection that drops while idle (the server restarted) is discarded by the pool; without a listener the
    // error would end the process.
    p.on('error', () => {});
    return p;
  };
  const pool = newPool(opts.max ?? 20);
  try {
    const client = await pool.connect();
    client.release();
  } catch (err) {
    await pool.end().catch(() => {});
    throw new Error(`cannot connect to the PostgreSQL database in DATABASE_URL (${redactUrl(url)}): ${String(err)}`, {
      cause: err,
    });
  }
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  await migrate(db);
  // One connection for each statement that many requests wait on together (the revocation read and the receipts'
  // append), each of which has at most one in flight.
  const waitedOnDb = new Kysely<Database>({ dialect: new PostgresDialect({ pool: newPool(WAITED_ON_CONNECTIONS) }) });
  return {
    db,
    waitedOnDb,
    dialect: 'postgres',
    transaction: (fn) => db.transaction().execute(fn),
    ping: async () => {
      try {
        const r = await pool.query('select 1 as ok');
        return r.rowCount === 1;
      } catch {
        return false;
      }
    },
    // A standby, or a database set to read-only, answers queries but refuses every write.
    writable: async () => {
      try {
        const r = await pool.query<{ ok: boolean }>(
          `select not pg_is_in_recovery() and current_setting('transaction_read_only') = 'off' as ok`,
        );
        return r.rows[0]?.ok === true;
      } catch {
        return false;
      }
    },
    async *evidenceMaterial(tenantId) {
      const text = `select seq, prev_hash, hash, ${material('chr(10)', 'seq::text')} as m
        from evidence where tenant_id = $1 and seq > $2 order by seq limit ${CHAIN_PAGE}`;
      let after = 0;
      for (;;) {
        const page = await pool.query<[number, string, string, string]>({
          text,
          values: [tenantId, after],
          rowMode: 'array',
        });
        yield* page.rows;
        if (page.rows.length < CHAIN_PAGE) return;
        after = page.rows[page.rows.length - 1][0];
      }
    },
    close: () => Promise.all([db.destroy(), waitedOnDb.destroy()]).then(() => undefined),
  };
}

/**
 * Whether an error means the database could not be reached or is busy beyond its pool (the request may succeed
 * when retried), rather than a fault in the request or in Payrail: connection refused or dropped, the pool's wait
 * for a connection timed out, the server shutting down or out of resources, the database missing (PostgreSQL
 * classes 08, 57P and 53, and 3D000), or SQLite's lock wait running out.
 */
export function storeUnavailable(err: unknown): boolean {
  const e = err as { code?: unknown; message?: unknown } | null;
  if (!e || typeof e !== 'object') return false;
  const code = typeof e.code === 'string' ? e.code : '';
  if (/^(ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|ENOTFOUND|SQLITE_BUSY)/.test(code)) return true;
  if (/^(08|57P|53|3D000)/.test(code)) return true;
  return (
    typeof e.message === 'string' && /timeout exceeded when trying to connect|Connection terminated/.test(e.message)
  );
}

/** The URL without its password, for messages and logs. */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '(not a valid URL)';
  }
}
