// Unmatched routes and every error, as the SPEC error envelope.
import type { Request, Response, NextFunction, RequestHandler, ErrorRequestHandler } from 'express';
import type { Logger } from 'pino';
import { storeUnavailable } from '../store/db.ts';
import { AppError, notFound } from '../lib/errors.ts';
import { MAX_JSON_DEPTH } from './body.ts';
import { pathRegex, type RouteDef } from './route.ts';

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
