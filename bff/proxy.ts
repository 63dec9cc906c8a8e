// Same-origin proxy to the Payrail API: cookies never cross, the bearer token is the component's
// (or, when absent, the signed-in host user's), and a host-supplied reason becomes the governance
// reason of a write. With several API instances a request goes to the next when one fails (bff/upstreams.ts);
// if none answers the browser gets the JSON error envelope with 502.
import crypto from 'node:crypto';
import type { Request, Response } from 'express';
import type { Upstreams } from './upstreams.ts';

const HOP = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'upgrade',
  'host',
  'cookie',
  'content-length',
  'x-host-governance-reason',
]);
const RESPONSE_DROP = new Set(['content-encoding', 'content-length', 'transfer-encoding', 'connection', 'set-cookie']);

export interface HostToken {
  /** The signed-in host user's token, or null when nobody is signed in. */
  get(): Promise<string | null>;
  /** The API refused it (revoked session, rotated key): the next request must mint a new one. */
  rejected(token: string): void;
}

export const badGateway = {
  error: { code: 'bad_gateway', message: 'The payroll service is unreachable. Try again shortly.', status: 502 },
};

/**
 * The host's reason for a write. Browsers can only send Latin-1 in a header, so the host page sends it
 * percent-encoded (UTF-8); a plain value from another client is taken as it is.
 */
function hostReason(req: Request): string | undefined {
  const raw = req.get('x-host-governance-reason');
  if (!raw) return undefined;
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/**
 * Headers cannot carry text beyond Latin-1 to the API either (an en dash, a euro sign), so such a
 * reason travels as `governance_reason` in the JSON body, unless the body already has one. Null when
 * the body is not a JSON object.
 */
function withReason(body: Buffer | undefined, reason: string): Buffer | null {
  let json: unknown = {};
  if (body?.length) {
    try {
      json = JSON.parse(body.toString('utf8'));
    } catch {
      return null;
    }
  }
  if (!json || typeof json !== 'object' || Array.isArray(json)) return null;
  try {
    return Buffer.from(JSON.stringify({ governance_reason: reason, ...json }));
  } catch {
    return null; // absurdly nested: passed on as it is, for the API to refuse
  }
}

export async function proxy(req: Request, res: Response, api: Upstreams, host: HostToken | null): Promise<void> {
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(req.headers)) if (!HOP.has(k) && typeof v === 'string') headers[k] = v;
  // Every write carries a key, so a retry on another API instance after a failure cannot make it twice.
  if (req.method === 'POST' && !headers['idempotency-key']) headers['idempotency-key'] = `bff_${crypto.randomUUID()}`;
  let fallback: string | null = null;
  if (!headers.authorization && host) {
    fallback = await host.get();
    if (fallback) headers.authorization = `Bearer ${fallback}`;
  }
  let body = ['GET', 'HEAD'].includes(req.method) ? undefined : (req.body as Buffer | undefined);
  const reason = hostReason(req);
  if (reason && !['GET', 'HEAD', 'OPTIONS'].includes(req.method)) {
    const inBody = /^[\x20-\x7e]*$/.test(reason) ? null : withReason(body, reason);
    if (inBody) {
      body = inBody;
      headers['content-type'] = 'application/json';
    } else headers['x-governance-reason'] = reason.replace(/[^\x20-\xff]/g, '?');
  }
  let upstream: globalThis.Response;
  let payload: Buffer;
  try {
    ({ response: upstream, payload } = await api.fetch(req.url, {
      method: req.method,
      headers,
      body: Buffer.isBuffer(body) && body.length ? body : undefined,
      redirect: 'manual',
    }));
  } catch {
    res.status(502).json(badGateway);
    return;
  }
  if (upstream.status === 401 && fallback) host!.rejected(fallback);
  res.status(upstream.status);
  upstream.headers.forEach((value, key) => {
    if (!RESPONSE_DROP.has(key)) res.setHeader(key, value);
  });
  res.end(payload);
}
