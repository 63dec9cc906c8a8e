// Cross-cutting HTTP middleware: request ids and logs, CORS, rate limits, body limits, errors.
import crypto from 'node:crypto';
import express from 'express';
import type { Request, Response, NextFunction, RequestHandler, ErrorRequestHandler } from 'express';
import type { Logger } from 'pino';
import { storeUnavailable } from '../store/db.ts';
import { AppError, badRequest, notFound } from '../lib/errors.ts';
import { bearerOf, CREDENTIAL_HOOKS, type CredentialHooks } from './authenticate.ts';
import { randomHex } from '../lib/ids.ts';
import { pathRegex, type RouteDef } from './route.ts';

export function requestId(): RequestHandler {
  return (req, res, next) => {
    const given = req.get('x-request-id');
    const id = given && /^[\w.-]{1,100}$/.test(given) ? given : `req_${randomHex(10)}`;
    res.setHeader('x-request-id', id);
    res.locals.requestId = id;
    next();
  };
}

export function accessLog(logger: Logger): RequestHandler {
  return (req, res, next) => {
    if (!logger.isLevelEnabled('info')) return next();
    const start = process.hrtime.bigint();
    res.on('finish', () => {
      logger.info(
        {
          request_id: res.locals.requestId,
          method: req.method,
          path: req.path,
          status: res.statusCode,
          ms: Number(process.hrtime.bigint() - start) / 1e6,
          headers: {
            authorization: req.headers.authorization,
            origin: req.headers.origin,
            'user-agent': req.headers['user-agent'],
            'content-length': req.headers['content-length'],
          },
        },
        'request',
      );
    });
    next();
  };
}

const ALLOWED_HEADERS = 'Authorization, Content-Type, Idempotency-Key, x-governance-reason';
const EXPOSED =
  'x-request-id, idempotent-replay, Retry-After, RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset, Content-Disposition';

/**
 * Bearer-only CORS: any origin may call with a token it holds (which must be bound to that origin, see
 * authenticate.ts); credentials (cookies) are never allowed. A preflight answers 200 with an empty body.
 */
export function cors(): RequestHandler {
  return (req, res, next) => {
    const origin = req.get('origin');
    if (origin) {
      res.setHeader('Access-Control-Allow-Origin', origin);
      res.setHeader('Vary', 'Origin');
      res.setHeader('Access-Control-Expose-Headers', EXPOSED);
    }
    if (req.method === 'OPTIONS') {
      res.setHeader('Access-Control-Allow-Methods', 'GET, POST, PATCH, PUT, DELETE, OPTIONS');
      res.setHeader('Access-Control-Allow-Headers', ALLOWED_HEADERS);
      res.setHeader('Access-Control-Max-Age', '600');
      res.status(200).setHeader('Content-Length', '0');
      res.end();
      return;
    }
    next();
  };
}

/** A token bucket: `tokens` left at time `at` (ms). */
interface Bucket {
  tokens: number;
  at: number;
}

export interface Take {
  ok: boolean;
  /** Whole tokens left after this request. */
  remaining: number;
  /** Seconds until at least one token is back. */
  reset: number;
}

const OVERFLOW = '!overflow';

/**
 * Token buckets with bounded memory. The least recently used bucket goes first, and only once it has
 * refilled completely, when forgetting it changes nothing: a live bucket is never reset. When every bucket
 * is live and the table is full, newcomers share one overflow bucket (they are limited together) until
 * room frees up.
 */
export class TokenBuckets {
  private readonly buckets = new Map<string, Bucket>();

  constructor(
    readonly perSecond: number,
    readonly burst: number,
    private readonly maxBuckets: number,
    private readonly now: () => number,
  ) {}

  get size(): number {
    return this.buckets.size;
  }

  private refilled(b: Bucket, t: number): number {
    return Math.min(this.burst, b.tokens + (Math.max(0, t - b.at) / 1000) * this.perSecond);
  }

