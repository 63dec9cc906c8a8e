// Super owed by fund and due date (AU), under the pinned pack's due-date rule: the liabilities the
// payments view shows, limited to the period's paydays. Liabilities exist for finalised runs only.
import type { Report, ReportQuery, Row } from './report-types.ts';
import type { UseCaseContext } from '../platform/use-case.ts';
import { superLiabilities } from '../payments/super-liabilities.ts';
import { cols, periodOf, reportOf } from './report-source.ts';
import { limitingToken } from '../platform/data-scope.ts';
import { jurisdictionOf } from '../setup/jurisdiction.ts';

const COLUMNS = cols(
  ['fund_name', 'text'],
  ['fund_usi', 'text'],
  ['due_date', 'date'],
  ['due_rule', 'text'],
  ['payment_date', 'date'],
  ['pay_run_id', 'text'],
  ['employee_count', 'count'],
  ['super_guarantee', 'money'],
  ['salary_sacrifice', 'money'],
  ['total', 'money'],
  ['status', 'text'],
);

export async function superLiabilityReport(uc: UseCaseContext, q: ReportQuery): Promise<Report> {
  const t = uc.requireTenant();
  const period = periodOf(uc, q);
  const all = await superLiabilities(uc, q.pay_run_id);
  const inPeriod = q.pay_run_id ? all : all.filter((l) => l.payment_date >= period.from && l.payment_date <= period.to);
  const rows: Row[] = inPeriod
    .map((l) => ({
      fund_name: l.fund.name,
      fund_usi: l.fund.usi,
      due_date: l.due_date,
      due_rule: l.due_rule,
      payment_date: l.payment_date,
      pay_run_id: l.pay_run_id,
      employee_count: l.employee_count,
      super_guarantee: l.super_guarantee,
      salary_sacrifice: l.salary_sacrifice,
      total: l.total,
      status: l.batches.length ? 'batched' : l.overdue ? 'overdue' : 'due',
    }))
    .sort((a, b) => a.fund_name.localeCompare(b.fund_name) || a.due_date.localeCompare(b.due_date));
  const runIds = [...new Set(inPeriod.map((l) => l.pay_run_id))];
  return reportOf(
    'super-liability',
    {
      jurisdiction: t.tenant.jurisdiction,
      currency: jurisdictionOf(t.tenant.jurisdiction).currency,
      from: period.from,
      to: period.to,
      runs: runIds.map((id) => ({ id })),
      limited: limitingToken(uc) !== null,
    },
    q,
    COLUMNS,
    rows,
    [
      `Due dates follow the rule of the pack each run was paid under (${t.binding.pack_version} pinned now). ` +
        'Liabilities arise when a run is finalised, so drafts never appear here.',
    ],
  );
}
