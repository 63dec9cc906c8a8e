// Wage tax and social insurance per month (DE), by payment date: what the Lohnsteuer-Anmeldung and
// the contribution statements to the health insurers add up to.
import type { Report, ReportQuery, Row } from './report-types.ts';
import type { UseCaseContext } from '../platform/use-case.ts';
import { cols, loadSource, reportOf, type SourceEntry } from './report-source.ts';
import { SOCIAL_BRANCHES, employeeShare, employerShare, figuresOf } from './entry-figures.ts';
import { money, sum } from '../../lib/money.ts';

const COLUMNS = cols(
  ['month', 'text'],
  ['employee_count', 'count'],
  ['gross', 'money'],
  ['wage_tax', 'money'],
  ['soli', 'money'],
  ['church_tax', 'money'],
  ['social_employee', 'money'],
  ['social_employer', 'money'],
  ...SOCIAL_BRANCHES.map((b) => [b, 'money'] as [string, 'money']),
  ['total', 'money'],
);

export async function deMonthlySummary(uc: UseCaseContext, q: ReportQuery): Promise<Report> {
  const src = await loadSource(uc, q);
  const months = new Map<string, SourceEntry[]>();
  for (const e of src.entries) {
    const m = e.run.payment_date.slice(0, 7);
    months.set(m, [...(months.get(m) ?? []), e]);
  }
  const rows: Row[] = [...months.entries()].map(([month, list]) => {
    const add = (f: (e: SourceEntry) => string) => money(sum(list.map(f)));
    const row: Row = {
      month,
      employee_count: new Set(list.map((e) => e.row.employee_id)).size,
      gross: add((e) => e.result.gross),
      wage_tax: add((e) => figuresOf(e.result).wage_tax),
      soli: add((e) => figuresOf(e.result).soli),
      church_tax: add((e) => figuresOf(e.result).church_tax),
      social_employee: add((e) => figuresOf(e.result).social),
      social_employer: add((e) => figuresOf(e.result).employer_social),
      ...Object.fromEntries(
        SOCIAL_BRANCHES.map((b) => [
          b,
          add((e) => money(sum([employeeShare(e.result, b), employerShare(e.result, b)]))),
        ]),
      ),
    };
    row.total = money(
      sum([row.wage_tax, row.soli, row.church_tax, row.social_employee, row.social_employer].map(String)),
    );
    return row;
  });
  const report = reportOf('de-monthly-summary', src, q, COLUMNS, rows, [
    'Social insurance branches show the employee and employer shares together; employer costs include ' +
      'the minijob flat tax and private health insurance subsidies where they apply.',
  ]);
  report.totals.employee_count = new Set(src.entries.map((e) => e.row.employee_id)).size;
  return report;
}
