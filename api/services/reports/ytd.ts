// Year to date per employee over the entries the caller may see, from the start of the tax year. What is
// summed is the country's way of keeping a year (`reporting.yearToDate` of its jurisdiction): single-touch
// payroll categories (au-ytd.ts) or the Lohnkonto (lohnkonto-ytd.ts).
import type { Report, ReportQuery } from './report-types.ts';
import type { UseCaseContext } from '../platform/use-case.ts';
import { loadSource, reportOf, type SourceEntry } from './report-source.ts';
import type { YearToDate, YearToDatePeriod } from './ytd-types.ts';
import { stpCategoriesYearToDate } from './au-ytd.ts';
import { lohnkontoYearToDate } from './lohnkonto-ytd.ts';
import { jurisdictionOf, taxYearStart } from '../setup/jurisdiction.ts';
import type { ReportingRules } from '../../jurisdictions/types.ts';
import { addDays, todayIn } from '../../lib/dates.ts';
import { notFound } from '../../lib/errors.ts';

const KEPT_AS: Record<
  ReportingRules['yearToDate'],
  (uc: UseCaseContext, groups: SourceEntry[][], period: YearToDatePeriod) => YearToDate | Promise<YearToDate>
> = {
  stp_categories: stpCategoriesYearToDate,
  lohnkonto: (_uc, groups, period) => lohnkontoYearToDate(groups, period),
};

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
  const keep = KEPT_AS[jurisdictionOf(src.jurisdiction).reporting.yearToDate];
  const { columns, rows, notes } = await keep(uc, byEmployee(src.entries), { start, to });
  return reportOf('ytd', src, q, columns, rows, notes);
}
