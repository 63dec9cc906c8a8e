// Year to date per employee. AU: the income-statement figures of the financial year, summed by STP
// category with the same functions the pay event reports them with. DE: the Lohnkonto totals of the
// calendar year. Both over the entries the caller may see.
import type { Report, ReportQuery, Row } from './report-types.ts';
import type { UseCaseContext } from '../platform/use-case.ts';
import type { StpAmounts } from '../../packs/au/stp/pay-event.ts';
import { cols, loadSource, reportOf, type SourceEntry } from './report-source.ts';
import { addAmounts, amountsOfEntry, emptyAmounts, type LeaveCategories } from '../lodgement/stp-amounts.ts';
import { leaveCategories } from '../leave/leave-catalogue.ts';
import { openingsOfYear } from '../employees/year-to-date-openings.ts';
import { openingPayslipTotals, openingStpAmounts, type AuOpeningFigures } from '../../jurisdictions/au/openings.ts';
import { SOCIAL_BRANCHES, employeeShare, figuresOf } from './entry-figures.ts';
import { jurisdictionOf, taxYearStart } from '../setup/jurisdiction.ts';
import { addDays, todayIn } from '../../lib/dates.ts';
import { money, sum } from '../../lib/money.ts';
import { notFound } from '../../lib/errors.ts';

const AU = cols(
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
const DE = cols(
  ['employee_id', 'text'],
  ['employee_name', 'text'],
  ['pay_count', 'count'],
  ['gross', 'money'],
  ['wage_tax', 'money'],
  ['soli', 'money'],
  ['church_tax', 'money'],
  ...SOCIAL_BRANCHES.map((b) => [b, 'money'] as [string, 'money']),
  ['employer_social', 'money'],
  ['net', 'money'],
);

const listTotal = (l: { amount: string }[]) => money(sum(l.map((x) => x.amount)));

/** The employees' entries grouped in the order they first appear, by name. */
function byEmployee(entries: SourceEntry[]): SourceEntry[][] {
  const groups = new Map<string, SourceEntry[]>();
  for (const e of entries) groups.set(e.row.employee_id, [...(groups.get(e.row.employee_id) ?? []), e]);
  return [...groups.values()].sort(
    (a, b) =>
      a[0].row.employee_name.localeCompare(b[0].row.employee_name) ||
      a[0].row.employee_id.localeCompare(b[0].row.employee_id),
  );
}

/** An employee's year to date: the figures from before Payrail (if any), then each pay's. */
function auRow(list: SourceEntry[], categories: LeaveCategories, opening?: AuOpeningFigures): Row {
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

function deRow(list: SourceEntry[]): Row {
  const add = (f: (e: SourceEntry) => string) => money(sum(list.map(f)));
  return {
    employee_id: list[0].row.employee_id,
    employee_name: list[0].row.employee_name,
    pay_count: list.length,
    gross: add((e) => e.result.gross),
    wage_tax: add((e) => figuresOf(e.result).wage_tax),
    soli: add((e) => figuresOf(e.result).soli),
    church_tax: add((e) => figuresOf(e.result).church_tax),
    ...Object.fromEntries(SOCIAL_BRANCHES.map((b) => [b, add((e) => employeeShare(e.result, b))])),
    employer_social: add((e) => figuresOf(e.result).employer_social),
    net: add((e) => e.result.net),
  };
}

export async function yearToDateReport(uc: UseCaseContext, q: ReportQuery): Promise<Report> {
  const t = uc.requireTenant();
  // Year to date as of a run's payday, the `to` date, or today: from the start of that tax year.
  let asOf = q.to ?? todayIn(uc.now);
  if (q.pay_run_id) {
    const run = await uc.store.repos.getPayRun(t.tenant.id, q.pay_run_id);
    if (!run) throw notFound('Pay run not found.');
    asOf = run.payment_date;
  }
  const start = taxYearStart(t.tenant.jurisdiction, asOf);
  const to = q.to ?? (q.pay_run_id ? asOf : addDays(`${Number(start.slice(0, 4)) + 1}${start.slice(4)}`, -1));
  const src = await loadSource(uc, { include_drafts: q.include_drafts, from: start, to });
  const de = jurisdictionOf(src.jurisdiction).reporting.yearToDate === 'lohnkonto';
  const categories = de ? null : await leaveCategories(uc, uc.store.repos);
  const groups = byEmployee(src.entries);
  const openings = de
    ? new Map()
    : await openingsOfYear(
        uc.store.repos,
        t.tenant.id,
        groups.map((g) => g[0].row.employee_id),
        start,
        addDays(to, 1),
      );
  const rows = groups.map((list) =>
    categories
      ? auRow(list, categories, openings.get(list[0].row.employee_id)?.figures as AuOpeningFigures | undefined)
      : deRow(list),
  );
  const notes = de
    ? [`Lohnkonto totals of the calendar year from ${start}.`]
    : [
        `Income-statement figures of the financial year from ${start}, by single-touch payroll category` +
          (openings.size ? ', including the figures brought from the payroll before Payrail.' : '.'),
      ];
  return reportOf('ytd', src, q, de ? DE : AU, rows, notes);
}
