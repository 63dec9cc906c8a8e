// The reference backend-for-frontend: it holds the partner key, signs host users in, mints
// origin-bound tokens for them, proxies the API same-origin, and serves the host example page.
import crypto from 'node:crypto';
import path from 'node:path';
import { createRequire } from 'node:module';
import express from 'express';
import type { BffConfig } from './config.ts';
import { Upstreams } from './upstreams.ts';
import { currentUser, HOST_USERS, signIn, signOut, type HostUser } from './host-session.ts';
import { badGateway, proxy } from './proxy.ts';
import { relaySdk } from './sdk.ts';
import { mountWebhookReceiver } from './webhooks.ts';

interface Cached {
  token: string;
  expiresAt: number;
}
/** The API's answer to a token mint: `data` on success, the error envelope otherwise. */
interface Minted {
  status: number;
  json: { data: { token: string; expires_in: number } & Record<string, unknown> } | { error: unknown };
}

const PUBLIC = path.join(import.meta.dirname, 'public');
const STYLES = path.join(import.meta.dirname, '..', 'styles');
/** The CSV parser the host page's import reads a spreadsheet with, served from the installed package. */
const PAPAPARSE = createRequire(import.meta.url).resolve('papaparse/papaparse.min.js');
/** A bulk hire carries up to 10,000 rows (the API takes 16 MB for it); every other request stays small. */
const BULK_HIRE_PATH = /^\/v1\/tenants\/[^/]+\/employees\/bulk\/?(\?|$)/;
const smallBody = express.raw({ type: () => true, limit: '1mb' });
const bulkBody = express.raw({ type: () => true, limit: '16mb' });

