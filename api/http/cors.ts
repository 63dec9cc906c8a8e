// Bearer-only CORS for the API.
import type { RequestHandler } from 'express';

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
