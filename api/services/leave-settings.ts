// Leave configuration (AU): the tenant's defaults (`*`) and each employee's terms — the accrual method,
// shift-worker and leave-loading terms, the long service leave state, whether balances may go negative —
// and opening balances, which are movements like any other.
import { z } from 'zod';
import type { Repos } from '../store/index.ts';
import type { LeaveMovementTable } from '../store/schema.ts';
import type { UseCaseContext } from './use-case.ts';
import type { Change } from './unit-of-work.ts';
import { decodeJson } from '../lib/json-column.ts';
import { D, dec } from '../lib/money.ts';
import { newId } from '../lib/ids.ts';
import { todayIn } from '../lib/dates.ts';
import { packValidationFailed } from '../lib/errors.ts';
import { LONG_SERVICE_STATES } from '../packs/au/index.ts';
import { requireEmployeeRow } from './employees.ts';

export const settingsSchema = z.object({
  /** `ordinary_hours`: progressive accrual from each finalised run's ordinary hours (NES s 87(2)); `none`. */
  accrual_method: z.enum(['ordinary_hours', 'none']).optional(),
  shift_worker: z.boolean().optional(),
  leave_loading: z.boolean().optional(),
  long_service_state: z.string().nullable().optional(),
  allow_negative_balance: z.boolean().optional(),
  extra: z.record(z.string(), z.unknown()).optional(),
});
export type LeaveSettings = z.output<typeof settingsSchema>;

export interface EffectiveSettings {
  accrual_method: 'ordinary_hours' | 'none';
  shift_worker: boolean;
  leave_loading: boolean;
  long_service_state: string | null;
  allow_negative_balance: boolean;
}

const TENANT = '*';

/** Each employee's settings in force: their own over the tenant's over the defaults. */
export async function settingsOf(
  uc: UseCaseContext,
  r: Repos,
  employeeIds: string[],
): Promise<Map<string, EffectiveSettings>> {
  const tenantId = uc.requireTenant().tenant.id;
  const rows = await r.leaveSettingsOf(tenantId, [TENANT, ...employeeIds]);
  const decoded = new Map(
    rows.map((row) => [row.employee_id, decodeJson(settingsSchema, row.data_json, 'leave settings')]),
  );
  const base = decoded.get(TENANT) ?? {};
  const out = new Map<string, EffectiveSettings>();
  for (const id of employeeIds) {
    const s = { ...base, ...(decoded.get(id) ?? {}) };
    out.set(id, {
      accrual_method: s.accrual_method ?? 'ordinary_hours',
      shift_worker: s.shift_worker ?? false,
      leave_loading: s.leave_loading ?? false,
      long_service_state: s.long_service_state ?? null,
      allow_negative_balance: s.allow_negative_balance ?? false,
    });
  }
  return out;
}

export interface ConfigureInput {
  employee_id?: string;
  vendorId?: string;
  accrual_method: string;
  annual_entitlement_hours?: string;
  personal_entitlement_hours?: string;
  long_service_hours?: string;
  start_date?: string;
  shift_worker?: boolean;
  leave_loading?: boolean;
  long_service_state?: string | null;
  allow_negative_balance?: boolean;
  extra: Record<string, unknown>;
}

/**
 * Sets the tenant's (no employee) or an employee's leave settings, and an employee's opening balances as at
 * `start_date`: an opening balance is set, not added — a second configuration moves the balance by the
 * difference, so the movements still explain it.
 */
export async function configureLeave(
  uc: UseCaseContext,
  r: Repos,
  input: ConfigureInput,
  evidenceId: string,
): Promise<Change<{ ok: true; employee_id: string | null }>> {
  uc.requireCapability('leave_accrual', ['keep leave balances in the host system']);
  const t = uc.requireTenant();
  const version = t.binding.pack_version;
  const fail = (path: string, message: string) =>
    packValidationFailed([{ rule: `${version}/leave/configuration_invalid`, path, message }]);
  const employeeRef = input.employee_id ?? input.vendorId ?? null;
  const employee = employeeRef ? await requireEmployeeRow(uc, r, employeeRef) : null;
  const state = input.long_service_state ? input.long_service_state.toUpperCase() : input.long_service_state;
  if (state && !LONG_SERVICE_STATES.includes(state))
    throw fail('long_service_state', `Long service leave state must be one of ${LONG_SERVICE_STATES.join(', ')}.`);
  // `Monthly` is the legacy default label: the only method built accrues on every finalised run.
  const method = input.accrual_method === 'none' || input.accrual_method === 'None' ? 'none' : 'ordinary_hours';
  const given: [string, string | undefined][] = [
    ['annual', input.annual_entitlement_hours],
    ['personal', input.personal_entitlement_hours],
    ['long_service', input.long_service_hours],
  ];
  const openings = given.filter((o): o is [string, string] => o[1] !== undefined);
  if (openings.length && !employee)
    throw fail('employee_id', 'Opening balances belong to one employee: send employee_id.');
  const owner = employee?.id ?? '*';
  const [existing] = await r.leaveSettingsOf(t.tenant.id, [owner]);
  const before = existing ? decodeJson(settingsSchema, existing.data_json, 'leave settings') : {};
  const next: LeaveSettings = {
    ...before,
    accrual_method: method,
    ...(input.shift_worker !== undefined ? { shift_worker: input.shift_worker } : {}),
    ...(input.leave_loading !== undefined ? { leave_loading: input.leave_loading } : {}),
    ...(state !== undefined ? { long_service_state: state } : {}),
    ...(input.allow_negative_balance !== undefined ? { allow_negative_balance: input.allow_negative_balance } : {}),
    ...(Object.keys(input.extra).length ? { extra: { ...(before.extra ?? {}), ...input.extra } } : {}),
  };
  const at = uc.now.toISOString();
  await r.putLeaveSettings({
    tenant_id: t.tenant.id,
    employee_id: owner,
    data_json: JSON.stringify(next),
    updated_at: at,
  });
  const moves: LeaveMovementTable[] = [];
  if (employee) {
    const date = input.start_date ?? todayIn(uc.now);
    const prior = (await r.leaveMovementsOf(t.tenant.id, [employee.id], '9999-12-31')).filter(
      (m) => m.kind === 'opening',
    );
    for (const [type, hours] of openings) {
      const had = prior.filter((m) => m.leave_type === type).reduce((a, m) => a.plus(m.quantity), new D(0));
      const delta = dec(hours).minus(had);
      if (delta.isZero()) continue;
      moves.push({
        id: newId('lvm_'),
        tenant_id: t.tenant.id,
        employee_id: employee.id,
        leave_type: type,
        kind: 'opening',
        unit: 'hours',
        quantity: delta.toFixed(4),
        effective_date: date,
        pay_run_id: null,
        booking_id: null,
        evidence_id: evidenceId,
        created_at: at,
      });
    }
    await r.insertLeaveMovements(moves);
  }
  return {
    data: { ok: true, employee_id: employee?.id ?? null },
    evidence: {
      action: 'leave.configured',
      resource: employee?.id ?? t.tenant.id,
      decision: { settings: next, openings: Object.fromEntries(openings) },
    },
  };
}
