// Cost centres (a governed overlay), mapping rules, and the data-scope filter built on them.
import type { Repos } from '../../store/index.ts';
import type { CostCentreTable, CostCentreMappingTable } from '../../store/schema.ts';
import type { TtlCache } from '../platform/read-cache.ts';
import { getPath } from '../../lib/merge.ts';
import { decodeJson } from '../../lib/json-column.ts';
import { matchValue } from '../../schemas/cost-centres.ts';

export type PublicCostCentre = ReturnType<typeof publicCostCentre>;
export type PublicMapping = ReturnType<typeof publicMapping>;

export const publicCostCentre = (c: CostCentreTable) => ({
  code: c.code,
  name: c.name,
  parent_code: c.parent_code,
  gl_account: c.gl_account,
  site: c.site,
  status: c.status,
  created_at: c.created_at,
  updated_at: c.updated_at,
});

export const publicMapping = (m: CostCentreMappingTable) => ({
  id: m.id,
  source: m.source,
  attribute: m.attribute,
  match_value: decodeMatch(m),
  cost_centre_code: m.cost_centre_code,
  priority: m.priority,
  created_at: m.created_at,
});

export const encodeMatch = (v: string | number) => JSON.stringify(v);
const decodeMatch = (m: CostCentreMappingTable): string | number =>
  decodeJson(matchValue, m.match_value, `cost_centre_mappings.match_value of ${m.id}`);

export interface CostCentreResolver {
  costCentreOf(explicit: string | null, entity: unknown): string | null;
  siteOf(explicitSite: string | null, costCentre: string | null): string | null;
  hasAnyDimension: boolean;
}

/**
 * A rule's dot-path names the entity as the API shows it. Forwarded fields show at the top level of an
 * employee but are kept under `extra`, so a path the stored record lacks is looked up there too.
 */
function attributeOf(entity: unknown, path: string): unknown {
  const direct = getPath(entity, path);
  if (direct !== undefined) return direct;
  return getPath(getPath(entity, 'extra'), path);
}

/** Explicit assignment beats rules; among rules the lowest priority number wins, `*` is a catch-all. */
export async function loadResolver(
  r: Repos,
  tenantId: string,
  cache?: TtlCache<CostCentreResolver>,
): Promise<CostCentreResolver> {
  const hit = cache?.get(tenantId);
  if (hit) return hit;
  const resolver = await buildResolver(r, tenantId, 'employee');
  cache?.set(tenantId, resolver);
  return resolver;
}

async function buildResolver(r: Repos, tenantId: string, source: 'employee' | 'pay_item'): Promise<CostCentreResolver> {
  const [centres, rules] = await Promise.all([r.listCostCentres(tenantId, true), r.listMappings(tenantId, source)]);
  const siteByCode = new Map(centres.map((c) => [c.code, c.site]));
  const ordered = rules.map((m) => ({ ...m, match: decodeMatch(m) }));
  return {
    hasAnyDimension: centres.length > 0,
    costCentreOf(explicit, entity) {
      if (explicit) return explicit;
      for (const rule of ordered) {
        const value = attributeOf(entity, rule.attribute);
        if (rule.match === '*' ? value !== undefined && value !== null : String(value) === String(rule.match))
          return rule.cost_centre_code;
      }
      return null;
    },
    siteOf(explicitSite, costCentre) {
      return explicitSite ?? (costCentre ? (siteByCode.get(costCentre) ?? null) : null);
    },
  };
}

/**
 * Pay-item rules: the cost centre a pay item's amount is booked to (matched on the item's fields, such as
 * `category` or `code`), or null when no rule matches and the amount stays with the employee's centre.
 */
export async function loadPayItemResolver(r: Repos, tenantId: string): Promise<(item: unknown) => string | null> {
  const resolver = await buildResolver(r, tenantId, 'pay_item');
  return (item) => resolver.costCentreOf(null, item);
}
