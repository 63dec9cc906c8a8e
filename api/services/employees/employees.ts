// Employee use cases: load as of a date (case values folded in effective order), create, patch, the
// tax, bank and pension settings, readiness and the leaver lifecycle. Each takes a use-case context and
// a typed payload; the HTTP routes only parse, call one of these and wrap the answer.
import type { Repos } from '../../store/index.ts';
import type { EmployeeTable, EmployeeVersionTable } from '../../store/schema.ts';
import type { UseCaseContext } from '../platform/use-case.ts';
import type { Change, EvidenceSpec } from '../platform/unit-of-work.ts';
import type { Readiness } from '../../engines/types.ts';
import type { CreateEmployeeBody, EmployeeBody, EndEmploymentBody, SettingsBody } from '../../schemas/employees.ts';
import { emptyEmployee, foldPatches, withPatch, type EmployeeData, type EmployeePatch } from '../../model/employee.ts';
import { blocksFinaliseOf, indexRowsOf, refreshEmployeeIndex, type BlocksFinalise } from './employee-index.ts';
import { addressVisibleTo, publicEmployee, effectiveStatus, type EmployeeView } from './employee-view.ts';
import { employeePatch, settingsPatch, settingsView, statutoryFields, type SettingsKind } from './employee-intake.ts';
import { loadResolver, type CostCentreResolver } from '../setup/cost-centres.ts';
import { callerReaches, limitingScope, limitingToken } from '../platform/data-scope.ts';
import { employeeId, newId } from '../../lib/ids.ts';
import { todayIn } from '../../lib/dates.ts';
import {
  AppError,
  capabilityNotSupported,
  forbidden,
  notFound,
  packValidationFailed,
  stateConflict,
} from '../../lib/errors.ts';
import { jurisdictionOf, type Fields } from '../../jurisdictions/index.ts';
import { requireKnownSite } from '../setup/sites.ts';

export { foldPatches } from '../../model/employee.ts';

/** Case values written without a date on packs without effective dating hold for all time. */
export const ALWAYS = '0001-01-01';
const END_OF_TIME = '9999-12-31';

/** 501 for a non-today `as_of`/`effective_from` where effective dating isn't native — never ignored. */
export function dateParams(uc: UseCaseContext, asOf?: string, effectiveFrom?: string) {
  const today = todayIn(uc.now);
  const t = uc.requireTenant();
  const dated = t.capabilities?.effective_dating === 'native';
  const version = t.binding.pack_version;
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
        version,
        [alternative],
        `${name} other than today needs effective dating, which ${version} does not support.`,
      );
    }
  }
  return { asOf: asOf ?? today, writeFrom: dated ? (effectiveFrom ?? today) : ALWAYS, today };
}

export async function loadEmployeeData(
  uc: UseCaseContext,
  r: Repos,
  employeeId: string,
  asOf: string,
): Promise<EmployeeData> {
  return foldAsOf(uc, await r.versionsOf(employeeId, END_OF_TIME), asOf);
}

/** The patches in force on a date, in the order they apply. */
function patchesAsOf(versions: { effective_from: string; data_json: string }[], asOf: string): string[] {
  const inForce = versions.filter((v) => v.effective_from <= asOf);
  // Before its first value period an employee reads as first recorded.
  return (inForce.length ? inForce : versions.slice(0, 1)).map((v) => v.data_json);
}

/** The employee as of a date, from its case-value patches in the order they apply. */
function foldAsOf(uc: UseCaseContext, versions: { effective_from: string; data_json: string }[], asOf: string) {
  return foldPatches(patchesAsOf(versions, asOf), uc.requireTenant().tenant.jurisdiction);
}

/**
 * The same, shared through the process's fold cache (a frozen object, checked against the patches' exact text):
 * for the employee read, which folds the same few patches on every request.
 */
