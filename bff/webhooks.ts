// The host's webhook receiver: Payrail POSTs signed events here (server to server, never the browser). The
// signature is checked over the raw body with the endpoint's secret, as the README shows a partner doing it; a
// timestamp more than five minutes from this server's clock is refused as a replay. Events are logged and kept
// (the latest few, deduplicated by event id, since delivery is at least once), and passed on to the host's open pages
// (`GET /bff/events`, a server-sent event stream) so that a change made elsewhere shows without a reload.
import crypto from 'node:crypto';
import express from 'express';
import type { HostUser } from './host-session.ts';

const TOLERANCE_SECONDS = 300;
const KEPT = 100;
/** A comment line this often keeps idle streams open through proxies that close quiet connections. */
const HEARTBEAT_MS = 25_000;

export function verifyPayrail(header: string | undefined, rawBody: string, secret: string, nowSeconds: number) {
  if (!header) return false;
  const parts = header.split(',').map((p) => p.split('='));
  const t = Number(parts.find(([k]) => k === 't')?.[1]);
  if (!Number.isInteger(t) || Math.abs(nowSeconds - t) > TOLERANCE_SECONDS) return false;
  const expected = crypto.createHmac('sha256', secret).update(`${t}.${rawBody}`).digest();
  return parts.some(
    ([k, v]) => k === 'v1' && /^[0-9a-f]{64}$/.test(v ?? '') && crypto.timingSafeEqual(Buffer.from(v, 'hex'), expected),
  );
}

export interface ReceivedEvent {
  id: string;
  type: string;
  tenant_id: string | null;
  created_at: string;
}

/**
 * Who may read the events kept: the partner's own staff all of them, the employer's administrator those of the
 * host's employer; nobody else (the list says what changed where, which is the employer's business).
 */
export interface RecentAccess {
  user: (req: express.Request) => HostUser | null;
  /** The host's employer's id, as events name it. */
  tenantId: () => Promise<string>;
}

/** Mounts `POST /bff/webhooks` (and `GET /bff/webhooks/recent` for the page) when a secret is configured. */
export function mountWebhookReceiver(
  app: express.Express,
  secret: string | null,
  access: RecentAccess,
  log = console.log,
) {
  const recent: ReceivedEvent[] = [];
  const pages = new Set<{ res: express.Response; staff: boolean }>();
  app.post('/bff/webhooks', express.raw({ type: 'application/json', limit: '256kb' }), (req, res) => {
    const raw = Buffer.isBuffer(req.body) ? req.body.toString('utf8') : '';
    if (!secret || !verifyPayrail(req.get('payrail-signature'), raw, secret, Math.floor(Date.now() / 1000))) {
      res.status(400).json({ error: { code: 'bad_signature', message: 'Signature missing or invalid.', status: 400 } });
      return;
    }
    const event = JSON.parse(raw) as ReceivedEvent;
    if (!recent.some((e) => e.id === event.id)) {
      recent.unshift({ id: event.id, type: event.type, tenant_id: event.tenant_id, created_at: event.created_at });
      recent.length = Math.min(recent.length, KEPT);
      log(`payrail event ${event.type} ${event.id}`);
      // A page learns what changed and where, never the change itself: it reads that through its own token.
      const data = JSON.stringify({ type: event.type, tenant_id: event.tenant_id });
      const ours = access.tenantId().then(
        (id) => event.tenant_id === id,
        () => false,
      );
      for (const page of pages)
        void ours.then((own) => {
          if (page.staff || own) page.res.write(`event: payrail\ndata: ${data}\n\n`);
        });
    }
    res.status(204).end();
  });
  app.get('/bff/webhooks/recent', async (req, res) => {
    const user = access.user(req);
    const fail = (status: number, code: string, message: string) =>
      res.status(status).json({ error: { code, message, status } });
    if (!user) return fail(401, 'unauthorized', 'Sign in to the host application first.');
    if (user.role === 'partner_staff') return res.json({ data: recent });
    if (user.role !== 'admin' || user.employee)
      return fail(403, 'forbidden', 'Only an administrator sees the events Payrail sent.');
    const own = await access.tenantId().catch(() => null);
    return res.json({ data: recent.filter((e) => e.tenant_id === own) });
  });
  // The signed-in host user's open page: the partner's staff hear of every employer's changes, everyone else of
  // the host's employer's.
  app.get('/bff/events', (req, res) => {
    const user = access.user(req);
    if (!user) {
      res.status(401).json({
        error: { code: 'unauthorized', message: 'Sign in to the host application first.', status: 401 },
      });
      return;
    }
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
    });
    res.write('retry: 5000\n\n');
    const page = { res, staff: user.role === 'partner_staff' };
    pages.add(page);
    const heartbeat = setInterval(() => res.write(': still here\n\n'), HEARTBEAT_MS);
    heartbeat.unref();
    req.on('close', () => {
      clearInterval(heartbeat);
      pages.delete(page);
    });
  });
}
