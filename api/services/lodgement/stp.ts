// Single Touch Payroll use cases: submitting a finalised run's pay event (SPEC's `submit`, also called
// `lodge`), update events and the finalisation declaration, and reading lodgements and their payloads.
// Each submission carries the payer's declaration and any pending key-identifier change, is validated
// against every rule that can be checked here (422 listing each failure with its payee and rule), handed to
// the sandbox rail (an `inb_` receipt in the evidence chain, with the hashes of the download and of the
// payload as transmitted), and processed by the rail after commit.
import type { Repos } from '../../store/index.ts';
import type { LodgementTable, PayRunTable } from '../../store/schema.ts';
import type { UseCaseContext } from '../platform/use-case.ts';
import type { Change } from '../platform/unit-of-work.ts';
import { z } from 'zod';
import {
  fullFileReplacementRefusal,
  PAYER_DECLARATION_STATEMENT,
  payEventRecord,
  payEventViolations,
  type StpEventInput,
  type StpPayee,
} from '../../packs/au/stp/pay-event.ts';
import { requireAction } from '../pay-runs/pay-run-actions.ts';
import { periodOf, requireRun } from '../pay-runs/pay-run-steps.ts';
import { itemsOf, resultOf } from '../pay-runs/pay-run-model.ts';
import { payDayOfRun, taxYearStart } from '../setup/jurisdiction.ts';
import { limitingToken, requireWholeTenant } from '../platform/data-scope.ts';
import { addressVisibleTo } from '../employees/employee-view.ts';
import { requireEmployeeRow } from '../employees/employees.ts';
import { AppError, notFound, stateConflict } from '../../lib/errors.ts';
import { newId, sha256Hex } from '../../lib/ids.ts';
import { todayIn } from '../../lib/dates.ts';
import { decodeJson } from '../../lib/json-column.ts';
import { canonicalJson } from '../../lib/canonical-json.ts';
import {
  markKeyIdentifierChangeReported,
  pendingKeyIdentifierChange,
  withKeyIdentifierChange,
} from './key-identifiers.ts';
import { financialYearLabel, payeesOf, payerOf, type Figures, type PayeeSource } from './pay-event-input.ts';
import { pendingCorrections } from './corrections.ts';
import { appendRailRecord, RAIL_JOB, SANDBOX_RAIL } from './sandbox-rail.ts';
import { lodgementFileName } from '../payments/output-file-names.ts';
import { employerNameOf } from '../payslips/pay-run-outputs.ts';
import { enqueueJob } from '../platform/jobs.ts';
import {
  publicLodgement,
  SEALED_PREFIX,
  storedPayload,
  withTfns,
  type LodgementView,
  type StoredPayload,
} from './lodgement-model.ts';

/** The payer's declaration as a submission sends it; the date is the day it is received. */
export interface DeclarationInput {
  name: string;
  accepted: true;
}

export interface Submitted extends Change<LodgementView> {
  status: number;
  /** The lodgement the rail processes once the submission has committed. */
  lodgement: { tenantId: string; id: string };
}

const NO_TFN = /^(0{9}|1{9}|3{9}|4{9}|987654321)$/;

/** A payload's TFNs masked to their last 3 digits (the ATO's no-TFN codes are shown as they are). */
function masked(uc: UseCaseContext, p: StoredPayload): StoredPayload {
  return withTfns(p, (v) => {
    if (!v.startsWith(SEALED_PREFIX)) return v;
    return `******${uc.deps.secrets.decrypt(v.slice(SEALED_PREFIX.length)).slice(-3)}`;
  });
}

const validationFailed = (violations: ReturnType<typeof payEventViolations>) =>
  new AppError(
    422,
    'pack_validation_failed',
    `The event fails ${violations.length} rule(s) of the ATO's message: ${violations
      .slice(0, 5)
      .map((v) => v.message)
      .join(' ')}${violations.length > 5 ? ' …' : ''}`,
    { rule: violations[0]?.rule, violations },
  );

/**
 * Validates the event, records it as submitted with the rail's `inb_` receipt (whose response is the
 * payload as downloaded, so its hash proves the download), and answers the lodgement.
 */
