// The tenant's readiness for the next pay run: company items and employees with something missing.
import { defineRoute, type RouteDef } from '../http/route.ts';
import { tenantParams } from '../schemas/common.ts';
import { tenantReadinessView } from '../schemas/validation.ts';
import { tenantReadiness } from '../services/setup/tenant-readiness.ts';

export const readinessRoutes: RouteDef[] = [
  defineRoute({
    method: 'get',
    path: '/v1/tenants/{tenantId}/readiness',
    tag: 'employees',
    summary: 'What must be completed before the next pay run (verdicts only, data-scoped)',
    params: tenantParams,
    response: {
      status: 200,
      description: 'company items and each active employee with missing items, blocking ones first, with counts',
      data: tenantReadinessView,
    },
    handler: async (ctx) => ({ body: { data: await tenantReadiness(ctx, ctx.store.repos) } }),
  }),
];
