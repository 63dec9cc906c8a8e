// The run checklist: every step from readiness to the lodgement's acceptance, each done or not, with the
// evidence record that shows it when done. Steps the tenant's pack has no capability for are marked not
// applicable. Exceptions review is done when no error or warning is left unacknowledged. The filing steps are
// the country's: AU sends the super batch and the STP pay event; DE draws up the Lohnsteuer-Anmeldung and the
// Beitragsnachweise, which the employer files through certified software (Payrail lodges neither).
import type { UseCaseContext } from '../platform/use-case.ts';
import type { PayRunTable } from '../../store/schema.ts';
import { requireRun } from './pay-run-steps.ts';
import { validationOfRun } from './pay-run-model.ts';
import { RunFacts } from './pay-run-scope.ts';
import { exceptionsSeen, needsAnswer } from './exception-review.ts';
import { statutoryOutput } from '../lodgement/de-statutory-outputs.ts';
import type { StatutoryOutputKind } from '../../model/statutory-output-kinds.ts';
import { AppError } from '../../lib/errors.ts';
import { jurisdictionOf } from '../setup/jurisdiction.ts';

export type ChecklistKey =
  | 'readiness'
  | 'exceptions'
  | 'approval'
  | 'finalise'
  | 'bank_file'
  | 'payments_confirmed'
  | 'super_batch'
  | 'stp_lodged'
  | 'stp_accepted'
  | 'lohnsteuer_anmeldung'
  | 'beitragsnachweis';

export interface ChecklistItem {
  key: ChecklistKey;
  status: 'done' | 'pending' | 'not_applicable' | 'not_available';
  evidence_id: string | null;
  detail: string | null;
}

const FINALISED = ['finalised', 'lodged'];

export async function runChecklist(uc: UseCaseContext, runId: string) {
  const r = uc.store.repos;
  const t = uc.requireTenant();
  const run: PayRunTable = await requireRun(uc, r, runId);
  const links = await r.evidenceLinksOf(t.tenant.id, run.id);
  const last = (...actions: string[]) =>
    [...links].reverse().find((l) => actions.includes(l.action))?.evidence_id ?? null;
  const native = (c: 'payment_file' | 'retirement_batch' | 'statutory_lodgement') => t.capabilities?.[c] === 'native';
  const finalised = FINALISED.includes(run.status);
  const item = (
    key: ChecklistKey,
    done: boolean,
    evidence: string | null,
    detail: string | null = null,
    applicable = true,
  ): ChecklistItem => ({
    key,
    status: !applicable ? 'not_applicable' : done ? 'done' : 'pending',
    evidence_id: applicable && done ? evidence : null,
    detail,
  });

  const validation = validationOfRun(run);
  const blocking = validation?.errorCount ?? null;
  const previewed = last('pay_run.previewed');
  const payments = await r.paymentsOfRun(t.tenant.id, run.id);
  const unconfirmed = payments.filter((p) => p.status !== 'confirmed');
  const confirmedEvidence = payments
    .map((p) => p.status_evidence_id)
    .filter((x): x is string => !!x)
    .sort();
  const lodgements = await r.lodgementsOfRun(t.tenant.id, run.id);
  const latest = lodgements[lodgements.length - 1] ?? null;
  const accepted = latest && ['accepted', 'accepted_with_warnings'].includes(latest.status);
  // A run past approval was reviewed when it was approved; its findings no longer hold anything back.
  const reviewable = ['draft', 'previewed'].includes(run.status);
  const unanswered = reviewable ? (await exceptionsSeen(new RunFacts(uc, r, run))).filter(needsAnswer).length : 0;
  const approvedAt = last('pay_run.approved');

  const items: ChecklistItem[] = [
    item(
      'readiness',
      finalised || (!!previewed && blocking === 0),
      previewed,
      blocking ? `${blocking} employee(s) cannot be paid yet` : null,
    ),
    item(
      'exceptions',
      reviewable ? !!previewed && unanswered === 0 : !!approvedAt,
      reviewable ? (last('pay_run.exception_acknowledged') ?? previewed) : approvedAt,
      unanswered ? `${unanswered} exception(s) to review` : null,
    ),
    item(
      'approval',
      !!last('pay_run.approved') && ['approved', 'finalising', ...FINALISED].includes(run.status),
      last('pay_run.approved'),
    ),
    item('finalise', finalised, last('pay_run.finalised', 'pay_run.finalise_committed')),
    item(
      'bank_file',
      payments.length > 0,
      last('pay_run.payment_file_generated', 'pay_run.payment_file_reissued'),
      null,
      native('payment_file'),
    ),
    item(
      'payments_confirmed',
      payments.length > 0 && !unconfirmed.length,
      confirmedEvidence[confirmedEvidence.length - 1] ?? null,
      unconfirmed.length && payments.length ? `${unconfirmed.length} payment(s) not confirmed` : null,
      native('payment_file'),
    ),
  ];
  for (const step of jurisdictionOf(t.tenant.jurisdiction).filingSteps) {
    if (step.by === 'statutory_outputs') items.push(await filingItem(uc, run, step.key, [...step.outputs]));
    else if (step.by === 'retirement_batch')
      items.push(
        item(
          step.key,
          !!last('pay_run.super_batch_generated'),
          last('pay_run.super_batch_generated'),
          null,
          native('retirement_batch'),
        ),
      );
    else if (step.by === 'lodgement_sent')
      items.push(item(step.key, !!latest, latest?.receipt_evidence_id ?? null, null, native('statutory_lodgement')));
    else
      items.push(
        item(
          step.key,
          !!accepted,
          latest?.response_evidence_id ?? null,
          latest?.status === 'rejected' ? 'The last lodgement was rejected: correct it and submit again.' : null,
          native('statutory_lodgement'),
        ),
      );
  }
  const open = items.filter((i) => i.status === 'pending');
  return { pay_run_id: run.id, status: run.status, complete: open.length === 0, items };
}

