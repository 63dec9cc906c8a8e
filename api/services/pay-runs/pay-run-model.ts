// Pay-run shapes: frequency inference from the period, totals from entries, the stored JSON columns
// decoded with their schemas, and the public view of a run and of an entry.
import type { DeAnnualWage, OneOffCeiling } from '../../engines/types.ts';
import type { z } from 'zod';
import type { PayRunTable, PayRunEntryTable } from '../../store/schema.ts';
import type { EntryResult, PayItem } from '../../engines/types.ts';
import type { PayFrequency } from '../../packs/types.ts';
import { daysBetween, lastDayOfMonth, toDate } from '../../lib/dates.ts';
import { dec, money, sum } from '../../lib/money.ts';
import { badRequest } from '../../lib/errors.ts';
import { decodeJson, decodeJsonOrNull } from '../../lib/json-column.ts';
import {
  approvalSchema,
  entryAmountsSchema,
  entryResultSchema,
  excludedColumn,
  heldEmployee,
  type excludedEmployee,
  jobSchema,
  payItemSchema,
  totalsSchema,
  validationSchema,
  type PAY_RUN_STATUSES,
} from '../../schemas/pay-runs.ts';

export type PayRunStatus = (typeof PAY_RUN_STATUSES)[number];
export type Validation = z.output<typeof validationSchema>;
export type Approval = z.output<typeof approvalSchema>;
export type Job = z.output<typeof jobSchema>;
export type Held = z.output<typeof heldEmployee>;
export type Excluded = z.output<typeof excludedColumn>;

/** 7 days weekly, 14 fortnightly, a calendar month monthly, a calendar quarter quarterly. */
export function inferFrequency(start: string, end: string): PayFrequency {
  const days = daysBetween(start, end) + 1;
  if (days === 7) return 'weekly';
  if (days === 14) return 'fortnightly';
  const s = toDate(start);
  const [y, m] = [s.getUTCFullYear(), s.getUTCMonth() + 1];
  if (s.getUTCDate() === 1) {
    if (end === lastDayOfMonth(y, m)) return 'monthly';
    if ([1, 4, 7, 10].includes(m) && end === lastDayOfMonth(y, m + 2)) return 'quarterly';
  }
  throw badRequest(
    'The period is not a week, a fortnight, a calendar month or a calendar quarter; ' +
      'send pay_frequency or fix the dates.',
    [{ path: 'period_end', message: 'Cannot infer the pay frequency from this period.' }],
  );
}

/** Checks that an explicit frequency fits the period it is given for. */
export function periodFits(frequency: PayFrequency, start: string, end: string): boolean {
  try {
    return inferFrequency(start, end) === frequency;
  } catch {
    return false;
  }
}

export type Totals = z.output<typeof totalsSchema>;

/** What totals add up from an entry's result. */
export type EntryAmounts = Pick<EntryResult, 'gross' | 'tax' | 'super' | 'social' | 'net' | 'employer_costs'>;

export function totalsOf(results: EntryAmounts[], currency: string): Totals {
  const pick = (f: (r: EntryAmounts) => string | null) => money(sum(results.map((r) => f(r) ?? '0')));
  const hasSuper = results.some((r) => r.super !== null) || currency === 'AUD';
  const employer = sum(
    results.flatMap((r) => r.employer_costs.filter((c) => c.type !== 'super_guarantee').map((c) => c.amount)),
  );
  const totals: Totals = {
    employee_count: results.length,
    gross: pick((r) => r.gross),
    tax: pick((r) => r.tax),
    net: pick((r) => r.net),
    currency,
    total_social: '0.00',
  };
  if (hasSuper) {
    totals.super = pick((r) => r.super);
    totals.total_social = money(sum([totals.super, employer]));
  } else {
    totals.social = pick((r) => r.social);
    totals.total_social = money(sum([totals.social, employer]));
  }
  return totals;
}

/**
 * The totals after some entries were replaced, from what the old entries took away and what their successors
 * add: every total is a sum, so this is the sum over everyone again without reading everyone. Null when the
 * parts are not shaped alike (super against social contributions): then sum them all.
 */
export function shiftedTotals(old: Totals, removed: EntryAmounts[], added: EntryAmounts[]): Totals | null {
  const minus = totalsOf(removed, old.currency);
  const plus = totalsOf(added, old.currency);
  const keys = (t: Totals) => Object.keys(t).sort().join();
  if (keys(minus) !== keys(old) || keys(plus) !== keys(old)) return null;
  const shifted = (k: 'gross' | 'tax' | 'net' | 'total_social' | 'super' | 'social') =>
    money(dec(old[k]!).minus(minus[k]!).plus(plus[k]!));
  // In the order totalsOf writes them, so the stored text is the same either way.
  return {
    employee_count: old.employee_count - minus.employee_count + plus.employee_count,
    gross: shifted('gross'),
    tax: shifted('tax'),
    net: shifted('net'),
    currency: old.currency,
    total_social: shifted('total_social'),
    ...(old.super !== undefined ? { super: shifted('super') } : { social: shifted('social') }),
  };
}