function cachedFoldAsOf(
  uc: UseCaseContext,
  employeeId: string,
  versions: { effective_from: string; data_json: string }[],
  asOf: string,
): EmployeeData {
  const patches = patchesAsOf(versions, asOf);
  const jurisdiction = uc.requireTenant().tenant.jurisdiction;
  return uc.deps.cache.folds.fold(jurisdiction, employeeId, patches, () => foldPatches(patches, jurisdiction));
}

/** Where an employee sits as of today: its cost centre (explicit or by rule) and site. */
async function placeOf(uc: UseCaseContext, r: Repos, row: EmployeeTable, today?: EmployeeData) {
  const resolver = await loadResolver(r, row.tenant_id, uc.deps.cache.resolvers);
  const data = today ?? (await loadEmployeeData(uc, r, row.id, todayIn(uc.now)));
  const cc = resolver.costCentreOf(row.cost_centre_code, data);
  return { costCentre: cc, site: resolver.siteOf(data.site, cc) };
}

/** Whether the caller reaches the employee where it sits today (`today`: its data, when already read). */
async function reaches(uc: UseCaseContext, r: Repos, row: EmployeeTable, today?: EmployeeData): Promise<boolean> {
  if (!limitingToken(uc)) return true;
  const { costCentre, site } = await placeOf(uc, r, row, today);
  return callerReaches(uc, row.id, costCentre, site);
}

/** 404 unless the caller reaches the employee where it sits today. */
async function requireReach(uc: UseCaseContext, r: Repos, row: EmployeeTable, today?: EmployeeData) {
  if (!(await reaches(uc, r, row, today))) throw notFound('Employee not found.');
}

/** The employee row, or null when it does not exist or lies outside the caller's data scope (alike, on purpose). */
export async function reachableEmployeeRow(uc: UseCaseContext, r: Repos, id: string): Promise<EmployeeTable | null> {
  const row = await r.getEmployee(uc.requireTenant().tenant.id, id);
  return row && (await reaches(uc, r, row)) ? row : null;
}

/** The employee row, or 404 when it does not exist or lies outside the caller's data scope. */
export async function requireEmployeeRow(uc: UseCaseContext, r: Repos, id: string): Promise<EmployeeTable> {
  const row = await r.getEmployee(uc.requireTenant().tenant.id, id);
  if (!row) throw notFound('Employee not found.');
  await requireReach(uc, r, row);
  return row;
}

export function viewOf(
  uc: UseCaseContext,
  row: EmployeeTable,
  data: EmployeeData,
  resolver: CostCentreResolver,
  asOf: string,
): EmployeeView {
  const cc = resolver.costCentreOf(row.cost_centre_code, data);
  const dims = { cost_centre_code: cc, site: resolver.siteOf(data.site, cc) };
  return publicEmployee(row, data, dims, uc.requireTenant().binding.pack_version, asOf, addressVisibleTo(uc.caller));
}

export async function readEmployee(uc: UseCaseContext, r: Repos, id: string, asOf: string): Promise<EmployeeView> {
  const row = await requireEmployeeRow(uc, r, id);
  const data = await loadEmployeeData(uc, r, id, asOf);
  return viewOf(uc, row, data, await loadResolver(r, row.tenant_id, uc.deps.cache.resolvers), asOf);
}

/**
 * The engine's rules on the employee a write leaves behind and, on a hire or a change that sends statutory
 * fields, the country's rules on the whole statutory record (a change may not leave what a hire may not).
 */
export function employeeViolations(
  uc: UseCaseContext,
  data: EmployeeData,
  mode: 'create' | 'update',
  statutory = mode === 'create',
) {
  const t = uc.requireTenant();
  const version = t.binding.pack_version;
  const record = statutory ? (jurisdictionOf(t.tenant.jurisdiction).statutoryViolations?.(version, data) ?? []) : [];
  return [...record, ...(t.engine?.validateEmployee(version, data, mode) ?? [])];
}

