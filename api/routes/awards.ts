// Modern awards (AU): the awards of the tenant's pack version with their rates, and an employee's award.
import { z } from 'zod';
import { defineRoute, type RouteDef } from '../http/route.ts';
import { tenantParams } from '../schemas/common.ts';
import {
  assignAwardBody,
  awardDetailSchema,
  awardParams,
  awardSummarySchema,
  employeeAwardSchema,
} from '../schemas/awards.ts';
import { assignAward, getAward, getEmployeeAward, listAwards } from '../services/setup/awards.ts';

const T = '/v1/tenants/{tenantId}';
const empParams = tenantParams.extend({ employeeId: z.string().regex(/^emp_[A-Za-z0-9_-]+$/, 'Expected an emp_ id.') });

export const awardRoutes: RouteDef[] = [
  defineRoute({
    method: 'get',
    path: `${T}/awards`,
    tag: 'awards',
    summary:
      "Modern awards the tenant's pack version carries (AU). 501 where the version carries no cited rates " +
      '(AU-2024.1, AU-2026.1) or the jurisdiction has none (DE)',
    params: tenantParams,
    response: { status: 200, description: 'the awards, by code', data: z.array(awardSummarySchema) },
    errors: [501],
    handler: async (ctx) => ({ body: { data: listAwards(ctx) } }),
  }),
  defineRoute({
    method: 'get',
    path: `${T}/awards/{code}`,
    tag: 'awards',
    summary: 'One award: classifications with their minimum rates and the rate for each time, clauses and sources',
    params: awardParams,
    response: { status: 200, description: 'the award and its rates table', data: awardDetailSchema },
    errors: [404, 501],
    handler: async (ctx) => ({ body: { data: getAward(ctx, ctx.params.code) } }),
  }),
  defineRoute({
    method: 'get',
    path: `${T}/employees/{employeeId}/award`,
    tag: 'awards',
    summary: "The employee's award, classification and work state (null when none is assigned)",
    params: empParams,
    response: { status: 200, description: 'the assignment or null', data: employeeAwardSchema.nullable() },
    errors: [404, 501],
    handler: async (ctx) => ({
      body: { data: await getEmployeeAward(ctx, ctx.store.repos, ctx.params.employeeId) },
    }),
  }),
  defineRoute({
    method: 'put',
    path: `${T}/employees/{employeeId}/award`,
    tag: 'awards',
    summary:
      'Assign the employee an award and classification (and the state whose public holidays apply); ' +
      'their timesheet shifts are then paid at the award rates',
    params: empParams,
    body: assignAwardBody,
    governed: true,
    response: { status: 200, description: 'the assignment', data: employeeAwardSchema, evidence: true },
    errors: [404, 501],
    handler: async (ctx) =>
      ctx.commit((r, evidenceId) => assignAward(ctx, r, ctx.params.employeeId, ctx.body, evidenceId)),
  }),
];
