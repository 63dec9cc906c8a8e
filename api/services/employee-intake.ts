// Turns request bodies into case-value patches, per jurisdiction, validating statutory fields on
// the way in (422 with rule references) and sealing identifiers.
import type { RequestContext } from '../http/context.ts';
import type { EmployeeData } from './employee-model.ts';
import { auBankPatch, auPensionPatch, auTaxPatch, bankAttested } from './employee-intake-au.ts';
import { deBankPatch, deStatutoryPatch } from './employee-intake-de.ts';
import { publicSection } from './employee-model.ts';
import { money } from '../lib/money.ts';
import { badRequest, capabilityNotSupported, type FieldError } from '../lib/errors.ts';

type Fields = Record<string, unknown>;
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
const IDENTIFIER =
  /^(tfn|tax_file_number|tax_id|steuer_id|steuer_idnr|iban|account_number|bank_account_number|smsf_account_number|super_member_number|member_number|svnr|social_security_number)$/i;

function rawIdentifiers(value: unknown, path: string[], out: FieldError[]): FieldError[] {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return out;
  for (const [k, v] of Object.entries(value as Fields)) {
    if (IDENTIFIER.test(k) && v !== null && v !== undefined && v !== '') {
      out.push({
        path: [...path, k].join('.'),
        message: `${k} is an identifier: send it through its tax, bank or pension field so it is kept only as an attestation.`,
      });
    } else {
      rawIdentifiers(v, [...path, k], out);
    }
  }
  return out;
}

/** A patch about to be stored must not carry a raw identifier in a forwarded or passthrough field. */
function assertNoRawIdentifiers<T>(patch: T, prefix: (section: string) => string[] = () => []): T {
  const errors: FieldError[] = [];
  for (const [section, v] of Object.entries(patch as Fields)) rawIdentifiers(v, prefix(section), errors);
  if (errors.length)
    throw badRequest(`Raw identifiers are not accepted here: ${errors.map((e) => e.path).join(', ')}.`, errors);
  return patch;
}

function employmentPatch(e: Fields | undefined) {
  if (!e) return undefined;
  const out: Fields = { ...e };
  for (const k of ['annual_salary', 'hourly_rate'] as const)
    if (typeof e[k] === 'string') out[k] = money(e[k] as string);
  return out as Partial<EmployeeData['employment']>;
}

/** Core, employment, statutory and forwarded fields of a create or patch body. */
export function employeePatch(ctx: RequestContext, b: Fields): Partial<EmployeeData> {
  const t = ctx.requireTenant();
  const version = t.binding.pack_version;
  const patch: Partial<EmployeeData> & Fields = {};
  for (const k of ['first_name', 'last_name', 'email', 'date_of_birth', 'position', 'site', 'status'] as const)
    if (b[k] !== undefined) patch[k] = b[k] as never;
  const employment = employmentPatch(b.employment as Fields | undefined);
  if (employment) patch.employment = employment as EmployeeData['employment'];
  if (b.jurisdiction_data) patch.jurisdiction_data = b.jurisdiction_data as Fields;
  const extra = Object.fromEntries(Object.entries(b).filter(([k]) => !CORE.has(k)));
  if (Object.keys(extra).length) patch.extra = extra;
  const statutory = (b.statutory ?? {}) as { au?: Fields; de?: Fields };
  // `tax_profile` is the read-side name of the tax settings: accepted on writes in every country.
  if (t.tenant.jurisdiction === 'AU' && (statutory.au || b.tax_profile)) {
    patch.tax = auTaxPatch(
      version,
      { ...((b.tax_profile as Fields) ?? {}), ...(statutory.au ?? {}) },
      ctx.deps.secrets,
    );
  }
  if (t.tenant.jurisdiction === 'DE' && (statutory.de || b.tax_profile)) {
    const d = deStatutoryPatch(
      version,
      { ...((b.tax_profile as Fields) ?? {}), ...(statutory.de ?? {}) },
      ctx.deps.secrets,
    );
    patch.de = d.de;
    if (d.bank) patch.bank = d.bank;
  }
  const where: Record<string, string[]> = { tax: ['statutory', 'au'], de: ['statutory', 'de'], extra: [] };
  return assertNoRawIdentifiers(patch, (section) => where[section] ?? [section]);
}

export type SettingsKind = 'tax' | 'bank' | 'pension';

export function settingsPatch(
  ctx: RequestContext,
  kind: SettingsKind,
  b: Fields,
  current: EmployeeData,
): Partial<EmployeeData> {
  return assertNoRawIdentifiers(settingsPatchOf(ctx, kind, b, current));
}

function settingsPatchOf(
  ctx: RequestContext,
  kind: SettingsKind,
  b: Fields,
  current: EmployeeData,
): Partial<EmployeeData> {
  const t = ctx.requireTenant();
  const version = t.binding.pack_version;
  const s = ctx.deps.secrets;
  if (t.tenant.jurisdiction === 'AU') {
    if (kind === 'tax') return { tax: auTaxPatch(version, b, s) };
    if (kind === 'pension') return { pension: auPensionPatch(version, b, s) };
    const bank = auBankPatch(version, b, s);
    return { bank: { ...bank, attested: bankAttested({ ...current.bank, ...bank }) } };
  }
  if (t.tenant.jurisdiction === 'DE') {
    if (kind === 'bank') return { bank: deBankPatch(version, b, s) };
    const d = deStatutoryPatch(version, b, s);
    return { de: d.de, ...(d.bank ? { bank: d.bank } : {}) };
  }
  throw capabilityNotSupported(`${kind}_settings`, version, [], `${version} has no ${kind} settings yet.`);
}

/** Attested flags and settings only: sealed values and hashes never leave. */
export function settingsView(kind: SettingsKind, e: EmployeeData, jurisdiction: string): Fields {
  if (jurisdiction === 'DE') {
    const de = publicSection(e.de);
    if (kind === 'bank') return { ...publicSection(e.bank), iban_attested: e.bank.iban_attested === true };
    if (kind === 'pension') return { pension_insurance: de.pension_insurance !== false };
    return { ...de, tax_id_attested: de.tax_id_attested === true };
  }
  if (kind === 'tax') return { tfn_attested: e.tax.tfn_attested === true, ...publicSection(e.tax) };
  if (kind === 'bank') return { attested: e.bank.attested === true, ...publicSection(e.bank) };
  return { super_fund_attested: !!(e.pension.super_usi || e.pension.smsf_attested), ...publicSection(e.pension) };
}
