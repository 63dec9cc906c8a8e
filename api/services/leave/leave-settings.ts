// Leave configuration (AU): the tenant's defaults (`*`) and each employee's terms — the accrual method, the yearly
// annual and personal/carer's entitlements (the accrual rate: the NES or more, never less), shift-worker and
// leave-loading terms, the long service leave state, whether balances may go negative — and an employee's opening
// balances, which are movements like any other.
import { z } from 'zod';
import type { Repos } from '../../store/index.ts';
import type { LeaveMovementTable } from '../../store/schema.ts';
import type { UseCaseContext } from '../platform/use-case.ts';
import type { Change } from '../platform/unit-of-work.ts';
import { decodeJson } from '../../lib/json-column.ts';
import { D, dec } from '../../lib/money.ts';
import { newId } from '../../lib/ids.ts';
import { todayIn } from '../../lib/dates.ts';
import { packValidationFailed } from '../../lib/errors.ts';
import { entitlementBelowNes, LONG_SERVICE_STATES, type AccrualTerms, type Entitlement } from '../../packs/au/index.ts';
import { reachableEmployee } from './leave-people.ts';

const entitlementSchema = z.object({ hours: z.string(), per_week: z.string() });

export const settingsSchema = z.object({
  /** `ordinary_hours`: progressive accrual from each finalised run's ordinary hours (NES s 87(2)); `none`. */
  accrual_method: z.enum(['ordinary_hours', 'none']).optional(),
  shift_worker: z.boolean().optional(),
  leave_loading: z.boolean().optional(),
  long_service_state: z.string().nullable().optional(),
  allow_negative_balance: z.boolean().optional(),
  /** The yearly entitlements the employer gives, in hours for a week of `per_week` ordinary hours. */
  annual_entitlement: entitlementSchema.optional(),
  personal_entitlement: entitlementSchema.optional(),
  extra: z.record(z.string(), z.unknown()).optional(),
});
export type LeaveSettings = z.output<typeof settingsSchema>;

export interface EffectiveSettings {
  accrual_method: 'ordinary_hours' | 'none';
  shift_worker: boolean;
  leave_loading: boolean;
  long_service_state: string | null;
  allow_negative_balance: boolean;
  annual_entitlement: Entitlement | null;
  personal_entitlement: Entitlement | null;
}

const TENANT = '*';
/** The NES figures are stated for a 38-hour week (152 h and 76 h a year): a tenant-wide entitlement is too. */
const FULL_TIME_WEEK = '38';

const entitlementOf = (e: z.output<typeof entitlementSchema> | undefined): Entitlement | null =>
  e ? { hours: e.hours, perWeek: e.per_week } : null;

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
      annual_entitlement: entitlementOf(s.annual_entitlement),
      personal_entitlement: entitlementOf(s.personal_entitlement),
    });
  }
  return out;
}

/** The terms the accrual rates are worked out from (packs/au/leave.ts `accrualRatesFor`). */
export const accrualTermsOf = (s: EffectiveSettings): AccrualTerms => ({
  shiftWorker: s.shift_worker,
  annual: s.annual_entitlement,
  personal: s.personal_entitlement,
});

/** Whether the terms give anything but the NES rates of the pack (so the pay needs to be told them). */
export const aboveNes = (s: EffectiveSettings) => s.shift_worker || !!s.annual_entitlement || !!s.personal_entitlement;

export interface OpeningBalancesInput {
  as_at?: string;
  annual?: string;
  personal?: string;
  long_service?: string;
  source?: string;
}

export interface ConfigureInput {
  employee_id?: string;
  vendorId?: string;
  accrual_method: string;
  annual_entitlement_hours?: string;
  personal_entitlement_hours?: string;
  /** Legacy: an opening balance of long service leave (`opening_balances.long_service`). */
  long_service_hours?: string;
  opening_balances?: OpeningBalancesInput;
  start_date?: string;
  shift_worker?: boolean;
  leave_loading?: boolean;
  long_service_state?: string | null;
  allow_negative_balance?: boolean;
  extra: Record<string, unknown>;
}

