// PAYG withholding for the activity statement (AU): W1, the salary and wages paid (salary sacrificed
// to super included), and W2, the amounts withheld from them, per month of the period by payment date.
import type { Report, ReportQuery, Row } from './report-types.ts';
import type { UseCaseContext } from '../platform/use-case.ts';
import { cols, loadSource, reportOf } from './report-source.ts';
import { money, sum } from '../../lib/money.ts';
import { todayIn } from '../../lib/dates.ts';

const COLUMNS = cols(['month', 'text'], ['employee_count', 'count'], ['w1_gross', 'money'], ['w2_withheld', 'money']);

/** The calendar quarter of a date, as an activity-statement period: `2026-Q4`. */
export const quarterOf = (date: string) => `${date.slice(0, 4)}-Q${Math.floor((Number(date.slice(5, 7)) - 1) / 3) + 1}`;

export async function paygSummary(uc: UseCaseContext, q: ReportQuery): Promise<Report> {
  // Without dates, the quarter of today.
  const query = q.period || q.from || q.to || q.pay_run_id ? q : { ...q, period: quarterOf(todayIn(uc.now)) };
  const src = await loadSource(uc, query);
  const months = new Map<string, typeof src.entries>();
  for (const e of src.entries) {
    const m = e.run.payment_date.slice(0, 7);
    months.set(m, [...(months.get(m) ?? []), e]);
  }
  const rows: Row[] = [...months.entries()].map(([month, list]) => ({
    month,
    employee_count: new Set(list.map((e) => e.row.employee_id)).size,
    w1_gross: money(sum(list.map((e) => e.result.gross))),
    w2_withheld: money(sum(list.map((e) => e.result.tax))),
  }));
  const report = reportOf('payg-summary', src, q, COLUMNS, rows, [
    'W1 is the gross salary and wages paid in the period (salary sacrificed to super included); ' +
      'W2 the PAYG withheld from them. Both by payment date.',
  ]);
  report.totals.employee_count = new Set(src.entries.map((e) => e.row.employee_id)).size;
  return report;
}
