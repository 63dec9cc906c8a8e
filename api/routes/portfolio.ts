import { z } from 'zod';
import { defineRoute, type RouteDef } from '../http/route.ts';
import { clientsOf, pipelineOf, portfolioOf, summaryOf } from '../services/portfolio.ts';
import { clientRowSchema, erroredTenantSchema, pipelineSchema, summarySchema } from '../schemas/portfolio.ts';

const errored = { errored_tenants: z.array(erroredTenantSchema) };

export const portfolioRoutes: RouteDef[] = [
  defineRoute({
    method: 'get',
    path: '/v1/partners/portfolio/summary',
    tag: 'portfolio',
    summary: 'Headline figures across all your tenants',
    response: { status: 200, description: 'Stats across the tenants', data: summarySchema },
    handler: async (ctx) => ({ body: { data: summaryOf(await portfolioOf(ctx), ctx.now) } }),
  }),
  defineRoute({
    method: 'get',
    path: '/v1/partners/portfolio/pipeline',
    tag: 'portfolio',
    summary: 'Pay runs across your tenants grouped as draft, approved, blocked and recently finalised',
    response: { status: 200, description: 'The pipeline board', data: pipelineSchema, extra: errored },
    handler: async (ctx) => {
      const p = await portfolioOf(ctx);
      return { body: { data: pipelineOf(p), errored_tenants: p.errored } };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/v1/partners/portfolio/clients',
    tag: 'portfolio',
    summary: 'One row per tenant: workforce, pay dates, risk and health',
    response: { status: 200, description: 'One row per tenant', data: z.array(clientRowSchema), extra: errored },
    handler: async (ctx) => {
      const p = await portfolioOf(ctx);
      return { body: { data: clientsOf(p), errored_tenants: p.errored } };
    },
  }),
];
