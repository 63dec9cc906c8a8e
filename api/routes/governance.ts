import { z } from 'zod';
import type { RouteDef } from '../http/route.ts';
import { publicEvidence, verifyChain } from '../services/evidence.ts';
import { decodeCursor, pageOf, pageQuery } from '../http/pagination.ts';
import { notFound } from '../lib/errors.ts';
import { isoDate, tenantParams } from '../schemas/common.ts';
import { addDays, isIsoDate } from '../lib/dates.ts';

const dateOrTimestamp = z.union([isoDate, z.iso.datetime()]);

// Stored timestamps are `toISOString()` strings compared as text, so bounds take the same form:
// `2026-11-21T09:00:00Z` would otherwise sort after `2026-11-21T09:00:00.000Z` and drop that record.
// A date `to` covers its whole day; a timestamp `to` includes that instant.
const lowerBound = (v: string) => (isIsoDate(v) ? v : new Date(v).toISOString());
const upperBound = (v: string) => (isIsoDate(v) ? addDays(v, 1) : new Date(Date.parse(v) + 1).toISOString());

export const governanceRoutes: RouteDef[] = [
  {
    method: 'get',
    path: '/v1/tenants/{tenantId}/governance/evidence/{evidenceId}',
    tag: 'governance',
    summary: 'One evidence record',
    params: tenantParams.extend({ evidenceId: z.string().min(1) }),
    handler: async (ctx) => {
      const row = await ctx.store.repos.getEvidence(ctx.requireTenant().tenant.id, ctx.params.evidenceId);
      if (!row) throw notFound('Evidence record not found.');
      return { body: { data: publicEvidence(row) } };
    },
  },
  {
    method: 'get',
    path: '/v1/tenants/{tenantId}/governance/audit-trail',
    tag: 'governance',
    summary: 'The evidence chain, newest first',
    params: tenantParams,
    query: z.object({
      ...pageQuery,
      action: z.string().optional(),
      resource: z.string().optional(),
      actor: z.string().optional(),
      from: dateOrTimestamp.optional(),
      to: dateOrTimestamp.optional(),
    }),
    handler: async (ctx) => {
      const q = ctx.query;
      const limit = q.limit ?? 50;
      const after = decodeCursor<number>(ctx.deps.secrets, q.cursor);
      const filter = { ...q, from: q.from && lowerBound(q.from), to: q.to && upperBound(q.to) };
      const rows = await ctx.store.repos.listEvidence(ctx.requireTenant().tenant.id, filter, after, limit + 1);
      return { body: pageOf(ctx.deps.secrets, rows, limit, publicEvidence, (r) => r.seq) };
    },
  },
  {
    method: 'post',
    path: '/v1/tenants/{tenantId}/governance/verify',
    tag: 'governance',
    summary: 'Recompute and check the whole chain',
    params: tenantParams,
    body: z.object({}).passthrough().optional(),
    handler: async (ctx) => ({ body: { data: verifyChain(ctx.store, ctx.requireTenant().tenant.id) } }),
  },
];