  /** Frees one slot by dropping a bucket that has refilled completely; looks at the few least recently used. */
  private evictIdle(t: number): boolean {
    let looked = 0;
    for (const [id, b] of this.buckets) {
      if (this.refilled(b, t) >= this.burst) {
        this.buckets.delete(id);
        return true;
      }
      if (++looked >= 16) break;
    }
    return false;
  }

  /** The bucket for `id`, moved to the most recently used end (or the overflow bucket when there is no room). */
  private bucket(id: string, t: number): Bucket {
    let b = this.buckets.get(id);
    if (b) this.buckets.delete(id);
    else if (this.buckets.size < this.maxBuckets || this.evictIdle(t)) b = { tokens: this.burst, at: t };
    else {
      id = OVERFLOW;
      b = this.buckets.get(id) ?? { tokens: this.burst, at: t };
      this.buckets.delete(id);
    }
    b.tokens = this.refilled(b, t);
    b.at = t;
    this.buckets.set(id, b);
    return b;
  }

  /** Takes `units` (at most a full bucket, so any request can pass once the bucket is full). */
  take(id: string, units = 1): Take {
    const b = this.bucket(id, this.now());
    const n = Math.min(units, this.burst);
    const ok = b.tokens >= n;
    if (ok) b.tokens -= n;
    const reset = Math.max(1, Math.ceil((n - Math.min(n, b.tokens)) / this.perSecond));
    return { ok, remaining: Math.floor(b.tokens), reset };
  }

  /** Gives back a token taken from `id` (the request turned out to be another bucket's to pay). */
  refund(id: string): void {
    const b = this.buckets.get(id);
    if (b) b.tokens = Math.min(this.burst, b.tokens + 1);
  }
}

/** Sets the RateLimit headers; returns the 429 to answer with when the bucket was empty. */
export function rateLimitAnswer(res: Response, limit: number, take: Take, message: string): AppError | null {
  res.setHeader('RateLimit-Limit', String(limit));
  res.setHeader('RateLimit-Remaining', String(take.remaining));
  res.setHeader('RateLimit-Reset', String(take.reset));
  if (take.ok) return null;
  return new AppError(429, 'rate_limited', message, {}, { 'Retry-After': String(take.reset) });
}

/** The client address a budget belongs to: an IPv4 address, or the /64 an IPv6 address belongs to. */
export function addressKey(ip: string | undefined): string {
  if (!ip) return 'ip:unknown';
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return `ip:${mapped[1]}`;
  if (!ip.includes(':')) return `ip:${ip}`;
  const bare = ip.replace(/%.*$/, '').toLowerCase();
  const [head, tail] = bare.split('::');
  const h = head ? head.split(':') : [];
  const t = tail ? tail.split(':') : [];
  const groups = tail === undefined ? h : [...h, ...Array(Math.max(0, 8 - h.length - t.length)).fill('0'), ...t];
  return `ip:${groups
    .slice(0, 4)
    .map((g) => (parseInt(g, 16) || 0).toString(16))
    .join(':')}::/64`;
}

export interface RateLimitOptions {
  perSecond: number;
  burst: number;
  /** Bound on buckets and on remembered credentials. */
  maxBuckets: number;
  /** Chain verifications a partner may start per minute, besides their units. */
  verifyPerMinute: number;
  now: () => number;
}

const LIMITED = 'Too many requests for this credential or address; retry after the indicated delay.';
const VERIFY_LIMITED = 'Too many chain verifications for this partner; retry after the indicated delay.';

/**
 * Token buckets of cost units per partner, or per client address for everything not yet known to be genuine.
 *
 * Every request takes one unit on arrival. A bearer only gets its partner's budget once authentication has
 * verified it (every key of a partner, and every embed and user token they minted, spend the same budget, so
 * minting keys buys nothing); until then — and for requests with no bearer or a made-up one — the request spends
 * its client address's budget, so neither fresh random bearers nor (unless the request came through a trusted
 * proxy) a forged `X-Forwarded-For` buys a new budget. Once its route is known, the pipeline charges what the
 * request costs beyond that unit (`CredentialHooks.charge`, http/cost.ts).
 */
