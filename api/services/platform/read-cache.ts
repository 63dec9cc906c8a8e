// Short-lived in-process caches for what every request reads and almost nothing writes: partner
// keys, tenants with their bindings, cost-centre resolvers (and, keyed by their exact stored text, folded
// employees and decoded pay results, which never go stale, and whole workforces by their revision). Writes
// in this process invalidate at once; writes by another process show within the TTL. Revoked keys never stay usable: the
// revocation list (refreshed four times a second) is checked on every hit.
import type {
  PartnerKeyTable,
  TenantTable,
  BindingTable,
  EmployeeTable,
  PayRunEntryTable,
} from '../../store/schema.ts';
import type { CostCentreResolver } from '../setup/cost-centres.ts';
import type { EmployeeData } from '../../model/employee.ts';
import type { EntryResult } from '../../engines/types.ts';
import { resultOf } from '../pay-runs/pay-run-model.ts';

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

/**
 * Employees folded from their stored patches, by employee and the exact patch texts. Folding is a function
 * of those texts alone, so a hit is what folding again would give, whichever process wrote the patches and
 * however long ago: nothing to invalidate. Pay-run steps read the whole workforce several times; decoding
 * every patch each time was most of their work. Entries are frozen, since every reader shares them.
 */
export class FoldCache {
  private readonly entries = new Map<string, { patches: string[]; data: EmployeeData }>();
  constructor(private readonly max = 20_000) {}

  /**
   * The employee folded from these patches: the kept copy when its patches are these, else `fold()`'s, kept.
   * An employee's patches on an earlier date are a prefix of those on a later one, so their number is part
   * of the key: a pay run's period end and today's employee page keep a copy each, and share one while equal.
   */
  fold(jurisdiction: string, employeeId: string, patches: string[], fold: () => EmployeeData): EmployeeData {
    const key = `${jurisdiction}|${employeeId}|${patches.length}`;
    const hit = this.entries.get(key);
    if (hit && hit.patches.every((p, i) => p === patches[i])) return hit.data;
    if (this.entries.size >= this.max && !hit) this.entries.clear();
    const data = deepFreeze(fold());
    this.entries.set(key, { patches, data });
    return data;
  }
}

/**
 * Values decoded from stored text, by the text itself (pay-run entries' results). Decoding is a function of the
 * text, so a hit is what decoding again would give, whichever process wrote it: nothing to invalidate. A run's
 * findings and reports read the same finalised results over and over. Values are frozen: every reader shares them.
 */
export class DecodeCache<V> {
  private readonly entries = new Map<string, V>();
  constructor(private readonly max = 20_000) {}

  get(text: string, decode: () => V): V {
    return this.entries.get(text) ?? this.seed(text, decode());
  }

  /**
   * Keeps a value already in hand under the text it was written as (an engine's result, just serialised), so
   * the first read does not decode it again. Only for a value whose every field the schema keeps as it is.
   */
  seed(text: string, value: V): V {
    const kept = this.entries.get(text);
    if (kept !== undefined) return kept;
    if (this.entries.size >= this.max) this.entries.clear();
    const frozen = deepFreeze(value);
    this.entries.set(text, frozen);
    return frozen;
  }
}

/** An employee as a pay run reads them: the row, the values folded from their patches, and the full name. */
export interface FoldedEmployee {
  readonly row: EmployeeTable;
  readonly data: EmployeeData;
  readonly name: string;
}

/**
 * Whole workforces as read on a date, by tenant, date and the tenant's workforce revision (a token every write
 * of an employee or their case values replaces, in the same transaction). A hit is what reading again would
 * give, whichever process wrote since: a write elsewhere changes the token, and the entry is never asked for
 * again. Each step of a 10,000-employee run read and compared 30,000 patches to learn nothing had changed.
 */
export class WorkforceCache {
  private readonly entries = new Map<string, { revision: string; employees: readonly FoldedEmployee[] }>();
  constructor(private readonly max = 8) {}

  get(tenantId: string, asOf: string, revision: string): readonly FoldedEmployee[] | undefined {
    const key = `${tenantId}|${asOf}`;
    const hit = this.entries.get(key);
    if (!hit || hit.revision !== revision) return undefined;
    // The most recently used stays longest.
    this.entries.delete(key);
    this.entries.set(key, hit);
    return hit.employees;
  }

  set(tenantId: string, asOf: string, revision: string, employees: FoldedEmployee[]): readonly FoldedEmployee[] {
    for (const key of this.entries.keys()) {
      if (this.entries.size < this.max) break;
      this.entries.delete(key);
    }
    for (const e of employees) Object.freeze(e.row);
    const frozen = Object.freeze(employees.map((e) => Object.freeze(e)));
    this.entries.set(`${tenantId}|${asOf}`, { revision, employees: frozen });
    return frozen;
  }
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

export class ReadCache {
  readonly keys = new TtlCache<PartnerKeyTable>(60_000);
  readonly tenants = new TtlCache<{ tenant: TenantTable; bindings: BindingTable[] }>(2_000);
  readonly resolvers = new TtlCache<CostCentreResolver>(2_000);
  readonly folds = new FoldCache();
  readonly workforces = new WorkforceCache();
  readonly results = new DecodeCache<EntryResult>();

  /** A stored entry's result, decoded once per text (findings, finalise and reports read the same ones). */
  storedResult(e: PayRunEntryTable): EntryResult {
    return this.results.get(e.result_json, () => resultOf(e));
  }

  invalidateTenant(tenantId: string): void {
    this.tenants.deleteWhere((_k, v) => v.tenant.id === tenantId);
    this.resolvers.deleteWhere((k) => k === tenantId);
  }
}
