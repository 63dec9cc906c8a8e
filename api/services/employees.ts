// Employee use cases: load as of a date (case values folded in effective order), list with data
// scope, create, patch and the leaver lifecycle.
import type { Repos } from '../store/index.ts';
import type { EmployeeTable } from '../store/schema.ts';
import type { RequestContext } from '../http/context.ts';
import type { UseCaseContext } from './use-case.ts';
import { DEFAULT_EMPLOYMENT, type EmployeeData } from './employee-model.ts';
import { publicEmployee, effectiveStatus } from './employee-view.ts';
import { loadResolver, inScope, type CostCentreResolver } from './cost-centres.ts';
import { deepMerge } from '../lib/merge.ts';
import { employeeId, newId } from '../lib/ids.ts';
import { todayIn } from '../lib/dates.ts';
import { capabilityNotSupported, notFound, packValidationFailed, stateConflict } from '../lib/errors.ts';
import { isUnscoped } from './caller.ts';

/** Case values written without a date on packs without effective dating hold for all time. */
export const ALWAYS = '0001-01-01';

export function emptyEmployee(): EmployeeData {
  return {
    first_name: '',
    last_name: '',
    status: 'active',
    email: null,
    date_of_birth: null,
    site: null,
    position: null,
    employment: { ...DEFAULT_EMPLOYMENT },
    termination: null,
    tax: {},
    bank: {},
    pension: {},
    de: {},
    jurisdiction_data: {},
    extra: {},
  };
}

export const foldPatches = (patches: string[]): EmployeeData =>
  patches.reduce<EmployeeData>((acc, p) => deepMerge(acc, JSON.parse(p)), emptyEmployee());

/** 501 for a non-today `as_of`/`effective_from` where effective dating isn't native — never ignored. */
export function dateParams(ctx: RequestContext, asOf?: string, effectiveFrom?: string) {
  const today = todayIn(ctx.now);
  const dated = ctx.requireTenant().capabilities?.effective_dating === 'native';
  for (const [name, v] of [
    ['as_of', asOf],
    ['effective_from', effectiveFrom],
  ] as const) {
    if (v && v !== today && !dated) {
      const alternative =
        name === 'as_of'
          ? 'omit as_of: the values in force today'
          : 'omit effective_from: the change applies from today';
      throw capabilityNotSupported(
        'effective_dating',
        ctx.requireTenant().binding.pack_version,
        [alternative],
        `${name} other than today needs effective dating, which ${ctx.requireTenant().binding.pack_version} does not support.`,
      );
    }
  }
  return { asOf: asOf ?? today, writeFrom: dated ? (effectiveFrom ?? today) : ALWAYS, today };
}

export async function loadEmployeeData(r: Repos, employeeId: string, asOf: string): Promise<EmployeeData> {
  let versions = await r.versionsOf(employeeId, asOf);
  // Before its first value period an employee reads as first recorded.
  if (!versions.length) versions = (await r.versionsOf(employeeId, '9999-12-31')).slice(0, 1);
  return foldPatches(versions.map((v) => v.data_json));
}

export async function requireEmployeeRow(ctx: UseCaseContext, r: Repos, id: string): Promise<EmployeeTable> {
  const row = await r.getEmployee(ctx.requireTenant().tenant.id, id);
  if (!row) throw notFound('Employee not found.');
  const token = ctx.tokenCaller();
  if (token && !isUnscoped(token.scope)) {
    const resolver = await loadResolver(r, row.tenant_id, ctx.deps.cache.resolvers);
    const data = await loadEmployeeData(r, id, todayIn(ctx.now));
    const cc = resolver.costCentreOf(row.cost_centre_code, data);
    if (!inScope(token.scope, cc, resolver.siteOf(data.site, cc))) throw notFound('Employee not found.');
  }
  return row;
}

export function viewOf(
  ctx: RequestContext,
  row: EmployeeTable,
  data: EmployeeData,
  resolver: CostCentreResolver,
  asOf: string,
) {
  const t = ctx.requireTenant();
  const cc = resolver.costCentreOf(row.cost_centre_code, data);
  return publicEmployee(
    row,
    data,
    { cost_centre_code: cc, site: resolver.siteOf(data.site, cc) },
    t.tenant.jurisdiction,
    t.binding.pack_version,
    asOf,
  );
}

