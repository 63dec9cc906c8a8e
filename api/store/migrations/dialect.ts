/* eslint-disable @typescript-eslint/no-explicit-any */
import { PostgresAdapter, type Kysely } from 'kysely';

/** The one place the two dialects' schemas differ: PostgreSQL numbers rows with `serial`, SQLite with AUTOINCREMENT. */
export const onPostgres = (db: Kysely<any>) => db.getExecutor().adapter instanceof PostgresAdapter;
