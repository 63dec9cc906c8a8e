// Turns request bodies into case-value patches: core and employment fields here, statutory fields
// through the tenant's jurisdiction adapter, which validates them on the way in (422 with rule
// references) and seals identifiers. What it builds is decoded with the country's schema before it is
// stored, so every stored patch reads back as the typed employee.
import type { UseCaseContext } from '../platform/use-case.ts';
import type { EmployeeData, EmployeePatch } from '../../model/employee.ts';
import type { EmployeeBody, SettingsBody } from '../../schemas/employees.ts';
import {
  jurisdictionOf,
  type AnyJurisdiction,
  type Fields,
  type SectionsDraft,
  type SettingsKind,
  type StatutoryPatch,
} from '../../jurisdictions/index.ts';
import { money } from '../../lib/money.ts';
import { todayIn } from '../../lib/dates.ts';
import { badRequest } from '../../lib/errors.ts';
import { assertClientFields, employeeBodyPolicy, settingsPolicy } from '../../model/sensitive.ts';

export type { SettingsKind } from '../../jurisdictions/index.ts';

const CORE = new Set([
  'first_name',
  'last_name',
  'email',
  'date_of_birth',
  'address',
  'position',
  'site',
  'status',
  'employment',
  'effective_from',
  'jurisdiction_data',
  'statutory',
  'tax_profile',
  'governance_reason',
  'cost_centre_code',
]);

/** Decodes intake output with the country's patch schema: a field of the wrong type is a 400, never stored. */
function decodeSections(j: AnyJurisdiction, draft: SectionsDraft, prefix: (section: string) => string[]) {
  const parsed = j.patchSchema.safeParse(draft);
  if (parsed.success) return parsed.data;
  const errors = parsed.error.issues.map((i) => {
    const [section, ...rest] = i.path.map(String);
    return { path: [...prefix(section), ...rest].join('.'), message: i.message };
  });
  throw badRequest(
    `The statutory fields are invalid: ${errors.map((e) => `${e.path}: ${e.message}`).join('; ')}`,
    errors,
  );
}

function employmentPatch(e: EmployeeBody['employment']): EmployeePatch['employment'] {
  if (!e) return undefined;
  return {
    ...e,
    ...(typeof e.annual_salary === 'string' ? { annual_salary: money(e.annual_salary) } : {}),
    ...(typeof e.hourly_rate === 'string' ? { hourly_rate: money(e.hourly_rate) } : {}),
  };
}

/**
 * Core, employment, statutory and forwarded fields of a create or patch body. Identifiers arrive only
 * through the country's statutory fields, and nothing Payrail derives is taken from the body, at any depth.
 */
export function employeePatch(uc: UseCaseContext, b: EmployeeBody, mode: 'create' | 'update'): EmployeePatch {
  const t = uc.requireTenant();
  const j = jurisdictionOf(t.tenant.jurisdiction);
  assertClientFields(b, employeeBodyPolicy(j, mode));
  const patch: EmployeePatch = {};
  if (b.first_name !== undefined) patch.first_name = b.first_name;
  if (b.last_name !== undefined) patch.last_name = b.last_name;
  if (b.email !== undefined) patch.email = b.email;
  if (b.date_of_birth !== undefined) patch.date_of_birth = b.date_of_birth;
  if (b.position !== undefined) patch.position = b.position;
  // A new address replaces the old one whole: a line left out is cleared, not kept from before.
  if (b.address !== undefined) patch.address = b.address && { line2: null, state: null, postcode: null, ...b.address };
  if (b.site !== undefined) patch.site = b.site;
  if (b.status !== undefined) patch.status = b.status;
  const employment = employmentPatch(b.employment);
  if (employment) patch.employment = employment;
  if (b.jurisdiction_data) patch.jurisdiction_data = b.jurisdiction_data;
  const extra = Object.fromEntries(Object.entries(b).filter(([k]) => !CORE.has(k)));
  if (Object.keys(extra).length) patch.extra = extra;
  const fields = statutoryFields(j, b);
  let sections: StatutoryPatch = {};
  if (fields) {
    const draft = j.employeeIntake(t.binding.pack_version, fields, uc.deps.secrets, todayIn(uc.now));
    sections = decodeSections(j, draft, (s) => j.employeeFieldPath(s));
  }
  return { ...patch, ...sections };
}

/**
 * The country's statutory fields an employee body sends, or null when it sends none. `tax_profile` is the
 * read-side name of the tax settings: accepted on writes in every country.
 */
export function statutoryFields(j: AnyJurisdiction, b: EmployeeBody): Fields | null {
  const sent: Partial<Record<string, Fields>> = b.statutory ?? {};
  const own = j.viewKey ? sent[j.viewKey] : undefined;
  return own || b.tax_profile ? { ...(b.tax_profile ?? {}), ...(own ?? {}) } : null;
}

/** A tax, bank or pension settings body as a patch of the statutory sections. */
export function settingsPatch(
  uc: UseCaseContext,
  kind: SettingsKind,
  b: SettingsBody,
  current: EmployeeData,
): EmployeePatch {
  const t = uc.requireTenant();
  const j = jurisdictionOf(t.tenant.jurisdiction);
  assertClientFields(b, settingsPolicy(j, kind));
  const draft = j.settingsIntake(kind, t.binding.pack_version, b, current, uc.deps.secrets, todayIn(uc.now));
  return decodeSections(j, draft, () => []);
}

/** Attested flags and settings only: sealed values and hashes never leave. */
export function settingsView(uc: UseCaseContext, kind: SettingsKind, e: EmployeeData): Fields {
  return jurisdictionOf(e.jurisdiction).settingsView(kind, e, uc.requireTenant().binding.pack_version);
}
