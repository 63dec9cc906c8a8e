// Cost-centre administration, a governed overlay: the hierarchy (a parent must exist and the tree
// cannot loop), archive and restore, mapping rules, and explicit employee assignment, which a
// data-scoped caller may not use to move an employee out of its own scope.
import type { Repos } from '../../store/index.ts';
import type { CostCentreTable, EmployeeTable } from '../../store/schema.ts';
import type { Change } from '../platform/unit-of-work.ts';
import type { UseCaseContext } from '../platform/use-case.ts';
import type { CreateCostCentreInput, CreateMappingInput, UpdateCostCentreInput } from '../../schemas/cost-centres.ts';
import {
  encodeMatch,
  loadResolver,
  publicCostCentre,
  publicMapping,
  type PublicCostCentre,
  type PublicMapping,
} from './cost-centres.ts';
import { dateParams, loadEmployeeData, requireActiveCostCentre, requireEmployeeRow } from '../employees/employees.ts';
import { inScope, limitingScope } from '../platform/data-scope.ts';
import { requireKnownSite } from './sites.ts';
import { rebuildTenantIndex, refreshEmployeeIndex } from '../employees/employee-index.ts';
import { AppError, conflict, forbidden, notFound, stateConflict } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { todayIn } from '../../lib/dates.ts';

const unprocessable = (path: string, message: string) =>
  new AppError(422, 'unprocessable_entity', message, { errors: [{ path, message }] });

/** Would `parent` (or one of its ancestors) be `code` itself? Then the hierarchy would loop. */
async function wouldLoop(r: Repos, tenantId: string, code: string, parent: string): Promise<boolean> {
  const seen = new Set<string>();
  for (let at: string | null = parent; at; at = (await r.getCostCentre(tenantId, at))?.parent_code ?? null) {
    if (at === code) return true;
    if (seen.has(at)) return false;
    seen.add(at);
  }
  return false;
}

/** 422 unless `parent` can be the parent of `code`: it exists, is not `code` and does not sit below it. */
async function checkParent(r: Repos, tenantId: string, code: string, parent: string, existing: boolean) {
  if (existing && parent === code) throw unprocessable('parent_code', 'A cost centre cannot be its own parent.');
  if (!(await r.getCostCentre(tenantId, parent)))
    throw unprocessable('parent_code', `Unknown parent cost centre ${parent}.`);
  if (existing && (await wouldLoop(r, tenantId, code, parent)))
    throw unprocessable('parent_code', `${parent} sits below ${code}: the hierarchy cannot loop.`);
}

export async function listCostCentres(
  uc: UseCaseContext,
  opts: { includeArchived: boolean },
): Promise<PublicCostCentre[]> {
  return (await uc.store.repos.listCostCentres(uc.requireTenant().tenant.id, opts.includeArchived)).map(
    publicCostCentre,
  );
}

/** A new cost centre, active unless created archived; a duplicate code is 409, an unknown parent 422. */
export async function createCostCentre(
  uc: UseCaseContext,
  r: Repos,
  input: CreateCostCentreInput,
): Promise<Change<PublicCostCentre>> {
  const tenantId = uc.requireTenant().tenant.id;
  if (await r.getCostCentre(tenantId, input.code))
    throw conflict('duplicate_code', `Cost centre ${input.code} already exists.`);
  if (input.parent_code) await checkParent(r, tenantId, input.code, input.parent_code, false);
  await requireKnownSite(uc, r, input.site, 'site');
  assertSiteInScope(uc, input.site ?? null);
  const at = uc.now.toISOString();
  const row: CostCentreTable = {
    tenant_id: tenantId,
    code: input.code,
    name: input.name,
    parent_code: input.parent_code ?? null,
    gl_account: input.gl_account ?? null,
    site: input.site ?? null,
    status: input.status ?? 'active',
    created_at: at,
    updated_at: at,
  };
  await r.insertCostCentre(row);
  return { data: publicCostCentre(row), evidence: { action: 'cost_centre.created', resource: input.code } };
}

