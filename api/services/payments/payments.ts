// Payments after finalise: what a run's bank file paid each employee and how (the account's last 4
// characters only), followed to `confirmed` or `returned` with a reason. Confirming and returning are
// governed writes of an admin or approver.
import type { Repos } from '../../store/index.ts';
import type { PayRunEntryTable, PayRunTable, PaymentTable } from '../../store/schema.ts';
import type { UseCaseContext } from '../platform/use-case.ts';
import type { Change } from '../platform/unit-of-work.ts';
import { resultOf } from '../pay-runs/pay-run-model.ts';
import { requireRun, requireStatus } from '../pay-runs/pay-run-steps.ts';
import { visibleEntries } from '../pay-runs/pay-run-scope.ts';
import { limitingToken, requireWholeTenant } from '../platform/data-scope.ts';
import { AppError, stateConflict } from '../../lib/errors.ts';

export interface PaymentView {
  employee_id: string;
  employee_name: string;
  amount: string;
  currency: string;
  method: string;
  account_last4: string | null;
  status: PaymentTable['status'];
  return_reason: string | null;
  file_evidence_id: string;
  status_evidence_id: string | null;
  updated_at: string;
}

const view = (p: PaymentTable): PaymentView => ({
  employee_id: p.employee_id,
  employee_name: p.employee_name,
  amount: p.amount,
  currency: p.currency,
  method: p.method,
  account_last4: p.account_last4,
  status: p.status,
  return_reason: p.return_reason,
  file_evidence_id: p.file_evidence_id,
  status_evidence_id: p.status_evidence_id,
  updated_at: p.updated_at,
});

/** Records the payments of a bank file just built (replacing those of an earlier file of the run). */
export async function recordPayments(
  uc: UseCaseContext,
  r: Repos,
  run: PayRunTable,
  fileEvidenceId: string,
  method: string,
  /** `account`: the number paid, or a split's numbers comma-separated. */
  paid: { entry: PayRunEntryTable; account: string; amount?: string }[],
): Promise<void> {
  const at = uc.now.toISOString();
  await r.replacePayments(
    run.id,
    paid.map(({ entry, account, amount }) => {
      const res = resultOf(entry);
      return {
        tenant_id: run.tenant_id,
        pay_run_id: run.id,
        employee_id: entry.employee_id,
        employee_name: entry.employee_name,
        // What the file paid: net pay, or more where the pack pays something out with it.
        amount: amount ?? res.net,
        currency: res.currency,
        method,
        // A split names each account it paid, comma-separated: each shown by its last 4 digits.
        account_last4: account
          .split(',')
          .map((a) => a.replace(/\s/g, '').slice(-4))
          .join(', '),
        status: 'file_generated',
        return_reason: null,
        file_evidence_id: fileEvidenceId,
        status_evidence_id: null,
        updated_at: at,
      };
    }),
  );
}

/** A run's payments: a token limited to some employees sees theirs only. */
export async function paymentsOf(uc: UseCaseContext, runId: string): Promise<PaymentView[]> {
  const r = uc.store.repos;
  const run = await requireRun(uc, r, runId);
  const all = await r.paymentsOfRun(run.tenant_id, run.id);
  if (!limitingToken(uc)) return all.map(view);
  const seen = new Set((await visibleEntries(uc, run.id, r)).map((e) => e.employee_id));
  return all.filter((p) => seen.has(p.employee_id)).map(view);
}

async function paymentsToChange(uc: UseCaseContext, r: Repos, runId: string) {
  const run = await requireRun(uc, r, runId);
  requireStatus(run, ['finalised', 'lodged'], 'record payments of');
  requireWholeTenant(uc, 'Recording payments needs a credential that sees every entry.');
  const payments = await r.paymentsOfRun(run.tenant_id, run.id);
  if (!payments.length) throw stateConflict('No bank file has been generated for this pay run yet.');
  return { run, payments };
}

const unknownEmployees = (ids: string[]) =>
  new AppError(422, 'unknown_payment', `No payment in this run's bank file for ${ids.join(', ')}.`, {
    employee_ids: ids,
  });

/** Marks payments as confirmed by the bank (all of the file's when no employees are named). */
export async function confirmPayments(
  uc: UseCaseContext,
  r: Repos,
  runId: string,
  employeeIds: string[] | undefined,
  evidenceId: string,
): Promise<Change<PaymentView[]>> {
  const { run, payments } = await paymentsToChange(uc, r, runId);
  const named = employeeIds ?? payments.filter((p) => p.status === 'file_generated').map((p) => p.employee_id);
  const unknown = named.filter((id) => !payments.some((p) => p.employee_id === id));
  if (unknown.length) throw unknownEmployees(unknown);
  const returned = payments.filter((p) => named.includes(p.employee_id) && p.status === 'returned');
  if (returned.length)
    throw stateConflict(
      `A returned payment is not confirmed: ${returned.map((p) => p.employee_name).join(', ')}. Pay it again in a new bank file.`,
    );
  await r.updatePayments(run.tenant_id, run.id, named, {
    status: 'confirmed',
    status_evidence_id: evidenceId,
    updated_at: uc.now.toISOString(),
  });
  return {
    data: (await r.paymentsOfRun(run.tenant_id, run.id)).map(view),
    evidence: { action: 'payments.confirmed', resource: run.id, links: named, decision: { employee_ids: named } },
  };
}

/** Records a payment the bank returned, with its reason. */
export async function returnPayment(
  uc: UseCaseContext,
  r: Repos,
  runId: string,
  employeeId: string,
  reason: string,
  evidenceId: string,
): Promise<Change<PaymentView[]>> {
  const { run, payments } = await paymentsToChange(uc, r, runId);
  if (!payments.some((p) => p.employee_id === employeeId)) throw unknownEmployees([employeeId]);
  await r.updatePayments(run.tenant_id, run.id, [employeeId], {
    status: 'returned',
    return_reason: reason,
    status_evidence_id: evidenceId,
    updated_at: uc.now.toISOString(),
  });
  return {
    data: (await r.paymentsOfRun(run.tenant_id, run.id)).map(view),
    evidence: {
      action: 'payments.returned',
      resource: run.id,
      links: [employeeId],
      decision: { employee_id: employeeId, reason },
    },
  };
}
