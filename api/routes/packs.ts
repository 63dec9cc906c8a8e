import { z } from 'zod';
import type { RouteDef } from '../http/route.ts';
import { PACKS, getPack, packDetail, packSummary } from '../packs/index.ts';
import { notFound } from '../lib/errors.ts';
import { CAPABILITIES } from '../packs/types.ts';
import { tenantParams } from '../schemas/common.ts';
import { contextFor } from '../services/tenant-context.ts';

export const packRoutes: RouteDef[] = [
  {
    method: 'get',
    path: '/v1/packs',
    tag: 'packs',
    summary: 'List regulation packs',
    handler: async () => ({
      body: { data: PACKS.map((p) => ({ ...packSummary(p), status: p.status, versions: packDetail(p).versions })) },
    }),
  },
  {
    method: 'get',
    path: '/v1/packs/{packCode}',
    tag: 'packs',
    summary: 'Get a regulation pack',
    params: z.object({ packCode: z.string().min(1).max(10) }),
    handler: async (ctx) => {
      const pack = getPack(ctx.params.packCode);
      if (!pack) throw notFound(`No pack ${ctx.params.packCode}.`);
      return { body: { data: packDetail(pack) } };
    },
  },
  {
    method: 'get',
    path: '/v1/tenants/{tenantId}/packs',
    tag: 'packs',
    summary: 'Packs bound to the tenant with the capability matrix',
    params: tenantParams,
    handler: async (ctx) => {
      const t = ctx.requireTenant();
      const bindings = await ctx.store.repos.listBindings(t.tenant.id);
      const data = bindings.map((b) => {
        const builtin = b.engine !== 'acct_engine';
        // Each binding's own adapter decides its matrix: a substrate binding is not the hub's.
        const caps = b.id === t.binding.id ? t.capabilities : contextFor(t.tenant, b).capabilities;
        return {
          binding_id: b.id,
          engine: b.engine,
          role: b.role,
          pinned_version: b.pack_version,
          pack: packSummary(getPack(b.pack_code)!),
          capabilities: caps,
          capability_basis: Object.fromEntries(CAPABILITIES.map((c) => [c, builtin ? 'pack_only' : 'unknown'])),
          capability_grant_state: builtin ? null : 'absent',
        };
      });
      return { body: { data } };
    },
  },
];
