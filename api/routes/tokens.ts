import { defineRoute, type RouteDef } from '../http/route.ts';
import { tenantParams } from '../schemas/common.ts';
import {
  callerContextSchema,
  embedTokenBody,
  embedTokenSchema,
  userTokenBody,
  userTokenSchema,
} from '../schemas/platform.ts';
import { callerContext, mintEmbedToken, mintUserToken } from '../services/platform/token-delegation.ts';

export const tokenRoutes: RouteDef[] = [
  defineRoute({
    method: 'post',
    path: '/v1/tenants/{tenantId}/embed/token',
    tag: 'tokens',
    summary: 'Mint an embed token (15 minutes) for the SDK components',
    params: tenantParams,
    body: embedTokenBody,
    response: {
      status: 201,
      description: 'The embed token (null on an idempotent replay) and its lifetime in seconds',
      data: embedTokenSchema,
    },
    handler: async (ctx) => ctx.commit(async (r) => ({ status: 201, ...(await mintEmbedToken(ctx, r, ctx.body)) })),
  }),
  defineRoute({
    method: 'post',
    path: '/v1/tenants/{tenantId}/users/token',
    tag: 'tokens',
    summary: 'Mint a user token: an embed token plus a role and a data scope',
    params: tenantParams,
    body: userTokenBody,
    response: {
      status: 201,
      description:
        'The user token (null on an idempotent replay) with its role, data scope, user and session; a token minted ' +
        'by a user token expires with it at the latest',
      data: userTokenSchema,
    },
    handler: async (ctx) => ctx.commit(async (r) => ({ status: 201, ...(await mintUserToken(ctx, r, ctx.body)) })),
  }),
  defineRoute({
    method: 'get',
    path: '/v1/tenants/{tenantId}/me',
    tag: 'tokens',
    summary: 'The caller, decoded from the credential',
    params: tenantParams,
    fromCredential: true,
    response: { status: 200, description: 'The caller context', data: callerContextSchema },
    handler: async (ctx) => ({ body: { data: callerContext(ctx.requireCaller()) } }),
  }),
];
