// Every request gets an id (the caller's own, when it is well-formed) and one log line when its answer is sent.
import type { RequestHandler } from 'express';
import type { Logger } from 'pino';
import { randomHex } from '../lib/ids.ts';

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
