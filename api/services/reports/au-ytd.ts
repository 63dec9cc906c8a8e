// Year to date by single-touch payroll category (Australia): the income-statement figures of the
// financial year, summed with the same functions the pay event reports them with, starting from the
// figures brought from the payroll before Payrail.
import type { UseCaseContext } from '../platform/use-case.ts';
import type { StpAmounts } from '../../packs/au/stp/pay-event.ts';
import type { Row } from './report-types.ts';
import { cols, type SourceEntry } from './report-source.ts';
import type { YearToDate, YearToDatePeriod } from './ytd-types.ts';
import { addAmounts, amountsOfEntry, emptyAmounts, type LeaveCategories } from '../lodgement/stp-amounts.ts';
import { leaveCategories } from '../leave/leave-catalogue.ts';
import { openingsOfYear } from '../employees/year-to-date-openings.ts';
import { openingPayslipTotals, openingStpAmounts, type AuOpeningFigures } from '../../jurisdictions/au/openings.ts';
import { addDays } from '../../lib/dates.ts';
import { money, sum } from '../../lib/money.ts';

const COLUMNS = cols(
  ['employee_id', 'text'],
  ['employee_name', 'text'],
  ['pay_count', 'count'],
  ['total_gross', 'money'],
  ['gross', 'money'],
  ['overtime', 'money'],
  ['bonuses_and_commissions', 'money'],
  ['directors_fees', 'money'],
  ['allowances', 'money'],
  ['lump_sums', 'money'],
  ['paid_leave', 'money'],
  ['salary_sacrifice', 'money'],
  ['deductions', 'money'],
  ['paygw', 'money'],
  ['super_guarantee', 'money'],
  ['ote', 'money'],
);

const listTotal = (l: { amount: string }[]) => money(sum(l.map((x) => x.amount)));

/** An employee's year to date: the figures from before Payrail (if any), then each pay's. */
function row(list: SourceEntry[], categories: LeaveCategories, opening?: AuOpeningFigures): Row {
  const a: StpAmounts = list.reduce(
    (acc, e) => addAmounts(acc, amountsOfEntry(e.items, e.result, categories)),
    opening ? openingStpAmounts(opening) : emptyAmounts(),
  );
  const openingGross = opening ? openingPayslipTotals(opening).gross : '0';
  return {
    employee_id: list[0].row.employee_id,
    employee_name: list[0].row.employee_name,
    pay_count: list.length,
    total_gross: money(sum([...list.map((e) => e.result.gross), openingGross])),
    gross: a.gross,
    overtime: a.overtime,
    bonuses_and_commissions: a.bonuses_and_commissions,
    directors_fees: a.directors_fees,
    allowances: listTotal(a.allowances),
    lump_sums: listTotal(a.lump_sums),
    paid_leave: listTotal(a.paid_leave),
    salary_sacrifice: listTotal(a.salary_sacrifice),
    deductions: listTotal(a.deductions),
    paygw: a.paygw,
    super_guarantee: a.super_liability,
    ote: a.ote,
  };
}

export async function stpCategoriesYearToDate(
  uc: UseCaseContext,
  groups: SourceEntry[][],
  period: YearToDatePeriod,
): Promise<YearToDate> {
  const categories = await leaveCategories(uc, uc.store.repos);
  const openings = await openingsOfYear(
    uc.store.repos,
    uc.requireTenant().tenant.id,
    groups.map((g) => g[0].row.employee_id),
    period.start,
    addDays(period.to, 1),
  );
  return {
    columns: COLUMNS,
    rows: groups.map((list) =>
      row(list, categories, openings.get(list[0].row.employee_id)?.figures as AuOpeningFigures | undefined),
    ),
    notes: [
      `Income-statement figures of the financial year from ${period.start}, by single-touch payroll category` +
        (openings.size ? ', including the figures brought from the payroll before Payrail.' : '.'),
    ],
  };
}
