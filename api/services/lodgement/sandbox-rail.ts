// The sandbox single-touch payroll rail: it takes a submission at once (the receipt), processes it
// asynchronously (`submitted → processing → accepted | accepted_with_warnings | rejected`) and answers
// in the ATO's style. Deterministic: the outcome follows from the payload alone, through the trigger values
// the README documents ("Single Touch Payroll on the sandbox rail"), so partners can rehearse every outcome. Each step is a
// record in the tenant's evidence chain with an `inb_` id. Processing is a job in the store's job table
// (services/platform/jobs.ts), so any API process answers it and one that dies mid-way leaves it to another.
import type { AppDeps } from '../platform/deps.ts';
import type { JobClaim } from '../platform/jobs.ts';
import { chainLock } from '../../store/lock-repo.ts';
import type { Repos } from '../../store/index.ts';
import type { LodgementTable } from '../../store/schema.ts';
import { appendEvidence } from '../governance/evidence.ts';
import { newId } from '../../lib/ids.ts';
import { decodeJson } from '../../lib/json-column.ts';
import { storedPayload, type RailMessage } from './lodgement-model.ts';

export const SANDBOX_RAIL = 'ato_stp_sandbox';
/** How long the sandbox takes to answer once processing starts. */
export const RAIL_PROCESSING_MS = 40;

/** The previous BMS id (of a key-identifier change) that makes the sandbox reject the whole submission. */
export const REJECT_BMS_ID = 'SANDBOX-REJECT';
/** Payee family names that make the sandbox reject the submission, or accept it with a warning. */
export const REJECT_FAMILY_NAME = 'REJECT';
export const WARN_FAMILY_NAME = 'WARN';

const RAIL_ACTOR = {
  kind: 'lodgement_rail',
  rail: SANDBOX_RAIL,
  key_id: null,
  user_id: null,
  role: null,
  session_id: null,
};

export const newRailEvidenceId = () => newId('inb_', 12);

/** Appends one rail record to the tenant's chain (linked to the lodgement and its run); answers its id. */
export async function appendRailRecord(
  r: Repos,
  l: Pick<LodgementTable, 'id' | 'tenant_id' | 'pay_run_id'>,
  step: { action: string; at: Date; request: unknown; response: unknown; decision: Record<string, unknown> },
): Promise<string> {
  const id = newRailEvidenceId();
  const seq = await appendEvidence(
    r,
    {
      chain: l.tenant_id,
      mock: false,
      action: step.action,
      resource: l.id,
      actor: RAIL_ACTOR,
      reason: null,
      request: step.request,
      response: step.response,
      decision: step.decision,
      at: step.at,
    },
    id,
  );
  await r.insertEvidenceLinks(
    [l.id, ...(l.pay_run_id ? [l.pay_run_id] : [])].map((resource_id) => ({
      evidence_id: id,
      tenant_id: l.tenant_id,
      resource_id,
      seq,
      action: step.action,
    })),
  );
  return id;
}

/** What the sandbox answers for a payload: errors reject it, warnings alone accept it with warnings. */
export function railOutcome(payload: unknown): { errors: RailMessage[]; warnings: RailMessage[] } {
  const p = decodeJson(storedPayload, JSON.stringify(payload), 'lodgement payload');
  const errors: RailMessage[] = [];
  const warnings: RailMessage[] = [];
  const previous = p.PAYEVNT.Rp.PreviousSoftwareInformationBusinessManagementSystemId ?? '';
  if (previous.toUpperCase() === REJECT_BMS_ID)
    errors.push({
      code: 'CMN.ATO.PAYEVNT.000144',
      severity: 'error',
      message: 'The previous BMS identifier is not recognised for this ABN and branch.',
      field: 'PAYEVNT.Rp.PreviousSoftwareInformationBusinessManagementSystemId',
      employee_id: null,
      employee_name: null,
    });
  for (const { Payee: payee } of p.PAYEVNTEMP) {
    const family = payee.PersonNameDetails.FamilyNameT;
    const who = {
      employee_id: payee.PayeeIdentifiers.EmploymentPayrollNumberId,
      employee_name: `${payee.PersonNameDetails.GivenNameT} ${family}`.trim(),
    };
    if (family.toUpperCase() === REJECT_FAMILY_NAME)
      errors.push({
        code: 'CMN.ATO.PAYEVNTEMP.000215',
        severity: 'error',
        message: "The payee's family name does not match the ATO's records for this TFN.",
        field: 'PAYEVNTEMP.Payee.PersonNameDetails.FamilyNameT',
        ...who,
      });
    if (family.toUpperCase() === WARN_FAMILY_NAME)
      warnings.push({
        code: 'CMN.ATO.PAYEVNTEMP.000228',
        severity: 'warning',
        message: "The payee's name differs from the ATO's records; the report was accepted.",
        field: 'PAYEVNTEMP.Payee.PersonNameDetails.FamilyNameT',
        ...who,
      });
  }
  return { errors, warnings };
}

/** The job kind that processes one lodgement on the rail. */
export const RAIL_JOB = 'stp_rail';

/** Processes one submitted lodgement: `processing`, then the outcome; each step commits only while the job is held. */
export async function runRailJob(deps: AppDeps, claim: JobClaim): Promise<void> {
  const { store, clock } = deps;
  const { tenant_id: tenantId, ref: id } = claim.job;
  const locks = [chainLock(tenantId)];
  const current = await store.repos.getLodgement(tenantId, id);
  if (current?.status === 'submitted') {
    await store.transaction(async (r) => {
      await claim.hold(r);
      const at = clock.now();
      const evidence = await appendRailRecord(r, current, {
        action: 'lodgement.processing',
        at,
        request: { lodgement_id: id },
        response: { status: 'processing' },
        decision: { status: 'processing', rail: SANDBOX_RAIL },
      });
      await r.updateLodgement(tenantId, id, { status: 'processing', updated_at: at.toISOString() });
      return evidence;
    }, locks);
    await new Promise((resolve) => setTimeout(resolve, RAIL_PROCESSING_MS));
  }
  await store.transaction(async (r) => {
    await claim.hold(r);
    await claim.finish(r, 'succeeded');
    const l = await r.getLodgement(tenantId, id);
    if (!l || l.status !== 'processing') return;
    const { errors, warnings } = railOutcome(JSON.parse(l.payload_json));
    const status = errors.length ? 'rejected' : warnings.length ? 'accepted_with_warnings' : 'accepted';
    const at = clock.now();
    const evidence = await appendRailRecord(r, l, {
      action: `lodgement.${status}`,
      at,
      request: { lodgement_id: id },
      response: { status, errors, warnings },
      decision: {
        status,
        rail: SANDBOX_RAIL,
        error_codes: errors.map((e) => e.code),
        warning_codes: warnings.map((w) => w.code),
      },
    });
    await r.updateLodgement(tenantId, id, {
      status,
      errors_json: JSON.stringify(errors),
      warnings_json: JSON.stringify(warnings),
      response_evidence_id: evidence,
      processed_at: at.toISOString(),
      updated_at: at.toISOString(),
    });
  }, locks);
}
