// An entry's figures by the names reports use, read from its finalised result (never recalculated).
// Reports read thousands of entries: each entry's figures are worked out once, and stored amounts (already
// 2-decimal strings) are passed through as they are; only sums and differences use decimal arithmetic.
import type { EntryResult } from '../../engines/types.ts';
import { dec, money, sum } from '../../lib/money.ts';

const ZERO = '0.00';
const detail = (r: EntryResult, key: string): string => {
  const v = r.detail[key];
  return typeof v === 'string' ? v : ZERO;
};
/** A stored amount without its sign (deductions are stored negative). */
const unsigned = (v: string) => (v.startsWith('-') ? v.slice(1) : v);

/** A deduction line's amount as a positive figure (DE lines carry deductions negative). */
function lineAmount(r: EntryResult, type: string): string {
  const found = r.lines.filter((l) => l.type === type);
  if (found.length <= 1) return found[0] ? unsigned(found[0].amount) : ZERO;
  return money(sum(found.map((l) => l.amount)).abs());
}

export interface EntryFigures {
  gross: string;
  tax: string;
  net: string;
  /** AU: super guarantee (employer cost) and every salary sacrifice (into super or for other benefits, before tax). */
  super_guarantee: string;
  salary_sacrifice: string;
  /** AU: what the employee's own pay puts into their fund: salary sacrificed into super and personal contributions. */
  super_from_pay: string;
  /** DE: the parts of `tax`, the employee's social insurance and the employer's on-costs. */
  wage_tax: string;
  soli: string;
  church_tax: string;
  social: string;
  employer_social: string;
  /** Post-tax deductions paid over to someone else (what is left of gross after tax, super, social and net). */
  deductions: string;
}

const seen = new WeakMap<EntryResult, EntryFigures>();

export function figuresOf(r: EntryResult): EntryFigures {
  const hit = seen.get(r);
  if (hit) return hit;
  const intoSuper = unsigned(detail(r, 'salary_sacrifice'));
  const other = detail(r, 'salary_sacrifice_other');
  const salarySacrifice = other === ZERO ? intoSuper : money(sum([intoSuper, other]));
  const personal = detail(r, 'personal_super');
  const social = r.social ?? ZERO;
  const employer = r.employer_costs.filter((c) => c.type !== 'super_guarantee');
  const f: EntryFigures = {
    gross: r.gross,
    tax: r.tax,
    net: r.net,
    super_guarantee: detail(r, 'super_guarantee'),
    salary_sacrifice: salarySacrifice,
    super_from_pay: personal === ZERO ? intoSuper : money(sum([intoSuper, personal])),
    wage_tax: lineAmount(r, 'income_tax'),
    soli: lineAmount(r, 'solidarity_surcharge'),
    church_tax: lineAmount(r, 'church_tax'),
    social,
    employer_social: employer.length ? money(sum(employer.map((c) => c.amount))) : ZERO,
    deductions: money(dec(r.gross).minus(r.tax).minus(social).minus(salarySacrifice).minus(r.net)),
  };
  seen.set(r, f);
  return f;
}

/** The social-insurance branches of a DE entry, employee and employer share. */
export const SOCIAL_BRANCHES = ['pension_insurance', 'health_insurance', 'care_insurance', 'unemployment_insurance'];
export const employeeShare = (r: EntryResult, branch: string) => lineAmount(r, branch);
export const employerShare = (r: EntryResult, branch: string) =>
  r.employer_costs.find((c) => c.type === branch)?.amount ?? ZERO;