function validate(uc: UseCaseContext, data: EmployeeData, mode: 'create' | 'update', statutory?: boolean) {
  const violations = employeeViolations(uc, data, mode, statutory);
  if (violations.length) throw packValidationFailed(violations);
}

/**
 * Appends a case-value patch and refreshes the denormalised columns from today's value. `statutory`: the
 * patch came from an employee body's statutory fields, so the country's rules on the record apply too.
 */
export async function writePatch(
  uc: UseCaseContext,
  r: Repos,
  row: EmployeeTable,
  patch: EmployeePatch,
  from: string,
  statutory = false,
): Promise<EmployeeTable> {
  const tenantId = uc.requireTenant().tenant.id;
  const current = await loadEmployeeData(uc, r, row.id, END_OF_TIME);
  validate(uc, withPatch(current, patch), 'update', statutory);
  await r.insertEmployeeVersion({
    employee_id: row.id,
    tenant_id: tenantId,
    effective_from: from,
    seq: await r.nextVersionSeq(row.id),
    data_json: JSON.stringify(patch),
    created_at: uc.now.toISOString(),
  });
  await refreshEmployeeIndex(r, tenantId, uc.requireTenant().tenant.jurisdiction, row.id);
  const today = await loadEmployeeData(uc, r, row.id, todayIn(uc.now));
  const updated = {
    first_name: today.first_name,
    last_name: today.last_name,
    status: effectiveStatus(today, todayIn(uc.now)),
    site: today.site,
    updated_at: uc.now.toISOString(),
  };
  await r.updateEmployee(tenantId, row.id, updated);
  return { ...row, ...updated };
}

/** A hire checked and ready to write: the employee's row and first case values, and the employee they make. */
export interface PreparedHire {
  row: EmployeeTable;
  version: EmployeeVersionTable;
  data: EmployeeData;
}

/**
 * What hires are checked against and written with, read once for a whole batch inside its transaction: the
 * placement rules and the engine's readiness check (afresh: a cached resolver could predate a rule another
 * process just wrote), and each site and cost centre named, looked up once however many rows name it.
 */
export class HireSetting {
  private readonly sites = new Map<string, Promise<void>>();
  private readonly centres = new Map<string, Promise<string>>();

  private constructor(
    private readonly uc: UseCaseContext,
    private readonly r: Repos,
    readonly resolver: CostCentreResolver,
    readonly blocks: BlocksFinalise,
  ) {}

  static async load(uc: UseCaseContext, r: Repos): Promise<HireSetting> {
    const tenantId = uc.requireTenant().tenant.id;
    const [resolver, blocks] = await Promise.all([loadResolver(r, tenantId), blocksFinaliseOf(r, tenantId)]);
    return new HireSetting(uc, r, resolver, blocks);
  }

  requireSite(code: string | null | undefined): Promise<void> {
    if (code === undefined || code === null) return Promise.resolve();
    let known = this.sites.get(code);
    if (!known) this.sites.set(code, (known = requireKnownSite(this.uc, this.r, code, 'site')));
    return known;
  }

  requireCostCentre(code: string): Promise<string> {
    let known = this.centres.get(code);
    if (!known) this.centres.set(code, (known = requireActiveCostCentre(this.uc, this.r, code).then((cc) => cc.code)));
    return known;
  }
}

/**
 * An employee from a case-value patch, checked against the pack, unwritten: placed in `costCentre` (or by the
 * rules), its case values in force from `from`.
 */
