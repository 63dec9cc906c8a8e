// The employee list: everyone as of a date, filtered by cost centre and site and by the caller's data
// scope, in name order, one page after a position. A receipted read.
//
// A page costs its own rows, not the tenant's: the store pages the list index (each employee's name and
// placement per value period, `employee-index.ts`) in SQL, with the scope and the filters as conditions
// on it, and only the page's case values are read and folded.
import type { Repos } from '../../store/index.ts';
import type { EmployeePageFilter, EmployeePageRow } from '../../store/payroll-repo.ts';
import type { UseCaseContext } from '../platform/use-case.ts';
import type { EvidenceSpec } from '../platform/unit-of-work.ts';
import type { EmployeeView } from './employee-view.ts';
import { foldPatches } from '../../model/employee.ts';
import { addressVisibleTo, publicEmployee } from './employee-view.ts';
import { dateParams } from './employees.ts';
import { loadResolver } from '../setup/cost-centres.ts';
import { callerReaches, codeMatches, limitingScope } from '../platform/data-scope.ts';

/** A position in the list order: last name, first name, id. */
export type ListPosition = [string, string, string];

export interface ListQuery {
  as_of?: string;
  cost_centre?: string;
  site?: string;
  /** Words that must each appear in the name (any case). */
  q?: string;
  limit?: number;
  /** The position the page starts after (a decoded cursor). */
  after: ListPosition | null;
}

export interface EmployeePage {
  data: EmployeeView[];
  has_more: boolean;
  /** Where the next page starts, when there is one. */
  next: ListPosition | null;
  scope_not_enforceable: boolean;
  /** Employees over every page, so a headcount never needs the whole list. */
  total: number;
  total_active: number;
  evidence: EvidenceSpec;
}

/** The views of a page of rows as of `asOf`: their patches read in one query, each employee folded once. */
async function viewsOf(uc: UseCaseContext, r: Repos, rows: EmployeePageRow[], asOf: string): Promise<EmployeeView[]> {
  const ids = rows.map((row) => row.id);
  const patches = new Map<string, string[]>();
  for (const v of await r.versionsOfMany(ids, asOf)) {
    const list = patches.get(v.employee_id);
    if (list) list.push(v.data_json);
    else patches.set(v.employee_id, [v.data_json]);
  }
  // Before its first value period an employee reads as first recorded.
  const before = ids.filter((id) => !patches.has(id));
  if (before.length) for (const v of await r.firstVersionsOf(before)) patches.set(v.employee_id, [v.data_json]);
  const t = uc.requireTenant();
  return rows.map((row) =>
    publicEmployee(
      row,
      foldPatches(patches.get(row.id) ?? [], t.tenant.jurisdiction),
      { cost_centre_code: row.list_cost_centre_code, site: row.list_site },
      t.binding.pack_version,
      asOf,
      addressVisibleTo(uc.caller),
    ),
  );
}

export async function listEmployees(uc: UseCaseContext, r: Repos, q: ListQuery): Promise<EmployeePage> {
  const { asOf } = dateParams(uc, q.as_of);
  const tenantId = uc.requireTenant().tenant.id;
  const token = uc.tokenCaller();
  const scope = limitingScope(uc);
  const receipt = (count: number, extra = {}): EvidenceSpec => ({
    action: 'employees.listed',
    resource: `${tenantId}/employees`,
    decision: { count, as_of: asOf, ...extra },
  });
  // Fail closed: a scope on a dimension no employee carries cannot be enforced, so nothing is shown.
  if (scope) {
    const resolver = await loadResolver(r, tenantId, uc.deps.cache.resolvers);
    const dims = await r.listDimensions(tenantId, asOf);
    if (
      (scope.cost_centres !== '*' && !(resolver.hasAnyDimension && dims.anyPlaced)) ||
      (scope.sites !== '*' && !dims.anySited)
    ) {
      return {
        data: [],
        has_more: false,
        next: null,
        scope_not_enforceable: true,
        total: 0,
        total_active: 0,
        evidence: receipt(0, { scope_not_enforceable: true }),
      };
    }
  }

  const filter: EmployeePageFilter = {
    ids: token?.employeeId ? [token.employeeId] : undefined,
    costCentres: [
      ...(scope && scope.cost_centres !== '*' ? [scope.cost_centres] : []),
      ...(q.cost_centre ? [[q.cost_centre]] : []),
    ],
    sites: [...(scope && scope.sites !== '*' ? [scope.sites] : []), ...(q.site ? [[q.site]] : [])],
    words: (q.q ?? '').split(/\s+/).filter(Boolean),
  };
  const limit = q.limit ?? 50;
  const rows = await r.employeePage(tenantId, asOf, q.after, limit + 1, filter);
  const has_more = rows.length > limit;
  const pageRows = rows.slice(0, limit);
  // The SQL conditions decide; each row is checked once more, so none is ever shown outside the scope.
  const page = (await viewsOf(uc, r, pageRows, asOf)).filter(
    (v) =>
      (!q.cost_centre || codeMatches(q.cost_centre, v.cost_centre_code)) &&
      (!q.site || v.site === q.site) &&
      callerReaches(uc, v.id, v.cost_centre_code, v.site),
  );
  const last = pageRows[pageRows.length - 1];
  const counted = await r.employeeCount(tenantId, asOf, filter);
  return {
    data: page,
    has_more,
    next: has_more ? [last.list_last_name, last.list_first_name, last.id] : null,
    scope_not_enforceable: false,
    total: counted.total,
    total_active: counted.active,
    evidence: receipt(page.length),
  };
}
