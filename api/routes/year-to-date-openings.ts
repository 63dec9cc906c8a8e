// An employee's year-to-date opening figures: recorded once per tax year by an employer new to Payrail.
import { z } from 'zod';
import { defineRoute, type RouteDef } from '../http/route.ts';
import { isoDate, tenantParams } from '../schemas/common.ts';
import { recordYearToDateOpening, yearToDateOpeningsOf } from '../services/year-to-date-openings.ts';

const PATH = '/v1/tenants/{tenantId}/employees/{employeeId}/year-to-date-openings';
const params = tenantParams.extend({ employeeId: z.string().regex(/^emp_[A-Za-z0-9_-]+$/, 'Expected an emp_ id.') });

const body = z.strictObject({
  /** The last day the figures cover: the day before the employee's first pay period on Payrail. */
  as_at: isoDate,
  /** The jurisdiction's figures (DE: sv_wage_kv_pv, sv_wage_rv_av, taxable_wage, income_tax, …). */
  figures: z.record(z.string(), z.union([z.string().max(20), z.number()])),
  /** Where the figures come from, e.g. the previous provider's payroll account: kept with the evidence. */
  source: z.string().trim().min(1).max(500).optional(),
  governance_reason: z.string().optional(),
});

const openingView = z.object({
  employee_id: z.string(),
  tax_year_start: z.string(),
  as_at: z.string(),
  figures: z.record(z.string(), z.string()),
  evidence_id: z.string(),
  recorded_at: z.string(),
});

export const yearToDateOpeningRoutes: RouteDef[] = [
  defineRoute({
    method: 'get',
    path: PATH,
    tag: 'employees',
    summary: "An employee's year-to-date opening figures, by tax year",
    params,
    response: { status: 200, description: 'the opening figures on record', data: z.array(openingView) },
    errors: [501],
    handler: async (ctx) => ({
      body: { data: await yearToDateOpeningsOf(ctx, ctx.store.repos, ctx.params.employeeId) },
    }),
  }),
  defineRoute({
    method: 'put',
    path: PATH,
    tag: 'employees',
    summary:
      "Record an employee's year to date before Payrail (once per tax year): what one-off payments and payslips count from",
    governed: true,
    params,
    body,
    response: { status: 201, description: 'the opening figures as recorded', data: openingView, evidence: true },
    errors: [409, 422, 501],
    handler: async (ctx) =>
      ctx.commit(async (r, ev) => {
        const { governance_reason: _g, ...input } = ctx.body;
        return { status: 201, ...(await recordYearToDateOpening(ctx, r, ctx.params.employeeId, input, ev)) };
      }),
  }),
];
