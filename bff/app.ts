// The reference backend-for-frontend: it holds the partner key, signs host users in, mints
// origin-bound tokens for them, proxies the API same-origin, and serves the host example page.
import path from 'node:path';
import express from 'express';
import type { BffConfig } from './config.ts';
import { currentUser, HOST_USERS, signIn, signOut, type HostUser } from './host-session.ts';
import { proxy } from './proxy.ts';

interface Cached { token: string; expiresAt: number }

export function createBff(config: BffConfig) {
  const app = express();
  app.disable('x-powered-by');
  const cache = new Map<string, Cached>();

  const originOf = (req: express.Request) => req.get('origin') ?? `${req.protocol}://${req.get('host')}`;

  async function mintFor(user: HostUser, origin: string, tenant: string): Promise<{ status: number; json: any }> {
    if (!config.partnerKey) return { status: 503, json: { error: { code: 'not_configured', message: 'Set PAYRAIL_PARTNER_KEY for the BFF.', status: 503 } } };
    try {
      const res = await fetch(`${config.apiUrl}/v1/tenants/${encodeURIComponent(tenant)}/users/token`, {
        method: 'POST', headers: { authorization: `Bearer ${config.partnerKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ role: user.role, user_id: user.id, user_name: user.name, origin }),
      });
      return { status: res.status, json: await res.json() };
    } catch {
      return { status: 502, json: { error: { code: 'bad_gateway', message: 'The payroll service is unreachable. Try again shortly.', status: 502 } } };
    }
  }

  async function tokenFor(user: HostUser, origin: string, tenant: string): Promise<string | null> {
    const key = `${user.id}|${origin}|${tenant}`;
    const hit = cache.get(key);
    if (hit && hit.expiresAt - Date.now() > 60_000) return hit.token;
    const { status, json } = await mintFor(user, origin, tenant);
    if (status !== 201) return null;
    cache.set(key, { token: json.data.token, expiresAt: Date.now() + json.data.expires_in * 1000 });
    return json.data.token;
  }

  app.get('/bff/users', (_req, res) => { res.json({ data: HOST_USERS }); });
  app.get('/bff/me', (req, res) => {
    const user = currentUser(req, config.sessionSecret);
    res.json({ data: { user, tenant: config.tenant } });
  });
  app.post('/bff/sign-in', express.json(), (req, res) => {
    const user = HOST_USERS.find((u) => u.id === req.body?.user_id);
    if (!user) { res.status(400).json({ error: { code: 'bad_request', message: 'Unknown host user.', status: 400 } }); return; }
    signIn(res, config.sessionSecret, user);
    res.json({ data: { user } });
  });
  app.post('/bff/sign-out', (_req, res) => { signOut(res); res.json({ data: { signed_out: true } }); });

  /** A fresh token for the signed-in host user: the components' tokenProvider calls this. */
  app.post('/bff/session', express.json(), async (req, res) => {
    const user = currentUser(req, config.sessionSecret);
    if (!user) { res.status(401).json({ error: { code: 'unauthorized', message: 'Sign in to the host application first.', status: 401 } }); return; }
    const tenant = typeof req.body?.tenant === 'string' ? req.body.tenant : config.tenant;
    const { status, json } = await mintFor(user, originOf(req), tenant);
    res.status(status).json(status === 201 ? { data: { ...json.data, tenant, user } } : json);
  });

  app.use('/api', express.raw({ type: () => true, limit: '1mb' }), (req, res) => {
    const user = currentUser(req, config.sessionSecret);
    void proxy(req, res, `${config.apiUrl}${req.url}`, async () => (user ? tokenFor(user, originOf(req), config.tenant) : null));
  });
  app.use('/sdk', (req, res) => { void proxy(req, res, `${config.apiUrl}/sdk${req.url}`, async () => null); });
  app.use(express.static(path.join(import.meta.dirname, 'public'), { index: 'index.html' }));
  return app;
}
