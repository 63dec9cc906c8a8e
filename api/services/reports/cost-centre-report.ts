// Cost per cost centre: each employee's pay and employer costs booked to the cost centre the entry
// carries, with pay-item mapping rules applied: an amount item a rule matches (by its category, code or
// description) is booked to the rule's cost centre instead. Employer costs stay with the employee's centre.
import type { Report, ReportQuery, Row } from './report-types.ts';
import type { UseCaseContext } from '../platform/use-case.ts';
import type { PayItem } from '../../engines/types.ts';
import { cols, loadSource, reportOf, type SourceEntry } from './report-source.ts';
import { figuresOf } from './entry-figures.ts';
import { loadPayItemResolver } from '../setup/cost-centres.ts';
import { dec, money, type Dec } from '../../lib/money.ts';

/** What an entry costs, split by cost centre (null: the employee has none). */
export interface CostSplit {
  cost_centre: string | null;
  gross: Dec;
  employer: Dec;
}

/** Items a rule can move: earnings paid as an amount (not deductions, nor salary sacrificed to super). */
const movable = (i: PayItem) =>
  i.kind === 'amount' && !!i.amount && !['deduction', 'salary_sacrifice'].includes(i.category);

/** One entry's cost by cost centre, with the tenant's pay-item rules applied (reusable by other reports). */
export function splitEntry(e: SourceEntry, ruleFor: (item: unknown) => string | null): CostSplit[] {
  const own = e.row.cost_centre_code;
  const f = figuresOf(e.result);
  const employer = dec(f.employer_social).plus(f.super_guarantee);
  const out = new Map<string | null, CostSplit>([[own, { cost_centre: own, gross: dec(f.gross), employer }]]);
  for (const item of e.items.filter(movable)) {
    const to = ruleFor(item);
    if (!to || to === own) continue;
    const line = out.get(to) ?? { cost_centre: to, gross: dec(0), employer: dec(0) };
    line.gross = line.gross.plus(item.amount!);
    out.set(to, line);
    out.get(own)!.gross = out.get(own)!.gross.minus(item.amount!);
  }
  return [...out.values()];
}

const COLUMNS = cols(
  ['cost_centre', 'text'],
  ['cost_centre_name', 'text'],
  ['employee_count', 'count'],
  ['gross', 'money'],
  ['employer_costs', 'money'],
  ['total_cost', 'money'],
);

export async function costCentreReport(uc: UseCaseContext, q: ReportQuery): Promise<Report> {
  const tenantId = uc.requireTenant().tenant.id;
  const r = uc.store.repos;
  const [src, ruleFor, centres] = await Promise.all([
    loadSource(uc, q),
    loadPayItemResolver(r, tenantId),
    r.listCostCentres(tenantId, true),
  ]);
  const names = new Map(centres.map((c) => [c.code, c.name]));
  const acc = new Map<string, { gross: Dec; employer: Dec; who: Set<string> }>();
  for (const e of src.entries) {
    for (const s of splitEntry(e, ruleFor)) {
      const key = s.cost_centre ?? '';
      const a = acc.get(key) ?? { gross: dec(0), employer: dec(0), who: new Set<string>() };
      a.gross = a.gross.plus(s.gross);
      a.employer = a.employer.plus(s.employer);
      a.who.add(e.row.employee_id);
      acc.set(key, a);
    }
  }
  const rows: Row[] = [...acc.entries()]
    .sort(([a], [b]) => (a === '' ? 1 : b === '' ? -1 : a.localeCompare(b)))
    .map(([code, a]) => ({
      cost_centre: code || null,
      cost_centre_name: code ? (names.get(code) ?? code) : 'No cost centre',
      employee_count: a.who.size,
      gross: money(a.gross),
      employer_costs: money(a.employer),
      total_cost: money(a.gross.plus(a.employer)),
    }));
  const notes = [
    'Cost is booked to the cost centre each pay carried; pay items a mapping rule matches are booked to the ' +
      "rule's cost centre. Employer costs stay with the employee's cost centre.",
  ];
  const report = reportOf('cost-centres', src, q, COLUMNS, rows, notes);
  // An employee split across centres counts once in the total.
  report.totals.employee_count = new Set(src.entries.map((e) => e.row.employee_id)).size;
  return report;
}
