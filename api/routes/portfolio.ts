import type { RouteDef } from '../http/route.ts';
import type { RequestContext } from '../http/context.ts';
import { clientsOf, loadPortfolio, pipelineOf, summaryOf } from '../services/portfolio.ts';

const portfolioOf = (ctx: RequestContext) => {
  const c = ctx.requireCaller();
  return loadPortfolio(ctx.store.repos, c.partnerId, c.environment, ctx.now);
};

export const portfolioRoutes: RouteDef[] = [
  {
    method: 'get',
    path: '/v1/partners/portfolio/summary',
    tag: 'portfolio',
    summary: 'Headline figures across all your tenants',
    handler: async (ctx) => ({ body: { data: summaryOf(await portfolioOf(ctx), ctx.now) } }),
  },
  {
    method: 'get',
    path: '/v1/partners/portfolio/pipeline',
    tag: 'portfolio',
    summary: 'Pay runs across your tenants grouped as draft, approved, blocked and recently finalised',
    handler: async (ctx) => {
      const p = await portfolioOf(ctx);
      return { body: { data: pipelineOf(p), errored_tenants: p.errored } };
    },
  },
  {
    method: 'get',
    path: '/v1/partners/portfolio/clients',
    tag: 'portfolio',
    summary: 'One row per tenant: workforce, pay dates, risk and health',
    handler: async (ctx) => {
      const p = await portfolioOf(ctx);
      return { body: { data: clientsOf(p), errored_tenants: p.errored } };
    },
  },
];
