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

export function decodeJsonOrNull<S extends z.ZodType>(
  schema: S,
  text: string | null,
  what: string,
): z.output<S> | null {
  return text === null ? null : decodeJson(schema, text, what);
}