async function lodge(
  uc: UseCaseContext,
  r: Repos,
  input: Omit<StpEventInput, 'submission_id' | 'generated_at' | 'declaration'>,
  declared: DeclarationInput,
  runId: string | null,
  /** The submission id of the pay event this one replaces in full (`AmendmentI`), if it is a replacement. */
  replaces: string | null = null,
): Promise<LodgementTable> {
  const t = uc.requireTenant();
  const version = t.binding.pack_version;
  const id = newId('ldg_', 12);
  const at = uc.now.toISOString();
  const change = await pendingKeyIdentifierChange(uc, r);
  const declaration = { name: declared.name.trim(), date: todayIn(uc.now), accepted: true as const };
  const event: StpEventInput = {
    ...withKeyIdentifierChange(input, change),
    declaration,
    submission_id: replaces ?? id,
    ...(replaces ? { amendment: true } : {}),
    generated_at: at,
  };
  const violations = payEventViolations(version, event);
  if (violations.length) throw validationFailed(violations);
  const record = decodeJson(storedPayload, JSON.stringify(payEventRecord(event)), 'pay event');
  // What goes to the ATO: the record with its TFNs, in canonical JSON. Only its hash is kept; unsealing the
  // stored payload's TFNs and canonicalising it gives the same bytes, so an auditor can prove what was sent.
  const transmittedSha256 = sha256Hex(canonicalJson(record));
  const sealed = withTfns(record, (v) => (NO_TFN.test(v) ? v : SEALED_PREFIX + uc.deps.secrets.encrypt(v)));
  const download = JSON.stringify(masked(uc, sealed));
  const sha256 = sha256Hex(download);
  const base = { id, tenant_id: t.tenant.id, pay_run_id: runId };
  const receipt = await appendRailRecord(r, base, {
    action: 'lodgement.submission_received',
    at: uc.now,
    request: { lodgement_id: id, kind: input.kind, pay_run_id: runId },
    response: download,
    decision: {
      lodgement_id: id,
      kind: input.kind,
      rail: SANDBOX_RAIL,
      payload_sha256: sha256,
      transmitted_sha256: transmittedSha256,
      payee_count: input.payees.length,
      financial_year: input.financial_year,
      ...(replaces ? { full_file_replacement_of: replaces } : {}),
      declaration: { ...declaration, statement: PAYER_DECLARATION_STATEMENT },
      key_identifier_change: change
        ? {
            previous_bms_id: change.previous_bms_id,
            previous_payroll_id_count: event.payees.filter((p) => p.previous_payroll_id).length,
          }
        : null,
    },
  });
  if (change) await markKeyIdentifierChangeReported(uc, r, change, id);
  const earlier = runId ? await r.lodgementsOfRun(t.tenant.id, runId) : [];
  const row: LodgementTable = {
    ...base,
    kind: input.kind,
    attempt: earlier.length + 1,
    status: 'submitted',
    rail: SANDBOX_RAIL,
    pack_version: version,
    financial_year: input.financial_year,
    employee_ids_json: JSON.stringify(input.payees.map((p) => p.employee_id)),
    payload_json: JSON.stringify(sealed),
    payload_sha256: sha256,
    errors_json: '[]',
    warnings_json: '[]',
    receipt_evidence_id: receipt,
    response_evidence_id: null,
    submitted_at: at,
    processed_at: null,
    updated_at: at,
  };
  await r.insertLodgement(row);
  // The rail answers from a background job, which any API process may run; queued with the submission.
  await enqueueJob(r, { kind: RAIL_JOB, ref: id, tenantId: t.tenant.id }, uc.now);
  return row;
}

/** The latest lodgement of a run, or null. */
export async function latestLodgementOf(r: Repos, run: PayRunTable): Promise<LodgementTable | null> {
  const all = await r.lodgementsOfRun(run.tenant_id, run.id);
  return all[all.length - 1] ?? null;
}

/** A run's pay event as its finalised entries and the payer and payees' current details make it. */
async function payEventOf(uc: UseCaseContext, r: Repos, run: PayRunTable) {
  const t = uc.requireTenant();
  const entries = await r.listEntries(run.id);
  const sources: PayeeSource[] = entries.map((e) => ({
    employee_id: e.employee_id,
    pay: { items: itemsOf(e), result: resultOf(e) },
  }));
  // The ATO's payment date is the day people were paid: a run paid after its date reports that day, and that
  // day decides the financial year and how far the year to date runs.
  const paid = payDayOfRun(t.tenant.jurisdiction, run);
  const fyStart = taxYearStart(t.tenant.jurisdiction, paid);
  const payees = await payeesOf(uc, r, periodOf(run), sources, { start: fyStart, upTo: paid });
  return {
    kind: 'pay_event' as const,
    payment_date: paid,
    financial_year: financialYearLabel(fyStart),
    period: { start: run.period_start, end: run.period_end },
    payer: await payerOf(uc, r),
    payees,
  };
}

/**
 * Submits a finalised run's pay event (or resubmits a lodged run whose last lodgement was rejected):
 * 409 `state_conflict` from any other state, 422 with each failed rule, 202 with the lodgement. The run
 * moves to `lodged` with the receipt in its evidence.
 */
