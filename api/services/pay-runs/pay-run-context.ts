// What a pay run's calculation reads besides the employee and the items, for engines that ask for it: the
// employer's settings and each employee's year to date (finalised runs of the period's tax year and the one
// before, voided runs left out, and the opening figures the employer recorded). Read in a few batched queries.
import type { Repos } from '../../store/index.ts';
import type { CalcContext, YearToDateEntry, YearToDateOpening } from '../../engines/types.ts';
import type { UseCaseContext } from '../platform/use-case.ts';
import { loadCompany } from '../setup/company.ts';
import { taxYearStart } from '../setup/jurisdiction.ts';
import { addDays } from '../../lib/dates.ts';
import { decodeJsonObject } from '../../lib/json-column.ts';

export interface RunContext {
  period_start: string;
  period_end: string;
  company: Record<string, unknown>;
  byEmployee: Map<string, CalcContext['year_to_date']>;
}

type ContextRun = { pack_version: string; period_start: string; period_end: string };

/** The context of the run's period for these employees, or undefined when the engine reads none. */
export async function runContextOf(
  uc: UseCaseContext,
  r: Repos,
  run: ContextRun,
  employeeIds: string[],
): Promise<RunContext | undefined> {
  const t = uc.requireTenant();
  if (!t.engine?.usesContext(run.pack_version)) return undefined;
  const j = t.tenant.jurisdiction;
  const current = taxYearStart(j, run.period_end);
  const previous = taxYearStart(j, addDays(current, -1));
  const byEmployee = new Map<string, { entries: YearToDateEntry[]; openings: YearToDateOpening[] }>(
    employeeIds.map((id) => [id, { entries: [], openings: [] }]),
  );
  for (let i = 0; i < employeeIds.length; i += 500) {
    const ids = employeeIds.slice(i, i + 500);
    const [entries, openings] = await Promise.all([
      r.finalisedEntriesByPeriod(t.tenant.id, ids, previous, addDays(run.period_start, -1)),
      r.yearToDateOpenings(t.tenant.id, ids, previous, current),
    ]);
    for (const e of entries) {
      const result = decodeJsonObject(e.result_json, 'pay_run_entries.result_json');
      byEmployee.get(e.employee_id)!.entries.push({
        period_start: e.period_start,
        period_end: e.period_end,
        pay_frequency: e.pay_frequency,
        gross: String(result.gross ?? '0'),
        detail: (result.detail as Record<string, unknown> | undefined) ?? {},
      });
    }
    for (const o of openings)
      byEmployee.get(o.employee_id)!.openings.push({
        tax_year_start: o.tax_year_start,
        as_at: o.as_at,
        figures: decodeJsonObject(o.figures_json, 'year_to_date_openings.figures_json'),
      });
  }
  const { data: company } = await loadCompany(uc, r);
  return { period_start: run.period_start, period_end: run.period_end, company, byEmployee };
}

/** One employee's calculation context. */
export function contextFor(ctx: RunContext | undefined, employeeId: string): CalcContext | undefined {
  if (!ctx) return undefined;
  return {
    period_start: ctx.period_start,
    period_end: ctx.period_end,
    company: ctx.company,
    year_to_date: ctx.byEmployee.get(employeeId) ?? { entries: [], openings: [] },
  };
}

/** The run with the context of its period for these employees (a run or a single employee's adjustment). */
export async function withRunContext<R extends ContextRun>(
  uc: UseCaseContext,
  r: Repos,
  run: R,
  employeeIds: string[],
): Promise<R & { context?: RunContext }> {
  return { ...run, context: await runContextOf(uc, r, run, employeeIds) };
}
