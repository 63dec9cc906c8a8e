// The pay-item catalogue: the pack's earning, allowance and deduction types and the tenant's own items,
// each built on a pack type whose treatment (tax, super, STP category or Lohnart) it takes. Entries and
// timesheets name pay items by code; `entryItems` checks the codes and is the one way items get in.
import type { Repos } from '../../store/index.ts';
import type { PayItemTable } from '../../store/schema.ts';
import type { PayItem } from '../../engines/types.ts';
import type { UseCaseContext } from '../platform/use-case.ts';
import type { Change } from '../platform/unit-of-work.ts';
import type { CreatePayItemInput, PublicPayItem, UpdatePayItemInput } from '../../schemas/pay-items.ts';
import { toPayItem, type EntryItemType, type SentItem } from '../../schemas/pay-runs.ts';
import { jurisdictionOf } from './jurisdiction.ts';
import { badRequest, capabilityNotSupported, conflict, notFound, type FieldError } from '../../lib/errors.ts';

type PackRow = Omit<PublicPayItem, 'status' | 'source' | 'base_code'> & { default: boolean };

/** The pack's pay items in the catalogue's shape; 501 where the pack has none. */
function packItems(uc: UseCaseContext): PackRow[] {
  const t = uc.requireTenant();
  const version = t.binding.pack_version;
  const items = jurisdictionOf(t.pack.code).payItems?.(version);
  if (items) return items;
  throw capabilityNotSupported(
    'pay_items',
    version,
    ['pay items by type only (no code)'],
    `Pack ${version} has no pay-item catalogue yet.`,
  );
}

const packPublic = ({ default: _d, ...row }: PackRow): PublicPayItem => ({
  ...row,
  source: 'pack',
  base_code: null,
  status: 'active',
});

function tenantPublic(row: PayItemTable, base: PackRow): PublicPayItem {
  const { default: _d, ...rest } = base;
  return { ...rest, code: row.code, name: row.name, source: 'tenant', base_code: row.base_code, status: row.status };
}

/** The whole catalogue: the pack's items, then the tenant's in code order. */
async function catalogue(uc: UseCaseContext, r: Repos): Promise<{ pack: PackRow[]; all: PublicPayItem[] }> {
  const pack = packItems(uc);
  const own = await r.listPayItems(uc.requireTenant().tenant.id);
  const byCode = new Map(pack.map((p) => [p.code, p]));
  return {
    pack,
    all: [
      ...pack.map(packPublic),
      ...own.flatMap((o) => (byCode.has(o.base_code) ? [tenantPublic(o, byCode.get(o.base_code)!)] : [])),
    ],
  };
}

export async function listPayItems(
  uc: UseCaseContext,
  opts: { kind?: PublicPayItem['kind']; includeArchived: boolean },
) {
  const { all } = await catalogue(uc, uc.store.repos);
  return all.filter((i) => (!opts.kind || i.kind === opts.kind) && (opts.includeArchived || i.status === 'active'));
}

export async function getPayItem(uc: UseCaseContext, code: string, r: Repos = uc.store.repos) {
  const found = (await catalogue(uc, r)).all.find((i) => i.code === code.toUpperCase());
  if (!found) throw notFound('Pay item not found.');
  return found;
}

export async function createPayItem(
  uc: UseCaseContext,
  r: Repos,
  input: CreatePayItemInput,
): Promise<Change<PublicPayItem>> {
  const tenantId = uc.requireTenant().tenant.id;
  const { pack, all } = await catalogue(uc, r);
  const base = pack.find((p) => p.code === input.base_code.toUpperCase());
  if (!base)
    throw badRequest('Unknown base pay item.', [
      { path: 'base_code', message: `${input.base_code} is not one of the pack's pay items.` },
    ]);
  if (all.some((i) => i.code === input.code))
    throw conflict('duplicate_code', `Pay item ${input.code} already exists.`);
  const at = uc.now.toISOString();
  const row: PayItemTable = {
    tenant_id: tenantId,
    code: input.code,
    name: input.name,
    base_code: base.code,
    status: 'active',
    created_at: at,
    updated_at: at,
  };
  await r.insertPayItem(row);
  return {
    data: tenantPublic(row, base),
    evidence: {
      action: 'pay_item.created',
      resource: `pay_item/${row.code}`,
      decision: { code: row.code, base_code: row.base_code },
    },
  };
}

