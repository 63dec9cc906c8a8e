// Resolves `{tenantId}` (id or slug) for a caller, once, in the pipeline: another partner's tenant
// and a token's other tenants are 404 on every route, because no route resolves tenants itself.
import { z } from 'zod';
import type { Caller } from '../../model/caller.ts';
import type { Repos } from '../../store/index.ts';
import type { TenantTable, BindingTable } from '../../store/schema.ts';
import type { CapabilityMatrix, PackMeta } from '../../packs/types.ts';
import type { Engine } from '../../engines/types.ts';
import { getPack } from '../../packs/index.ts';
import { buildEngine } from '../../engines/index.ts';
import { notFound } from '../../lib/errors.ts';
import { decodeJsonOrNull } from '../../lib/json-column.ts';
import type { ReadCache } from './read-cache.ts';

export interface TenantContext {
  tenant: TenantTable;
  binding: BindingTable;
  pack: PackMeta;
  engine: Engine | null;
  capabilities: CapabilityMatrix | null;
  mock: boolean;
}

export async function resolveTenant(
  r: Repos,
  caller: Caller,
  idOrSlug: string,
  cache?: ReadCache,
): Promise<TenantContext> {
  const key = `${caller.partnerId}|${idOrSlug}`;
  let hit = cache?.tenants.get(key);
  if (!hit) {
    const found = await r.findTenant(caller.partnerId, idOrSlug);
    if (found) {
      hit = { tenant: found, bindings: await r.listBindings(found.id) };
      cache?.tenants.set(key, hit);
    }
  }
  const tenant = hit?.tenant;
  if (!hit || !tenant || (caller.kind !== 'partner' && caller.tenantId !== tenant.id))
    throw notFound('Tenant not found.');
  const bindings = hit.bindings;
  const binding = bindings.find((b) => b.role === 'hub') ?? bindings[0];
  return contextFor(tenant, binding);
}

export function contextFor(tenant: TenantTable, binding: BindingTable): TenantContext {
  const pack = getPack(binding.pack_code)!;
  const engine = buildEngine(binding, pack);
  return {
    tenant,
    binding,
    pack,
    engine,
    capabilities: engine?.capabilities(pack, binding.pack_version) ?? null,
    mock: binding.engine === 'mock',
  };
}

/** A tenant's parent group, kept in `tenants.group_json`. */
const tenantGroup = z.looseObject({ id: z.string(), slug: z.string(), name: z.string() });

export function publicTenant(t: TenantTable) {
  return {
    id: t.id,
    slug: t.slug,
    name: t.name,
    jurisdiction: t.jurisdiction,
    group: decodeJsonOrNull(tenantGroup, t.group_json, `tenants.group_json of ${t.id}`),
    environment: t.environment,
    created_at: t.created_at,
  };
}

export function publicBinding(b: BindingTable, capabilities: CapabilityMatrix | null) {
  return {
    id: b.id,
    role: b.role,
    engine: b.engine,
    pack: b.pack_code,
    pack_version: b.pack_version,
    status: b.status,
    capabilities,
    connection_id: b.connection_id,
    connector_pack: b.connector_pack,
    engine_tenant_ref: b.engine_tenant_ref,
    created_at: b.created_at,
    updated_at: b.updated_at,
  };
}
