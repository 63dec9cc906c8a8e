// Short-lived in-process caches for what every request reads and almost nothing writes: partner
// keys, tenants with their bindings, cost-centre resolvers. Writes in this process invalidate at
// once; writes by another process show within the TTL. Revoked keys never stay usable: the
// revocation list (refreshed four times a second) is checked on every hit.
import type { PartnerKeyTable, TenantTable, BindingTable } from '../store/schema.ts';
import type { CostCentreResolver } from './cost-centres.ts';

export class TtlCache<V> {
  private readonly entries = new Map<string, { value: V; at: number }>();
  constructor(
    private readonly ttlMs: number,
    private readonly max = 10_000,
  ) {}

  get(key: string): V | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    if (Date.now() - hit.at > this.ttlMs) {
      this.entries.delete(key);
      return undefined;
    }
    return hit.value;
  }

  set(key: string, value: V): void {
    if (this.entries.size >= this.max) this.entries.clear();
    this.entries.set(key, { value, at: Date.now() });
  }

  deleteWhere(pred: (key: string, value: V) => boolean): void {
    for (const [k, v] of this.entries) if (pred(k, v.value)) this.entries.delete(k);
  }
}

export class ReadCache {
  readonly keys = new TtlCache<PartnerKeyTable>(60_000);
  readonly tenants = new TtlCache<{ tenant: TenantTable; bindings: BindingTable[] }>(2_000);
  readonly resolvers = new TtlCache<CostCentreResolver>(2_000);

  invalidateTenant(tenantId: string): void {
    this.tenants.deleteWhere((_k, v) => v.tenant.id === tenantId);
    this.resolvers.deleteWhere((k) => k === tenantId);
  }
}