export function newEmployee(
  uc: UseCaseContext,
  patch: EmployeePatch,
  from: string,
  costCentre: string | null = null,
): PreparedHire {
  const t = uc.requireTenant();
  const data = withPatch(emptyEmployee(t.tenant.jurisdiction), patch);
  validate(uc, data, 'create');
  const engineRef = newId(`${t.binding.engine}-`, 8);
  const at = uc.now.toISOString();
  const row: EmployeeTable = {
    id: employeeId(t.tenant.id, engineRef),
    tenant_id: t.tenant.id,
    engine_ref: engineRef,
    status: data.status,
    first_name: data.first_name,
    last_name: data.last_name,
    cost_centre_code: costCentre,
    site: data.site,
    created_at: at,
    updated_at: at,
  };
  const version: EmployeeVersionTable = {
    employee_id: row.id,
    tenant_id: t.tenant.id,
    effective_from: from,
    seq: 1,
    data_json: JSON.stringify(patch),
    created_at: at,
  };
  return { row, version, data };
}

/** Writes checked hires, however many: their rows, first case values and list index, a few statements in all. */
export async function writeHires(uc: UseCaseContext, r: Repos, hires: PreparedHire[], setting: HireSetting) {
  const jurisdiction = uc.requireTenant().tenant.jurisdiction;
  await r.insertNewEmployees(
    hires.map((h) => h.row),
    hires.map((h) => h.version),
    hires.flatMap((h) => indexRowsOf(h.row, [h.version], jurisdiction, setting.resolver, setting.blocks, h.data)),
  );
}

/** Creates one employee from a case-value patch (the seed and the benchmarks hire this way). */
export async function createEmployee(
  uc: UseCaseContext,
  r: Repos,
  patch: EmployeePatch,
  from: string,
  costCentre: string | null = null,
) {
  const hire = newEmployee(uc, patch, from, costCentre);
  await writeHires(uc, r, [hire], await HireSetting.load(uc, r));
  return { row: hire.row, data: hire.data };
}

/** A cost centre an employee can be placed in: an active one (422 otherwise). */
export async function requireActiveCostCentre(uc: UseCaseContext, r: Repos, code: string) {
  const cc = await r.getCostCentre(uc.requireTenant().tenant.id, code);
  if (!cc || cc.status !== 'active')
    throw new AppError(422, 'unprocessable_entity', `No active cost centre ${code}.`, {
      errors: [{ path: 'cost_centre_code', message: `No active cost centre ${code}.` }],
    });
  return cc;
}

/**
 * A hire body checked and turned into an unwritten employee, as POST employees and the bulk hire both take it:
 * the country's intake (sealing identifiers), the site and cost centre (`cost_centre_code` when one is given),
 * the pack's rules and, for a data-scoped caller, its scope: one it would not reach is refused (403), not made.
 */
export async function prepareHire(
  uc: UseCaseContext,
  body: CreateEmployeeBody,
  setting: HireSetting,
  asOfQuery?: string,
): Promise<PreparedHire> {
  const { writeFrom } = dateParams(uc, asOfQuery, body.effective_from);
  const from = body.effective_from && writeFrom !== ALWAYS ? writeFrom : ALWAYS;
  const patch = employeePatch(uc, body, 'create');
  await setting.requireSite(body.site);
  const costCentre = body.cost_centre_code ? await setting.requireCostCentre(body.cost_centre_code) : null;
  const hire = newEmployee(uc, patch, from, costCentre);
  if (limitingToken(uc)) {
    // Where the hire sits today: before its first value period an employee reads as first recorded.
    const cc = setting.resolver.costCentreOf(costCentre, hire.data);
    if (!callerReaches(uc, hire.row.id, cc, setting.resolver.siteOf(hire.data.site, cc)))
      throw forbidden('This employee would be outside your data scope: give a cost_centre_code (or site) inside it.');
  }
  return hire;
}

/** POST employees: the hire, read back as of `as_of`. */
export async function hireEmployee(
  uc: UseCaseContext,
  r: Repos,
  body: CreateEmployeeBody,
  asOfQuery?: string,
): Promise<Change<EmployeeView>> {
  const { asOf } = dateParams(uc, asOfQuery, body.effective_from);
  const setting = await HireSetting.load(uc, r);
  const hire = await prepareHire(uc, body, setting, asOfQuery);
  await writeHires(uc, r, [hire], setting);
  return {
    data: await readEmployee(uc, r, hire.row.id, asOf),
    evidence: { action: 'employee.created', resource: hire.row.id },
  };
}

