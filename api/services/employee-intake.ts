// Turns request bodies into case-value patches: core and employment fields here, statutory fields
// through the tenant's jurisdiction adapter, which validates them on the way in (422 with rule
// references) and seals identifiers. What it builds is decoded with the country's schema before it is
// stored, so every stored patch reads back as the typed employee.
import type { UseCaseContext } from './use-case.ts';
import type { EmployeeData, EmployeePatch } from './employee-model.ts';
import type { EmployeeBody, SettingsBody } from '../schemas/employees.ts';
import {
  jurisdictionOf,
  type AnyJurisdiction,
  type Fields,
  type SectionsDraft,
  type SettingsKind,
  type StatutoryPatch,
} from '../jurisdictions/index.ts';
import { money } from '../lib/money.ts';
import { badRequest, type FieldError } from '../lib/errors.ts';

export type { SettingsKind } from '../jurisdictions/index.ts';

const CORE = new Set([
  'first_name',
  'last_name',
  'email',
  'date_of_birth',
  'position',
  'site',
  'status',
  'employment',
  'effective_from',
  'jurisdiction_data',
  'statutory',
  'tax_profile',
  'governance_reason',
]);

/** Identifiers that may only arrive through their intake fields, which keep them as attestations. */
const IDENTIFIER = new RegExp(
  `^(${[
    'tfn',
    'tax_file_number',
    'tax_id',
    'steuer_id',
    'steuer_idnr',
    'iban',
    'account_number',
    'bank_account_number',
    'smsf_account_number',
    'super_member_number',
    'member_number',
    'svnr',
    'social_security_number',
  ].join('|')})$`,
  'i',
);

/** What intake derives from an identifier: attested flags, keyed hashes, sealed numbers, masked digits. */
const DERIVED = /^(attested|\w+_attested|\w+_hash|\w+_enc|\w+_last3|\w+_last4)$/;

function rawIdentifiers(value: unknown, path: string[], out: FieldError[]): FieldError[] {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return out;
  for (const [k, v] of Object.entries(value)) {
    if (IDENTIFIER.test(k) && v !== null && v !== undefined && v !== '') {
      out.push({
        path: [...path, k].join('.'),
        message:
          `${k} is an identifier: send it through its tax, bank or pension field ` +
          'so it is kept only as an attestation.',
      });
    } else {
      rawIdentifiers(v, [...path, k], out);
    }
  }
  return out;
}

/** A patch about to be stored must not carry a raw identifier in a forwarded or passthrough field. */
function assertNoRawIdentifiers(sections: object, prefix: (section: string) => string[]): void {
  const errors: FieldError[] = [];
  for (const [section, v] of Object.entries(sections)) rawIdentifiers(v, prefix(section), errors);
  if (errors.length)
    throw badRequest(`Raw identifiers are not accepted here: ${errors.map((e) => e.path).join(', ')}.`, errors);
}

/** Attestations are Payrail's to make: a caller sends the identifier, never the flag, hash or sealed value. */
function assertNoDerivedFields(fields: Fields, path: string[]): void {
  const errors = Object.keys(fields)
    .filter((k) => DERIVED.test(k))
    .map((k) => ({
      path: [...path, k].join('.'),
      message: `${k} is set by Payrail when the identifier it attests is sent.`,
    }));
  if (errors.length)
    throw badRequest(`Attestation fields cannot be written: ${errors.map((e) => e.path).join(', ')}.`, errors);
}

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

/** Core, employment, statutory and forwarded fields of a create or patch body. */
export function employeePatch(uc: UseCaseContext, b: EmployeeBody): EmployeePatch {
  const t = uc.requireTenant();
  const j = jurisdictionOf(t.tenant.jurisdiction);
  const patch: EmployeePatch = {};
  if (b.first_name !== undefined) patch.first_name = b.first_name;
  if (b.last_name !== undefined) patch.last_name = b.last_name;
  if (b.email !== undefined) patch.email = b.email;
  if (b.date_of_birth !== undefined) patch.date_of_birth = b.date_of_birth;
  if (b.position !== undefined) patch.position = b.position;
  if (b.site !== undefined) patch.site = b.site;
  if (b.status !== undefined) patch.status = b.status;
  const employment = employmentPatch(b.employment);
  if (employment) patch.employment = employment;
  if (b.jurisdiction_data) patch.jurisdiction_data = b.jurisdiction_data;
  const extra = Object.fromEntries(Object.entries(b).filter(([k]) => !CORE.has(k)));
  if (Object.keys(extra).length) patch.extra = extra;
  // `tax_profile` is the read-side name of the tax settings: accepted on writes in every country.
  const sent: Partial<Record<string, Fields>> = b.statutory ?? {};
  const own = j.viewKey ? sent[j.viewKey] : undefined;
  let sections: StatutoryPatch = {};
  if (own || b.tax_profile) {
    if (b.tax_profile) assertNoDerivedFields(b.tax_profile, ['tax_profile']);
    if (own) assertNoDerivedFields(own, ['statutory', j.viewKey ?? '']);
    const draft = j.employeeIntake(
      t.binding.pack_version,
      { ...(b.tax_profile ?? {}), ...(own ?? {}) },
      uc.deps.secrets,
    );
    sections = decodeSections(j, draft, (s) => j.employeeFieldPath(s));
  }
  assertNoRawIdentifiers({ ...sections, jurisdiction_data: patch.jurisdiction_data, extra: patch.extra }, (s) =>
    s === 'extra' ? [] : s === 'jurisdiction_data' ? [s] : j.employeeFieldPath(s),
  );
  return { ...patch, ...sections };
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
  assertNoDerivedFields(b, []);
  const draft = j.settingsIntake(kind, t.binding.pack_version, b, current, uc.deps.secrets);
  const sections = decodeSections(j, draft, () => []);
  assertNoRawIdentifiers(sections, () => []);
  return sections;
}

/** Attested flags and settings only: sealed values and hashes never leave. */
export function settingsView(uc: UseCaseContext, kind: SettingsKind, e: EmployeeData): Fields {
  return jurisdictionOf(e.jurisdiction).settingsView(kind, e, uc.requireTenant().binding.pack_version);
}
