// Reviewing a run's exceptions: the list as the caller may see it (acknowledgements applied), acknowledging
// one with a reason, and the rule approval follows: no open error-severity exception.
import type { Repos } from '../../store/index.ts';
import type { PayRunExceptionAckTable, PayRunTable } from '../../store/schema.ts';
import type { UseCaseContext } from '../platform/use-case.ts';
import { RunFacts } from './pay-run-scope.ts';
import { visibleTo } from '../platform/data-scope.ts';
import { requireRun, requireStatus } from './pay-run-steps.ts';
import {
  byReviewOrder,
  eachValidationFinding,
  findingsOf,
  validationFindings,
  type Finding,
} from './pay-run-exceptions.ts';
import { heldOfRun } from './pay-run-model.ts';
import { actorIdentity } from '../../model/caller.ts';
import { AppError, conflict, notFound } from '../../lib/errors.ts';

export interface RunException extends Omit<Finding, 'fingerprint'> {
  acknowledged: boolean;
  acknowledged_by: string | null;
  acknowledged_at: string | null;
  reason: string | null;
  /** The evidence record of the acknowledgement that holds. */
  evidence_id: string | null;
}

/** Acknowledgements are taken while the run can still be approved. */
const REVIEWABLE = ['draft', 'previewed'] as const;

/** An exception with the fingerprint of its figures, which stays inside. */
type Reviewed = RunException & { fingerprint: string };

export const publicException = ({ fingerprint: _, ...e }: Reviewed): RunException => e;

type AcksById = Map<string, PayRunExceptionAckTable>;

const acksById = (acks: PayRunExceptionAckTable[]): AcksById => new Map(acks.map((a) => [a.exception_id, a]));

function withAck(f: Finding, byId: AcksById): Reviewed {
  // An acknowledgement of other figures (the finding changed since) no longer holds.
  const ack = byId.get(f.id);
  const holds = !!ack && ack.fingerprint === f.fingerprint;
  return {
    ...f,
    acknowledged: holds,
    acknowledged_by: holds ? ack.acknowledged_by : null,
    acknowledged_at: holds ? ack.acknowledged_at : null,
    reason: holds ? ack.reason : null,
    evidence_id: holds ? ack.evidence_id : null,
  };
}

function withAcks(findings: Finding[], acks: PayRunExceptionAckTable[]): Reviewed[] {
  const byId = acksById(acks);
  return findings.map((f) => withAck(f, byId));
}

const memo = new WeakMap<RunFacts, Promise<Reviewed[]>>();
const errorsMemo = new WeakMap<RunFacts, Promise<Reviewed[]>>();

/** The exceptions about the entries the caller sees, read once per view of the run. */
export function exceptionsSeen(facts: RunFacts): Promise<Reviewed[]> {
  let out = memo.get(facts);
  if (!out) memo.set(facts, (out = reviewed(facts, false)));
  return out;
}

/** Those of error severity only: what approval waits for, without working out the rest when it is not known. */
function errorsSeen(facts: RunFacts): Promise<Reviewed[]> {
  const all = memo.get(facts);
  if (all) return all.then((list) => list.filter((e) => e.severity === 'error'));
  let out = errorsMemo.get(facts);
  if (!out) errorsMemo.set(facts, (out = reviewed(facts, true)));
  return out;
}

function reviewed(facts: RunFacts, errorsOnly: boolean): Promise<Reviewed[]> {
  const { uc, r, run } = facts;
  return Promise.all([
    facts.visible().then(async (entries) => {
      const found = await findingsOf(uc, r, run, entries, facts.employees, errorsOnly);
      // Validation findings are warnings.
      if (errorsOnly) return found;
      // The validation's findings about those the caller sees: their entries, and those held out of them.
      const token = facts.token;
      const seen = new Set([
        ...entries.map((e) => e.employee_id),
        ...heldOfRun(run)
          .filter((h) => !token || visibleTo(token, h))
          .map((h) => h.employee_id),
      ]);
      const keep = (id: string) => !token || seen.has(id);
      return [...found, ...validationFindings(run, keep, found)].sort(byReviewOrder);
    }),
    r.exceptionAcksOf(run.tenant_id, run.id),
  ]).then(([findings, acks]) => withAcks(findings, acks));
}

