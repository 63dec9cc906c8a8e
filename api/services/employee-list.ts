// The employee list: everyone as of a date, filtered by cost centre and site and by the caller's data
// scope, in name order, one page after a position. A receipted read.
//
// A page costs its own rows, not the tenant's: the store pages a name index (each employee's name and
// own site per value period) in SQL and only that page's case values are folded. Where placement is
// explicit (no mapping rules), the scope and the filters are SQL conditions on the rows too; where rules
// place employees by their attributes, rows are read in bounded batches, folded and filtered until the
// page is full.
import type { Repos } from '../store/index.ts';
import type { EmployeePageFilter, EmployeePageRow } from '../store/payroll-repo.ts';
import type { UseCaseContext } from './use-case.ts';
import type { EvidenceSpec } from './unit-of-work.ts';
import type { EmployeeView } from './employee-view.ts';
import { decodeMerged, mergePatches } from './employee-model.ts';
import { callerReaches, dateParams, viewOf } from './employees.ts';
import { codeMatches, loadResolver, type CostCentreResolver } from './cost-centres.ts';
import { isUnscoped } from './caller.ts';

/** A position in the list order: last name, first name, id. */
export type ListPosition = [string, string, string];

export interface ListQuery {
  as_of?: string;
  cost_centre?: string;
  site?: string;
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
  evidence: EvidenceSpec;
}

/** At most this many rows are read in one round where rules decide placement (the filter runs after folding). */
const MAX_BATCH = 500;

const positionOf = (v: EmployeeView): ListPosition => [v.last_name, v.first_name, v.id];

/** Where an employee sits, as the view shows it: its cost centre (explicit or by rule) and site. */
type Wanted = (id: string, costCentre: string | null, site: string | null) => boolean;

/**
 * The views of the wanted rows of a page as of `asOf`: the rows' patches read in one query and merged;
 * each row is placed from its merged record, and only a wanted one is decoded and shown.
 */
async function viewsOf(
  uc: UseCaseContext,
  r: Repos,
  rows: EmployeePageRow[],
  asOf: string,
  resolver: CostCentreResolver,
  wanted: Wanted,
): Promise<EmployeeView[]> {
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
  const jurisdiction = uc.requireTenant().tenant.jurisdiction;
  const out: EmployeeView[] = [];
  for (const row of rows) {
    const record = mergePatches(patches.get(row.id) ?? [], jurisdiction);
    const cc = resolver.costCentreOf(row.cost_centre_code, record);
    const site = resolver.siteOf(typeof record.site === 'string' ? record.site : null, cc);
    if (wanted(row.id, cc, site)) out.push(viewOf(uc, row, decodeMerged(record), resolver, asOf));
  }
  return out;
}

export async function listEmployees(uc: UseCaseContext, r: Repos, q: ListQuery): Promise<EmployeePage> {
  const { asOf } = dateParams(uc, q.as_of);
  const tenantId = uc.requireTenant().tenant.id;
  const token = uc.tokenCaller();
  const scope = token && !isUnscoped(token.scope) ? token.scope : null;
  const resolver = await loadResolver(r, tenantId, uc.deps.cache.resolvers);
  const receipt = (count: number, extra = {}): EvidenceSpec => ({
    action: 'employees.listed',
    resource: `${tenantId}/employees`,
    decision: { count, as_of: asOf, ...extra },
  });
  // Fail closed: a scope on a dimension no employee carries cannot be enforced, so nothing is shown.
  if (scope) {
    const dims = await r.listDimensions(tenantId, asOf);
    const centres = resolver.hasAnyDimension && (dims.anyPlaced || resolver.hasRules);
    const sites = dims.anySited || (resolver.hasRules && resolver.anyCentreSited);
    if ((scope.cost_centres !== '*' && !centres) || (scope.sites !== '*' && !sites)) {
      return {
        data: [],
        has_more: false,
        next: null,
        scope_not_enforceable: true,
        evidence: receipt(0, { scope_not_enforceable: true }),
      };
    }
  }

  const filter: EmployeePageFilter = { ids: token?.employeeId ? [token.employeeId] : undefined };
  if (!resolver.hasRules) {
    // Placement is the row's own: the scope and the filters narrow the page in SQL.
    filter.costCentres = [
      ...(scope && scope.cost_centres !== '*' ? [scope.cost_centres] : []),
      ...(q.cost_centre ? [[q.cost_centre]] : []),
    ];
    filter.sites = [...(scope && scope.sites !== '*' ? [scope.sites] : []), ...(q.site ? [[q.site]] : [])];
  }
  // Checked on every row as well, so a row the SQL let through is never shown outside the scope.
  const wanted: Wanted = (id, costCentre, site) =>
    (!q.cost_centre || codeMatches(q.cost_centre, costCentre)) &&
    (!q.site || site === q.site) &&
    callerReaches(uc, id, costCentre, site);

  const limit = q.limit ?? 50;
  const found: EmployeeView[] = [];
  let after = q.after;
  let size = limit + 1;
  let scanned = 0;
  for (;;) {
    const rows = await r.employeePage(tenantId, asOf, after, size, filter);
    found.push(...(await viewsOf(uc, r, rows, asOf, resolver, wanted)));
    scanned += rows.length;
    if (found.length > limit || rows.length < size) break;
    const last = rows[rows.length - 1];
    after = [last.list_last_name, last.list_first_name, last.id];
    // The next round reads about as many rows as the share wanted so far says the page still needs.
    const share = Math.max(found.length / scanned, 0.05);
    size = Math.min(MAX_BATCH, Math.max(limit + 1, Math.ceil((limit + 1 - found.length) / share)));
  }
  const page = found.slice(0, limit);
  const has_more = found.length > limit;
  return {
    data: page,
    has_more,
    next: has_more ? positionOf(page[page.length - 1]) : null,
    scope_not_enforceable: false,
    evidence: receipt(page.length),
  };
}