export async function readEmployee(ctx: RequestContext, r: Repos, id: string, asOf: string) {
  const row = await requireEmployeeRow(ctx, r, id);
  const data = await loadEmployeeData(r, id, asOf);
  return viewOf(ctx, row, data, await loadResolver(r, row.tenant_id, ctx.deps.cache.resolvers), asOf);
}

function validate(ctx: RequestContext, data: EmployeeData, mode: 'create' | 'update') {
  const t = ctx.requireTenant();
  const violations = t.engine?.validateEmployee(t.binding.pack_version, data, mode) ?? [];
  if (violations.length) throw packValidationFailed(violations);
}

/** A case-value patch: fields merge into the values in force, employment terms one by one. */
export type EmployeePatch = Omit<Partial<EmployeeData>, 'employment'> & {
  employment?: Partial<EmployeeData['employment']>;
};

/** Appends a case-value patch and refreshes the denormalised columns from today's value. */
export async function writePatch(
  ctx: RequestContext,
  r: Repos,
  row: EmployeeTable,
  patch: EmployeePatch,
  from: string,
) {
  const tenantId = ctx.requireTenant().tenant.id;
  const current = await loadEmployeeData(r, row.id, '9999-12-31');
  validate(ctx, deepMerge(current, patch), 'update');
  await r.insertEmployeeVersion({
    employee_id: row.id,
    tenant_id: tenantId,
    effective_from: from,
    seq: await r.nextVersionSeq(row.id),
    data_json: JSON.stringify(patch),
    created_at: ctx.now.toISOString(),
  });
  const today = await loadEmployeeData(r, row.id, todayIn(ctx.now));
  const updated = {
    first_name: today.first_name,
    last_name: today.last_name,
    status: effectiveStatus(today, todayIn(ctx.now)),
    site: today.site,
    updated_at: ctx.now.toISOString(),
  };
  await r.updateEmployee(tenantId, row.id, updated);
  return { ...row, ...updated };
}

export async function createEmployee(ctx: RequestContext, r: Repos, patch: Partial<EmployeeData>, from: string) {
  const t = ctx.requireTenant();
  const data = deepMerge(emptyEmployee(), patch);
  validate(ctx, data, 'create');
  const engineRef = newId(`${t.binding.engine}-`, 8);
  const at = ctx.now.toISOString();
  const row: EmployeeTable = {
    id: employeeId(t.tenant.id, engineRef),
    tenant_id: t.tenant.id,
    engine_ref: engineRef,
    status: data.status,
    first_name: data.first_name,
    last_name: data.last_name,
    cost_centre_code: null,
    site: data.site,
    created_at: at,
    updated_at: at,
  };
  await r.insertEmployee(row);
  await r.insertEmployeeVersion({
    employee_id: row.id,
    tenant_id: t.tenant.id,
    effective_from: from,
    seq: 1,
    data_json: JSON.stringify(patch),
    created_at: at,
  });
  return { row, data };
}

export async function endEmployment(
  ctx: RequestContext,
  r: Repos,
  row: EmployeeTable,
  effectiveDate: string,
  reasonCode: string | null,
  final: boolean,
) {
  const current = await loadEmployeeData(r, row.id, '9999-12-31');
  if (current.termination?.final) throw stateConflict('This employee was terminated and cannot be changed.');
  // The termination record alone decides the status from its date on (effectiveStatus): writing a
  // status for all time would read as terminated before the leaving date too.
  return writePatch(
    ctx,
    r,
    row,
    { termination: { effective_date: effectiveDate, reason_code: reasonCode, final } },
    ALWAYS,
  );
}

export async function reactivate(ctx: RequestContext, r: Repos, row: EmployeeTable) {
  const current = await loadEmployeeData(r, row.id, '9999-12-31');
  if (!current.termination) throw stateConflict('This employee is not end-dated.');
  if (current.termination.final) throw stateConflict('A deleted employee cannot be reactivated.');
  // Only the end date is cleared: restating the whole employment here (for all time) would pull
  // future-dated terms into today.
  return writePatch(ctx, r, row, { status: 'active', termination: null, employment: { end_date: null } }, ALWAYS);
}
