// A partner's webhook endpoints and their deliveries (services/webhooks). Partner keys only.
import { z } from 'zod';
import { defineRoute, type RouteDef } from '../http/route.ts';
import { partnerCaller } from '../services/platform/partner-keys.ts';
import {
  createEndpoint,
  deleteEndpoint,
  getEndpoint,
  listDeliveries,
  listEndpoints,
  redeliver,
  rotateSecret,
  sendTestEvent,
  updateEndpoint,
} from '../services/webhooks/endpoints.ts';
import {
  createEndpointBody,
  deliveriesQuery,
  deliverySchema,
  endpointParams,
  endpointSchema,
  endpointWithSecretSchema,
  redeliverBody,
  rotateSecretBody,
  updateEndpointBody,
} from '../schemas/webhooks.ts';

const BASE = '/v1/partners/webhook-endpoints';
const ONE = `${BASE}/{endpointId}`;
const scheduled = z.object({ endpoint_id: z.string(), scheduled: z.number().int() });

export const webhookEndpointRoutes: RouteDef[] = [
  defineRoute({
    method: 'post',
    path: BASE,
    tag: 'webhooks',
    summary: 'Register a webhook endpoint (its signing secret is shown once)',
    body: createEndpointBody,
    errors: [404],
    response: {
      status: 201,
      description: 'The endpoint and its secret',
      data: endpointWithSecretSchema,
      evidence: true,
    },
    handler: async (ctx) =>
      ctx.commit(async (r) => ({ status: 201, ...(await createEndpoint(ctx, r, partnerCaller(ctx), ctx.body)) })),
  }),
  defineRoute({
    method: 'get',
    path: BASE,
    tag: 'webhooks',
    summary: 'List your webhook endpoints',
    response: { status: 200, description: 'Every endpoint of your environment', data: z.array(endpointSchema) },
    handler: async (ctx) => ({ body: { data: await listEndpoints(ctx, partnerCaller(ctx)) } }),
  }),
  defineRoute({
    method: 'get',
    path: ONE,
    tag: 'webhooks',
    summary: 'Get a webhook endpoint',
    params: endpointParams,
    response: { status: 200, description: 'The endpoint (no secret)', data: endpointSchema },
    handler: async (ctx) => ({ body: { data: await getEndpoint(ctx, partnerCaller(ctx), ctx.params.endpointId) } }),
  }),
  defineRoute({
    method: 'patch',
    path: ONE,
    tag: 'webhooks',
    summary: 'Change, disable or enable a webhook endpoint',
    params: endpointParams,
    body: updateEndpointBody,
    response: { status: 200, description: 'The endpoint', data: endpointSchema, evidence: true },
    handler: async (ctx) =>
      ctx.commit((r) => updateEndpoint(ctx, r, partnerCaller(ctx), ctx.params.endpointId, ctx.body)),
  }),
  defineRoute({
    method: 'delete',
    path: ONE,
    tag: 'webhooks',
    summary: 'Delete a webhook endpoint and its deliveries',
    params: endpointParams,
    response: {
      status: 200,
      description: 'The endpoint is gone',
      data: z.object({ id: z.string(), deleted: z.literal(true) }),
      evidence: true,
    },
    handler: async (ctx) => ctx.commit((r) => deleteEndpoint(ctx, r, partnerCaller(ctx), ctx.params.endpointId)),
  }),
  defineRoute({
    method: 'post',
    path: `${ONE}/rotate-secret`,
    tag: 'webhooks',
    summary: 'Rotate the signing secret (the previous one keeps signing for a grace period, 24 h unless given)',
    params: endpointParams,
    body: rotateSecretBody,
    response: {
      status: 200,
      description: 'The endpoint and its new secret',
      data: endpointWithSecretSchema,
      evidence: true,
    },
    handler: async (ctx) =>
      ctx.commit((r) =>
        rotateSecret(
          ctx,
          r,
          partnerCaller(ctx),
          ctx.params.endpointId,
          ctx.body?.grace_hours ?? ctx.deps.config.webhookGraceHours,
        ),
      ),
  }),
  defineRoute({
    method: 'post',
    path: `${ONE}/test`,
    tag: 'webhooks',
    summary: 'Send a test event to this endpoint',
    params: endpointParams,
    body: z.strictObject({}).optional(),
    response: {
      status: 202,
      description: 'The test event is queued for this endpoint',
      data: z.object({ endpoint_id: z.string(), event_type: z.string() }),
      evidence: true,
    },
    handler: async (ctx) =>
      ctx.commit(async (r) => ({
        status: 202,
        ...(await sendTestEvent(ctx, r, partnerCaller(ctx), ctx.params.endpointId)),
      })),
  }),
  defineRoute({
    method: 'get',
    path: `${ONE}/deliveries`,
    tag: 'webhooks',
    summary: 'List an endpoint’s deliveries, newest first, with every attempt and its answer',
    params: endpointParams,
    query: deliveriesQuery,
    response: { status: 200, description: 'The deliveries', data: z.array(deliverySchema) },
    handler: async (ctx) => ({
      body: {
        data: await listDeliveries(ctx, partnerCaller(ctx), ctx.params.endpointId, {
          status: ctx.query.status,
          limit: ctx.query.limit ?? 50,
        }),
      },
    }),
  }),
  defineRoute({
    method: 'post',
    path: `${ONE}/deliveries/{deliveryId}/redeliver`,
    tag: 'webhooks',
    summary: 'Send one delivery again',
    params: endpointParams.extend({ deliveryId: z.string().min(1) }),
    body: z.strictObject({}).optional(),
    response: { status: 202, description: 'The delivery is queued again', data: scheduled, evidence: true },
    handler: async (ctx) =>
      ctx.commit(async (r) => ({
        status: 202,
        ...(await redeliver(ctx, r, partnerCaller(ctx), ctx.params.endpointId, {
          deliveryId: ctx.params.deliveryId,
        })),
      })),
  }),
  defineRoute({
    method: 'post',
    path: `${ONE}/redeliver`,
    tag: 'webhooks',
    summary: 'Send again every failed delivery created since a time',
    params: endpointParams,
    body: redeliverBody,
    response: { status: 202, description: 'The failed deliveries are queued again', data: scheduled, evidence: true },
    handler: async (ctx) =>
      ctx.commit(async (r) => ({
        status: 202,
        ...(await redeliver(ctx, r, partnerCaller(ctx), ctx.params.endpointId, {
          failedSince: new Date(ctx.body.since).toISOString(),
        })),
      })),
  }),
];
