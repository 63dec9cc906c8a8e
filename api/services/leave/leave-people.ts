// The employees a leave read or write concerns, as of a date, limited to those the caller reaches
// (its employee pin and data scope).
import type { Repos } from '../../store/index.ts';
import type { UseCaseContext } from '../platform/use-case.ts';
import { loadWorkforce, type Included } from '../pay-runs/pay-run-calc.ts';
import { requireEmployeeRow } from '../employees/employees.ts';
import { callerReaches } from '../platform/data-scope.ts';
import type { EmployeeData } from '../../model/employee.ts';
import { packValidationFailed } from '../../lib/errors.ts';
import { D, dec } from '../../lib/money.ts';

/** Everyone (or the named employees) the caller reaches, with their values as of `asOf`. */
export async function reachableEmployees(
  uc: UseCaseContext,
  r: Repos,
  asOf: string,
  ids?: string[],
): Promise<Included[]> {
  const tenantId = uc.requireTenant().tenant.id;
  const token = uc.tokenCaller();
  const wanted =
    ids ?? (token?.employeeId ? [token.employeeId] : (await r.listEmployees(tenantId, {})).map((e) => e.id));
  // Named employees are read whatever their frequency or dates (no pay period applies here).
  const people = await loadWorkforce(uc, r, { period_start: asOf, period_end: asOf, pay_frequency: 'monthly' }, wanted);
  return people.filter((w) => callerReaches(uc, w.row.id, w.cost_centre_code, w.site));
}

/** One employee the caller reaches, as of `asOf` (404 otherwise). */
export async function reachableEmployee(uc: UseCaseContext, r: Repos, id: string, asOf: string): Promise<Included> {
  await requireEmployeeRow(uc, r, id);
  const [who] = await reachableEmployees(uc, r, asOf, [id]);
  if (who) return who;
  // Recorded only from a later date: read as first recorded.
  const [later] = await reachableEmployees(uc, r, '9999-12-31', [id]);
  if (!later) throw new Error(`employee ${id} has no values`);
  return later;
}

/** The first and last day of employment (the last null while employed). */
export function employmentSpan(e: EmployeeData): { start: string | null; end: string | null } {
  return {
    start: e.employment.start_date,
    end: e.employment.end_date ?? e.termination?.effective_date ?? null,
  };
}

/** 422 when [start, end] is not within the employment. */
export function requireWithinEmployment(uc: UseCaseContext, e: EmployeeData, start: string, end: string) {
  const span = employmentSpan(e);
  const version = uc.requireTenant().binding.pack_version;
  if ((span.start && start < span.start) || (span.end && end > span.end))
    throw packValidationFailed([
      {
        rule: `${version}/leave/outside_employment`,
        path: 'start_date',
        message: `The leave (${start} to ${end}) falls outside the employment (${span.start ?? 'start'} to ${
          span.end ?? 'ongoing'
        }).`,
      },
    ]);
}

/** Contracted hours per working day: a five-day week of the weekly hours (38 by default on AU, 40 on DE). */
export function hoursPerDay(e: EmployeeData, defaultWeekly: string): string {
  const given = e.employment.hours_per_week;
  const weekly = given && Number(given) > 0 ? dec(given) : dec(defaultWeekly);
  return weekly.div(workingDaysPerWeek(e)).toDecimalPlaces(4, D.ROUND_HALF_UP).toFixed(4);
}

/** Working days per week from the contract (forwarded field `working_days_per_week`), five by default. */
export function workingDaysPerWeek(e: EmployeeData): number {
  const v = Number(e.extra.working_days_per_week);
  return Number.isInteger(v) && v >= 1 && v <= 6 ? v : 5;
}