/**
 * Sets the tenant's (no employee) or an employee's leave settings, and an employee's opening balances as at a date
 * (`opening_balances.as_at`, else `start_date`, else today). An opening balance is set, not added: a second
 * configuration moves the balance by the difference, so the movements still explain it.
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
  const employee = employeeRef ? await reachableEmployee(uc, r, employeeRef, todayIn(uc.now)) : null;
  const state = input.long_service_state ? input.long_service_state.toUpperCase() : input.long_service_state;
  if (state && !LONG_SERVICE_STATES.includes(state))
    throw fail('long_service_state', `Long service leave state must be one of ${LONG_SERVICE_STATES.join(', ')}.`);
  // `Monthly` is the legacy default label: the only method built accrues on every finalised run.
  const method = input.accrual_method === 'none' || input.accrual_method === 'None' ? 'none' : 'ordinary_hours';
  const o = input.opening_balances ?? {};
  const given: [string, string | undefined][] = [
    ['annual', o.annual],
    ['personal', o.personal],
    ['long_service', o.long_service ?? input.long_service_hours],
  ];
  const openings = given.filter((g): g is [string, string] => g[1] !== undefined);
  if (openings.length && !employee)
    throw fail('opening_balances', 'Opening balances belong to one employee: send employee_id with them.');
  const owner = employee?.row.id ?? TENANT;
  const [existing] = await r.leaveSettingsOf(t.tenant.id, [owner]);
  const before = existing ? decodeJson(settingsSchema, existing.data_json, 'leave settings') : {};
  // An employee's entitlement is for their own ordinary hours (pro rata for part-time), the tenant's for 38 a week.
  const perWeek = employee?.data.employment.hours_per_week || FULL_TIME_WEEK;
  const entitlement = (hours: string | undefined) =>
    hours === undefined ? {} : { hours: dec(hours).toFixed(4), per_week: dec(perWeek).toFixed(4) };
  const next: LeaveSettings = {
    ...before,
    accrual_method: method,
    ...(input.shift_worker !== undefined ? { shift_worker: input.shift_worker } : {}),
    ...(input.leave_loading !== undefined ? { leave_loading: input.leave_loading } : {}),
    ...(state !== undefined ? { long_service_state: state } : {}),
    ...(input.allow_negative_balance !== undefined ? { allow_negative_balance: input.allow_negative_balance } : {}),
    ...(input.annual_entitlement_hours !== undefined
      ? { annual_entitlement: entitlement(input.annual_entitlement_hours) as LeaveSettings['annual_entitlement'] }
      : {}),
    ...(input.personal_entitlement_hours !== undefined
      ? { personal_entitlement: entitlement(input.personal_entitlement_hours) as LeaveSettings['personal_entitlement'] }
      : {}),
    ...(Object.keys(input.extra).length ? { extra: { ...(before.extra ?? {}), ...input.extra } } : {}),
  };
  if (employee?.data.employment.type !== 'casual') {
    const tenantShift = owner === TENANT ? false : (await settingsOf(uc, r, [owner])).get(owner)?.shift_worker;
    belowNes(version, next, next.shift_worker ?? tenantShift ?? false);
  }
  const at = uc.now.toISOString();
  await r.putLeaveSettings({
    tenant_id: t.tenant.id,
    employee_id: owner,
    data_json: JSON.stringify(next),
    updated_at: at,
  });
  const moves: LeaveMovementTable[] = [];
  const asAt = o.as_at ?? input.start_date ?? todayIn(uc.now);
  if (employee) {
    const prior = (await r.leaveMovementsOf(t.tenant.id, [employee.row.id], '9999-12-31')).filter(
      (m) => m.kind === 'opening',
    );
    for (const [type, hours] of openings) {
      const had = prior.filter((m) => m.leave_type === type).reduce((a, m) => a.plus(m.quantity), new D(0));
      const delta = dec(hours).minus(had);
      if (delta.isZero()) continue;
      moves.push({
        id: newId('lvm_'),
        tenant_id: t.tenant.id,
        employee_id: employee.row.id,
        leave_type: type,
        kind: 'opening',
        unit: 'hours',
        quantity: delta.toFixed(4),
        effective_date: asAt,
        pay_run_id: null,
        booking_id: null,
        evidence_id: evidenceId,
        created_at: at,
      });
    }
    await r.insertLeaveMovements(moves);
  }
  return {
    data: { ok: true, employee_id: employee?.row.id ?? null },
    evidence: {
      action: 'leave.configured',
      resource: employee?.row.id ?? t.tenant.id,
      decision: {
        settings: next,
        ...(openings.length
          ? { opening_balances: { as_at: asAt, ...Object.fromEntries(openings), source: o.source ?? null } }
          : {}),
      },
    },
  };
}

/** 422 when an entitlement set here is below the NES for the hours it is stated for (ss 87(1), 96(1)). */
function belowNes(version: string, s: LeaveSettings, shiftWorker: boolean) {
  const errors = (
    [
      ['annual', s.annual_entitlement, 'annual_entitlement_hours', 'annual leave'],
      ['personal', s.personal_entitlement, 'personal_entitlement_hours', "personal/carer's leave"],
    ] as const
  ).flatMap(([kind, e, path, name]) => {
    if (!e) return [];
    const below = entitlementBelowNes(kind, { hours: e.hours, perWeek: e.per_week }, kind === 'annual' && shiftWorker);
    if (!below) return [];
    const week = dec(e.per_week).toFixed(2);
    return [
      {
        rule: `${version}/leave/${kind}_entitlement_below_nes`,
        path,
        message:
          `${dec(e.hours).toFixed(2)} hours a year of ${name} is less than the National Employment Standards give ` +
          `(${below.minimum} hours a year for ${week} ordinary hours a week, ${below.section}). An employer may ` +
          'give more, never less.',
      },
    ];
  });
  if (errors.length) throw packValidationFailed(errors);
}
