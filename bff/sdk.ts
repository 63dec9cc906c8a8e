// The SDK through the BFF: the API's bundles relayed byte for byte, so the copy the API chose for the
// browser's Accept-Encoding (brotli or gzip) reaches it still compressed, with its cache rules and
// validators. fetch() would decode it on the way, so this relays over node:http instead. Nothing of
// the host session is involved: the SDK is public.
import http from 'node:http';
import https from 'node:https';
import type { Request, Response } from 'express';
import { badGateway } from './proxy.ts';

const REQUEST_HEADERS = ['accept', 'accept-encoding', 'if-none-match', 'if-modified-since'];
const RESPONSE_HEADERS = [
  'content-type',
  'content-encoding',
  'content-length',
  'cache-control',
  'vary',
  'etag',
  'last-modified',
  'access-control-allow-origin',
];

export function relaySdk(req: Request, res: Response, target: string): Promise<void> {
  return new Promise((resolve) => {
    const url = new URL(target);
    const headers: Record<string, string> = {};
    for (const h of REQUEST_HEADERS) {
      const v = req.get(h);
      if (v) headers[h] = v;
    }
    const upstream = (url.protocol === 'https:' ? https : http).request(
      url,
      { method: req.method, headers },
      (answer) => {
        res.status(answer.statusCode ?? 502);
        for (const h of RESPONSE_HEADERS) {
          const v = answer.headers[h];
          if (v !== undefined) res.setHeader(h, v);
        }
        answer.pipe(res);
        answer.on('end', () => resolve());
        answer.on('error', () => {
          res.destroy();
          resolve();
        });
      },
    );
    upstream.setTimeout(30_000, () => upstream.destroy(new Error('The API did not answer in time.')));
    upstream.on('error', () => {
      if (res.headersSent) res.destroy();
      else res.status(502).json(badGateway);
      resolve();
    });
    upstream.end();
  });
}
