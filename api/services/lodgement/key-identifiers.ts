// An employer that moves to Payrail during a financial year from other STP-reporting software keeps Payrail's
// own BMS id and reports the move once: the previous software's BMS id and each employee's payroll id there
// (ATO, "Single Touch Payroll Phase 2 employer reporting guidelines", "Changing your payroll solution or
// employees' Payroll IDs"). The change is recorded here and carried by the next submission of any kind.
import type { Repos } from '../../store/index.ts';
import type { UseCaseContext } from '../platform/use-case.ts';
import type { Change } from '../platform/unit-of-work.ts';
import type { StpEventInput } from '../../packs/au/stp/pay-event.ts';
import { badRequest, stateConflict } from '../../lib/errors.ts';
import { loadCompany } from '../setup/company.ts';
import { requireEmployeeRow } from '../employees/employees.ts';
import { requireWholeTenant } from '../platform/data-scope.ts';
import {
  keyIdentifierChangeOf,
  storedKeyIdentifierChange,
  type KeyIdentifierChangeView,
  type StoredKeyIdentifierChange,
} from '../../model/key-identifiers.ts';

export interface KeyIdentifierChangeInput {
  previous_bms_id: string;
  previous_payroll_ids?: { employee_id: string; previous_payroll_id: string }[];
}

async function saveChange(uc: UseCaseContext, r: Repos, change: StoredKeyIdentifierChange) {
  const { data, bank } = await loadCompany(uc, r);
  const next = { ...data, key_identifier_change: change };
  await r.upsertCompany(uc.requireTenant().tenant.id, JSON.stringify(next), JSON.stringify(bank), uc.now.toISOString());
}

async function storedChange(uc: UseCaseContext, r: Repos): Promise<StoredKeyIdentifierChange | null> {
  const { data } = await loadCompany(uc, r);
  return data.key_identifier_change === undefined ? null : storedKeyIdentifierChange.parse(data.key_identifier_change);
}

/** Whether a lodgement the rail did not reject has reported the change. */
async function reportedBy(uc: UseCaseContext, r: Repos, change: StoredKeyIdentifierChange): Promise<string | null> {
  if (!change.reported_lodgement_id) return null;
  const l = await r.getLodgement(uc.requireTenant().tenant.id, change.reported_lodgement_id);
  return l && l.status !== 'rejected' ? l.id : null;
}

/**
 * Records the move from other software (201). It may be corrected until a submission has reported it; once
 * reported it is 409, since the ATO takes each change once. The previous BMS id cannot be Payrail's own.
 */
export async function recordKeyIdentifierChange(
  uc: UseCaseContext,
  r: Repos,
  input: KeyIdentifierChangeInput,
): Promise<Change<KeyIdentifierChangeView>> {
  uc.requireCapability('statutory_lodgement');
  requireWholeTenant(
    uc,
    'A key-identifier change concerns the whole payroll: it needs a credential that sees every employee.',
  );
  const t = uc.requireTenant();
  const { data } = await loadCompany(uc, r);
  if (input.previous_bms_id === data.bms_id) {
    const message = "That is Payrail's own BMS id for this employer: name the BMS id of the software used before.";
    throw badRequest(message, [{ path: 'previous_bms_id', message }]);
  }
  const earlier = await storedChange(uc, r);
  const reported = earlier && (await reportedBy(uc, r, earlier));
  if (reported)
    throw stateConflict(
      `The move from BMS id ${earlier.previous_bms_id} was reported to the ATO in lodgement ${reported}; the ATO takes a key-identifier change once.`,
      { lodgement_id: reported },
    );
  const ids = input.previous_payroll_ids ?? [];
  const problems = ids.flatMap((p, i) => {
    const at = `previous_payroll_ids.${i}`;
    if (ids.findIndex((q) => q.employee_id === p.employee_id) !== i)
      return [{ path: `${at}.employee_id`, message: 'Each employee at most once.' }];
    if (p.previous_payroll_id === p.employee_id)
      return [{ path: `${at}.previous_payroll_id`, message: "That is the employee's payroll id in Payrail." }];
    return [];
  });
  if (problems.length) throw badRequest('The previous payroll ids are not valid.', problems);
  for (const p of ids) await requireEmployeeRow(uc, r, p.employee_id);
  const change: StoredKeyIdentifierChange = {
    previous_bms_id: input.previous_bms_id,
    previous_payroll_ids: Object.fromEntries(ids.map((p) => [p.employee_id, p.previous_payroll_id])),
    recorded_at: uc.now.toISOString(),
    reported_lodgement_id: null,
  };
  await saveChange(uc, r, change);
  return {
    data: keyIdentifierChangeOf({ key_identifier_change: change })!,
    evidence: {
      action: 'stp.key_identifier_change_recorded',
      resource: `${t.tenant.id}/company`,
      links: ids.map((p) => p.employee_id),
      decision: { previous_bms_id: change.previous_bms_id, previous_payroll_id_count: ids.length },
    },
  };
}

/** The change the next submission carries: recorded and not yet reported by a lodgement the rail took. */
export async function pendingKeyIdentifierChange(uc: UseCaseContext, r: Repos) {
  const change = await storedChange(uc, r);
  return change && !(await reportedBy(uc, r, change)) ? change : null;
}

/** The event with the change's elements: the payer's previous BMS id, each named payee's previous payroll id. */
export function withKeyIdentifierChange<E extends Pick<StpEventInput, 'payer' | 'payees'>>(
  event: E,
  change: StoredKeyIdentifierChange | null,
): E {
  if (!change) return event;
  return {
    ...event,
    payer: { ...event.payer, previous_bms_id: change.previous_bms_id },
    payees: event.payees.map((p) => ({
      ...p,
      previous_payroll_id: change.previous_payroll_ids[p.employee_id] ?? null,
    })),
  };
}

/** Marks the change reported by a lodgement (in the submission's transaction). */
export async function markKeyIdentifierChangeReported(
  uc: UseCaseContext,
  r: Repos,
  change: StoredKeyIdentifierChange,
  lodgementId: string,
) {
  await saveChange(uc, r, { ...change, reported_lodgement_id: lodgementId });
}
