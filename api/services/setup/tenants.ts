// Tenants: provisioning with their engine binding (which engine fits which pack and version), the
// partner's tenant list, one tenant with its bindings, and binding re-pins to another statutory year.
import type { Repos } from '../../store/index.ts';
import type { TenantTable } from '../../store/schema.ts';
import type { PartnerCaller } from '../../model/caller.ts';
import type { Change } from '../platform/unit-of-work.ts';
import type { UseCaseContext } from '../platform/use-case.ts';
import type { CreateTenantInput } from '../../schemas/platform.ts';
import { partnerCaller } from '../platform/partner-keys.ts';
import { newId } from '../../lib/ids.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { getPack, packFor, releasedVersions } from '../../packs/index.ts';
import type { Jurisdiction, PackMeta } from '../../packs/types.ts';
import { contextFor, publicBinding, publicTenant } from '../platform/tenant-context.ts';
import { jurisdictionOf } from './jurisdiction.ts';

export type { CreateTenantInput } from '../../schemas/platform.ts';
export type PublicTenant = ReturnType<typeof publicTenant>;
export type PublicBinding = ReturnType<typeof publicBinding>;

export const ENGINES = ['mock', 'payroll_engine_au', 'payroll_engine', 'acct_engine'] as const;
const ENGINE_JURISDICTION: Record<string, Jurisdiction | null> = {
  payroll_engine_au: 'AU',
  payroll_engine: 'DE',
  mock: null,
  acct_engine: null,
};

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

/** A new tenant of the calling partner, its hub binding and its company record; evidenced on its own chain. */
export async function provisionTenant(
  uc: UseCaseContext,
  r: Repos,
  input: CreateTenantInput,
): Promise<Change<{ tenant: PublicTenant; binding: PublicBinding }>> {
  const caller = partnerCaller(uc);
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
  const at = uc.now.toISOString();
  const tenant: TenantTable = {
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
    JSON.stringify({
      legal_name: input.name,
      trading_name: input.name,
      country: input.jurisdiction,
      ...jurisdictionOf(input.jurisdiction).newCompanyFields(),
    }),
    '{}',
    at,
  );
  const ctx = contextFor(tenant, binding);
  return {
    data: { tenant: publicTenant(tenant), binding: publicBinding(binding, ctx.capabilities) },
    evidence: {
      chain: tenant.id,
      mock: ctx.mock,
      action: 'tenant.provisioned',
      resource: tenant.id,
      decision: { engine: binding.engine, pack_version: binding.pack_version, jurisdiction: tenant.jurisdiction },
    },
  };
}

/**
 * Up to `limit + 1` of the calling partner's tenants after `after` (by id), in the key's own environment
 * only: the other environment's rows are skipped batch by batch so pages stay full.
 */
export async function listOwnTenants(uc: UseCaseContext, after: string | null, limit: number): Promise<PublicTenant[]> {
  const c = partnerCaller(uc);
  const rows: TenantTable[] = [];
  for (let at = after; ;) {
    const batch = await uc.store.repos.listTenants(c.partnerId, at, limit + 1);
    rows.push(...batch.filter((t) => t.environment === c.environment));
    if (rows.length > limit || batch.length <= limit) break;
    at = batch[batch.length - 1].id;
  }
  return rows.slice(0, limit + 1).map(publicTenant);
}

/** The context's tenant with every binding it has. */
export async function tenantWithBindings(uc: UseCaseContext) {
  const t = uc.requireTenant();
  const bindings = await uc.store.repos.listBindings(t.tenant.id);
  return {
    tenant: publicTenant(t.tenant),
    bindings: bindings.map((b) => publicBinding(b, contextFor(t.tenant, b).capabilities)),
  };
}

/** Re-pins a binding of the context's tenant to another released version of its pack (a new statutory year). */
export async function repinBinding(
  uc: UseCaseContext,
  r: Repos,
  input: { bindingId: string; packVersion: string },
): Promise<Change<PublicBinding>> {
  const t = uc.requireTenant();
  const binding = (await r.listBindings(t.tenant.id)).find((b) => b.id === input.bindingId);
  if (!binding) throw notFound('Binding not found.');
  const pack = getPack(binding.pack_code)!;
  if (!releasedVersions(pack).includes(input.packVersion)) {
    throw badRequest(`${input.packVersion} is not a released version of ${pack.code}.`, [
      { path: 'pack_version', message: `Released: ${releasedVersions(pack).join(', ')}.` },
    ]);
  }
  const from = binding.pack_version;
  const at = uc.now.toISOString();
  await r.updateBindingVersion(binding.id, input.packVersion, at);
  const updated = { ...binding, pack_version: input.packVersion, updated_at: at };
  return {
    data: publicBinding(updated, contextFor(t.tenant, updated).capabilities),
    evidence: { action: 'binding.repinned', resource: binding.id, decision: { from, to: input.packVersion } },
  };
}
