// The few SQL expressions the two dialects spell differently; everything else is plain Kysely.
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Dialect } from './db.ts';

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
