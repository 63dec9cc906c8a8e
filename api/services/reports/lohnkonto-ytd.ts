// Year to date as the Lohnkonto keeps it (Germany): the calendar year's wage tax, solidarity surcharge,
// church tax and each social insurance branch, summed over the year's pays.
import type { Row } from './report-types.ts';
import { cols, type SourceEntry } from './report-source.ts';
import type { YearToDate, YearToDatePeriod } from './ytd-types.ts';
import { SOCIAL_BRANCHES, employeeShare, figuresOf } from './entry-figures.ts';
import { money, sum } from '../../lib/money.ts';

const COLUMNS = cols(
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

function row(list: SourceEntry[]): Row {
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

export function lohnkontoYearToDate(groups: SourceEntry[][], period: YearToDatePeriod): YearToDate {
  return {
    columns: COLUMNS,
    rows: groups.map(row),
    notes: [`Lohnkonto totals of the calendar year from ${period.start}.`],
  };
}