export function rateLimit(opts: RateLimitOptions): RequestHandler {
  if (opts.perSecond <= 0) return (_req, _res, next) => next();
  const buckets = new TokenBuckets(opts.perSecond, opts.burst, opts.maxBuckets, opts.now);
  const verifies = new TokenBuckets(
    opts.verifyPerMinute / 60,
    Math.max(1, Math.ceil(opts.verifyPerMinute / 12)),
    opts.maxBuckets,
    opts.now,
  );
  /** sha256(bearer) → the partner bucket it spends and until when (ms on the injected clock); least recently used first. */
  const known = new Map<string, { bucket: string; until: number }>();
  const remember = (digest: string, bucket: string, until: number) => {
    known.delete(digest);
    known.set(digest, { bucket, until });
    if (known.size > opts.maxBuckets) known.delete(known.keys().next().value!);
  };
  /** Charges `units` more to the request's bucket (and, for a verify, one to the partner's verify budget). */
  const charger = (res: Response, bucket: () => string) => (units: number, own?: 'verify') => {
    if (units > 0) {
      const over = rateLimitAnswer(res, opts.burst, buckets.take(bucket(), units), LIMITED);
      if (over) throw over;
    }
    if (own === 'verify') {
      const take = verifies.take(bucket());
      if (!take.ok) throw new AppError(429, 'rate_limited', VERIFY_LIMITED, {}, { 'Retry-After': String(take.reset) });
    }
  };

  return (req, res, next) => {
    const bearer = bearerOf(req);
    const digest = bearer ? crypto.createHash('sha256').update(bearer).digest('base64url') : null;
    const cred = digest ? known.get(digest) : undefined;
    if (digest && cred && cred.until > opts.now()) {
      remember(digest, cred.bucket, cred.until);
      res.locals[CREDENTIAL_HOOKS] = {
        verified: () => undefined,
        rejected: () => known.delete(digest),
        charge: charger(res, () => cred.bucket),
      } satisfies CredentialHooks;
      return next(rateLimitAnswer(res, opts.burst, buckets.take(cred.bucket), LIMITED) ?? undefined);
    }
    if (digest && cred) known.delete(digest);
    const address = addressKey(req.ip);
    const limited = rateLimitAnswer(res, opts.burst, buckets.take(address), LIMITED);
    if (limited) return next(limited);
    let bucket = address;
    res.locals[CREDENTIAL_HOOKS] = {
      verified(partnerId, expiresAtMs) {
        if (!digest) return;
        bucket = `partner:${partnerId}`;
        remember(digest, bucket, expiresAtMs ?? Infinity);
        buckets.refund(address);
        const over = rateLimitAnswer(res, opts.burst, buckets.take(bucket), LIMITED);
        if (over) throw over;
      },
      rejected: () => undefined,
      charge: charger(res, () => bucket),
    } satisfies CredentialHooks;
    next();
  };
}

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

/** Unknown path → 404; known path with another method → 405 with Allow. */
export function unmatched(routes: RouteDef[]): RequestHandler {
  const compiled = routes.map((r) => ({ re: pathRegex(r.path), method: r.method.toUpperCase() }));
  return (req, res, next) => {
    const allow = [...new Set(compiled.filter((c) => c.re.test(req.path)).map((c) => c.method))];
    if (!allow.length) return next(notFound(`No route for ${req.method} ${req.path}.`));
    if (allow.includes('GET')) allow.push('HEAD');
    res.setHeader('Allow', [...allow, 'OPTIONS'].join(', '));
    next(new AppError(405, 'method_not_allowed', `${req.method} is not allowed on ${req.path}.`));
  };
}

