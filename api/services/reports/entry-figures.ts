// An entry's figures by the names reports use, read from its finalised result (never recalculated).
import type { EntryResult } from '../../engines/types.ts';
import { dec, money, sum } from '../../lib/money.ts';

const detail = (r: EntryResult, key: string): string => {
  const v = r.detail[key];
  return typeof v === 'string' ? v : '0.00';
};

/** A deduction line's amount as a positive figure (DE lines carry deductions negative). */
const lineAmount = (r: EntryResult, type: string) =>
  money(sum(r.lines.filter((l) => l.type === type).map((l) => l.amount)).abs());

export interface EntryFigures {
  gross: string;
  tax: string;
  net: string;
  /** AU: super guarantee (employer cost) and salary sacrificed to super (from the employee's gross). */
  super_guarantee: string;
  salary_sacrifice: string;
  /** DE: the parts of `tax`, the employee's social insurance and the employer's on-costs. */
  wage_tax: string;
  soli: string;
  church_tax: string;
  social: string;
  employer_social: string;
  /** Post-tax deductions paid over to someone else (what is left of gross after tax, super, social and net). */
  deductions: string;
}

export function figuresOf(r: EntryResult): EntryFigures {
  const salarySacrifice = money(dec(detail(r, 'salary_sacrifice')).abs());
  const social = r.social ?? '0.00';
  return {
    gross: money(r.gross),
    tax: money(r.tax),
    net: money(r.net),
    super_guarantee: money(detail(r, 'super_guarantee')),
    salary_sacrifice: salarySacrifice,
    wage_tax: lineAmount(r, 'income_tax'),
    soli: lineAmount(r, 'solidarity_surcharge'),
    church_tax: lineAmount(r, 'church_tax'),
    social: money(social),
    employer_social: money(sum(r.employer_costs.filter((c) => c.type !== 'super_guarantee').map((c) => c.amount))),
    deductions: money(dec(r.gross).minus(r.tax).minus(social).minus(salarySacrifice).minus(r.net)),
  };
}

/** The social-insurance branches of a DE entry, employee and employer share. */
export const SOCIAL_BRANCHES = ['pension_insurance', 'health_insurance', 'care_insurance', 'unemployment_insurance'];
export const employeeShare = (r: EntryResult, branch: string) => lineAmount(r, branch);
export const employerShare = (r: EntryResult, branch: string) =>
  money(sum(r.employer_costs.filter((c) => c.type === branch).map((c) => c.amount)));
