import { defineRoute, type RouteDef } from '../http/route.ts';
import { tenantParams } from '../schemas/common.ts';
import { calculateBody, calculationSchema } from '../schemas/calculate.ts';
import { calculate } from '../services/pay-runs/calculate.ts';

export const calculateRoutes: RouteDef[] = [
  defineRoute({
    method: 'post',
    path: '/v1/tenants/{tenantId}/calculate',
    tag: 'calculation',
    summary: 'Stateless calculation for one period (no pay run)',
    params: tenantParams,
    body: calculateBody,
    response: { status: 200, description: 'The calculation result', data: calculationSchema, evidence: true },
    errors: [422, 501],
    handler: async (ctx) => {
      const change = calculate(ctx, ctx.body);
      return ctx.commit(async () => change);
    },
  }),
];
