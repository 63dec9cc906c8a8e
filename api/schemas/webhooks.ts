// Webhook endpoints and deliveries: request bodies and answers, and the event body every delivery carries.
import { z } from 'zod';
import { environment } from './platform.ts';
import { timestamp } from './common.ts';
import { EVENT_TYPE_PATTERN } from '../model/webhook-event-types.ts';

export const endpointParams = z.object({ endpointId: z.string().min(1) });

const eventTypes = z
  .array(z.string().regex(EVENT_TYPE_PATTERN, 'An event type (`pay_run.finalised`), a family (`pay_run.*`) or `*`.'))
  .min(1)
  .max(100);
const tenants = z.array(z.string().min(1)).min(1).max(500).nullable();
const url = z.string().min(1).max(2000);

export const createEndpointBody = z.strictObject({
  url,
  description: z.string().max(500).nullable().optional(),
  event_types: eventTypes,
  /** Only these tenants' events (all of yours when null or absent). */
  tenants: tenants.optional(),
});

export const updateEndpointBody = z.strictObject({
  url: url.optional(),
  description: z.string().max(500).nullable().optional(),
  event_types: eventTypes.optional(),
  tenants: tenants.optional(),
  status: z.enum(['enabled', 'disabled']).optional(),
});

export const rotateSecretBody = z.strictObject({ grace_hours: z.number().int().min(0).max(168).optional() }).optional();

export const redeliverBody = z.strictObject({
  since: z.iso.datetime({ offset: true }),
});

export const deliveriesQuery = z.object({
  status: z.enum(['pending', 'delivered', 'failed']).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
});

export const endpointSchema = z.object({
  id: z.string(),
  url: z.string(),
  description: z.string().nullable(),
  environment,
  event_types: z.array(z.string()),
  tenants: z.array(z.string()).nullable(),
  status: z.enum(['enabled', 'disabled']),
  /** Why Payrail disabled the endpoint, when it did. */
  notice: z.string().nullable(),
  /** While set, deliveries are signed with the previous secret too. */
  previous_secret_valid_until: timestamp.nullable(),
  created_at: timestamp,
  updated_at: timestamp,
});

/** The signing secret is shown this once (null on an idempotent replay). */
export const endpointWithSecretSchema = endpointSchema.extend({ secret: z.string().nullable() });

export const deliverySchema = z.object({
  id: z.string(),
  event_id: z.string(),
  event_type: z.string().nullable(),
  status: z.enum(['pending', 'delivered', 'failed']),
  attempt_count: z.number().int(),
  next_attempt_at: timestamp.nullable(),
  last_status: z.number().int().nullable(),
  last_error: z.string().nullable(),
  created_at: timestamp,
  delivered_at: timestamp.nullable(),
  attempts: z.array(
    z.object({
      at: timestamp,
      status_code: z.number().int().nullable(),
      error: z.string().nullable(),
      duration_ms: z.number().int(),
      response_excerpt: z.string().nullable(),
    }),
  ),
});

/** The body of every delivery (the same for each attempt); `Payrail-Signature` signs it. */
export const eventSchema = z.object({
  id: z.string(),
  object: z.literal('event'),
  type: z.string(),
  created_at: timestamp,
  /** The tenant whose chain holds the record (null for partner-level records: keys, endpoints). */
  tenant_id: z.string().nullable(),
  data: z.object({
    resource: z.object({
      id: z.string(),
      /** Where the API answers the resource now (null when it has no route of its own). */
      link: z.string().nullable(),
    }),
  }),
  evidence: z.object({
    id: z.string(),
    sequence: z.number().int().nullable(),
    hash: z.string().nullable(),
    prev_hash: z.string().nullable(),
    link: z.string().nullable(),
  }),
});
