import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import type { Database } from './schema.ts';
import { migrate } from './migrations.ts';

export interface OpenedDb {
  db: Kysely<Database>;
  raw: SQLite.Database;
  close(): Promise<void>;
}

/** Opens (and migrates) the embedded SQLite database: WAL so the CLI and servers share one file safely. */
export async function openDatabase(file: string): Promise<OpenedDb> {
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
  return { db, raw, close: () => db.destroy() };
}
