// Queries that run on every request, built and compiled once per dialect instead of once per call: for a read
// that answers in a fraction of a millisecond, Kysely's builder and compiler cost more than the database's work.
// Their statements also stay prepared in the database (pg-client.ts), so it does not plan them on every call.
import { CompiledQuery, type Compilable, type Kysely, type Transaction } from 'kysely';
import type { Database } from './schema.ts';
import type { Dialect } from './db.ts';
import { keepPrepared } from './pg-client.ts';

type Args = Record<string, string | number>;

interface Compiled {
  sql: string;
  /** Per bound parameter: the name of the argument it takes, or null for a value fixed in the query. */
  slots: (string | null)[];
  fixed: readonly unknown[];
}

/** Marks an argument's place in the compiled parameters; no real value starts with a NUL character. */
const MARK = '\u0000arg:';

/**
 * A query whose shape never changes between calls, only its arguments. `build` is called once per dialect with
 * placeholders for the arguments; every call then binds the real values to the same statement text (which the
 * SQLite store also keeps prepared). Arguments must be plain values bound as parameters: not lists, and not
 * values the query's shape depends on.
 */
export function preparedQuery<A extends Args, R>(
  build: (db: Kysely<Database> | Transaction<Database>, args: A, dialect: Dialect) => Compilable<R>,
): (db: Kysely<Database> | Transaction<Database>, dialect: Dialect, args: A) => Promise<R[]> {
  const compiled = new Map<Dialect, Compiled>();
  return async (db, dialect, args) => {
    let c = compiled.get(dialect);
    if (!c) {
      c = compile(db, dialect, build, args);
      compiled.set(dialect, c);
    }
    const { slots, fixed } = c;
    const parameters = slots.map((name, i) => (name === null ? fixed[i] : args[name]));
    const result = await db.executeQuery<R>(CompiledQuery.raw(c.sql, parameters));
    return result.rows;
  };
}

function compile<A extends Args, R>(
  db: Kysely<Database> | Transaction<Database>,
  dialect: Dialect,
  build: (db: Kysely<Database> | Transaction<Database>, args: A, dialect: Dialect) => Compilable<R>,
  args: A,
): Compiled {
  const names = Object.keys(args);
  const placeholders = Object.fromEntries(names.map((name) => [name, MARK + name])) as A;
  const query = build(db, placeholders, dialect).compile();
  const slots = query.parameters.map((v) =>
    typeof v === 'string' && v.startsWith(MARK) ? v.slice(MARK.length) : null,
  );
  const unbound = names.filter((name) => !slots.includes(name));
  if (unbound.length) throw new Error(`preparedQuery: arguments ${unbound.join(', ')} are not bound parameters`);
  // The embedded database keeps every statement prepared; PostgreSQL keeps those it is told to.
  if (dialect === 'postgres') keepPrepared(query.sql);
  return { sql: query.sql, slots, fixed: query.parameters };
}
