// Australia's year-to-date opening figures: what an employee was paid in the financial year before the employer
// moved to Payrail, in the figures the ATO's income statement keeps. Gross is given by Single Touch Payroll
// Phase 2 category (ATO, "STP Phase 2 employer reporting guidelines", disaggregation of gross), so the first pay
// event reports the year to date the ATO already holds from the previous payroll; PAYG withheld; the super
// guarantee liability; and qualifying earnings (OTE and salary sacrificed to super), which the maximum
// contribution base limits over the year (and, before 1 July 2026, the quarter: give the quarter's part).
import { z } from 'zod';
import type { StpAmounts } from '../../packs/au/stp/pay-event.ts';
import {
  STP_ALLOWANCE_TYPES,
  STP_DEDUCTION_TYPES,
  STP_LUMP_SUM_TYPES,
  STP_OTHER_ALLOWANCE_SUBTYPES,
  STP_PAID_LEAVE_TYPES,
  STP_SALARY_SACRIFICE_TYPES,
} from '../../packs/au/stp/categories.ts';
import { dec, money, sum } from '../../lib/money.ts';
import type { RuleFailure } from '../../lib/errors.ts';
import type { OpeningsPolicy } from '../types.ts';

const amount = z
  .union([z.string(), z.number()])
  .transform(String)
  .refine((v) => /^\d{1,10}(\.\d{1,2})?$/.test(v), 'Expected an amount of at least 0 with up to 2 decimals.')
  .transform((v) => money(v));
const typed = <T extends readonly [string, ...string[]]>(types: T) =>
  z.array(z.strictObject({ type: z.enum(types), amount })).max(20);

export const auOpeningFiguresSchema = z
  .strictObject({
    gross: amount.describe('Gross not reported in a category of its own (ordinary pay, back pay of it).'),
    overtime: amount.optional(),
    bonuses_and_commissions: amount.optional(),
    directors_fees: amount.optional(),
    allowances: z
      .array(
        z.strictObject({
          type: z.enum(STP_ALLOWANCE_TYPES),
          subtype: z.enum(STP_OTHER_ALLOWANCE_SUBTYPES).nullable().optional(),
          amount,
        }),
      )
      .max(20)
      .optional(),
    paid_leave: typed(STP_PAID_LEAVE_TYPES).optional(),
    salary_sacrifice: typed(STP_SALARY_SACRIFICE_TYPES).optional(),
    lump_sums: typed(STP_LUMP_SUM_TYPES).optional(),
    deductions: typed(STP_DEDUCTION_TYPES).optional(),
    paygw: amount.describe('PAYG withheld.'),
    super_liability: amount.describe('Super guarantee the previous payroll was liable for.'),
    qualifying_earnings: amount.describe('Qualifying earnings (OTE and salary sacrificed to super) of the year.'),
    qualifying_earnings_quarter: amount
      .optional()
      .describe(
        'Of them, those of the quarter `as_at` falls in: the quarterly maximum contribution base (before 1 July 2026) reads them.',
      ),
    net: amount.optional().describe('Net paid; left out, gross less salary sacrifice, PAYG and reported deductions.'),
  })
  .superRefine((f, c) => {
    for (const a of f.allowances ?? [])
      if ((a.type === 'OD') !== Boolean(a.subtype))
        c.addIssue({
          code: 'custom',
          path: ['allowances'],
          message: 'An OD allowance needs its sub-type; no other has one.',
        });
    if (f.qualifying_earnings_quarter && dec(f.qualifying_earnings_quarter).gt(f.qualifying_earnings))
      c.addIssue({
        code: 'custom',
        path: ['qualifying_earnings_quarter'],
        message: "The quarter's qualifying earnings cannot exceed the year's.",
      });
  });

export type AuOpeningFigures = z.output<typeof auOpeningFiguresSchema>;

const RULE = 'AU/year_to_date_openings';

/** The figures as sent, checked; or why not, field by field. */
export function auOpeningFigures(
  figures: unknown,
): { figures: AuOpeningFigures; violations?: undefined } | { violations: RuleFailure[] } {
  const parsed = auOpeningFiguresSchema.safeParse(figures);
  if (parsed.success) return { figures: parsed.data };
  return {
    violations: parsed.error.issues.map((i) => ({
      rule: RULE,
      path: ['figures', ...i.path].join('.'),
      message: i.message,
    })),
  };
}

const ZERO = '0.00';
const total = (l: { amount: string }[] | undefined) => sum((l ?? []).map((x) => x.amount));

/** The opening figures as the pay event's year-to-date amounts, so they add to the finalised pays'. */
export function openingStpAmounts(f: AuOpeningFigures): StpAmounts {
  return {
    gross: f.gross,
    overtime: f.overtime ?? ZERO,
    bonuses_and_commissions: f.bonuses_and_commissions ?? ZERO,
    directors_fees: f.directors_fees ?? ZERO,
    allowances: (f.allowances ?? []).map((a) => ({ type: a.type, subtype: a.subtype ?? null, amount: a.amount })),
    paid_leave: f.paid_leave ?? [],
    salary_sacrifice: f.salary_sacrifice ?? [],
    lump_sums: f.lump_sums ?? [],
    deductions: f.deductions ?? [],
    paygw: f.paygw,
    super_liability: f.super_liability,
    ote: f.qualifying_earnings,
    qualifying_earnings: f.qualifying_earnings,
  };
}

/**
 * The payslip's year-to-date of the opening figures: gross as a pay's gross counts it (salary sacrifice
 * included), tax, net, and super as an entry's super counts it (the guarantee and salary sacrificed to super).
 */
export function openingPayslipTotals(f: AuOpeningFigures): { gross: string; tax: string; net: string; super: string } {
  const sacrifice = total(f.salary_sacrifice);
  const gross = dec(f.gross)
    .plus(f.overtime ?? 0)
    .plus(f.bonuses_and_commissions ?? 0)
    .plus(f.directors_fees ?? 0)
    .plus(total(f.allowances))
    .plus(total(f.paid_leave))
    .plus(total(f.lump_sums))
    .plus(sacrifice);
  const net = f.net ?? money(gross.minus(sacrifice).minus(f.paygw).minus(total(f.deductions)));
  const toSuper = total((f.salary_sacrifice ?? []).filter((s) => s.type === 'S'));
  return { gross: money(gross), tax: f.paygw, net, super: money(dec(f.super_liability).plus(toSuper)) };
}

/** The AU policy: the adapter's `openings`. */
export const auOpenings: OpeningsPolicy = {
  check: (figures) => auOpeningFigures(figures),
  earningsToDate(figures, asAt, quarterStart) {
    const f = figures as AuOpeningFigures;
    return {
      year: f.qualifying_earnings,
      // The quarter's part counts only while the run is in the quarter the figures end in.
      quarter: asAt >= quarterStart ? (f.qualifying_earnings_quarter ?? ZERO) : ZERO,
    };
  },
  payslipTotals: (figures) => openingPayslipTotals(figures as AuOpeningFigures),
};