/** Exceptions that still need someone: unacknowledged errors and warnings (information needs no answer). */
export const needsAnswer = (e: RunException) => !e.acknowledged && e.severity !== 'info';

const BANK = new Set(['bank_account', 'iban']);

/**
 * Whether any exception the caller sees still needs an answer. The run's validation warnings are on the run
 * itself: for a caller who sees the whole run, one of them unacknowledged answers it without working out the
 * rest (a warning only about bank details is left to the full list, which may hold it as a finding of its own).
 */
export async function anyNeedsAnswer(facts: RunFacts): Promise<boolean> {
  if (!memo.has(facts) && !facts.token) {
    const { r, run } = facts;
    // Every employee of a large run may carry a warning: the first that needs an answer settles it.
    let byId: AcksById | undefined;
    for (const f of eachValidationFinding(run, () => true, [])) {
      const onlyBank = String(f.detail.requirements ?? '')
        .split(', ')
        .every((q) => BANK.has(q));
      if (onlyBank) continue;
      byId ??= acksById(await r.exceptionAcksOf(run.tenant_id, run.id));
      if (needsAnswer(withAck(f, byId))) return true;
    }
  }
  return (await exceptionsSeen(facts)).some(needsAnswer);
}

/** 409 `exceptions_open`, naming the unacknowledged error-severity exceptions that hold approval back. */
export async function exceptionsOpen(facts: RunFacts): Promise<AppError | null> {
  const open = (await errorsSeen(facts)).filter((e) => !e.acknowledged);
  if (!open.length) return null;
  return conflict(
    'exceptions_open',
    `${open.length} exception(s) must be resolved or acknowledged before this pay run can be approved.`,
    {
      exceptions: open.map((e) => ({
        id: e.id,
        kind: e.kind,
        employee_id: e.employee_id,
        employee_name: e.employee_name,
        message: e.message,
      })),
    },
  );
}

/** The run's exceptions as the caller may see them: errors first, then by name. */
export async function listExceptions(uc: UseCaseContext, runId: string) {
  const r = uc.store.repos;
  const run = await requireRun(uc, r, runId);
  requireStatus(run, ['draft', 'previewed', 'approved', 'finalised', 'lodged', 'voided'], 'review the exceptions of');
  return (await exceptionsSeen(new RunFacts(uc, r, run))).map(publicException);
}

/**
 * Records that a person looked at an exception and why it may stand. Acknowledging it again while its
 * figures are unchanged changes nothing and answers the acknowledgement on record.
 */
export async function acknowledgeException(
  uc: UseCaseContext,
  r: Repos,
  runId: string,
  exceptionId: string,
  evidenceId: string,
) {
  const run: PayRunTable = await requireRun(uc, r, runId);
  const facts = new RunFacts(uc, r, run);
  const found = (await exceptionsSeen(facts)).find((e) => e.id === exceptionId);
  // Unknown, or about an employee outside the caller's view: not found either way.
  if (!found) throw notFound('Exception not found.');
  requireStatus(run, [...REVIEWABLE], 'acknowledge exceptions of');
  const already = found.acknowledged;
  let exception = found;
  if (!already) {
    const ack: PayRunExceptionAckTable = {
      tenant_id: run.tenant_id,
      pay_run_id: run.id,
      exception_id: exceptionId,
      fingerprint: found.fingerprint,
      acknowledged_by: actorIdentity(uc.requireCaller()),
      acknowledged_at: uc.now.toISOString(),
      reason: uc.reason ?? '',
      evidence_id: evidenceId,
    };
    await r.saveExceptionAck(ack);
    exception = {
      ...found,
      acknowledged: true,
      acknowledged_by: ack.acknowledged_by,
      acknowledged_at: ack.acknowledged_at,
      reason: ack.reason,
      evidence_id: evidenceId,
    };
  }
  return {
    data: { exception: publicException(exception) },
    evidence: {
      action: 'pay_run.exception_acknowledged',
      resource: `${run.id}/${exceptionId}`,
      links: [run.id],
      decision: {
        kind: found.kind,
        severity: found.severity,
        employee_id: found.employee_id,
        detail: found.detail,
        ...(already ? { already_acknowledged: true } : {}),
      },
    },
  };
}