// The stored JSON columns, decoded with their schemas (a row of the wrong shape fails loudly).
export const totalsOfRun = (p: PayRunTable): Totals =>
  decodeJson(totalsSchema, p.totals_json, `pay run ${p.id} totals`);
export const validationOfRun = (p: PayRunTable): Validation | null =>
  decodeJsonOrNull(validationSchema, p.validation_json, `pay run ${p.id} validation`);
export const approvalOfRun = (p: PayRunTable): Approval | null =>
  decodeJsonOrNull(approvalSchema, p.approval_json, `pay run ${p.id} approval`);
export const jobOfRun = (p: PayRunTable): Job | null => decodeJsonOrNull(jobSchema, p.job_json, `pay run ${p.id} job`);
export const heldOfRun = (p: PayRunTable): Held[] =>
  p.blocked_json ? decodeJson(heldEmployee.array(), p.blocked_json, `pay run ${p.id} blocked employees`) : [];
export const excludedOfRun = (p: PayRunTable): Excluded[] =>
  p.excluded_json ? decodeJson(excludedColumn.array(), p.excluded_json, `pay run ${p.id} excluded employees`) : [];
export const resultOf = (e: PayRunEntryTable): EntryResult =>
  decodeJson(entryResultSchema, e.result_json, `pay run ${e.pay_run_id} entry ${e.employee_id} result`);
/** The amounts of an entry's result, for totals: a narrower (and cheaper) decode than `resultOf`. */
export const amountsOf = (e: PayRunEntryTable): EntryAmounts =>
  decodeJson(entryAmountsSchema, e.result_json, `pay run ${e.pay_run_id} entry ${e.employee_id} amounts`);
const payItems = payItemSchema.array();
export const itemsOf = (e: PayRunEntryTable): PayItem[] =>
  e.items_json === '[]'
    ? []
    : decodeJson(payItems, e.items_json, `pay run ${e.pay_run_id} entry ${e.employee_id} items`);

/** An exclusion as the API shows it (where the employee sits, and their items, stay inside). */
export const publicExcluded = (x: Excluded): z.output<typeof excludedEmployee> => ({
  employee_id: x.employee_id,
  employee_name: x.employee_name,
  reason: x.reason,
  message: x.message,
  requirements: x.requirements,
});

/** The run as stored, without what depends on the caller (`allowed_actions`, scoped totals). */
export function publicPayRun(p: PayRunTable, evidenceRefs: string[]) {
  return {
    id: p.id,
    status: p.status as PayRunStatus,
    pay_frequency: p.pay_frequency as PayFrequency,
    period_start: p.period_start,
    period_end: p.period_end,
    payment_date: p.payment_date,
    pack_version: p.pack_version,
    totals: totalsOfRun(p),
    validation: validationOfRun(p),
    excluded: excludedOfRun(p).map(publicExcluded),
    evidence_refs: evidenceRefs,
    prepared_by: p.prepared_by,
    approved_by: p.approved_by,
    approval: approvalOfRun(p),
    job: jobOfRun(p),
    created_at: p.created_at,
    updated_at: p.updated_at,
    finalised_at: p.finalised_at,
    paid_on: p.paid_on ?? null,
    voided_at: p.voided_at,
  };
}

/** The entry as the API shows it: AU lines with super, DE wage types with social. */
export function publicEntry(e: PayRunEntryTable) {
  const r = resultOf(e);
  const base = {
    employee_id: e.employee_id,
    employee_name: e.employee_name,
    gross: r.gross,
    tax: r.tax,
    net: r.net,
    currency: r.currency,
  };
  const dims = {
    cost_centre_code: e.cost_centre_code,
    site: e.site,
    evidence_id: e.evidence_id,
    items: itemsOf(e),
  };
  if (r.wage_types)
    return {
      ...base,
      social: r.social,
      wage_types: r.wage_types,
      lines: r.lines,
      employer_costs: r.employer_costs,
      // How one-off payments were charged against the annual ceiling (DE § 23a SGB IV), when they were.
      ...(r.detail?.one_off_ceiling ? { one_off_ceiling: r.detail.one_off_ceiling as OneOffCeiling } : {}),
      // How the one-off payment's expected annual wage for the wage tax was found (§ 39b Abs. 3 EStG).
      ...(r.detail?.annual_wage ? { annual_wage: r.detail.annual_wage as DeAnnualWage } : {}),
      ...dims,
    };
  return { ...base, super: r.super, lines: r.lines, employer_costs: r.employer_costs, ...dims };
}
