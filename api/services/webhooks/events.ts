// Webhook events: one per evidence record of a change (read receipts are appended elsewhere and make none), put in
// the outbox by the same transaction as the change and its record. The outbox row is small (ids only) to keep the
// commit cheap; the body is built once, when its deliveries are written, from the record as committed.
import type { Repos } from '../../store/index.ts';
import type { EvidenceRow } from '../../store/index.ts';
import type { WebhookEventRow } from '../../store/webhook-repo.ts';
import { newId } from '../../lib/ids.ts';

/** Puts the event of a just-appended evidence record in the outbox (inside the record's transaction). */
export async function queueEvent(
  r: Repos,
  record: { chain: string; action: string; resource: string; at: Date },
  evidenceId: string,
): Promise<void> {
  await r.insertWebhookEvent({
    id: newId('evt_', 12),
    chain: record.chain,
    type: record.action,
    resource: record.resource,
    evidence_id: evidenceId,
    created_at: record.at.toISOString(),
    fanned_out: 0,
    payload: null,
  });
}

/** Where the API answers a resource, by its id's prefix (null when it has no route of its own). */
function resourceLink(tenantId: string | null, resource: string): string | null {
  if (!tenantId) return null;
  const T = `/v1/tenants/${tenantId}`;
  const prefix = resource.slice(0, resource.indexOf('_') + 1);
  const path: Record<string, string> = {
    pr_: 'pay-runs',
    emp_: 'employees',
    ldg_: 'lodgements',
    req_: 'leave/requests',
  };
  if (resource === tenantId) return T;
  return path[prefix] ? `${T}/${path[prefix]}/${resource}` : null;
}

export const isPartnerChain = (chain: string) => chain.startsWith('par_');

/**
 * The event's body. It names the resource and links to it rather than carry it, so it never holds more than the
 * ids Payrail made (no identifier or sealed value can be in it), and carries the evidence record's place in its
 * chain so a partner can check the event against `GET …/governance/evidence/{id}`.
 */
export function eventBody(event: WebhookEventRow, record: EvidenceRow | undefined) {
  const tenantId = isPartnerChain(event.chain) ? null : event.chain;
  return {
    id: event.id,
    object: 'event' as const,
    type: event.type,
    created_at: event.created_at,
    tenant_id: tenantId,
    data: { resource: { id: event.resource, link: resourceLink(tenantId, event.resource) } },
    evidence: {
      id: event.evidence_id,
      sequence: record?.seq ?? null,
      hash: record?.hash ?? null,
      prev_hash: record?.prev_hash ?? null,
      link: tenantId ? `/v1/tenants/${tenantId}/governance/evidence/${event.evidence_id}` : null,
    },
  };
}
export type EventBody = ReturnType<typeof eventBody>;
