// JSON kept in a text column is decoded with its schema when read, never cast: a row written by an
// older release, or edited by hand, fails loudly here instead of flowing on as the wrong shape.
import type { z } from 'zod';

export class CorruptColumnError extends Error {}

export function decodeJson<S extends z.ZodType>(schema: S, text: string, what: string): z.output<S> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new CorruptColumnError(`${what}: stored JSON does not parse`);
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success)
    throw new CorruptColumnError(`${what}: stored JSON has the wrong shape: ${parsed.error.message}`);
  return parsed.data;
}

/**
 * A JSON object kept in a text column whose fields are open (an employee's patch, a record of figures): only
 * that it is an object is checked, without a schema walking every key to say so.
 */
export function decodeJsonObject(text: string, what: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new CorruptColumnError(`${what}: stored JSON does not parse`);
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    throw new CorruptColumnError(`${what}: stored JSON has the wrong shape: expected an object`);
  return value as Record<string, unknown>;
}

export function decodeJsonOrNull<S extends z.ZodType>(
  schema: S,
  text: string | null,
  what: string,
): z.output<S> | null {
  return text === null ? null : decodeJson(schema, text, what);
}