/** Updates the declared fields; `status` archives or restores. The evidence records the status move. */
export async function updateCostCentre(
  uc: UseCaseContext,
  r: Repos,
  code: string,
  input: UpdateCostCentreInput,
): Promise<Change<PublicCostCentre>> {
  const tenantId = uc.requireTenant().tenant.id;
  const existing = await r.getCostCentre(tenantId, code);
  if (!existing) throw notFound('Cost centre not found.');
  const { governance_reason: _g, ...patch } = input;
  if (patch.parent_code) await checkParent(r, tenantId, existing.code, patch.parent_code, true);
  assertSiteInScope(uc, existing.site);
  if (patch.site !== undefined) {
    await requireKnownSite(uc, r, patch.site, 'site');
    assertSiteInScope(uc, patch.site);
  }
  await r.updateCostCentre(tenantId, existing.code, { ...patch, updated_at: uc.now.toISOString() });
  const updated = (await r.getCostCentre(tenantId, existing.code))!;
  // Employees placed here without a site of their own take the centre's: the list index follows.
  if (updated.site !== existing.site) await rebuildTenantIndex(r, tenantId, uc.requireTenant().tenant.jurisdiction);
  return {
    data: publicCostCentre(updated),
    evidence: {
      action: 'cost_centre.updated',
      resource: existing.code,
      decision: { from_status: existing.status, to_status: updated.status },
    },
  };
}

/** A site-scoped caller changes only cost centres at its own sites, and places none elsewhere. */
function assertSiteInScope(uc: UseCaseContext, site: string | null) {
  const token = uc.tokenCaller();
  if (!token || token.scope.sites === '*') return;
  if (!site || !token.scope.sites.includes(site))
    throw forbidden('This cost centre is outside the sites of your data scope.');
}

/** Mapping rules place employees at every site: a site-scoped caller may not write them. */
function assertTenantWide(uc: UseCaseContext) {
  const token = uc.tokenCaller();
  if (token && token.scope.sites !== '*')
    throw forbidden('Mapping rules apply at every site: a caller scoped to some sites may not change them.');
}

/** Archives a cost centre (kept, hidden from default lists); archiving it twice is 409. */
export async function archiveCostCentre(
  uc: UseCaseContext,
  r: Repos,
  code: string,
): Promise<Change<{ code: string; status: 'archived' }>> {
  const tenantId = uc.requireTenant().tenant.id;
  const existing = await r.getCostCentre(tenantId, code);
  if (!existing) throw notFound('Cost centre not found.');
  assertSiteInScope(uc, existing.site);
  if (existing.status === 'archived') throw stateConflict('The cost centre is already archived.');
  await r.updateCostCentre(tenantId, existing.code, { status: 'archived', updated_at: uc.now.toISOString() });
  return {
    data: { code: existing.code, status: 'archived' },
    evidence: { action: 'cost_centre.archived', resource: existing.code },
  };
}

/** A data-scoped caller may not move an employee to where its own scope no longer reaches. */
async function assertStaysInScope(uc: UseCaseContext, r: Repos, row: EmployeeTable, explicit: string | null) {
  const scope = limitingScope(uc);
  if (!scope) return;
  const resolver = await loadResolver(r, row.tenant_id);
  const data = await loadEmployeeData(uc, r, row.id, todayIn(uc.now));
  const cc = resolver.costCentreOf(explicit, data);
  if (!inScope(scope, cc, resolver.siteOf(data.site, cc)))
    throw forbidden('This change would move the employee outside your data scope.');
}

type Assignment = { employee_id: string; cost_centre_code: string | null };

/**
 * Assigns an employee to an active cost centre explicitly (it beats every mapping rule). The assignment
 * is not dated: it holds on every date, so `as_of` is answered where the pack has effective dating (and
 * is 501 elsewhere, as on every employee route).
 */
