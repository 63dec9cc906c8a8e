// Year-to-date opening figures of an employee whose employer moved to Payrail during the tax year.
import { z } from 'zod';
import { defineRoute, type RouteDef } from '../http/route.ts';
import { isoDate, tenantParams } from '../schemas/common.ts';
import { getOpenings, recordOpenings } from '../services/employees/year-to-date-openings.ts';

const T = '/v1/tenants/{tenantId}';
const empParams = tenantParams.extend({ employeeId: z.string().regex(/^emp_[A-Za-z0-9_-]+$/, 'Expected an emp_ id.') });
const PATH = `${T}/employees/{employeeId}/year-to-date-openings`;

const openingsBody = z.strictObject({
  as_at: isoDate.describe('The last day the figures cover: what the previous payroll paid in the tax year up to it.'),
  figures: z
    .record(z.string(), z.unknown())
    .describe(
      "The country's year-to-date figures. AU: gross by single-touch payroll category (gross, overtime, " +
        'bonuses_and_commissions, directors_fees, allowances, paid_leave, salary_sacrifice, lump_sums, deductions), ' +
        'paygw, super_liability, qualifying_earnings (and qualifying_earnings_quarter), optionally net. DE: ' +
        'sv_wage_kv_pv, sv_wage_rv_av, taxable_wage, income_tax, optionally solidarity_surcharge, church_tax, ' +
        'employee_social, net.',
    ),
  source: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .optional()
    .describe("Where the figures come from (the previous provider's payroll account): kept in the audit record."),
  governance_reason: z.string().optional(),
});

const openingSchema = z.object({
  employee_id: z.string(),
  tax_year_start: z.string(),
  as_at: z.string(),
  figures: z.record(z.string(), z.unknown()),
  recorded_at: z.string(),
  evidence_id: z.string(),
});

export const openingRoutes: RouteDef[] = [
  defineRoute({
    method: 'get',
    path: PATH,
    tag: 'employees',
    summary: "The employee's year-to-date opening figures (from the payroll before Payrail)",
    params: empParams,
    response: {
      status: 200,
      description: 'the opening figures (null when none are recorded)',
      data: openingSchema.nullable(),
    },
    handler: async (ctx) => ({
      body: { data: await getOpenings(ctx, ctx.store.repos, ctx.params.employeeId) },
    }),
  }),
  defineRoute({
    method: 'put',
    path: PATH,
    tag: 'employees',
    summary:
      "Record the employee's year-to-date figures from the payroll before Payrail (once): the pay event, " +
      'payslips, reports and the super contribution base count them',
    governed: true,
    params: empParams,
    body: openingsBody,
    response: { status: 200, description: 'the opening figures as recorded', data: openingSchema, evidence: true },
    errors: [404, 409, 422, 501],
    handler: async (ctx) =>
      ctx.commit((r, evidenceId) => recordOpenings(ctx, r, ctx.params.employeeId, ctx.body, evidenceId)),
  }),
];
