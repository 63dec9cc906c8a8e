// A partner's webhook endpoints: where its events go. The signing secret is sealed at rest and shown once, at
// creation and at each rotation; after a rotation the previous secret signs too until its grace period ends.
// Records chain under the partner id, like its keys. Another partner's endpoint (or tenant) is not found.
import type { Repos } from '../../store/index.ts';
import type { WebhookEndpointTable } from '../../store/schema.ts';
import type { WebhookDeliveryRow } from '../../store/webhook-repo.ts';
import type { Change } from '../platform/unit-of-work.ts';
import type { UseCaseContext } from '../platform/use-case.ts';
import type { PartnerRef } from '../platform/partner-keys.ts';
import { newId } from '../../lib/ids.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { vetAddresses, systemResolve } from './address.ts';
import { newSigningSecret } from './signature.ts';
import { TEST_EVENT } from '../../model/webhook-event-types.ts';

export const DEFAULT_GRACE_HOURS = 24;

export interface EndpointInput {
  url: string;
  description?: string | null;
  event_types: string[];
  tenants?: string[] | null;
}

export function publicEndpoint(e: WebhookEndpointTable, now: Date) {
  const previousLive = !!e.previous_until && e.previous_until > now.toISOString();
  return {
    id: e.id,
    url: e.url,
    description: e.description,
    environment: e.environment,
    event_types: JSON.parse(e.event_types_json) as string[],
    tenants: e.tenants_json ? (JSON.parse(e.tenants_json) as string[]) : null,
    status: e.status,
    notice: e.notice,
    previous_secret_valid_until: previousLive ? e.previous_until : null,
    created_at: e.created_at,
    updated_at: e.updated_at,
  };
}
export type PublicEndpoint = ReturnType<typeof publicEndpoint>;

/** Refuses a URL that may not be delivered to from this environment (see address.ts). */
async function checkUrl(uc: UseCaseContext, url: string, env: PartnerRef['environment']) {
  const vetted = await vetAddresses(url, env, uc.deps.resolveHost ?? systemResolve);
  if ('problem' in vetted)
    throw badRequest('This URL cannot receive webhooks.', [{ path: 'url', message: vetted.problem }]);
}

/** The tenants must be the partner's own, in its environment: any other is not found. */
async function checkTenants(r: Repos, owner: PartnerRef, tenants: string[] | null | undefined) {
  for (const id of tenants ?? []) {
    const t = await r.getTenant(id);
    if (!t || t.partner_id !== owner.partnerId || t.environment !== owner.environment)
      throw notFound(`Tenant ${id} not found.`);
  }
}

export async function ownEndpoint(r: Repos, owner: PartnerRef, id: string): Promise<WebhookEndpointTable> {
  const e = await r.webhookEndpoint(owner.partnerId, id);
  if (!e || e.environment !== owner.environment) throw notFound('Webhook endpoint not found.');
  return e;
}

const evidence = (owner: PartnerRef, action: string, id: string, decision?: Record<string, unknown>) => ({
  chain: owner.partnerId,
  mock: false,
  action,
  resource: id,
  decision,
});

export async function createEndpoint(
  uc: UseCaseContext,
  r: Repos,
  owner: PartnerRef,
  input: EndpointInput,
): Promise<Change<PublicEndpoint & { secret: string }>> {
  await checkUrl(uc, input.url, owner.environment);
  await checkTenants(r, owner, input.tenants);
  const secret = newSigningSecret();
  const at = uc.now.toISOString();
  const row: WebhookEndpointTable = {
    id: newId('whe_', 12),
    partner_id: owner.partnerId,
    environment: owner.environment,
    url: input.url,
    description: input.description ?? null,
    event_types_json: JSON.stringify(input.event_types),
    tenants_json: input.tenants ? JSON.stringify(input.tenants) : null,
    status: 'enabled',
    notice: null,
    secret_enc: uc.deps.secrets.encrypt(secret),
    previous_secret_enc: null,
    previous_until: null,
    created_at: at,
    updated_at: at,
  };
  await r.insertWebhookEndpoint(row);
  return {
    data: { ...publicEndpoint(row, uc.now), secret },
    evidence: evidence(owner, 'webhook_endpoint.created', row.id, { event_types: input.event_types }),
  };
}

export async function listEndpoints(uc: UseCaseContext, owner: PartnerRef): Promise<PublicEndpoint[]> {
  const rows = await uc.store.repos.webhookEndpoints(owner.partnerId);
  return rows.filter((e) => e.environment === owner.environment).map((e) => publicEndpoint(e, uc.now));
}

export async function getEndpoint(uc: UseCaseContext, owner: PartnerRef, id: string): Promise<PublicEndpoint> {
  return publicEndpoint(await ownEndpoint(uc.store.repos, owner, id), uc.now);
}

