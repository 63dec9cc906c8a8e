// Request budgets: token buckets of cost units per partner, or per client address until a credential is verified.
import crypto from 'node:crypto';
import type { RequestHandler, Response } from 'express';
import { AppError } from '../lib/errors.ts';
import { bearerOf, CREDENTIAL_HOOKS, type CredentialHooks } from './authenticate.ts';

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