const CLIENT_CODES: Record<number, string> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  408: 'request_timeout',
  411: 'length_required',
  413: 'payload_too_large',
  414: 'uri_too_long',
  415: 'unsupported_media_type',
  431: 'request_header_fields_too_large',
};

const BODY = (message: string) => [{ path: '(body)', message }];

/**
 * The 4xx an error from Express, the router or body-parser carries (they set `status`/`statusCode` and, for
 * bodies, `type`), as an AppError with a message of our own; null when it is not a client error.
 */
export function clientError(err: unknown): AppError | null {
  if (!err || typeof err !== 'object') return null;
  const e = err as { status?: unknown; statusCode?: unknown; type?: unknown; code?: unknown };
  const status = typeof e.status === 'number' ? e.status : e.statusCode;
  if (typeof status !== 'number' || !Number.isInteger(status) || status < 400 || status > 499) return null;
  switch (e.type) {
    case 'entity.too.large':
      return new AppError(413, 'payload_too_large', 'The request body exceeds 1 MB.');
    case 'entity.parse.failed':
      return new AppError(400, 'bad_request', 'The request body is not valid JSON.', {
        errors: BODY('Malformed JSON.'),
      });
    case 'entity.too.deep':
      return new AppError(400, 'bad_request', `The JSON body is nested more than ${MAX_JSON_DEPTH} levels deep.`, {
        errors: BODY(`Nested more than ${MAX_JSON_DEPTH} levels deep.`),
      });
    case 'encoding.unsupported':
      return new AppError(415, 'unsupported_media_type', 'Unsupported Content-Encoding: use gzip, deflate or br.');
    case 'charset.unsupported':
      return new AppError(415, 'unsupported_media_type', 'Unsupported body charset: send UTF-8.');
    case 'request.aborted':
    case 'request.size.invalid':
      return new AppError(400, 'bad_request', 'The request body was incomplete.', {
        errors: BODY('The body ended before its declared length.'),
      });
  }
  if (err instanceof URIError)
    return new AppError(400, 'bad_request', 'The request path contains an invalid percent-encoding.', {
      errors: [{ path: '(path)', message: 'Invalid percent-encoding.' }],
    });
  if (typeof e.code === 'string' && /^(Z_|ERR_BROTLI|ERR__ERROR)/.test(e.code))
    return new AppError(400, 'bad_request', 'The request body could not be decompressed (check Content-Encoding).', {
      errors: BODY('Corrupt or truncated compressed body.'),
    });
  const code = CLIENT_CODES[status] ?? 'bad_request';
  return new AppError(status, code, status === 400 ? 'The request could not be read.' : `Request refused (${code}).`);
}

/**
 * Every error becomes the SPEC envelope. Client errors keep their 4xx status and are logged at info without a
 * stack; only unexpected errors are logged at error level, and no stack ever reaches a response.
 */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (err: unknown, req: Request, res: Response, _next: NextFunction) => {
    let appErr: AppError;
    const client = err instanceof AppError ? null : clientError(err);
    if (err instanceof AppError) appErr = err;
    else if (client) {
      appErr = client;
      const { type, code } = err as { type?: unknown; code?: unknown };
      logger.info({ request_id: res.locals.requestId, status: client.status, type, code }, 'client error');
    } else if (storeUnavailable(err)) {
      logger.error({ err, request_id: res.locals.requestId, path: req.path }, 'database unavailable');
      appErr = new AppError(
        503,
        'service_unavailable',
        'The service cannot reach its database right now. Retry shortly.',
        {},
        { 'retry-after': '1' },
      );
    } else {
      logger.error({ err, request_id: res.locals.requestId, path: req.path }, 'unhandled error');
      appErr = new AppError(
        500,
        'internal_error',
        'Something went wrong on our side. Quote the x-request-id when contacting support.',
      );
    }
    if (res.headersSent) {
      res.destroy();
      return;
    }
    for (const [k, v] of Object.entries(appErr.headers)) res.setHeader(k, v);
    res.status(appErr.status).json(appErr.toBody());
  };
}