/** Changes what an endpoint receives, or disables and enables it (enabling clears an automatic notice). */
export async function updateEndpoint(
  uc: UseCaseContext,
  r: Repos,
  owner: PartnerRef,
  id: string,
  patch: Partial<EndpointInput> & { status?: 'enabled' | 'disabled' },
): Promise<Change<PublicEndpoint>> {
  const e = await ownEndpoint(r, owner, id);
  if (patch.url !== undefined) await checkUrl(uc, patch.url, owner.environment);
  if (patch.tenants !== undefined) await checkTenants(r, owner, patch.tenants);
  const set: Partial<WebhookEndpointTable> = { updated_at: uc.now.toISOString() };
  if (patch.url !== undefined) set.url = patch.url;
  if (patch.description !== undefined) set.description = patch.description;
  if (patch.event_types !== undefined) set.event_types_json = JSON.stringify(patch.event_types);
  if (patch.tenants !== undefined) set.tenants_json = patch.tenants ? JSON.stringify(patch.tenants) : null;
  if (patch.status !== undefined) {
    set.status = patch.status;
    if (patch.status === 'enabled') set.notice = null;
  }
  await r.updateWebhookEndpoint(e.id, set);
  const action =
    patch.status && patch.status !== e.status ? `webhook_endpoint.${patch.status}` : 'webhook_endpoint.updated';
  return {
    data: publicEndpoint({ ...e, ...set }, uc.now),
    evidence: evidence(owner, action, e.id, { fields: Object.keys(patch).sort() }),
  };
}

export async function deleteEndpoint(
  uc: UseCaseContext,
  r: Repos,
  owner: PartnerRef,
  id: string,
): Promise<Change<{ id: string; deleted: true }>> {
  const e = await ownEndpoint(r, owner, id);
  await r.deleteWebhookEndpoint(e.id);
  return { data: { id: e.id, deleted: true }, evidence: evidence(owner, 'webhook_endpoint.deleted', e.id) };
}

/** A new secret, shown once; the one it replaces keeps signing for `graceHours` (0: at once no longer). */
export async function rotateSecret(
  uc: UseCaseContext,
  r: Repos,
  owner: PartnerRef,
  id: string,
  graceHours: number,
): Promise<Change<PublicEndpoint & { secret: string }>> {
  const e = await ownEndpoint(r, owner, id);
  const secret = newSigningSecret();
  const set: Partial<WebhookEndpointTable> = {
    secret_enc: uc.deps.secrets.encrypt(secret),
    previous_secret_enc: graceHours > 0 ? e.secret_enc : null,
    previous_until: graceHours > 0 ? new Date(uc.now.getTime() + graceHours * 3_600_000).toISOString() : null,
    updated_at: uc.now.toISOString(),
  };
  await r.updateWebhookEndpoint(e.id, set);
  return {
    data: { ...publicEndpoint({ ...e, ...set }, uc.now), secret },
    evidence: evidence(owner, 'webhook_endpoint.secret_rotated', e.id, { grace_hours: graceHours }),
  };
}

/** A test event, for this endpoint only (its evidence record's event; see the fan-out in dispatcher.ts). */
export async function sendTestEvent(
  uc: UseCaseContext,
  r: Repos,
  owner: PartnerRef,
  id: string,
): Promise<Change<{ endpoint_id: string; event_type: string }>> {
  const e = await ownEndpoint(r, owner, id);
  return {
    data: { endpoint_id: e.id, event_type: TEST_EVENT },
    evidence: evidence(owner, TEST_EVENT, e.id),
  };
}

// ---- deliveries

export function publicDelivery(
  d: WebhookDeliveryRow,
  attempts: Awaited<ReturnType<Repos['webhookAttemptsOf']>>,
  eventType: string | undefined,
) {
  return {
    id: d.id,
    event_id: d.event_id,
    event_type: eventType ?? null,
    status: d.status,
    attempt_count: d.attempts,
    next_attempt_at: d.status === 'pending' ? d.next_attempt_at : null,
    last_status: d.last_status,
    last_error: d.last_error,
    created_at: d.created_at,
    delivered_at: d.delivered_at,
    attempts: attempts
      .filter((a) => a.delivery_id === d.id)
      .map((a) => ({
        at: a.at,
        status_code: a.status_code,
        error: a.error,
        duration_ms: a.duration_ms,
        response_excerpt: a.response_excerpt,
      })),
  };
}
export type PublicDelivery = ReturnType<typeof publicDelivery>;

export async function listDeliveries(
  uc: UseCaseContext,
  owner: PartnerRef,
  id: string,
  q: { status?: 'pending' | 'delivered' | 'failed'; limit: number },
): Promise<PublicDelivery[]> {
  const r = uc.store.repos;
  const e = await ownEndpoint(r, owner, id);
  const rows = await r.webhookDeliveries(e.id, q.status, q.limit);
  const attempts = await r.webhookAttemptsOf(rows.map((d) => d.id));
  const types = new Map<string, string>();
  for (const d of rows) {
    if (!types.has(d.event_id)) types.set(d.event_id, (await r.webhookEvent(d.event_id))?.type ?? '');
  }
  return rows.map((d) => publicDelivery(d, attempts, types.get(d.event_id)));
}

/** Sends one delivery again, or every failed one created since a time; a new retry window starts now. */
export async function redeliver(
  uc: UseCaseContext,
  r: Repos,
  owner: PartnerRef,
  id: string,
  which: { deliveryId?: string; failedSince?: string },
): Promise<Change<{ endpoint_id: string; scheduled: number }>> {
  const e = await ownEndpoint(r, owner, id);
  if (which.deliveryId && !(await r.webhookDelivery(e.id, which.deliveryId))) throw notFound('Delivery not found.');
  const now = uc.now;
  const until = new Date(now.getTime() + uc.deps.config.webhookRetryWindowMs).toISOString();
  const scheduled = await r.rescheduleWebhookDeliveries(e.id, which, now.toISOString(), until);
  return {
    data: { endpoint_id: e.id, scheduled },
    evidence: evidence(owner, 'webhook_endpoint.redelivered', e.id, { scheduled, ...which }),
  };
}
