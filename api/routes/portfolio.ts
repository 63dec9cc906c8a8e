import { z } from 'zod';
import { defineRoute, type RouteDef } from '../http/route.ts';
import { decodeCursor, encodeCursor } from '../http/pagination.ts';
import { badRequest } from '../lib/errors.ts';
import { portfolioClients, portfolioPipeline, portfolioSummary, positionOf } from '../services/portfolio/portfolio.ts';
import {
  BOARD_GROUP_RUNS,
  clientPosition,
  clientRowSchema,
  clientsQuery,
  erroredTenantSchema,
  pipelineSchema,
  summarySchema,
} from '../schemas/portfolio.ts';

const errored = { errored_tenants: z.array(erroredTenantSchema) };

export const portfolioRoutes: RouteDef[] = [
  defineRoute({
    method: 'get',
    path: '/v1/partners/portfolio/summary',
    tag: 'portfolio',
    summary: 'Headline figures across all your tenants',
    response: { status: 200, description: 'Stats across the tenants', data: summarySchema },
    handler: async (ctx) => ({ body: { data: await portfolioSummary(ctx) } }),
  }),
  defineRoute({
    method: 'get',
    path: '/v1/partners/portfolio/pipeline',
    tag: 'portfolio',
    summary: `Pay runs across your tenants grouped as draft, approved, blocked and recently finalised: each group counted, with its first ${BOARD_GROUP_RUNS} runs`,
    response: { status: 200, description: 'The pipeline board', data: pipelineSchema, extra: errored },
    handler: async (ctx) => {
      const p = await portfolioPipeline(ctx);
      return { body: { data: p.data, errored_tenants: p.errored } };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/v1/partners/portfolio/clients',
    tag: 'portfolio',
    summary: 'One row per tenant: workforce, pay dates, risk and health (searchable, sortable, paged with limit)',
    query: clientsQuery,
    response: { status: 200, description: 'One row per tenant', list: clientRowSchema, extra: errored },
    handler: async (ctx) => {
      const { q, sort, limit, cursor } = ctx.query;
      const secrets = ctx.deps.secrets;
      const decoded = decodeCursor<unknown>(secrets, cursor);
      const after = decoded === null ? null : clientPosition.safeParse(decoded);
      if (after && !after.success)
        throw badRequest('The cursor is invalid.', [{ path: 'cursor', message: 'Invalid cursor.' }]);
      const page = await portfolioClients(ctx, { q, sort, limit, after: after?.data ?? null });
      return {
        body: {
          data: page.data,
          has_more: page.hasMore,
          next_cursor: page.last ? encodeCursor(secrets, positionOf(page.last)) : null,
          errored_tenants: page.errored,
        },
      };
    },
  }),
];