/** GET employee: a receipted read as of `as_of`. */
export async function getEmployee(
  uc: UseCaseContext,
  r: Repos,
  id: string,
  asOfQuery?: string,
): Promise<{ data: EmployeeView & { evidence_id: string | null }; evidence: EvidenceSpec }> {
  const { asOf, today } = dateParams(uc, asOfQuery);
  // The hottest read there is: the row, its patches and its last change come in one round trip.
  const found = await r.employeeForRead(uc.requireTenant().tenant.id, id);
  if (!found) throw notFound('Employee not found.');
  await requireReach(uc, r, found.row, cachedFoldAsOf(uc, id, found.versions, today));
  const resolver = await loadResolver(r, found.row.tenant_id, uc.deps.cache.resolvers);
  const view = viewOf(uc, found.row, cachedFoldAsOf(uc, id, found.versions, asOf), resolver, asOf);
  return {
    // The record of the employee's last change (not of a read), so a reader can open it in the audit trail.
    data: { ...view, evidence_id: found.lastChange },
    evidence: { action: 'employee.read', resource: id, decision: { as_of: asOf } },
  };
}

/** PATCH employee: a case-value change from `effective_from` (today where the pack has no effective dating). */
export async function updateEmployee(
  uc: UseCaseContext,
  r: Repos,
  id: string,
  body: EmployeeBody,
  asOfQuery?: string,
): Promise<Change<EmployeeView>> {
  const { writeFrom, asOf } = dateParams(uc, asOfQuery, body.effective_from);
  const row = await requireEmployeeRow(uc, r, id);
  await requireKnownSite(uc, r, body.site, 'site');
  const statutory = statutoryFields(jurisdictionOf(uc.requireTenant().tenant.jurisdiction), body) !== null;
  await writePatch(uc, r, row, employeePatch(uc, body, 'update'), writeFrom, statutory);
  // A data-scoped caller may not move an employee (by site) to where its own scope no longer reaches.
  if (limitingScope(uc)) {
    const place = await placeOf(uc, r, row);
    if (!callerReaches(uc, row.id, place.costCentre, place.site))
      throw forbidden('This change would move the employee outside your data scope.');
  }
  return {
    data: await readEmployee(uc, r, row.id, asOf),
    evidence: { action: 'employee.updated', resource: row.id, decision: { effective_from: writeFrom } },
  };
}

/** GET tax-settings, bank-accounts or pension: the settings in force on `as_of` (today by default). */
export async function employeeSettings(
  uc: UseCaseContext,
  r: Repos,
  id: string,
  kind: SettingsKind,
  asOfQuery?: string,
): Promise<Fields> {
  const { asOf } = dateParams(uc, asOfQuery);
  await requireEmployeeRow(uc, r, id);
  return settingsView(uc, kind, await loadEmployeeData(uc, r, id, asOf));
}

/** PATCH tax-settings, bank-accounts or pension: the settings through the country's intake. */
export async function updateEmployeeSettings(
  uc: UseCaseContext,
  r: Repos,
  id: string,
  kind: SettingsKind,
  body: SettingsBody,
  asOfQuery?: string,
): Promise<Change<EmployeeView>> {
  const { writeFrom, asOf } = dateParams(uc, asOfQuery, body.effective_from);
  const row = await requireEmployeeRow(uc, r, id);
  const current = await loadEmployeeData(uc, r, row.id, END_OF_TIME);
  const updated = await writePatch(uc, r, row, settingsPatch(uc, kind, body, current), writeFrom);
  return {
    data: await readEmployee(uc, r, updated.id, asOf),
    evidence: { action: `employee.${kind}_updated`, resource: row.id },
  };
}

