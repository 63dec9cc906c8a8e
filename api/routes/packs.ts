import { z } from 'zod';
import { defineRoute, type RouteDef } from '../http/route.ts';
import { PACKS, getPack, packDetail, packSummary } from '../packs/index.ts';
import { notFound } from '../lib/errors.ts';
import { tenantParams } from '../schemas/common.ts';
import { packDetailSchema, packListItemSchema, tenantPackViewSchema } from '../schemas/packs.ts';
import { tenantPacks } from '../services/setup/packs.ts';

export const packRoutes: RouteDef[] = [
  defineRoute({
    method: 'get',
    path: '/v1/packs',
    tag: 'packs',
    summary: 'List regulation packs',
    response: { status: 200, description: 'Every regulation pack', data: z.array(packListItemSchema) },
    handler: async () => ({
      body: { data: PACKS.map((p) => ({ ...packSummary(p), status: p.status, versions: packDetail(p).versions })) },
    }),
  }),
  defineRoute({
    method: 'get',
    path: '/v1/packs/{packCode}',
    tag: 'packs',
    summary: 'Get a regulation pack',
    params: z.object({ packCode: z.string().min(1).max(10) }),
    response: { status: 200, description: 'The regulation pack', data: packDetailSchema },
    handler: async (ctx) => {
      const pack = getPack(ctx.params.packCode);
      if (!pack) throw notFound(`No pack ${ctx.params.packCode}.`);
      return { body: { data: packDetail(pack) } };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/v1/tenants/{tenantId}/packs',
    tag: 'packs',
    summary: 'Packs bound to the tenant with the capability matrix',
    params: tenantParams,
    response: { status: 200, description: 'One view per engine binding', data: z.array(tenantPackViewSchema) },
    errors: [501],
    handler: async (ctx) => ({ body: { data: await tenantPacks(ctx) } }),
  }),
];
