// Opaque, signed cursors: a tampered cursor is a 400, never a different page.
import crypto from 'node:crypto';
import { badRequest } from '../lib/errors.ts';
import type { Secrets } from '../services/platform/secrets.ts';

export function encodeCursor(secrets: Secrets, position: unknown): string {
  const body = Buffer.from(JSON.stringify(position)).toString('base64url');
  return `${body}.${secrets.sign(body)}`;
}

/** Constant-time comparison (the lengths are public: every signature has the same one). */
function sameSignature(expected: string, given: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}

export function decodeCursor<T>(secrets: Secrets, cursor: string | undefined): T | null {
  if (!cursor) return null;
  const parts = cursor.split('.');
  const [body, sig] = parts;
  if (parts.length !== 2 || !body || !sig || !sameSignature(secrets.sign(body), sig))
    throw badRequest('The cursor is invalid.', [{ path: 'cursor', message: 'Invalid cursor.' }]);
  try {
    return JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as T;
  } catch {
    throw badRequest('The cursor is invalid.', [{ path: 'cursor', message: 'Invalid cursor.' }]);
  }
}

/** Builds the list envelope from `limit + 1` fetched rows. */
export function pageOf<Row, Out>(
  secrets: Secrets,
  rows: Row[],
  limit: number,
  map: (r: Row) => Out,
  position: (r: Row) => unknown,
) {
  const has_more = rows.length > limit;
  const page = has_more ? rows.slice(0, limit) : rows;
  return {
    data: page.map(map),
    has_more,
    next_cursor: has_more ? encodeCursor(secrets, position(page[page.length - 1])) : null,
  };
}
