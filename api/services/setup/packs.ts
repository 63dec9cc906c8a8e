// The tenant's pack view: each engine binding with its pinned pack and the capability matrix its own
// engine adapter gives.
import type { UseCaseContext } from '../platform/use-case.ts';
import { contextFor } from '../platform/tenant-context.ts';
import { getPack, packSummary } from '../../packs/index.ts';
import { CAPABILITIES } from '../../packs/types.ts';

export async function tenantPacks(uc: UseCaseContext) {
  const t = uc.requireTenant();
  const bindings = await uc.store.repos.listBindings(t.tenant.id);
  return bindings.map((b) => {
    const builtin = b.engine !== 'acct_engine';
    // Each binding's own adapter decides its matrix: a substrate binding is not the hub's.
    const caps = b.id === t.binding.id ? t.capabilities : contextFor(t.tenant, b).capabilities;
    return {
      binding_id: b.id,
      engine: b.engine,
      role: b.role,
      pinned_version: b.pack_version,
      pack: packSummary(getPack(b.pack_code)!),
      capabilities: caps,
      capability_basis: Object.fromEntries(CAPABILITIES.map((c) => [c, builtin ? 'pack_only' : 'unknown'])),
      capability_grant_state: builtin ? null : ('absent' as const),
    };
  });
}
