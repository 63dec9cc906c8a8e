// The employee list's index: each employee's name and placement (cost centre and site, exactly as the
// employee view shows them) per value period, in list order, so GET /employees pages and scopes in SQL
// and folds only the page it answers. It is derived data, kept in step in the same transaction as every
// change it depends on: an employee's patches and explicit assignment (that employee's rows), a mapping
// rule or a cost centre's site (the tenant's rows). At boot it is filled for data written before it
// existed (or by an older definition of it). Each period also keeps the engine's readiness verdict, so the
// partner portfolio finds the runs an unpayable employee blocks with one query across many tenants.
import type { Repos, Store } from '../../store/index.ts';
import type { EmployeeListPeriodTable, EmployeeTable } from '../../store/schema.ts';
import { foldPatches, type EmployeeData } from '../../model/employee.ts';
import { loadResolver, type CostCentreResolver } from '../setup/cost-centres.ts';
import { contextFor } from '../platform/tenant-context.ts';

/** Bump when what the index holds changes: every database rebuilds it once at its next boot. */
const INDEX_VERSION = '2';
const INDEX_META_KEY = 'employee_list_index';
const END_OF_TIME = '9999-12-31';

interface StoredPatch {
  effective_from: string;
  data_json: string;
}

const samePlace = (a: EmployeeListPeriodTable, b: EmployeeListPeriodTable) =>
  a.first_name === b.first_name &&
  a.last_name === b.last_name &&
  a.cost_centre_code === b.cost_centre_code &&
  a.site === b.site &&
  a.blocks_finalise === b.blocks_finalise;

/** Whether the pack would refuse to pay an employee as they stand (readiness `blocks_finalise`). */
export type BlocksFinalise = (data: EmployeeData) => boolean;

/**
 * The tenant's readiness check as its hub binding's engine judges it. A tenant whose engine cannot load
 * judges nobody here: its runs cannot be calculated at all, and the portfolio reports the tenant itself.
 */
export async function blocksFinaliseOf(r: Repos, tenantId: string): Promise<BlocksFinalise> {
  const [tenant, bindings] = await Promise.all([r.getTenant(tenantId), r.listBindings(tenantId)]);
  const binding = bindings.find((b) => b.role === 'hub') ?? bindings[0];
  if (!tenant || !binding) return () => false;
  let engine;
  try {
    engine = contextFor(tenant, binding).engine;
  } catch {
    return () => false;
  }
  if (!engine) return () => false;
  return (data) => engine.readiness(binding.pack_version, data).blocks_finalise;
}

/**
 * One employee's rows: from each date its patches take effect, the employee as of that date (before its
 * first value period, as first recorded, as `loadEmployeeData` reads it), placed by the resolver as the
 * view places it. Consecutive equal periods are merged.
 */
export function indexRowsOf(
  row: EmployeeTable,
  versions: StoredPatch[],
  jurisdiction: string,
  resolver: CostCentreResolver,
  blocks: BlocksFinalise = () => false,
  /** The employee the first patch makes, when the caller has it decoded already (a hire). */
  firstDecoded?: EmployeeData,
): EmployeeListPeriodTable[] {
  const out: EmployeeListPeriodTable[] = [];
  const add = (from: string, data: EmployeeData) => {
    const cc = resolver.costCentreOf(row.cost_centre_code, data);
    const next: EmployeeListPeriodTable = {
      employee_id: row.id,
      tenant_id: row.tenant_id,
      valid_from: from,
      valid_to: null,
      first_name: data.first_name,
      last_name: data.last_name,
      cost_centre_code: cc,
      site: resolver.siteOf(data.site, cc),
      blocks_finalise: blocks(data) ? 1 : 0,
    };
    const prev = out[out.length - 1];
    if (prev && samePlace(prev, next)) return;
    if (prev) prev.valid_to = from;
    out.push(next);
  };
  if (!versions.length) return out;
  const first = firstDecoded ?? foldPatches([versions[0].data_json], jurisdiction);
  add('', first);
  versions.forEach((v, i) => {
    if (i + 1 < versions.length && versions[i + 1].effective_from === v.effective_from) return;
    // The first date's employee is the first patch alone when no other patch shares its date.
    const data =
      i === 0
        ? first
        : foldPatches(
            versions.slice(0, i + 1).map((x) => x.data_json),
            jurisdiction,
          );
    add(v.effective_from, data);
  });
  return out;
}

/** Rewrites one employee's rows (after a patch or an explicit assignment), placed by the rules in force now. */
export async function refreshEmployeeIndex(r: Repos, tenantId: string, jurisdiction: string, employeeId: string) {
  const row = await r.getEmployee(tenantId, employeeId);
  if (!row) return;
  // Read afresh inside the transaction: a cached resolver could predate a rule another process just wrote.
  const [resolver, blocks] = await Promise.all([loadResolver(r, tenantId), blocksFinaliseOf(r, tenantId)]);
  const versions = await r.versionsOf(employeeId, END_OF_TIME);
  await r.replaceListPeriods(employeeId, indexRowsOf(row, versions, jurisdiction, resolver, blocks));
}

/** Rewrites a tenant's rows (after its mapping rules or a cost centre's site change). */
export async function rebuildTenantIndex(r: Repos, tenantId: string, jurisdiction: string) {
  const [resolver, blocks] = await Promise.all([loadResolver(r, tenantId), blocksFinaliseOf(r, tenantId)]);
  const versions = new Map<string, StoredPatch[]>();
  for (const v of await r.versionsAsOf(tenantId, END_OF_TIME)) {
    const list = versions.get(v.employee_id);
    if (list) list.push(v);
    else versions.set(v.employee_id, [v]);
  }
  const rows = (await r.listEmployees(tenantId, {})).flatMap((e) =>
    indexRowsOf(e, versions.get(e.id) ?? [], jurisdiction, resolver, blocks),
  );
  await r.replaceTenantListPeriods(tenantId, rows);
}

/** At boot: fills the index of a database that predates it (or an older definition of it), once. */
export async function ensureEmployeeIndex(store: Store): Promise<void> {
  if ((await store.repos.getMeta(INDEX_META_KEY)) === INDEX_VERSION) return;
  await store.transaction(async (r) => {
    if ((await r.getMeta(INDEX_META_KEY)) === INDEX_VERSION) return;
    for (const t of await r.everyTenant()) await rebuildTenantIndex(r, t.id, t.jurisdiction);
    await r.setMeta(INDEX_META_KEY, INDEX_VERSION);
  });
}
