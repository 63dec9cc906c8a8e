// The payroll register: one row per employee and run with the pay's totals (AU gross, tax, super and
// net; DE gross, wage tax, solidarity surcharge, church tax, social insurance and net), and every pay
// line behind them.
import type { Report, ReportQuery } from './report-types.ts';
import type { UseCaseContext } from '../platform/use-case.ts';
import { cols, loadSource, reportOf, type SourceEntry } from './report-source.ts';
import { figuresOf } from './entry-figures.ts';
import { jurisdictionOf } from '../setup/jurisdiction.ts';

const WHO = cols(
  ['payment_date', 'date'],
  ['pay_run_id', 'text'],
  ['employee_id', 'text'],
  ['employee_name', 'text'],
  ['cost_centre', 'text'],
);
const AU = cols(['gross', 'money'], ['tax', 'money'], ['super', 'money'], ['net', 'money']);
const DE = cols(
  ['gross', 'money'],
  ['wage_tax', 'money'],
  ['soli', 'money'],
  ['church_tax', 'money'],
  ['social', 'money'],
  ['employer_social', 'money'],
  ['net', 'money'],
);

const who = (e: SourceEntry) => ({
  payment_date: e.run.payment_date,
  pay_run_id: e.run.id,
  employee_id: e.row.employee_id,
  employee_name: e.row.employee_name,
  cost_centre: e.row.cost_centre_code,
});

export async function payrollRegister(uc: UseCaseContext, q: ReportQuery): Promise<Report> {
  const src = await loadSource(uc, q);
  const de = jurisdictionOf(src.jurisdiction).reporting.contributions === 'social';
  const rows = src.entries.map((e) => {
    const f = figuresOf(e.result);
    return de
      ? {
          ...who(e),
          gross: f.gross,
          wage_tax: f.wage_tax,
          soli: f.soli,
          church_tax: f.church_tax,
          social: f.social,
          employer_social: f.employer_social,
          net: f.net,
        }
      : { ...who(e), gross: f.gross, tax: f.tax, super: e.result.super ?? '0.00', net: f.net };
  });
  const report = reportOf('payroll-register', src, q, [...WHO, ...(de ? DE : AU)], rows);
  report.lines = src.entries.flatMap((e) =>
    e.result.lines.map((l) => ({
      pay_run_id: e.run.id,
      employee_id: e.row.employee_id,
      line: l.type,
      description: l.description ?? null,
      hours: l.hours ?? null,
      rate: l.rate ?? null,
      amount: l.amount,
    })),
  );
  return report;
}
