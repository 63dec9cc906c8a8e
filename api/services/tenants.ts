// Tenant provisioning and binding re-pins: the rules of which engine fits which pack and version.
import type { Repos } from '../store/index.ts';
import type { PartnerCaller } from './caller.ts';
import { newId } from '../lib/ids.ts';
import { badRequest, conflict } from '../lib/errors.ts';
import { packFor, releasedVersions } from '../packs/index.ts';
import type { Jurisdiction, PackMeta } from '../packs/types.ts';
import { contextFor, publicBinding, publicTenant } from './tenant-context.ts';

export const ENGINES = ['mock', 'payroll_engine_au', 'payroll_engine', 'acct_engine'] as const;
const ENGINE_JURISDICTION: Record<string, Jurisdiction | null> = {
  payroll_engine_au: 'AU',
  payroll_engine: 'DE',
  mock: null,
  acct_engine: null,
};

export interface CreateTenantInput {
  name: string;
  slug?: string;
  jurisdiction: Jurisdiction;
  engine: string;
  pack_version?: string;
  connection_id?: string;
  connector_pack?: string;
  engine_tenant_ref?: string;
}

// Trimmed after the cut as well, so a long name never leaves a slug ending in a dash.
export const slugify = (name: string) =>
  name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .replace(/[\s_-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 48)
    .replace(/-+$/, '') || 'tenant';

function fieldError(path: string, message: string) {
  return badRequest(message, [{ path, message }]);
}

export function validateBindingChoice(caller: PartnerCaller, input: CreateTenantInput) {
  const pack = packFor(input.jurisdiction) as PackMeta | undefined;
  // A jurisdiction can be accepted by the schema before its pack module is registered.
  if (!pack) throw fieldError('jurisdiction', `No regulation pack is available for ${input.jurisdiction} yet.`);
  if (!(ENGINES as readonly string[]).includes(input.engine)) {
    throw fieldError('engine', `Unknown engine ${input.engine}; expected one of ${ENGINES.join(', ')}.`);
  }
  const fits = ENGINE_JURISDICTION[input.engine];
  if (fits && fits !== input.jurisdiction)
    throw fieldError('engine', `Engine ${input.engine} serves ${fits} tenants only.`);
  if (input.engine === 'acct_engine' && !input.connection_id)
    throw fieldError('connection_id', 'acct_engine bindings need a cin_ connection id.');
  if (input.engine === 'mock' && caller.environment === 'live')
    throw fieldError('engine', 'Live keys cannot bind the mock engine.');
  const allowed = pack.status === 'draft' ? pack.versions.map((v) => v.version) : releasedVersions(pack);
  const version = input.pack_version ?? pack.current_version;
  if (!allowed.includes(version)) {
    throw fieldError(
      'pack_version',
      `Unknown pack version ${version} for ${pack.code}; released: ${allowed.join(', ')}.`,
    );
  }
  return { pack, version };
}

export async function createTenant(r: Repos, caller: PartnerCaller, input: CreateTenantInput, now: Date) {
  const { pack, version } = validateBindingChoice(caller, input);
  let slug = input.slug;
  if (slug) {
    if (await r.slugTaken(caller.partnerId, slug))
      throw conflict('slug_taken', `The slug ${slug} is already used by another of your tenants.`);
  } else {
    const base = slugify(input.name);
    slug = base;
    for (let n = 2; await r.slugTaken(caller.partnerId, slug); n++) slug = `${base}-${n}`;
  }
  const at = now.toISOString();
  const tenant = {
    id: newId('ten_'),
    partner_id: caller.partnerId,
    slug,
    name: input.name,
    jurisdiction: input.jurisdiction,
    environment: caller.environment,
    group_json: null,
    created_at: at,
  };
  await r.insertTenant(tenant);
  const binding = {
    id: newId('bnd_'),
    tenant_id: tenant.id,
    role: 'hub' as const,
    engine: input.engine,
    pack_code: pack.code,
    pack_version: version,
    status: input.engine === 'acct_engine' ? 'awaiting_grant' : 'active',
    connection_id: input.connection_id ?? null,
    connector_pack: input.engine === 'acct_engine' ? (input.connector_pack ?? 'acct_company') : null,
    engine_tenant_ref: input.engine_tenant_ref ?? `${input.engine}:${tenant.id}`,
    created_at: at,
    updated_at: at,
  };
  await r.insertBinding(binding);
  await r.upsertCompany(
    tenant.id,
    JSON.stringify({ legal_name: input.name, trading_name: input.name, country: input.jurisdiction }),
    '{}',
    at,
  );
  const ctx = contextFor(tenant, binding);
  return { tenant: publicTenant(tenant), binding: publicBinding(binding, ctx.capabilities), mock: ctx.mock };
}
