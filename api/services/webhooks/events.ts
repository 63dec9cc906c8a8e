// Webhook events: one per evidence record of a change (read receipts are appended elsewhere and make none), put in
// the outbox by the same transaction as the change and its record. The outbox row is small (ids only) to keep the
// commit cheap; the body is built once, when its deliveries are written, from the record as committed.
import type { Repos } from '../../store/index.ts';
import type { EvidenceRow } from '../../store/index.ts';
import type { WebhookEventRow } from '../../store/webhook-repo.ts';
import { newId } from '../../lib/ids.ts';

/** The event a partner's endpoint receives to check that it is wired up (sent to that endpoint only). */
export const TEST_EVENT = 'webhook_endpoint.test';

/**
 * Every event type: an evidence record's action is its event's type. Listed for the OpenAPI document and to
 * refuse a subscription to a type that does not exist.
 */
export const EVENT_TYPES = [
  'binding.repinned',
  'company.bank_updated',
  'company.updated',
  'cost_centre.archived',
  'cost_centre.created',
  'cost_centre.updated',
  'cost_centre_mapping.created',
  'cost_centre_mapping.deleted',
  'employee.award_assigned',
  'employee.cost_centre_assigned',
  'employee.cost_centre_removed',
  'employee.created',
  'employee.employment_ended',
  'employee.reactivated',
  'employee.terminated',
  'employee.updated',
  'leave.booked',
  'leave.configured',
  'leave_request.approved',
  'leave_request.cancelled',
  'leave_request.created',
  'leave_request.declined',
  'leave_request.withdrawn',
  'leave_type.created',
  'lodgement.accepted',
  'lodgement.accepted_with_warnings',
  'lodgement.processing',
  'lodgement.rejected',
  'lodgement.submission_received',
  'partner.created',
  'partner_key.created',
  'partner_key.imported',
  'partner_key.revoked',
  'pay_item.created',
  'pay_item.updated',
  'pay_run.approved',
  'pay_run.created',
  'pay_run.deleted',
  'pay_run.entry_adjusted',
  'pay_run.exception_acknowledged',
  'pay_run.finalise_committed',
  'pay_run.finalise_failed',
  'pay_run.finalised',
  'pay_run.payment_file_generated',
  'pay_run.payment_file_reissued',
  'pay_run.previewed',
  'pay_run.submitted',
  'pay_run.super_batch_generated',
  'pay_run.timesheets_imported',
  'pay_run.voided',
  'pay_run_entry.committed',
  'pay_schedule.archived',
  'pay_schedule.created',
  'pay_schedule.updated',
  'payments.confirmed',
  'payments.returned',
  'session.revoked',
  'site.created',
  'site.updated',
  'stp.finalisation_submitted',
  'stp.key_identifier_change_recorded',
  'stp.update_event_submitted',
  'tenant.provisioned',
  'webhook_endpoint.created',
  'webhook_endpoint.deleted',
  'webhook_endpoint.disabled',
  'webhook_endpoint.enabled',
  'webhook_endpoint.redelivered',
  'webhook_endpoint.secret_rotated',
  TEST_EVENT,
  'webhook_endpoint.updated',
] as const;

/** What a subscription may name: every type (`*`), a family (`pay_run.*`) or one type. */
export const EVENT_TYPE_PATTERN = /^(\*|[a-z_]+\.(\*|[a-z_]+))$/;

export const typeMatches = (subscribed: readonly string[], type: string): boolean =>
  subscribed.some((s) => s === '*' || s === type || (s.endsWith('.*') && type.startsWith(s.slice(0, -1))));

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
