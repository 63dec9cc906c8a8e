import type { z } from 'zod';
import { badRequest, type FieldError } from '../lib/errors.ts';

export function issuesToErrors(issues: z.core.$ZodIssue[], prefix = ''): FieldError[] {
  return issues.map((i) => {
    const path = [prefix, ...i.path.map(String)].filter(Boolean).join('.');
    const unknownKeys = i.code === 'unrecognized_keys' ? ((i as { keys?: string[] }).keys ?? []) : [];
    if (unknownKeys.length)
      return {
        path: [path, unknownKeys[0]].filter(Boolean).join('.'),
        message: `Unknown field${unknownKeys.length > 1 ? 's' : ''}: ${unknownKeys.join(', ')}.`,
      };
    return { path: path || prefix || '(root)', message: i.message };
  });
}

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