/** Readiness verdicts per tab from the engine, as of `as_of`; without an engine nothing can be verified. */
export async function employeeReadiness(
  uc: UseCaseContext,
  r: Repos,
  id: string,
  asOfQuery?: string,
): Promise<Readiness> {
  const { asOf } = dateParams(uc, asOfQuery);
  await requireEmployeeRow(uc, r, id);
  const t = uc.requireTenant();
  const data = await loadEmployeeData(uc, r, id, asOf);
  return t.engine
    ? t.engine.readiness(t.binding.pack_version, data)
    : {
        jurisdiction: t.tenant.jurisdiction,
        tabs: {},
        blocks_finalise: true,
        unverified_requirements: ['engine_unavailable'],
        blocking: ['engine_unavailable'],
      };
}

async function endEmploymentOn(
  uc: UseCaseContext,
  r: Repos,
  row: EmployeeTable,
  effectiveDate: string,
  reasonCode: string | null,
  final: boolean,
) {
  const current = await loadEmployeeData(uc, r, row.id, END_OF_TIME);
  if (current.termination?.final) throw stateConflict('This employee was terminated and cannot be changed.');
  // The termination record alone decides the status from its date on (effectiveStatus): writing a
  // status for all time would read as terminated before the leaving date too.
  return writePatch(
    uc,
    r,
    row,
    { termination: { effective_date: effectiveDate, reason_code: reasonCode, final } },
    ALWAYS,
  );
}

/** DELETE employee: terminated today, irreversibly; answered as of `as_of` (today by default). */
export async function terminateEmployee(
  uc: UseCaseContext,
  r: Repos,
  id: string,
  asOfQuery?: string,
): Promise<Change<EmployeeView>> {
  const { asOf, today } = dateParams(uc, asOfQuery);
  const row = await requireEmployeeRow(uc, r, id);
  await endEmploymentOn(uc, r, row, today, null, true);
  return {
    data: await readEmployee(uc, r, row.id, asOf),
    evidence: { action: 'employee.terminated', resource: row.id },
  };
}

/** POST end-employment: a leaving date (a future one schedules the leaver), reversible by reactivate. */
export async function endEmployment(
  uc: UseCaseContext,
  r: Repos,
  id: string,
  body: EndEmploymentBody,
  asOfQuery?: string,
): Promise<Change<EmployeeView>> {
  const { asOf, today } = dateParams(uc, asOfQuery);
  const row = await requireEmployeeRow(uc, r, id);
  const date = body.effective_date ?? today;
  const reasonCode = body.reason_code ?? null;
  await endEmploymentOn(uc, r, row, date, reasonCode, false);
  return {
    data: await readEmployee(uc, r, row.id, asOf),
    evidence: {
      action: 'employee.employment_ended',
      resource: row.id,
      decision: { effective_date: date, reason_code: reasonCode },
    },
  };
}

/** POST reactivate: clears the leaving date of an end-dated (not deleted) employee. */
export async function reactivateEmployee(
  uc: UseCaseContext,
  r: Repos,
  id: string,
  asOfQuery?: string,
): Promise<Change<EmployeeView>> {
  const { asOf } = dateParams(uc, asOfQuery);
  const row = await requireEmployeeRow(uc, r, id);
  const current = await loadEmployeeData(uc, r, row.id, END_OF_TIME);
  if (!current.termination) throw stateConflict('This employee is not end-dated.');
  if (current.termination.final) throw stateConflict('A deleted employee cannot be reactivated.');
  // Only the end date is cleared: restating the whole employment here (for all time) would pull
  // future-dated terms into today.
  await writePatch(uc, r, row, { status: 'active', termination: null, employment: { end_date: null } }, ALWAYS);
  return {
    data: await readEmployee(uc, r, row.id, asOf),
    evidence: { action: 'employee.reactivated', resource: row.id },
  };
}
