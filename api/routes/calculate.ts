import { z } from 'zod';
import type { RouteDef } from '../http/route.ts';
import { tenantParams } from '../schemas/common.ts';
import {
  calculateDePay,
  deSalaryShare,
  validateDePayInput,
  type DePackVersion,
  type DePayInput,
} from '../packs/de/index.ts';
import { capabilityNotSupported, packValidationFailed } from '../lib/errors.ts';
import { money } from '../lib/money.ts';

// A forecast takes what is earned: no negative amounts, nothing beyond what the PAP can hold.
const MAX_AMOUNT = 999_999_999.99;
const amount = z
  .union([
    z.number().finite().nonnegative().max(MAX_AMOUNT),
    z.string().regex(/^\d{1,9}(\.\d{1,2})?$/, 'Expected a non-negative amount with at most 2 decimals.'),
  ])
  .transform((v) => money(v));
const rate = z.union([z.number(), z.string()]).transform(String);
const premium = z
  .union([
    z.number().finite().nonnegative().max(100_000),
    z.string().regex(/^\d{1,6}(\.\d{1,2})?$/, 'Expected a monthly amount with at most 2 decimals.'),
  ])
  .transform(String);

const calculateBody = z.strictObject({
  frequency: z.enum(['annual', 'monthly', 'weekly', 'daily']).default('monthly'),
  employee: z.strictObject({
    residency: z.enum(['resident', 'non_resident']).default('resident'),
    annual_salary: amount.optional(),
    tax_class: z.number().int().default(1),
    factor: rate.optional(),
    children: z.number().min(0).max(20).default(0),
    church_tax: z.boolean().default(false),
    state: z.string().length(2).optional(),
    birth_year: z.number().int().min(1900).max(2100).optional(),
    health_insurance: z
      .strictObject({
        type: z.enum(['statutory', 'private']).default('statutory'),
        additional_rate: rate.optional(),
        private_premium: premium.optional(),
        employer_subsidy: premium.optional(),
      })
      .optional(),
    care_insurance: z
      .strictObject({
        childless_surcharge: z.boolean().optional(),
        children_under_25: z.number().int().min(0).max(20).optional(),
      })
      .optional(),
    pension_insurance: z.boolean().default(true),
    unemployment_insurance: z.boolean().default(true),
    annual_allowance: amount.optional(),
  }),
  earnings: z
    .array(z.strictObject({ type: z.string().min(1), amount }))
    .max(50)
    .optional(),
  governance_reason: z.string().optional(),
});

/** The pack refuses inputs it cannot compute (RangeError): that is the caller's input, a 422, never a 500. */
function calculateOrReject(version: string, input: DePayInput) {
  try {
    return calculateDePay(version as DePackVersion, input);
  } catch (err) {
    if (err instanceof RangeError)
      throw packValidationFailed([
        { rule: `${version}/earnings/out_of_range`, path: 'earnings', message: err.message },
      ]);
    throw err;
  }
}

export const calculateRoutes: RouteDef[] = [
  {
    method: 'post',
    path: '/v1/tenants/{tenantId}/calculate',
    tag: 'calculation',
    summary: 'Stateless calculation for one period (no pay run)',
    params: tenantParams,
    body: calculateBody,
    handler: async (ctx) => {
      ctx.requireCapability('stateless_calculate', ['POST /v1/tenants/{tenantId}/pay-runs']);
      const t = ctx.requireTenant();
      const b = ctx.body as z.infer<typeof calculateBody>;
      if (b.employee.residency !== 'resident') {
        throw capabilityNotSupported(
          'non_resident_wage_tax',
          t.binding.pack_version,
          [],
          'Wage tax for employees without German residence is not in this pack yet.',
        );
      }
      const earnings =
        b.earnings ??
        (b.employee.annual_salary
          ? [
              {
                type: 'salary',
                amount: deSalaryShare(t.binding.pack_version as DePackVersion, b.employee.annual_salary, b.frequency),
              },
            ]
          : []);
      const { residency: _r, annual_salary: _a, ...facts } = b.employee;
      const input = { frequency: b.frequency, earnings, employee: facts } as unknown as DePayInput;
      const violations = validateDePayInput(t.binding.pack_version, input);
      if (violations.length) throw packValidationFailed(violations);
      const r = calculateOrReject(t.binding.pack_version, input);
      return ctx.commit(async () => ({
        data: {
          pack: r.pack,
          frequency: b.frequency,
          gross: { amount: r.gross, currency: r.currency },
          net: { amount: r.net, currency: r.currency },
          lines: r.lines,
          employer_costs: r.employer_costs,
          wage_types: r.wage_types,
          tax: r.tax,
          social: r.social,
          employment_category: r.employment_category,
        },
        evidence: {
          action: 'calculation.performed',
          resource: `${t.tenant.id}/calculate`,
          decision: { pack: r.pack, gross: r.gross, net: r.net },
        },
      }));
    },
  },
];
