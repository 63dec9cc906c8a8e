// The few SQL expressions the two dialects spell differently; everything else is plain Kysely.
import { CompiledQuery, sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import { jsonArrayFrom as pgJsonArrayFrom } from 'kysely/helpers/postgres';
import { jsonArrayFrom as sqliteJsonArrayFrom } from 'kysely/helpers/sqlite';
import type { Dialect } from './db.ts';
import type { Database } from './schema.ts';

/** Whether the text expression `haystack` contains `needle` (case as given). */
export function contains(dialect: Dialect, haystack: RawBuilder<string>, needle: string): RawBuilder<SqlBool> {
  return dialect === 'postgres'
    ? sql<SqlBool>`strpos(${haystack}, ${needle}) > 0`
    : sql<SqlBool>`instr(${haystack}, ${needle}) > 0`;
}

/** The text value of top-level member `key` of a JSON text column. */
export function jsonMember(dialect: Dialect, column: string, key: string): RawBuilder<string> {
  return dialect === 'postgres'
    ? sql<string>`(${sql.ref(column)}::jsonb ->> ${key})`
    : sql<string>`json_extract(${sql.ref(column)}, ${`$.${key}`})`;
}

/** Whether the JSON array at top-level member `key` of a JSON text column holds the string `value`. */
export function jsonArrayHas(dialect: Dialect, column: string, key: string, value: string): RawBuilder<SqlBool> {
  return dialect === 'postgres'
    ? sql<SqlBool>`coalesce((${sql.ref(column)}::jsonb -> ${key}) @> jsonb_build_array(${value}::text), false)`
    : sql<SqlBool>`exists (select 1 from json_each(${sql.ref(column)}, ${`$.${key}`}) where value = ${value})`;
}

/**
 * A subquery's rows as one JSON array column, so a read can fetch a row and its children in one round trip.
 * PostgreSQL hands the array back parsed, SQLite as text: read it with `jsonRows`.
 */
export function jsonArrayFrom(
  dialect: Dialect,
  subquery: Parameters<typeof sqliteJsonArrayFrom>[0],
): RawBuilder<unknown> {
  return dialect === 'postgres' ? pgJsonArrayFrom(subquery) : sqliteJsonArrayFrom(subquery);
}

/** The rows of a `jsonArrayFrom` column, typed as the subquery selected them. */
export const jsonRows = <O>(value: unknown): O[] => (typeof value === 'string' ? JSON.parse(value) : value) as O[];

/**
 * A 2-decimal money text expression in whole cents, as an integer: what lets SQL add money up exactly on either
 * database (SQLite has no decimal type; a 2-decimal amount read as a double rounds back to its exact cents).
 */
export function moneyCents(dialect: Dialect, amount: RawBuilder<string>): RawBuilder<number | string> {
  return dialect === 'postgres'
    ? sql<string>`round(cast(${amount} as numeric) * 100)::bigint`
    : sql<number>`cast(round(cast(${amount} as real) * 100) as integer)`;
}

/** Bound parameters per statement: SQLite refuses more than 32,766, PostgreSQL 65,535. */
const MAX_PARAMETERS = 30_000;

/**
 * Inserts many rows of one table, as many to a statement as the bound-parameter limit allows. The statement
 * text is written here rather than built by the query builder: for the tens of thousands of rows of a pay run
 * (its entries, its leave accruals) building and compiling the value tree cost more than the database's work.
 * Every row must have the columns of the first, in its order; values are bound, never spliced into the text.
 */
export async function insertMany<T extends keyof Database & string>(
  db: Kysely<Database>,
  dialect: Dialect,
  table: T,
  rows: readonly Database[T][],
): Promise<void> {
  if (!rows.length) return;
  const columns = Object.keys(rows[0] as object) as (keyof Database[T] & string)[];
  const perStatement = Math.max(1, Math.floor(MAX_PARAMETERS / columns.length));
  const head = `insert into "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) values `;
  for (let i = 0; i < rows.length; i += perStatement) {
    const chunk = rows.slice(i, i + perStatement);
    const parameters: unknown[] = [];
    const tuples: string[] = [];
    for (const row of chunk) {
      const marks: string[] = [];
      for (const c of columns) {
        parameters.push(row[c] ?? null);
        marks.push(dialect === 'postgres' ? `$${parameters.length}` : '?');
      }
      tuples.push(`(${marks.join(', ')})`);
    }
    await db.executeQuery(CompiledQuery.raw(head + tuples.join(', '), parameters));
  }
}