/**
 * A German filing step of a finalised run: done once the run's share of every form it names can be drawn up
 * ready to file (the employer's numbers, each insurer and church-tax mark on file); until then pending, with
 * what is missing in words. The figures are worked out from the finalised entries each time, never stored.
 */
async function filingItem(
  uc: UseCaseContext,
  run: PayRunTable,
  key: ChecklistKey,
  kinds: StatutoryOutputKind[],
): Promise<ChecklistItem> {
  const at = (status: ChecklistItem['status'], detail: string | null = null): ChecklistItem => ({
    key,
    status,
    evidence_id: null,
    detail,
  });
  if (uc.requireTenant().capabilities?.statutory_outputs !== 'native') return at('not_applicable');
  if (!FINALISED.includes(run.status)) return at('not_available');
  try {
    const outputs = await Promise.all(kinds.map((kind) => statutoryOutput(uc, kind, { runId: run.id })));
    const missing = [...new Set(outputs.flatMap((o) => o.missing_company_fields))];
    const levies = [...new Set(outputs.flatMap((o) => ('missing_levy_settings' in o ? o.missing_levy_settings : [])))];
    if (outputs.every((o) => o.ready_to_file)) return at('done');
    return at(
      'pending',
      [
        missing.length ? `The employer's ${missing.join(' and ')} is not on file.` : null,
        levies.length ? `Levy settings missing: ${levies.join(', ')}.` : null,
      ]
        .filter(Boolean)
        .join(' ') || 'Some figures cannot be placed on the form yet.',
    );
  } catch (err) {
    // What keeps the figures from the form (an insurer, a church-tax mark, a limited view) is the step's to do.
    if (err instanceof AppError && [403, 422].includes(err.status)) return at('pending', err.message);
    throw err;
  }
}
