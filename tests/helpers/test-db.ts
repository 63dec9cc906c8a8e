// The database a test's API runs on: a SQLite file by default, or, when PAYRAIL_TEST_POSTGRES names a PostgreSQL
// server (`postgres://postgres@127.0.0.1:5432/postgres`), a fresh database on it, dropped when the test is done.
// The API suite runs once each way (`scripts/test-all.ts`: steps `api` and `api-postgres`).
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';

export const TEST_POSTGRES = process.env.PAYRAIL_TEST_POSTGRES || null;
export const onPostgres = TEST_POSTGRES !== null;

export interface TestDb {
  /** The SQLite file (also on PostgreSQL: a scratch folder's file the test may use for other things). */
  dbFile: string;
  /** The PostgreSQL URL, or null on SQLite. */
  databaseUrl: string | null;
  /** `createDeps` options for this database. */
  deps: { dbFile: string; databaseUrl?: string };
  /** Environment for an API process on this database. */
  env: Record<string, string>;
  /** Read-only SQL on the database from outside the API (`?` placeholders), as another connection sees it. */
  query<T = Record<string, unknown>>(sqlText: string, ...args: unknown[]): Promise<T[]>;
  /**
   * Runs `fn` while this connection holds the database's write lock, so no API process can commit a change
   * meanwhile (SQLite: `BEGIN IMMEDIATE`; PostgreSQL: the evidence table locked against inserts, which every
   * change makes). `fn` reads through the same connection.
   */
  holdingWrites<T>(fn: (query: Query) => Promise<T>): Promise<T>;
  /** Removes the database and its scratch folder. */
  drop(): Promise<void>;
}

type Query = <T = Record<string, unknown>>(sqlText: string, ...args: unknown[]) => Promise<T[]>;

/** `?` placeholders as PostgreSQL's `$n`. */
const numbered = (sqlText: string) => {
  let n = 0;
  return sqlText.replace(/\?/g, () => `$${++n}`);
};

// Counts come back as numbers, as they do from SQLite.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number.parseInt(v, 10));

async function admin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: TEST_POSTGRES! });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** A database URL on the test server with another database name. */
function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

const MIGRATIONS_DIR = path.resolve(import.meta.dirname, '../../api/store/migrations');
let template: Promise<string> | null = null;

/**
 * The name of a database on the test server that has every migration run, created once per migration list and
 * kept between runs: a test's database is then a copy of it (about 70 ms) instead of an empty database migrated
 * afresh (about 400 ms), which adds up over the hundreds of test servers of the PostgreSQL pass. Two processes may
 * build it at once; the first rename wins and the other drops its copy.
 */
function migratedTemplate(): Promise<string> {
  template ??= (async () => {
    const digest = crypto.createHash('sha256');
    for (const file of fs.readdirSync(MIGRATIONS_DIR).sort())
      digest.update(file).update(fs.readFileSync(path.join(MIGRATIONS_DIR, file)));
    const hash = digest.digest('hex').slice(0, 16);
    const name = `payrail_tpl_${hash}`;
    const exists = await admin(
      async (c) => (await c.query('select 1 from pg_database where datname = $1', [name])).rowCount,
    );
    if (exists) return name;
    const building = `${name}_${crypto.randomBytes(4).toString('hex')}`;
    await admin((c) => c.query(`create database ${building}`));
    const { openDatabase } = await import('../../api/store/db.ts');
    await (await openDatabase({ url: withDatabase(TEST_POSTGRES!, building) })).close();
    await admin(async (c) => {
      try {
        await c.query(`alter database ${building} rename to ${name}`);
      } catch (err) {
        if ((err as { code?: string }).code !== '42P04') throw err;
        await c.query(`drop database if exists ${building} with (force)`);
      }
    });
    return name;
  })();
  return template;
}

/** Creates `name` as a copy of `source`, which the closing connection that built it may still hold for a moment. */
async function copyDatabase(name: string, source: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await admin((c) => c.query(`create database ${name} template ${source}`));
      return;
    } catch (err) {
      // 55006: the source is being accessed by other users.
      if ((err as { code?: string }).code !== '55006' || attempt >= 50) throw err;
      await new Promise((r) => setTimeout(r, 20 * (attempt + 1)));
    }
  }
}

/**
 * A database for one test. `migrated`: on PostgreSQL, start from a copy of the migrated template (the API would
 * migrate an empty one itself at boot; tests of a migration itself need the empty one, the default).
 */
export async function newTestDb(prefix = 'payrail-test-', opts: { migrated?: boolean } = {}): Promise<TestDb> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const dbFile = path.join(dir, 'payrail.db');
  if (!TEST_POSTGRES) {
    return {
      dbFile,
      databaseUrl: null,
      deps: { dbFile },
      env: { PAYRAIL_DB: dbFile },
      async query<T>(sqlText: string, ...args: unknown[]) {
        const db = new SQLite(dbFile, { readonly: true, fileMustExist: true });
        try {
          return db.prepare(sqlText).all(...args) as T[];
        } finally {
          db.close();
        }
      },
      async holdingWrites<T>(fn: (query: Query) => Promise<T>) {
        const db = new SQLite(dbFile, { fileMustExist: true, timeout: 30_000 });
        try {
          db.exec('BEGIN IMMEDIATE');
          return await fn(async (sqlText, ...args) => db.prepare(sqlText).all(...args) as never);
        } finally {
          if (db.inTransaction) db.exec('ROLLBACK');
          db.close();
        }
      },
      drop: async () => fs.rmSync(dir, { recursive: true, force: true }),
    };
  }
  const name = `payrail_t_${crypto.randomBytes(6).toString('hex')}`;
  if (opts.migrated) await copyDatabase(name, await migratedTemplate());
  else await admin((c) => c.query(`create database ${name}`));
  const databaseUrl = withDatabase(TEST_POSTGRES, name);
  return {
    dbFile,
    databaseUrl,
    deps: { dbFile, databaseUrl },
    env: { PAYRAIL_DB: dbFile, DATABASE_URL: databaseUrl },
    async query<T>(sqlText: string, ...args: unknown[]) {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      try {
        return (await client.query(numbered(sqlText), args)).rows as T[];
      } finally {
        await client.end();
      }
    },
    async holdingWrites<T>(fn: (query: Query) => Promise<T>) {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      try {
        await client.query('begin');
        await client.query('lock table evidence in share row exclusive mode');
        return await fn(async (sqlText, ...args) => (await client.query(numbered(sqlText), args)).rows as never);
      } finally {
        await client.query('rollback').catch(() => {});
        await client.end();
      }
    },
    async drop() {
      await admin((c) => c.query(`drop database if exists ${name} with (force)`));
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
