// A report as CSV for spreadsheets and accounting systems: RFC 4180 (lib/csv.ts), a header row
// of the column keys, the rows, then the totals row. Money stays a plain 2-decimal number. A text cell
// that a spreadsheet would run as a formula (it starts with =, +, -, @, a tab or a carriage return) is
// prefixed with an apostrophe, so names and descriptions typed by users can never execute.
import type { Report } from './report-types.ts';
import { spreadsheetSafe, writeCsv } from '../../lib/csv.ts';

export function reportCsv(report: Report): string {
  const { columns } = report;
  const cell = (kind: string, v: unknown): string => {
    if (v === null || v === undefined) return '';
    const text = String(v);
    return kind === 'text' ? spreadsheetSafe(text) : text;
  };
  const line = (row: Record<string, unknown>) => columns.map((c) => cell(c.kind, row[c.key]));
  return writeCsv([columns.map((c) => c.key), ...report.rows.map(line), line(report.totals)]);
}

/** `payroll-register_2026-07-01_2027-06-30.csv` */
export const reportFilename = (report: Report) => `${report.report}_${report.period.from}_${report.period.to}.csv`;