export async function submitPayRun(
  uc: UseCaseContext,
  r: Repos,
  runId: string,
  declaration: DeclarationInput,
): Promise<Submitted> {
  const run = await requireRun(uc, r, runId);
  await requireAction(uc, r, run, 'submit');
  const l = await lodge(uc, r, await payEventOf(uc, r, run), declaration, run.id);
  const at = uc.now.toISOString();
  if (run.status !== 'lodged') await r.updatePayRun(run.tenant_id, run.id, { status: 'lodged', updated_at: at });
  return {
    status: 202,
    data: publicLodgement(l),
    lodgement: { tenantId: run.tenant_id, id: l.id },
    evidence: {
      action: 'pay_run.submitted',
      resource: run.id,
      links: [l.id],
      decision: {
        lodgement_id: l.id,
        receipt_evidence_id: l.receipt_evidence_id,
        rail: l.rail,
        declared_by: declaration.name.trim(),
      },
    },
  };
}

export interface YearEventInput {
  /** The financial year by its starting year: 2026 is 1 July 2026 – 30 June 2027. */
  financial_year: number;
  employee_ids?: string[];
  declaration: DeclarationInput;
}

/**
 * An update event (latest year-to-date figures with no payment: corrections, and how a voided lodged run
 * is corrected) or the finalisation declaration (due by 14 July after the year) for some employees or
 * for everyone paid in the year.
 */
export async function yearEvent(
  uc: UseCaseContext,
  r: Repos,
  kind: 'update_event' | 'finalisation',
  input: YearEventInput,
): Promise<Submitted> {
  uc.requireCapability('statutory_lodgement');
  requireWholeTenant(uc, 'A year event reports every payee named: it needs a credential that sees every employee.');
  const t = uc.requireTenant();
  const fyStart = `${input.financial_year}-07-01`;
  const fyEnd = `${input.financial_year + 1}-06-30`;
  const today = todayIn(uc.now);
  const upTo = today < fyEnd ? today : fyEnd;
  const paid = await r.employeesPaidBetween(t.tenant.id, fyStart, fyEnd);
  // A payee whose only pay of the year was voided after it was lodged is still reported: their year to
  // date is now nil, and their codes come from the voided entry.
  const voided = new Map<string, Figures>();
  for (const c of await pendingCorrections(uc, r))
    if (c.financial_year === input.financial_year)
      for (const e of await r.listEntries(c.pay_run_id))
        if (c.employee_ids.includes(e.employee_id) && !paid.includes(e.employee_id))
          voided.set(e.employee_id, { items: itemsOf(e), result: resultOf(e) });
  const ids = input.employee_ids ?? [...paid, ...voided.keys()];
  const unknown = ids.filter((id) => !paid.includes(id) && !voided.has(id));
  if (unknown.length)
    throw notFound(`No finalised pay in the ${financialYearLabel(fyStart)} financial year for ${unknown.join(', ')}.`);
  const payees: StpPayee[] = await payeesOf(
    uc,
    r,
    { period_start: fyStart, period_end: fyEnd, pay_frequency: 'monthly' },
    ids.map((employee_id) => ({ employee_id, pay: null, voided: voided.get(employee_id) })),
    { start: fyStart, upTo: fyEnd },
  );
  const l = await lodge(
    uc,
    r,
    {
      kind,
      payment_date: upTo,
      financial_year: financialYearLabel(fyStart),
      period: null,
      payer: await payerOf(uc, r),
      payees,
    },
    input.declaration,
    null,
  );
  const due = `${input.financial_year + 1}-07-14`;
  return {
    status: 202,
    data: publicLodgement(l),
    lodgement: { tenantId: t.tenant.id, id: l.id },
    evidence: {
      action: kind === 'finalisation' ? 'stp.finalisation_submitted' : 'stp.update_event_submitted',
      resource: l.id,
      links: ids,
      decision: {
        lodgement_id: l.id,
        receipt_evidence_id: l.receipt_evidence_id,
        financial_year: l.financial_year,
        employee_count: ids.length,
        declared_by: input.declaration.name.trim(),
        ...(kind === 'finalisation' ? { due_date: due, late: today > due } : {}),
      },
    },
  };
}

const interactionId = z.looseObject({
  PAYEVNT: z.looseObject({
    Rp: z.looseObject({ Payroll: z.looseObject({ InteractionTransactionId: z.string() }) }),
  }),
});

/**
 * A full file replacement of a lodged pay event that was wrong: the run's pay event built again from its
 * finalised entries and the current payer and payee details, sent with `AmendmentI` true and the replaced
 * event's id, with its declaration. Allowed within the ATO's rules (`fullFileReplacementRefusal`), 409
 * naming the rule otherwise. The run stays lodged; the replacement is its next lodgement.
 */