export function createBff(config: BffConfig) {
  const api = new Upstreams(config.apiUrl);
  const app = express();
  app.disable('x-powered-by');
  const cache = new Map<string, Cached>();

  const selfOrigin = (req: express.Request) => config.publicOrigin ?? `${req.protocol}://${req.get('host')}`;
  /** A browser request sent by a page of another origin (absent for same-origin GETs and non-browser clients). */
  const foreign = (req: express.Request) => {
    const o = req.get('origin');
    return o !== undefined && o !== selfOrigin(req);
  };
  const fail = (res: express.Response, status: number, code: string, message: string) => {
    res.status(status).json({ error: { code, message, status } });
  };

  // The session cookie is SameSite=Strict, but "same site" ignores ports, so a page on another port
  // of the same host would still send it. The origin check is what keeps the host session this page's own.
  const ownOriginOnly: express.RequestHandler = (req, res, next) => {
    if (foreign(req))
      fail(res, 403, 'cross_origin_refused', 'The host application accepts this request from its own pages only.');
    else next();
  };

  const tenantPath = `/v1/tenants/${encodeURIComponent(config.tenant)}`;
  /** A JSON call to the API (whichever instance answers) with the partner key: its status and parsed body. */
  const partnerCall = async <T>(path: string, init: RequestInit = {}): Promise<{ status: number; body: T }> => {
    const { response, payload } = await api.fetch(tenantPath + path, {
      ...init,
      headers: { ...partnerHeaders(), ...init.headers },
    });
    return { status: response.status, body: JSON.parse(payload.toString('utf8')) as T };
  };
  const partnerHeaders = () => ({ authorization: `Bearer ${config.partnerKey}`, 'content-type': 'application/json' });
  const employees = new Map<string, string>();

  /** The payroll employee a host user is (looked up once by name with the partner key), or null. */
  async function employeeOf(user: HostUser): Promise<string | null> {
    if (!user.employee || !config.partnerKey) return null;
    const hit = employees.get(user.id);
    if (hit) return hit;
    const res = await partnerCall<{ data: { id: string; first_name: string; last_name: string }[] }>(
      `/employees?q=${encodeURIComponent(user.employee)}&limit=5`,
    );
    if (res.status !== 200) return null;
    const list = res.body;
    const found = list.data.find((e) => `${e.first_name} ${e.last_name}` === user.employee);
    if (found) employees.set(user.id, found.id);
    return found?.id ?? null;
  }

  /**
   * Partner staff read every employer of the portfolio, each with a view-only token for that employer (the
   * tenant named in the request's path); everyone else works in the host's own tenant with their own role.
   */
  const tokenScope = (user: HostUser, url: string) => {
    if (user.role !== 'partner_staff') return { path: tenantPath, role: user.role, key: user.id };
    const tenant = /^\/v1\/tenants\/([^/?#]+)/.exec(url)?.[1] ?? encodeURIComponent(config.tenant);
    return { path: `/v1/tenants/${tenant}`, role: 'viewer', key: `${user.id}|${tenant}` };
  };

  async function mint(user: HostUser, origin: string, url = ''): Promise<Minted> {
    if (!config.partnerKey)
      return {
        status: 503,
        json: { error: { code: 'not_configured', message: 'Set PAYRAIL_PARTNER_KEY for the BFF.', status: 503 } },
      };
    try {
      // An employee's token is pinned to them: it reads only their own records and writes nothing itself.
      const employee = await employeeOf(user);
      const scope = tokenScope(user, url);
      const { response, payload } = await api.fetch(`${scope.path}/users/token`, {
        method: 'POST',
        headers: partnerHeaders(),
        body: JSON.stringify({
          role: scope.role,
          user_id: user.id,
          user_name: user.name,
          origin,
          ...(employee ? { employee_id: employee } : {}),
        }),
      });
      return { status: response.status, json: JSON.parse(payload.toString('utf8')) as Minted['json'] };
    } catch {
      return { status: 502, json: badGateway };
    }
  }

  /** The host user's token for calls the page makes without one; reused until a minute before expiry. */
  async function cachedToken(user: HostUser, origin: string, url: string): Promise<string | null> {
    const key = `${tokenScope(user, url).key}|${origin}`;
    const hit = cache.get(key);
    if (hit && hit.expiresAt - Date.now() > 60_000) return hit.token;
    const { status, json } = await mint(user, origin, url);
    if (status !== 201 || !('data' in json)) return null;
    cache.set(key, { token: json.data.token, expiresAt: Date.now() + json.data.expires_in * 1000 });
    return json.data.token;
  }

  app.get('/bff/users', (_req, res) => {
    res.json({ data: HOST_USERS });
  });
  app.get('/bff/me', async (req, res) => {
    const user = currentUser(req, config.sessionSecret);
    // An employee's pinned token may not read the company (a tenant-level record): the host names it.
    let company: { name: string; country: string } | null = null;
    if (user?.employee && config.partnerKey) {
      try {
        const r = await partnerCall<{ data: Record<string, string | undefined> }>('/company');
        if (r.status === 200) {
          const d = r.body.data;
          company = { name: d.trading_name ?? d.legal_name ?? '', country: d.country ?? d.jurisdiction ?? '' };
        }
      } catch {
        company = null;
      }
    }
    res.json({ data: { user, tenant: config.tenant, ...(company ? { company } : {}) } });
  });
  app.post('/bff/sign-in', ownOriginOnly, express.json(), (req, res) => {
    const user = HOST_USERS.find((u) => u.id === req.body?.user_id);
    if (!user) {
      fail(res, 400, 'bad_request', 'Unknown host user.');
      return;
    }
    signIn(res, config.sessionSecret, user);
    res.json({ data: { user } });
  });
  app.post('/bff/sign-out', ownOriginOnly, (_req, res) => {
    signOut(res);
    res.json({ data: { signed_out: true } });
  });

  /**
   * A fresh token for the signed-in host user: the components' tokenProvider calls this. The tenant
   * is the host's decision, never the browser's, and the token only works from this origin.
   */
  app.post('/bff/session', ownOriginOnly, async (req, res) => {
    const user = currentUser(req, config.sessionSecret);
    if (!user) {
      fail(res, 401, 'unauthorized', 'Sign in to the host application first.');
      return;
    }
    // Partner staff name the employer they are looking at; the token is view-only and for that employer alone.
    const named = user.role === 'partner_staff' && typeof req.query.tenant === 'string' ? req.query.tenant : null;
    const { status, json } = await mint(user, selfOrigin(req), named ? `/v1/tenants/${encodeURIComponent(named)}` : '');
    res.set('cache-control', 'no-store');
    res.status(status).json('data' in json ? { data: { ...json.data, tenant: named ?? config.tenant, user } } : json);
  });

  /**
   * The signed-in employee's own leave request. A pinned token may not write at tenant level, so the host
   * sends it with the partner key, for the employee the host signed in (never one the browser names).
   */
  app.post('/bff/leave-requests', ownOriginOnly, express.json(), async (req, res) => {
    const user = currentUser(req, config.sessionSecret);
    if (!user) {
      fail(res, 401, 'unauthorized', 'Sign in to the host application first.');
      return;
    }
    let employee: string | null;
    try {
      employee = await employeeOf(user);
    } catch {
      res.status(502).json(badGateway);
      return;
    }
    if (!employee) {
      fail(res, 403, 'not_an_employee', 'Only people on the payroll can request leave here.');
      return;
    }
    const body: Record<string, unknown> =
      req.body && typeof req.body === 'object' && !Array.isArray(req.body) ? { ...req.body } : {};
    try {
      const upstream = await partnerCall('/leave/requests', {
        method: 'POST',
        headers: { 'idempotency-key': crypto.randomUUID() },
        body: JSON.stringify({ ...body, employee_id: employee }),
      });
      res.status(upstream.status).json(upstream.body);
    } catch {
      res.status(502).json(badGateway);
    }
  });

  /**
   * A new employee from the onboarding wizard: the host writes the validated draft with the partner key and
   * its own governance reason, naming the form and the signed-in user. Only host users who prepare payroll
   * may add people; the employee, then the bank account and fund on it, each one governed write.
   */
  app.post('/bff/employees', ownOriginOnly, express.json(), async (req, res) => {
    const user = currentUser(req, config.sessionSecret);
    if (!user) {
      fail(res, 401, 'unauthorized', 'Sign in to the host application first.');
      return;
    }
    if (user.employee || !['preparer', 'admin'].includes(user.role)) {
      fail(res, 403, 'forbidden', 'Only payroll officers and administrators add employees here.');
      return;
    }
    const part = (v: unknown) => (v && typeof v === 'object' && !Array.isArray(v) ? v : undefined);
    const { employee, bank, pension, ...rest } = (part(req.body) ?? {}) as Record<string, unknown>;
    if (!part(employee) || (bank && !part(bank)) || (pension && !part(pension)) || Object.keys(rest).length) {
      fail(res, 400, 'bad_request', 'Send the onboarding draft: employee, and optionally bank and pension.');
      return;
    }
    const governed = {
      'x-governance-reason': `New employee from the employee-onboarding form, entered by ${user.name} (${user.id})`,
    };
    const write = (path: string, method: string, body: unknown) =>
      partnerCall<{ data: { id: string } }>(path, {
        method,
        headers: { ...governed, 'idempotency-key': crypto.randomUUID() },
        body: JSON.stringify(body),
      });
    try {
      const created = await write('/employees', 'POST', employee);
      if (created.status !== 201) {
        res.status(created.status).json(created.body);
        return;
      }
      const id = created.body.data.id;
      for (const [segment, body] of [
        ['bank-accounts', bank],
        ['pension', pension],
      ] as const) {
        if (!body) continue;
        const r = await write(`/employees/${encodeURIComponent(id)}/${segment}`, 'PATCH', body);
        if (r.status !== 200) {
          res.status(r.status).json({ ...r.body, employee_id: id });
          return;
        }
      }
      // The answer names the new employee only: nothing typed (an identifier) travels back to the page.
      res.status(201).json({ data: { id } });
    } catch {
      res.status(502).json(badGateway);
    }
  });

  /**
   * "Verify chain" from the audit trail: recomputing the evidence chain is a partner-key call, so the host
   * makes it with its own key, for a signed-in administrator only, and answers the API's result as it is.
   */
  app.post('/bff/governance/verify', ownOriginOnly, async (req, res) => {
    const user = currentUser(req, config.sessionSecret);
    if (!user) {
      fail(res, 401, 'unauthorized', 'Sign in to the host application first.');
      return;
    }
    if (user.employee || user.role !== 'admin') {
      fail(res, 403, 'forbidden', 'Only administrators can check the audit trail.');
      return;
    }
    if (!config.partnerKey) {
      fail(res, 503, 'not_configured', 'Set PAYRAIL_PARTNER_KEY for the BFF.');
      return;
    }
    try {
      const upstream = await partnerCall('/governance/verify', { method: 'POST', body: '{}' });
      res.set('cache-control', 'no-store');
      res.status(upstream.status).json(upstream.body);
    } catch {
      res.status(502).json(badGateway);
    }
  });

  /**
   * The partner portfolio for signed-in partner staff: the API takes a partner key only, so the BFF asks with
   * its own and passes on the answer (and the query: search, sort, page). Nobody else may read it.
   */
  app.get('/api/portfolio/:view', ownOriginOnly, async (req, res) => {
    const user = currentUser(req, config.sessionSecret);
    if (!user) {
      fail(res, 401, 'unauthorized', 'Sign in to the host application first.');
      return;
    }
    if (user.role !== 'partner_staff') {
      fail(res, 403, 'forbidden', 'Only partner staff can see the portfolio of employers.');
      return;
    }
    const view = String(req.params.view);
    if (!['summary', 'pipeline', 'clients'].includes(view)) {
      fail(res, 404, 'not_found', 'No such portfolio view.');
      return;
    }
    if (!config.partnerKey) {
      fail(res, 503, 'not_configured', 'Set PAYRAIL_PARTNER_KEY for the BFF.');
      return;
    }
    const query = req.url.includes('?') ? req.url.slice(req.url.indexOf('?')) : '';
    try {
      const { response, payload } = await api.fetch(`/v1/partners/portfolio/${view}${query}`, {
        headers: partnerHeaders(),
      });
      res.set('cache-control', 'no-store');
      res.status(response.status).type('application/json').end(payload);
    } catch {
      res.status(502).json(badGateway);
    }
  });

  // Events name the employer by its id; the host is configured with its id or its slug.
  let hostTenantId: Promise<string> | null = null;
  mountWebhookReceiver(app, config.webhookSecret ?? null, {
    user: (req) => currentUser(req, config.sessionSecret),
    tenantId: () =>
      (hostTenantId ??= partnerCall<{ data: { tenant_id: string } }>('/company').then((r) => {
        if (r.status !== 200) {
          hostTenantId = null;
          return config.tenant;
        }
        return r.body.data.tenant_id;
      })),
  });

  app.use('/api', (req, res, next) => (BULK_HIRE_PATH.test(req.url) ? bulkBody : smallBody)(req, res, next));
  app.use('/api', (req, res, next) => {
    const user = foreign(req) ? null : currentUser(req, config.sessionSecret);
    const origin = selfOrigin(req);
    const key = user ? `${tokenScope(user, req.url).key}|${origin}` : '';
    proxy(
      req,
      res,
      api,
      user
        ? {
            get: () => cachedToken(user, origin, req.url),
            rejected: (token) => {
              if (cache.get(key)?.token === token) cache.delete(key);
            },
          }
        : null,
    ).catch(next);
  });
  app.use('/sdk', (req, res, next) => {
    relaySdk(req, res, `${api.pick()}/sdk${req.url}`).catch(next);
  });
  app.use('/styles', express.static(STYLES, { index: false }));
  app.get('/vendor/papaparse.min.js', (_req, res) => res.sendFile(PAPAPARSE, { maxAge: '1d' }));
  app.use(express.static(PUBLIC, { index: 'index.html' }));

  // Errors in the JSON envelope: a client error (malformed JSON, a bad path escape) keeps its 4xx; nothing
  // else says more than that something went wrong. No stack ever reaches the browser.
  app.use((err: unknown, _req: express.Request, res: express.Response, _next: express.NextFunction) => {
    const e = err as { status?: unknown; statusCode?: unknown; type?: unknown };
    const raw = typeof e?.status === 'number' ? e.status : e?.statusCode;
    const status = typeof raw === 'number' && raw >= 400 && raw < 500 ? raw : 500;
    if (status === 500) console.error('BFF error:', err);
    if (res.headersSent) {
      res.destroy();
      return;
    }
    const [code, message] =
      status === 500
        ? ['internal_error', 'Something went wrong in the host application.']
        : status === 413
          ? ['payload_too_large', 'The request body exceeds 1 MB.']
          : e.type === 'entity.parse.failed'
            ? ['bad_request', 'The request body is not valid JSON.']
            : [status === 400 ? 'bad_request' : 'client_error', 'The request could not be read.'];
    fail(res, status, code, message);
  });
  return app;
}
