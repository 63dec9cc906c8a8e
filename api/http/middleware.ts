// Cross-cutting HTTP middleware: request ids and logs, CORS, rate limits, body limits, errors.
import crypto from 'node:crypto';
import type { Request, Response, NextFunction, RequestHandler, ErrorRequestHandler } from 'express';
import type { Logger } from 'pino';
import { AppError, notFound } from '../lib/errors.ts';
import { bearerOf } from './authenticate.ts';
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

/** Bearer-only CORS: any origin may call with a token it holds; credentials (cookies) are never allowed. */
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
      res.status(204).end();
      return;
    }
    next();
  };
}

/** Token bucket per credential (or per address when there is none). */
export function rateLimit(perSecond: number, burst: number, now: () => number): RequestHandler {
  const buckets = new Map<string, { tokens: number; at: number }>();
  return (req, res, next) => {
    if (perSecond <= 0) return next();
    const bearer = bearerOf(req);
    const id = bearer ? crypto.createHash('sha256').update(bearer).digest('base64url') : `ip:${req.ip}`;
    const t = now();
    const b = buckets.get(id) ?? { tokens: burst, at: t };
    b.tokens = Math.min(burst, b.tokens + ((t - b.at) / 1000) * perSecond);
    b.at = t;
    buckets.set(id, b);
    if (buckets.size > 50_000) buckets.clear(); // bounded memory under credential-spraying
    const reset = Math.max(1, Math.ceil((1 - Math.min(1, b.tokens)) / perSecond));
    res.setHeader('RateLimit-Limit', String(burst));
    if (b.tokens < 1) {
      res.setHeader('RateLimit-Remaining', '0');
      res.setHeader('RateLimit-Reset', String(reset));
      res.setHeader('Retry-After', String(reset));
      return next(
        new AppError(429, 'rate_limited', 'Too many requests for this credential; retry after the indicated delay.'),
      );
    }
    b.tokens -= 1;
    res.setHeader('RateLimit-Remaining', String(Math.floor(b.tokens)));
    res.setHeader('RateLimit-Reset', String(reset));
    next();
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

export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (err: unknown, req: Request, res: Response, _next: NextFunction) => {
    let appErr: AppError;
    const e = err as { type?: string; status?: number };
    if (err instanceof AppError) appErr = err;
    else if (e?.type === 'entity.too.large')
      appErr = new AppError(413, 'payload_too_large', 'The request body exceeds 1 MB.');
    else if (e?.type === 'entity.parse.failed')
      appErr = new AppError(400, 'bad_request', 'The request body is not valid JSON.', {
        errors: [{ path: '(body)', message: 'Malformed JSON.' }],
      });
    else if (e?.type === 'encoding.unsupported' || e?.type === 'charset.unsupported')
      appErr = new AppError(415, 'unsupported_media_type', 'Unsupported body encoding.');
    else {
      logger.error({ err, request_id: res.locals.requestId, path: req.path }, 'unhandled error');
      appErr = new AppError(
        500,
        'internal_error',
        'Something went wrong on our side. Quote the x-request-id when contacting support.',
      );
    }
    for (const [k, v] of Object.entries(appErr.headers)) res.setHeader(k, v);
    if (res.headersSent) return;
    res.status(appErr.status).json(appErr.toBody());
  };
}
