import { z } from 'zod';
import { defineRoute, type RouteDef } from '../http/route.ts';
import { publicEvidence } from '../services/governance/evidence.ts';
import { auditTrail, evidenceRecordOf, verifyTenantChain } from '../services/governance/governance.ts';
import { decodeCursor, pageOf } from '../http/pagination.ts';
import { pageQuery } from '../schemas/common.ts';
import { isoDate, tenantParams } from '../schemas/common.ts';
import { evidenceRecordSchema, verifyResultSchema } from '../schemas/governance.ts';

const dateOrTimestamp = z.union([isoDate, z.iso.datetime()]);

export const governanceRoutes: RouteDef[] = [
  defineRoute({
    method: 'get',
    path: '/v1/tenants/{tenantId}/governance/evidence/{evidenceId}',
    tag: 'governance',
    summary: 'One evidence record',
    params: tenantParams.extend({ evidenceId: z.string().min(1) }),
    response: { status: 200, description: 'The evidence record', data: evidenceRecordSchema },
    handler: async (ctx) => ({ body: { data: await evidenceRecordOf(ctx, ctx.params.evidenceId) } }),
  }),
  defineRoute({
    method: 'get',
    path: '/v1/tenants/{tenantId}/governance/audit-trail',
    tag: 'governance',
    summary: 'The evidence chain, newest first',
    params: tenantParams,
    query: z.object({
      ...pageQuery,
      action: z.string().optional(),
      reads: z
        .enum(['include', 'exclude'])
        .optional()
        .describe('`exclude` leaves out the read receipts (who looked at a record), showing changes only'),
      resource: z.string().optional(),
      actor: z.string().optional(),
      from: dateOrTimestamp.optional(),
      to: dateOrTimestamp.optional(),
    }),
    response: { status: 200, description: 'A page of evidence records', list: evidenceRecordSchema },
    handler: async (ctx) => {
      const limit = ctx.query.limit ?? 50;
      const after = decodeCursor<number>(ctx.deps.secrets, ctx.query.cursor);
      const rows = await auditTrail(ctx, ctx.query, after, limit + 1);
      return { body: pageOf(ctx.deps.secrets, rows, limit, publicEvidence, (r) => r.seq) };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/v1/tenants/{tenantId}/governance/verify',
    tag: 'governance',
    summary: 'Recompute and check the whole chain',
    params: tenantParams,
    body: z.looseObject({}).optional(),
    response: {
      status: 200,
      description: 'Whether the chain holds, and where it first breaks',
      data: verifyResultSchema,
    },
    handler: async (ctx) => ({ body: { data: await verifyTenantChain(ctx) } }),
  }),
];
