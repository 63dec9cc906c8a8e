// A run's bank file is one document. Asking for it again answers the same bytes under the same evidence
// record, so a bank's duplicate check (the SEPA MsgId) catches a second upload of it; a new file for the
// same transfers comes only from a re-issue, a governed call of its own that supersedes the earlier file.
import type { Repos } from '../../store/index.ts';
import type { PayRunTable, PaymentFileTable } from '../../store/schema.ts';
import type { UseCaseContext } from '../platform/use-case.ts';
import type { Change } from '../platform/unit-of-work.ts';
import { requireAction } from '../pay-runs/pay-run-actions.ts';
import { requireRun } from '../pay-runs/pay-run-steps.ts';
import { bankFileHeaders, buildBankFile, employerNameOf, unlockedRun } from '../payslips/pay-run-outputs.ts';
import { stateConflict } from '../../lib/errors.ts';

export interface PaymentFileView {
  evidence_id: string;
  format: PaymentFileTable['format'];
  message_id: string | null;
  sha256: string;
  generated_at: string;
  status: 'current' | 'superseded';
  superseded_by: string | null;
  superseded_at: string | null;
}

const view = (f: PaymentFileTable): PaymentFileView => ({
  evidence_id: f.evidence_id,
  format: f.format,
  message_id: f.message_id,
  sha256: f.sha256,
  generated_at: f.generated_at,
  status: f.superseded_by ? 'superseded' : 'current',
  superseded_by: f.superseded_by,
  superseded_at: f.superseded_at,
});

/** The run, the caller's right to its bank file, and the file now current (if any). */
async function fileContext(uc: UseCaseContext, r: Repos, runId: string) {
  uc.requireCapability('payment_file');
  const run = await unlockedRun(uc, r, runId);
  // Account numbers of every employee paid: only a caller who sees every entry may produce the file.
  await requireAction(uc, r, run, 'payment_file');
  const files = await r.paymentFilesOfRun(run.tenant_id, run.id);
  return { run, current: files.find((f) => !f.superseded_by) };
}

/** Builds a new file, keeps its bytes and, for a re-issue, marks the file it replaces superseded. */
async function issue(
  uc: UseCaseContext,
  r: Repos,
  run: PayRunTable,
  balancingDebit: boolean,
  evidenceId: string,
  supersedes?: PaymentFileTable,
): Promise<Change<null>> {
  const file = await buildBankFile(uc, r, run, balancingDebit, evidenceId);
  const at = uc.now.toISOString();
  await r.insertPaymentFile({
    evidence_id: evidenceId,
    tenant_id: run.tenant_id,
    pay_run_id: run.id,
    seq: (supersedes?.seq ?? 0) + 1,
    format: file.format,
    message_id: file.message_id,
    // A SEPA file has no balancing debit: the option is ABA's alone.
    balancing_debit: file.format === 'aba' && balancingDebit ? 1 : 0,
    body_enc: uc.deps.secrets.encrypt(file.body),
    sha256: file.sha256,
    generated_at: at,
    superseded_by: null,
    superseded_at: null,
  });
  if (supersedes) await r.supersedePaymentFile(run.tenant_id, supersedes.evidence_id, evidenceId, at);
  return {
    data: null,
    file: { body: file.body, headers: file.headers },
    evidence: {
      action: supersedes ? 'pay_run.payment_file_reissued' : 'pay_run.payment_file_generated',
      resource: run.id,
      decision: {
        ...file.decision,
        ...(supersedes ? { supersedes: supersedes.evidence_id, superseded_message_id: supersedes.message_id } : {}),
      },
    },
  };
}

/**
 * The run's bank file: built and recorded the first time; asked again, the same bytes with the first call's
 * evidence record and nothing written. `balancingDebit` (ABA) left out takes the file as it was built.
 */
export async function paymentFile(
  uc: UseCaseContext,
  r: Repos,
  runId: string,
  balancingDebit: boolean | undefined,
  evidenceId: string,
): Promise<Change<null>> {
  const { run, current } = await fileContext(uc, r, runId);
  if (!current) return issue(uc, r, run, balancingDebit === true, evidenceId);
  if (current.format === 'aba' && balancingDebit !== undefined && balancingDebit !== (current.balancing_debit === 1))
    throw stateConflict(
      `This pay run's bank file was generated ${current.balancing_debit ? 'with' : 'without'} a balancing debit; ` +
        're-issue it to change that.',
      { current_file: current.evidence_id },
    );
  return {
    data: null,
    evidence: null,
    file: {
      body: uc.deps.secrets.decrypt(current.body_enc),
      headers: {
        ...bankFileHeaders(run, current.format, current.sha256, await employerNameOf(uc, r)),
        'x-payrail-evidence-id': current.evidence_id,
      },
    },
  };
}

/**
 * A deliberate new file for the same transfers (after the bank rejected an upload, say): a new MsgId, the
 * earlier file superseded and the payments recorded afresh. Refused once the bank has confirmed any payment
 * of the current file, since a second file would pay those people again.
 */
export async function reissuePaymentFile(
  uc: UseCaseContext,
  r: Repos,
  runId: string,
  balancingDebit: boolean | undefined,
  evidenceId: string,
): Promise<Change<null>> {
  const { run, current } = await fileContext(uc, r, runId);
  if (!current) throw stateConflict('No bank file has been generated for this pay run yet: generate it first.');
  const confirmed = (await r.paymentsOfRun(run.tenant_id, run.id)).filter((p) => p.status === 'confirmed');
  if (confirmed.length)
    throw stateConflict(
      `The bank has confirmed payments of this file (${confirmed.map((p) => p.employee_name).join(', ')}); ` +
        'a new file would pay them again.',
      { employee_ids: confirmed.map((p) => p.employee_id) },
    );
  return issue(uc, r, run, balancingDebit ?? current.balancing_debit === 1, evidenceId, current);
}

/** Every bank file of the run, the first generated first, each current or superseded by a re-issue. */
export async function paymentFilesOf(uc: UseCaseContext, runId: string): Promise<PaymentFileView[]> {
  const r = uc.store.repos;
  const run = await requireRun(uc, r, runId);
  return (await r.paymentFilesOfRun(run.tenant_id, run.id)).map(view);
}
