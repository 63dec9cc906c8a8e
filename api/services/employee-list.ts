// The employee list: everyone as of a date, filtered by cost centre and site and by the caller's data
// scope, in name order, one page after a position. A receipted read.
import type { Repos } from '../store/index.ts';
import type { UseCaseContext } from './use-case.ts';
import type { EvidenceSpec } from './unit-of-work.ts';
import type { EmployeeView } from './employee-view.ts';
import { foldPatches } from './employee-model.ts';
import { dateParams, viewOf } from './employees.ts';
import { codeMatches, inScope, loadResolver } from './cost-centres.ts';
import { isUnscoped } from './caller.ts';

/** A position in the list order: last name, first name, id. */
export type ListPosition = [string, string, string];

export interface ListQuery {
  as_of?: string;
  cost_centre?: string;
  site?: string;
  /** Words that must each appear in the name or email (any case). */
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

/** Whether every word of the search appears in the employee's name or email. */
const matches = (v: EmployeeView, words: string[]) => {
  const text = [v.first_name, v.last_name, v.email ?? ''].join(' ').toLocaleLowerCase();
  return words.every((w) => text.includes(w));
};

const positionOf = (v: EmployeeView): ListPosition => [v.last_name, v.first_name, v.id];
// The names as of the read date, compared as the cursor compares them.
const keyOf = (p: ListPosition) => p.join('\u0000');

export async function listEmployees(uc: UseCaseContext, r: Repos, q: ListQuery): Promise<EmployeePage> {
  const { asOf } = dateParams(uc, q.as_of);
  const t = uc.requireTenant();
  const token = uc.tokenCaller();
  const resolver = await loadResolver(r, t.tenant.id, uc.deps.cache.resolvers);
  const scoped = !!token && !isUnscoped(token.scope);
  const receipt = (count: number, extra = {}): EvidenceSpec => ({
    action: 'employees.listed',
    resource: `${t.tenant.id}/employees`,
    decision: { count, as_of: asOf, ...extra },
  });
  const rows = await r.listEmployees(t.tenant.id, { ids: token?.employeeId ? [token.employeeId] : undefined });
  const patches = new Map<string, string[]>();
  for (const v of await r.versionsAsOf(t.tenant.id, asOf)) {
    const list = patches.get(v.employee_id);
    if (list) list.push(v.data_json);
    else patches.set(v.employee_id, [v.data_json]);
  }
  // Before its first value period an employee reads as first recorded.
  const firstPatch = async (id: string) => (await r.versionsOf(id, '9999-12-31')).slice(0, 1).map((v) => v.data_json);
  const all: EmployeeView[] = [];
  for (const row of rows) {
    const data = foldPatches(patches.get(row.id) ?? (await firstPatch(row.id)), t.tenant.jurisdiction);
    all.push(viewOf(uc, row, data, resolver, asOf));
  }
  // Fail closed: a scope on a dimension none of the rows carries cannot be enforced, so nothing is shown.
  if (
    token &&
    scoped &&
    ((token.scope.cost_centres !== '*' && !(resolver.hasAnyDimension && all.some((v) => v.cost_centre_code))) ||
      (token.scope.sites !== '*' && !all.some((v) => v.site)))
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
  const words = (q.q ?? '').toLocaleLowerCase().split(/\s+/).filter(Boolean);
  const views = all.filter(
    (v) =>
      (!words.length || matches(v, words)) &&
      (!q.cost_centre || codeMatches(q.cost_centre, v.cost_centre_code)) &&
      (!q.site || v.site === q.site) &&
      !(token && scoped && !inScope(token.scope, v.cost_centre_code, v.site)),
  );
  views.sort((a, b) => {
    const [ka, kb] = [keyOf(positionOf(a)), keyOf(positionOf(b))];
    return ka < kb ? -1 : ka > kb ? 1 : 0;
  });
  const limit = q.limit ?? 50;
  const after = q.after ? keyOf(q.after) : null;
  const start = after !== null ? views.findIndex((v) => keyOf(positionOf(v)) > after) : 0;
  const page = start < 0 ? [] : views.slice(start, start + limit);
  const has_more = start >= 0 && start + limit < views.length;
  return {
    data: page,
    has_more,
    next: has_more ? positionOf(page[page.length - 1]) : null,
    scope_not_enforceable: false,
    total: views.length,
    total_active: views.filter((v) => v.status === 'active').length,
    evidence: receipt(page.length),
  };
}