export async function replacePayEvent(
  uc: UseCaseContext,
  r: Repos,
  lodgementId: string,
  declaration: DeclarationInput,
): Promise<Submitted> {
  uc.requireCapability('statutory_lodgement');
  requireWholeTenant(
    uc,
    'A replacement reports every payee of the run: it needs a credential that sees every employee.',
  );
  const t = uc.requireTenant();
  const original = await requireLodgement(uc, r, lodgementId);
  const run = original.pay_run_id ? await requireRun(uc, r, original.pay_run_id) : null;
  const ofRun = run ? await r.lodgementsOfRun(t.tenant.id, run.id) : [];
  const latest = ofRun.filter((l) => l.status !== 'rejected').at(-1);
  const since = await r.lodgementsSince(t.tenant.id, original.submitted_at);
  const refusal = fullFileReplacementRefusal(t.binding.pack_version, {
    kind: original.kind,
    superseded: latest !== undefined && latest.id !== original.id,
    accepted: ['accepted', 'accepted_with_warnings'].includes(original.status),
    run_lodged: run?.status === 'lodged',
    later_pay_event: since.some((l) => l.kind === 'pay_event' && l.pay_run_id !== original.pay_run_id),
    financial_year_end: `${Number(original.financial_year.slice(0, 4)) + 1}-06-30`,
    today: todayIn(uc.now),
  });
  if (refusal || !run)
    throw stateConflict(refusal?.message ?? 'Only a pay event can be replaced.', { rule: refusal?.rule });
  const replaced = decodeJson(interactionId, original.payload_json, `lodgement ${original.id} payload`).PAYEVNT.Rp
    .Payroll.InteractionTransactionId;
  const l = await lodge(uc, r, await payEventOf(uc, r, run), declaration, run.id, replaced);
  return {
    status: 202,
    data: publicLodgement(l),
    lodgement: { tenantId: run.tenant_id, id: l.id },
    evidence: {
      action: 'stp.pay_event_replaced',
      resource: run.id,
      links: [original.id, l.id],
      decision: {
        lodgement_id: l.id,
        replaces_lodgement_id: original.id,
        submission_id: replaced,
        receipt_evidence_id: l.receipt_evidence_id,
        declared_by: declaration.name.trim(),
      },
    },
  };
}

async function requireLodgement(uc: UseCaseContext, r: Repos, id: string): Promise<LodgementTable> {
  const l = await r.getLodgement(uc.requireTenant().tenant.id, id);
  if (!l) throw notFound('Lodgement not found.');
  return l;
}

export async function getLodgement(uc: UseCaseContext, id: string): Promise<LodgementView> {
  return publicLodgement(await requireLodgement(uc, uc.store.repos, id));
}

export async function runLodgements(uc: UseCaseContext, runId: string): Promise<LodgementView[]> {
  const r = uc.store.repos;
  const run = await requireRun(uc, r, runId);
  return (await r.lodgementsOfRun(run.tenant_id, run.id)).map(publicLodgement);
}

/** Whether the caller reaches an employee (pin and data scope). */
async function reaches(uc: UseCaseContext, r: Repos, employeeId: string): Promise<boolean> {
  try {
    await requireEmployeeRow(uc, r, employeeId);
    return true;
  } catch (err) {
    if (err instanceof AppError && err.status === 404) return false;
    throw err;
  }
}

/** The payload as sent, TFNs masked: what the receipt's response hash covers. */
export async function lodgementPayload(uc: UseCaseContext, id: string): Promise<{ text: string; filename: string }> {
  const r = uc.store.repos;
  const l = await requireLodgement(uc, r, id);
  let payload = masked(uc, decodeJson(storedPayload, l.payload_json, `lodgement ${l.id} payload`));
  // A token limited to some employees sees their payee records only (the payer part stays).
  if (limitingToken(uc)) {
    const seen: boolean[] = [];
    for (const rec of payload.PAYEVNTEMP)
      seen.push(await reaches(uc, r, rec.Payee.PayeeIdentifiers.EmploymentPayrollNumberId));
    payload = { ...payload, PAYEVNTEMP: payload.PAYEVNTEMP.filter((_, i) => seen[i]) };
  }
  // Home addresses are for payroll roles: a viewer's copy leaves them out (and so differs from the receipt's hash).
  const shown = addressVisibleTo(uc.caller)
    ? payload
    : {
        ...payload,
        PAYEVNTEMP: payload.PAYEVNTEMP.map((rec) => ({ ...rec, Payee: { ...rec.Payee, AddressDetails: null } })),
      };
  return { text: JSON.stringify(shown), filename: lodgementFileName(await employerNameOf(uc, r), l) };
}