export async function assignCostCentre(
  uc: UseCaseContext,
  r: Repos,
  employeeId: string,
  costCentreCode: string,
  asOfQuery?: string,
): Promise<Change<Assignment>> {
  dateParams(uc, asOfQuery);
  const tenantId = uc.requireTenant().tenant.id;
  const row = await requireEmployeeRow(uc, r, employeeId);
  const cc = await requireActiveCostCentre(uc, r, costCentreCode);
  await assertStaysInScope(uc, r, row, cc.code);
  await r.updateEmployee(tenantId, row.id, { cost_centre_code: cc.code, updated_at: uc.now.toISOString() });
  await refreshEmployeeIndex(r, tenantId, uc.requireTenant().tenant.jurisdiction, row.id);
  return {
    data: { employee_id: row.id, cost_centre_code: cc.code },
    evidence: { action: 'employee.cost_centre_assigned', resource: row.id, decision: { cost_centre_code: cc.code } },
  };
}

/** Removes an explicit assignment: the mapping rules place the employee again. */
export async function unassignCostCentre(
  uc: UseCaseContext,
  r: Repos,
  employeeId: string,
  asOfQuery?: string,
): Promise<Change<Assignment>> {
  dateParams(uc, asOfQuery);
  const row = await requireEmployeeRow(uc, r, employeeId);
  await assertStaysInScope(uc, r, row, null);
  await r.updateEmployee(row.tenant_id, row.id, { cost_centre_code: null, updated_at: uc.now.toISOString() });
  await refreshEmployeeIndex(r, row.tenant_id, uc.requireTenant().tenant.jurisdiction, row.id);
  return {
    data: { employee_id: row.id, cost_centre_code: null },
    evidence: { action: 'employee.cost_centre_removed', resource: row.id },
  };
}

export async function listMappings(
  uc: UseCaseContext,
  opts: { source?: 'employee' | 'pay_item' },
): Promise<PublicMapping[]> {
  return (await uc.store.repos.listMappings(uc.requireTenant().tenant.id, opts.source)).map(publicMapping);
}

/** A mapping rule onto an existing cost centre (lower priority wins; `*` is a catch-all). */
export async function createMapping(
  uc: UseCaseContext,
  r: Repos,
  input: CreateMappingInput,
): Promise<Change<PublicMapping>> {
  const tenantId = uc.requireTenant().tenant.id;
  assertTenantWide(uc);
  if (!(await r.getCostCentre(tenantId, input.cost_centre_code)))
    throw unprocessable('cost_centre_code', `Unknown cost centre ${input.cost_centre_code}.`);
  const row = {
    id: newId('ccm_'),
    tenant_id: tenantId,
    source: input.source,
    attribute: input.attribute,
    match_value: encodeMatch(input.match_value),
    cost_centre_code: input.cost_centre_code,
    priority: input.priority,
    created_at: uc.now.toISOString(),
  };
  await r.insertMapping(row);
  if (row.source === 'employee') await rebuildTenantIndex(r, tenantId, uc.requireTenant().tenant.jurisdiction);
  return { data: publicMapping(row), evidence: { action: 'cost_centre_mapping.created', resource: row.id } };
}

export async function deleteMapping(
  uc: UseCaseContext,
  r: Repos,
  id: string,
): Promise<Change<{ id: string; deleted: true }>> {
  const tenantId = uc.requireTenant().tenant.id;
  const mapping = await r.getMapping(tenantId, id);
  if (!mapping) throw notFound('Mapping rule not found.');
  assertTenantWide(uc);
  await r.deleteMapping(tenantId, id);
  if (mapping.source === 'employee') await rebuildTenantIndex(r, tenantId, uc.requireTenant().tenant.jurisdiction);
  return { data: { id, deleted: true }, evidence: { action: 'cost_centre_mapping.deleted', resource: id } };
}
