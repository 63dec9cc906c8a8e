import { z } from 'zod';
import { defineRoute, type RouteDef } from '../http/route.ts';
import { pageOf, decodeCursor } from '../http/pagination.ts';
import { pageQuery } from '../schemas/common.ts';
import { tenantParams } from '../schemas/common.ts';
import {
  bindingSchema,
  createTenantBody,
  mintedKeySchema,
  partnerKeySchema,
  repinBindingBody,
  sessionId,
  sessionRevocationSchema,
  tenantSchema,
} from '../schemas/platform.ts';
import { listOwnTenants, provisionTenant, repinBinding, tenantWithBindings } from '../services/setup/tenants.ts';
import {
  listPartnerKeys,
  mintPartnerKey,
  partnerCaller,
  revokePartnerKey,
  revokeSession,
} from '../services/platform/partner-keys.ts';

export const partnerRoutes: RouteDef[] = [
  defineRoute({
    method: 'post',
    path: '/v1/partners/tenants',
    tag: 'tenants',
    summary: 'Provision a tenant with its engine binding',
    body: createTenantBody,
    moneyMoving: true,
    response: {
      status: 201,
      description: 'The tenant and its binding (open objects)',
      data: z.object({ tenant: tenantSchema, binding: bindingSchema }),
      evidence: true,
    },
    errors: [409],
    handler: async (ctx) => ctx.commit(async (r) => ({ status: 201, ...(await provisionTenant(ctx, r, ctx.body)) })),
  }),
  defineRoute({
    method: 'get',
    path: '/v1/partners/tenants',
    tag: 'tenants',
    summary: 'List your tenants',
    query: z.object(pageQuery),
    response: { status: 200, description: 'A page of your tenants in the key’s environment', list: tenantSchema },
    handler: async (ctx) => {
      const limit = ctx.query.limit ?? 50;
      const after = decodeCursor<string>(ctx.deps.secrets, ctx.query.cursor);
      const rows = await listOwnTenants(ctx, after, limit);
      return {
        body: pageOf(
          ctx.deps.secrets,
          rows,
          limit,
          (t) => t,
          (t) => t.id,
        ),
      };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/v1/partners/tenants/{tenantId}',
    tag: 'tenants',
    summary: 'Get a tenant with its bindings',
    params: tenantParams,
    response: {
      status: 200,
      description: 'The tenant and every binding it has',
      data: z.object({ tenant: tenantSchema, bindings: z.array(bindingSchema) }),
    },
    handler: async (ctx) => ({ body: { data: await tenantWithBindings(ctx) } }),
  }),
  defineRoute({
    method: 'patch',
    path: '/v1/partners/tenants/{tenantId}/bindings/{bindingId}',
    tag: 'tenants',
    summary: 'Re-pin a binding to another released version of its pack (a new statutory year)',
    governed: true,
    params: tenantParams.extend({ bindingId: z.string().min(1) }),
    body: repinBindingBody,
    response: { status: 200, description: 'The re-pinned binding', data: bindingSchema, evidence: true },
    handler: async (ctx) =>
      ctx.commit((r) => repinBinding(ctx, r, { bindingId: ctx.params.bindingId, packVersion: ctx.body.pack_version })),
  }),
  defineRoute({
    method: 'post',
    path: '/v1/partners/keys',
    tag: 'keys',
    summary: 'Mint another key of your environment (shown once)',
    body: z.strictObject({}).optional(),
    response: {
      status: 201,
      description: 'The new key with its secret, shown this once (null on an idempotent replay)',
      data: mintedKeySchema,
      evidence: true,
    },
    handler: async (ctx) =>
      ctx.commit(async (r) => ({ status: 201, ...(await mintPartnerKey(ctx, r, partnerCaller(ctx))) })),
  }),
  defineRoute({
    method: 'get',
    path: '/v1/partners/keys',
    tag: 'keys',
    summary: 'List your keys (no secrets)',
    response: { status: 200, description: 'Every key of yours, active and revoked', data: z.array(partnerKeySchema) },
    handler: async (ctx) => ({ body: { data: await listPartnerKeys(ctx, partnerCaller(ctx).partnerId) } }),
  }),
  defineRoute({
    method: 'delete',
    path: '/v1/partners/keys/{keyId}',
    tag: 'keys',
    summary: 'Revoke a key and every token it minted',
    params: z.object({ keyId: z.string().min(1) }),
    response: { status: 200, description: 'The revoked key', data: partnerKeySchema, evidence: true },
    errors: [409],
    handler: async (ctx) => {
      const owner = partnerCaller(ctx).partnerId;
      const result = await ctx.commit((r) => revokePartnerKey(ctx, r, { keyId: ctx.params.keyId, owner }));
      ctx.deps.revocations.noteKey(ctx.params.keyId);
      return result;
    },
  }),
  defineRoute({
    method: 'post',
    path: '/v1/partners/sessions/{sessionId}/revoke',
    tag: 'keys',
    summary: 'Revoke one embed or user token session and every token minted from it',
    params: z.object({ sessionId }),
    body: z.strictObject({}).optional(),
    response: {
      status: 200,
      description: 'The session and its descendants are revoked',
      data: sessionRevocationSchema,
      evidence: true,
    },
    handler: async (ctx) => {
      const partnerId = partnerCaller(ctx).partnerId;
      let revoked: string[] = [];
      const result = await ctx.commit(async (r) => {
        const { revokedSessions, ...change } = await revokeSession(ctx, r, {
          partnerId,
          sessionId: ctx.params.sessionId,
        });
        revoked = revokedSessions;
        return change;
      });
      for (const id of revoked) ctx.deps.revocations.noteSession(id);
      return result;
    },
  }),
];