/** Renames or archives/restores a tenant item; the pack's items cannot be changed (409 pack_item_read_only). */
export async function updatePayItem(
  uc: UseCaseContext,
  r: Repos,
  code: string,
  input: UpdatePayItemInput,
): Promise<Change<PublicPayItem>> {
  const existing = await getPayItem(uc, code, r);
  if (existing.source === 'pack')
    throw conflict('pack_item_read_only', `${existing.code} is the pack's pay item: build your own on it instead.`);
  const { governance_reason: _g, ...patch } = input;
  await r.updatePayItem(uc.requireTenant().tenant.id, existing.code, { ...patch, updated_at: uc.now.toISOString() });
  const updated = await getPayItem(uc, existing.code, r);
  return {
    data: updated,
    evidence: {
      action: 'pay_item.updated',
      resource: `pay_item/${existing.code}`,
      decision: { fields: Object.keys(patch), from_status: existing.status, to_status: updated.status },
    },
  };
}

const HOUR_TYPES: readonly string[] = ['ordinary_hours', 'overtime', 'leave'];

/**
 * Entry items as sent → stored pay items. A code must name an active pay item whose types include the
 * item's type (an item sent with a code only takes the pay item's type: its hours type when hours are
 * sent); a tenant item keeps its own code and records the pack item it is built on. Every bad item is
 * reported (400 bad_request, `path` under `prefix`) before anything applies.
 */
export async function entryItems(
  uc: UseCaseContext,
  r: Repos,
  sent: SentItem[],
  prefix = 'items',
  source: 'entry' | 'timesheet' = 'entry',
  dates: (string | undefined)[] = [],
  /** Where each sent item stands in the request, when not every request row is a sent item. */
  positions: number[] = [],
): Promise<PayItem[]> {
  const needsCatalogue = sent.some((i) => i.code !== undefined);
  const all = needsCatalogue ? (await catalogue(uc, r)).all : [];
  const errors: FieldError[] = [];
  const out = sent.map((item, i): PayItem | null => {
    const at = (field: string) => `${prefix}[${positions[i] ?? i}].${field}`;
    if (item.code === undefined) {
      if (!item.type) errors.push({ path: at('type'), message: 'Give a type or a pay item code.' });
      return item.type ? toPayItem({ ...item, type: item.type }, source, dates[i]) : null;
    }
    const found = all.find((p) => p.code === item.code!.trim().toUpperCase());
    if (!found || found.status !== 'active') {
      errors.push({
        path: at('code'),
        message: found
          ? `Pay item ${found.code} is archived.`
          : `Unknown pay item ${item.code}: use a code of GET pay-items.`,
      });
      return null;
    }
    const type = (item.type ??
      (item.hours !== undefined
        ? found.entry_types.find((t) => HOUR_TYPES.includes(t))
        : found.entry_types.find((t) => !HOUR_TYPES.includes(t))) ??
      found.entry_types[0]) as EntryItemType;
    if (!found.entry_types.includes(type)) {
      errors.push({
        path: at('code'),
        message: `${found.code} is not a pay item of type ${type} (it is ${found.entry_types.join(' or ')}).`,
      });
      return null;
    }
    const hours = HOUR_TYPES.includes(type);
    if (hours && !item.hours) errors.push({ path: at('hours'), message: `${found.name} needs hours.` });
    if (!hours && !item.amount) errors.push({ path: at('amount'), message: `${found.name} needs an amount.` });
    const base = found.base_code ? { base_code: found.base_code } : {};
    // Without a description of its own, the line is called by the pay item's name (the tenant's, if it is theirs).
    const description = item.description ?? found.name;
    return { ...toPayItem({ ...item, type, code: found.code, description }, source, dates[i]), ...base };
  });
  if (errors.length) throw badRequest(`${errors.length} pay item(s) are invalid; nothing was applied.`, errors);
  return out as PayItem[];
}
