// Pay-run exceptions: the findings to review before approval, and acknowledging one with a reason.
import { z } from 'zod';
import { defineRoute, type RouteDef } from '../http/route.ts';
import { reasonField, tenantParams } from '../schemas/common.ts';
import { acknowledgeAnswer, exceptionSchema } from '../schemas/exceptions.ts';
import { acknowledgeException, listExceptions } from '../services/pay-runs/exception-review.ts';

const T = '/v1/tenants/{tenantId}';
const PR = `${T}/pay-runs/{payRunId}`;
const prParams = tenantParams.extend({ payRunId: z.string().regex(/^pr_[A-Za-z0-9_]+$/, 'Expected a pr_ id.') });
const excParams = prParams.extend({
  exceptionId: z.string().regex(/^exc_[a-f0-9]+$/, 'Expected an exc_ id.'),
});

export const payRunExceptionRoutes: RouteDef[] = [
  defineRoute({
    method: 'get',
    path: `${PR}/exceptions`,
    tag: 'pay-runs',
    summary:
      "Exceptions to review before approval, from the run's current entries (data-scoped): errors first. " +
      'Approval answers 409 exceptions_open while an error is unacknowledged',
    params: prParams,
    response: { status: 200, description: 'exceptions the caller may see', list: exceptionSchema },
    handler: async (ctx) => {
      const data = await listExceptions(ctx, ctx.params.payRunId);
      return { body: { data, has_more: false, next_cursor: null } };
    },
  }),
  defineRoute({
    method: 'post',
    path: `${PR}/exceptions/{exceptionId}/acknowledge`,
    tag: 'pay-runs',
    summary:
      'Acknowledge an exception with a reason (draft or previewed run; 409 state_conflict after). It holds ' +
      'while its figures are unchanged; acknowledging it again changes nothing',
    params: excParams,
    body: z.strictObject(reasonField).optional(),
    governed: true,
    response: { status: 200, description: 'the acknowledged exception', data: acknowledgeAnswer, evidence: true },
    errors: [409],
    handler: async (ctx) =>
      ctx.commit((r, evidenceId) =>
        acknowledgeException(ctx, r, ctx.params.payRunId, ctx.params.exceptionId, evidenceId),
      ),
  }),
];
