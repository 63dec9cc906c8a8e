// Same-origin proxy to the Payrail API: cookies never cross, the bearer token is the component's
// (or, when absent, the signed-in host user's), and a host-supplied reason becomes the governance
// reason of a write. If the API is down the browser gets the JSON error envelope with 502.
import type { Request, Response } from 'express';

const HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'host', 'cookie', 'content-length', 'x-host-governance-reason']);

export async function proxy(req: Request, res: Response, target: string, fallbackToken: () => Promise<string | null>): Promise<void> {
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(req.headers)) if (!HOP.has(k) && typeof v === 'string') headers[k] = v;
  if (!headers.authorization) {
    const token = await fallbackToken();
    if (token) headers.authorization = `Bearer ${token}`;
  }
  const reason = req.get('x-host-governance-reason');
  if (reason && req.method !== 'GET') headers['x-governance-reason'] = reason;
  const body = ['GET', 'HEAD'].includes(req.method) ? undefined : (req.body as Buffer | undefined);
  let upstream: globalThis.Response;
  try {
    upstream = await fetch(target, { method: req.method, headers, body: body && body.length ? body : undefined, redirect: 'manual' });
  } catch {
    res.status(502).json({ error: { code: 'bad_gateway', message: 'The payroll service is unreachable. Try again shortly.', status: 502 } });
    return;
  }
  res.status(upstream.status);
  upstream.headers.forEach((value, key) => { if (!['content-encoding', 'content-length', 'transfer-encoding', 'connection', 'set-cookie'].includes(key)) res.setHeader(key, value); });
  res.end(Buffer.from(await upstream.arrayBuffer()));
}
