import type { z } from 'zod';
import { badRequest, issuesToErrors } from '../lib/errors.ts';

/** Parses with a zod schema, or throws 400 bad_request listing every field error. */
export function parseWith<T>(schema: z.ZodType<T>, value: unknown, where: 'body' | 'query' | 'params'): T {
  const r = schema.safeParse(value);
  if (r.success) return r.data;
  const errors = issuesToErrors(r.error.issues, where === 'body' ? '' : where);
  throw badRequest(
    `The request ${where} is invalid: ${errors.map((e) => `${e.path}: ${e.message}`).join('; ')}`,
    errors,
  );
}
