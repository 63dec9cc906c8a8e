// Reading request bodies: size, nesting depth, charset and the NUL character, checked before anything walks them.
import express from 'express';
import type { Request, RequestHandler, Response } from 'express';
import { badRequest } from '../lib/errors.ts';

/** JSON nested deeper than this is refused before it is parsed, so no later walk over a body can blow the stack. */
export const MAX_JSON_DEPTH = 32;

const OPEN_OBJECT = 0x7b;
const OPEN_ARRAY = 0x5b;
const CLOSE_OBJECT = 0x7d;
const CLOSE_ARRAY = 0x5d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/** The deepest nesting of objects and arrays in UTF-8 JSON text, stopping early once past `limit`. */
export function jsonDepth(buf: Uint8Array, limit = Infinity): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < buf.length; i++) {
    const c = buf[i];
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) inString = true;
    else if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
      depth++;
      if (depth > max) {
        max = depth;
        if (max > limit) return max;
      }
    } else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) depth--;
  }
  return max;
}

class BodyRejected extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
  ) {
    super(message);
  }
}

/** A body-parser `verify` hook: refuses JSON nested deeper than `max` levels (and JSON not in UTF-8). */
export function limitJsonDepth(max = MAX_JSON_DEPTH) {
  return (_req: unknown, _res: unknown, buf: Buffer, encoding: string) => {
    if (encoding.toLowerCase() !== 'utf-8' && encoding.toLowerCase() !== 'utf8')
      throw new BodyRejected(415, 'charset.unsupported', 'JSON bodies must be UTF-8.');
    if (jsonDepth(buf, max) > max) throw new BodyRejected(400, 'entity.too.deep', 'JSON nested too deeply.');
  };
}

/** Whether a parsed body holds U+0000 in any string or key (the depth is already bounded). */
function holdsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\0');
  if (Array.isArray(value)) return value.some(holdsNul);
  if (value && typeof value === 'object')
    return Object.entries(value).some(([k, v]) => k.includes('\0') || holdsNul(v));
  return false;
}

const NUL_REFUSED = () =>
  badRequest('The request contains a NUL character, which no field accepts.', [
    { path: '(request)', message: 'Remove the NUL character (U+0000).' },
  ]);

/**
 * No payroll value contains the NUL character, and PostgreSQL text cannot hold one: a request that carries it in
 * its path or query is refused with 400 on either store, before anything reads it (a body, once it is read:
 * `bodyReader`).
 */
export function refuseNulCharacters(): RequestHandler {
  return (req, _res, next) => next(/%00/i.test(req.originalUrl) ? NUL_REFUSED() : undefined);
}

/**
 * Reads a request's body: JSON (at most 1 MB unless the route says more, nested at most MAX_JSON_DEPTH deep, UTF-8) or CSV text, then refuses a
 * NUL character in it. The pipeline calls it only once the credential has been checked (pipeline.ts), so a client
 * without one never has its body parsed or walked.
 */
export function bodyReader(): (req: Request, res: Response, limit?: '16mb') => Promise<void> {
  const parsersFor = (limit: string) => [
    express.json({ limit, type: ['application/json', 'application/*+json'], verify: limitJsonDepth() }),
    express.text({ limit, type: 'text/csv' }),
  ];
  const usual = parsersFor('1mb');
  // A route that takes more says so (`bodyLimit`): a bulk hire carries up to 10,000 employees.
  const large = parsersFor('16mb');
  return async (req, res, limit) => {
    for (const parse of limit ? large : usual)
      await new Promise<void>((resolve, reject) => parse(req, res, (err?: unknown) => (err ? reject(err) : resolve())));
    if (holdsNul(req.body)) throw NUL_REFUSED();
  };
}
