// The stateless calculation: what a caller sends and what it answers.
import { z } from 'zod';
import { money } from '../lib/money.ts';
import { moneyString as moneyOut } from './outputs.ts';

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

export const calculateBody = z.strictObject({
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
    /** A minijob's tax: the employer's 2 % flat tax (default) or individually by tax class. */
    minijob_taxation: z.enum(['flat', 'individual']).default('flat'),
    annual_allowance: amount.optional(),
  }),
  earnings: z
    .array(z.strictObject({ type: z.string().min(1), amount }))
    .max(50)
    .optional(),
  governance_reason: z.string().optional(),
});

export type CalculateInput = z.output<typeof calculateBody>;

const amountIn = z.object({ amount: moneyOut, currency: z.string() });
const typed = z.object({ type: z.string(), amount: moneyOut });

/** The calculation result: gross and net with their currency, deductions negative, employer costs positive. */
export const calculationSchema = z.object({
  pack: z.string(),
  frequency: z.enum(['annual', 'monthly', 'weekly', 'daily']),
  gross: amountIn,
  net: amountIn,
  lines: z.array(typed),
  employer_costs: z.array(typed),
  wage_types: z.array(z.object({ code: z.string(), name: z.string(), amount: moneyOut })),
  tax: moneyOut,
  social: moneyOut,
  employment_category: z.enum(['regular', 'minijob', 'midijob']),
});
