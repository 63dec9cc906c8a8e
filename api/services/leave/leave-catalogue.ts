// The leave-type catalogue: the country's types (NES on AU, those fixed by regulation on DE) and, where
// the pack lets employers keep their own, the tenant's types, each an alias of a master type.
import type { Repos } from '../../store/index.ts';
import type { UseCaseContext } from '../platform/use-case.ts';
import type { Change } from '../platform/unit-of-work.ts';
import type { EmployeeData } from '../../model/employee.ts';
import { jurisdictionOf } from '../setup/jurisdiction.ts';
import {
  MASTER_LEAVE_TYPES,
  isMasterLeaveType,
  type LeaveTypeRow,
  type LeaveUnit,
  type MasterLeaveType,
} from '../../packs/leave/master-types.ts';
import { conflict, packValidationFailed } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';

/** The country's leave types; 501 where the pack has no leave. */
export function countryLeaveTypes(uc: UseCaseContext): readonly LeaveTypeRow[] {
  uc.requireCapability('leave_management', ['record absences in the host system']);
  const rows = jurisdictionOf(uc.requireTenant().pack.code).leave?.types;
  if (!rows) throw new Error(`leave_management is native but no catalogue exists for ${uc.requireTenant().pack.code}`);
  return rows;
}

/** Why the country does not offer an employee a type (the statute's words), or null: AU casuals (NES). */
const notOffered = (uc: UseCaseContext, type: LeaveTypeRow, who: EmployeeData | undefined) =>
  who ? (jurisdictionOf(uc.requireTenant().pack.code).leave?.notOffered?.(type, who.employment.type) ?? null) : null;

export const leaveUnitOf = (uc: UseCaseContext): LeaveUnit => countryLeaveTypes(uc)[0]!.unit;

/** The catalogue: every type, or with `who` only those the employee may take (no paid annual leave for a casual). */
export async function leaveCatalogue(uc: UseCaseContext, r: Repos, who?: EmployeeData): Promise<LeaveTypeRow[]> {
  const country = countryLeaveTypes(uc);
  const own = await r.listLeaveTypes(uc.requireTenant().tenant.id);
  const rows: LeaveTypeRow[] = [
    ...country,
    ...own.map((t): LeaveTypeRow => {
      const master = country.find((c) => c.category === t.master_code)!;
      return {
        code: t.code,
        name: t.name,
        category: master.category,
        paid: master.paid,
        unit: master.unit,
        source: 'tenant',
      };
    }),
  ];
  return rows.filter((t) => !notOffered(uc, t, who));
}

/** Each leave code of the tenant (its own and the country's) to its master category: what pay reports need. */
export async function leaveCategories(uc: UseCaseContext, r: Repos): Promise<ReadonlyMap<string, string>> {
  return new Map((await leaveCatalogue(uc, r)).map((c) => [c.code, c.category]));
}

/**
 * The catalogue row a code names (a master code or the tenant's own), or 422 with the rule: an unknown code,
 * or a type the employee `who` may not take.
 */
export async function resolveLeaveType(
  uc: UseCaseContext,
  r: Repos,
  code: string,
  path: string,
  who?: EmployeeData,
): Promise<LeaveTypeRow> {
  const rows = await leaveCatalogue(uc, r);
  const found = rows.find((t) => t.code === code) ?? rows.find((t) => t.name.toLowerCase() === code.toLowerCase());
  const version = uc.requireTenant().binding.pack_version;
  const refused = found && notOffered(uc, found, who);
  if (found && !refused) return found;
  throw packValidationFailed([
    refused
      ? { rule: `${version}/leave/not_offered`, path, message: refused }
      : {
          rule: `${version}/leave/unknown_leave_type`,
          path,
          message: `Unknown leave type ${code}: use a code of GET reference/leave-types.`,
        },
  ]);
}

export interface CreateLeaveTypeInput {
  leave_type?: string;
  name?: string;
  master_id?: string | number;
}

export interface TenantLeaveType {
  id: string;
  code: string;
  name: string;
  master_id: MasterLeaveType;
}

const slug = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 60);

/**
 * A tenant's own leave type as an alias of a master type. `master_id` names the master (its code, or its
 * position in the master list counted from 1); `leave_type` is the new type's code or, when it names a
 * master type, the master itself.
 */
export async function createLeaveType(
  uc: UseCaseContext,
  r: Repos,
  input: CreateLeaveTypeInput,
): Promise<Change<TenantLeaveType>> {
  uc.requireCapability('leave_types_config', ['use the regulation leave types of GET reference/leave-types']);
  const version = uc.requireTenant().binding.pack_version;
  const fail = (path: string, message: string) =>
    packValidationFailed([{ rule: `${version}/leave/tenant_type_invalid`, path, message }]);
  const country = countryLeaveTypes(uc);
  let master: MasterLeaveType | null = null;
  if (input.master_id !== undefined) {
    const m = String(input.master_id);
    if (isMasterLeaveType(m)) master = m;
    else if (/^\d+$/.test(m) && MASTER_LEAVE_TYPES[Number(m) - 1]) master = MASTER_LEAVE_TYPES[Number(m) - 1]!;
    else throw fail('master_id', `Unknown master leave type ${m}.`);
  } else if (input.leave_type) {
    const byName = country.find(
      (c) => c.code === input.leave_type || c.name.toLowerCase() === input.leave_type!.toLowerCase(),
    );
    if (byName) master = byName.category;
  }
  if (!master) throw fail('master_id', 'Name the master type this leave type counts as (master_id).');
  const name = input.name?.trim() || (input.leave_type && !isMasterLeaveType(input.leave_type) ? input.leave_type : '');
  if (!name) throw fail('name', 'Give the leave type a name.');
  const code =
    input.leave_type && !isMasterLeaveType(input.leave_type) && !country.some((c) => c.name === input.leave_type)
      ? slug(input.leave_type)
      : slug(name);
  if (!code) throw fail('name', 'The name needs at least one letter or digit.');
  const tenantId = uc.requireTenant().tenant.id;
  if (country.some((c) => c.code === code) || (await r.listLeaveTypes(tenantId)).some((t) => t.code === code))
    throw conflict('duplicate_code', `Leave type ${code} already exists.`);
  const row = {
    id: newId('lvt_'),
    tenant_id: tenantId,
    code,
    name,
    master_code: master,
    created_at: uc.now.toISOString(),
  };
  await r.insertLeaveType(row);
  return {
    data: { id: row.id, code, name, master_id: master },
    evidence: { action: 'leave_type.created', resource: row.id, decision: { code, master_code: master } },
  };
}
