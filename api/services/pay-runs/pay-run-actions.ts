// What a caller may do with a pay run, stated once. The workflow steps enforce these rules and every
// view of a run lists the actions that pass them as `allowed_actions`, so clients never re-derive them.
//
// Two kinds of rule meet here. Who may call an operation at all (credential kind, role, component
// allowlist) is the policy table's; the HTTP adapter hands its verdict in as an `ActionGate`. The rules
// that depend on the run are stated below: its state, four eyes (whoever prepared a run — created, adjusted
// or previewed it — cannot approve it, administrators included, nor can anyone through a token minted by or
// for them: identities are compared over every user of each delegation chain; an employer with one payroll
// person waives it in its company settings), data scope (signing off needs a view of every entry) and the
// pack's capabilities.
//
// A partner key acting without a user is no person: it is never a preparer in this sense, so a partner's
// own integration creates, previews and approves as SPEC.md describes. A host that acts for its users
// mints each of them a user token (with `user_id`), and their steps are theirs.
import { z } from 'zod';
import type { Repos } from '../../store/index.ts';
import type { PayRunTable } from '../../store/schema.ts';
import type { Capability } from '../../packs/types.ts';
import type { UseCaseContext } from '../platform/use-case.ts';
import type { PayRunStatus } from './pay-run-model.ts';
import { PAY_RUN_ACTIONS } from '../../schemas/pay-runs.ts';
import { STATUTORY_OUTPUT_PATHS } from '../../model/statutory-output-kinds.ts';
import { actorIdentities } from '../../model/caller.ts';
import { RunFacts } from './pay-run-scope.ts';
import { wrongState } from './pay-run-steps.ts';
import { anyNeedsAnswer, exceptionsOpen } from './exception-review.ts';
import { decodeJson } from '../../lib/json-column.ts';
import { AppError, capabilityNotSupported, forbidden, stateConflict } from '../../lib/errors.ts';
import { loadCompany, singlePersonPayroll } from '../setup/company.ts';

export type PayRunAction = (typeof PAY_RUN_ACTIONS)[number];

/** Whether the caller's credential, role and component allowlist permit an action (the policy decides). */
export type ActionGate = (action: PayRunAction) => boolean;

interface Rule {
  /** The states the action may be taken from. */
  from: PayRunStatus[];
  /** How the 409 names the action. */
  verb: string;
  /** A sign-off: it commits amounts the caller must be able to see in full. */
  signOff?: boolean;
  /** The pack capability the action needs. */
  capability?: Capability;
}

const OUTPUTS: PayRunStatus[] = ['finalised', 'lodged'];

const RULES: Record<PayRunAction, Rule> = {
  // Previewing recalculates from the data in force; on an approved run it withdraws the approval.
  preview: { from: ['draft', 'previewed', 'approved'], verb: 'preview' },
  // Adjusting a previewed run returns it to draft: its preview no longer shows what it holds.
  adjust: { from: ['draft', 'previewed'], verb: 'adjust' },
  approve: { from: ['previewed'], verb: 'approve', signOff: true },
  finalise: { from: ['approved'], verb: 'finalise', signOff: true },
  // Only a finalised (or lodged) run is undone by voiding it; earlier states are deleted or simply not finalised.
  void: { from: OUTPUTS, verb: 'void', signOff: true },
  delete: { from: ['draft', 'previewed'], verb: 'delete' },
  payment_file: { from: OUTPUTS, verb: 'produce outputs for', signOff: true, capability: 'payment_file' },
  super_batch: { from: OUTPUTS, verb: 'produce outputs for', signOff: true, capability: 'retirement_batch' },
  // Offered while the bank file holds payments the bank has not yet confirmed (or returned).
  confirm_payments: { from: OUTPUTS, verb: 'record payments of', signOff: true, capability: 'payment_file' },
  // Single-touch payroll: a finalised run, or a lodged one whose last lodgement the rail rejected.
  submit: { from: OUTPUTS, verb: 'submit', signOff: true, capability: 'statutory_lodgement' },
  // Offered while an error or warning the caller sees is unacknowledged (see exception-review.ts).
  acknowledge_exceptions: { from: ['draft', 'previewed'], verb: 'acknowledge exceptions of' },
};

/** Evidence actions whose actors prepared a run, and so may not approve it: previewing checks the figures it approves. */
const PREPARING = ['pay_run.created', 'pay_run.entry_adjusted', 'pay_run.timesheets_imported', 'pay_run.previewed'];

const storedActor = z.object({
  kind: z.string(),
  key_id: z.string().nullable().optional(),
  user_id: z.string().nullable().optional(),
  session_id: z.string().nullable().optional(),
  delegated_by: z.array(z.string()).optional(),
});

/** The identities `actorIdentities` gives, read back from an evidence record's actor. */
function identitiesOfActor(actorJson: string): string[] {
  const a = decodeJson(storedActor, actorJson, 'evidence actor');
  if (a.kind === 'partner_key') return [`key:${a.key_id}`];
  return [
    a.user_id ? `user:${a.user_id}` : `session:${a.session_id}`,
    ...(a.delegated_by ?? []).map((u) => `user:${u}`),
  ];
}

/**
 * Everyone who prepared the run: whoever created it and whoever adjusted its entries, with every user of
 * their delegation chains, from its evidence.
 */
export async function preparersOf(r: Repos, run: PayRunTable): Promise<Set<string>> {
  const out = new Set([run.prepared_by]);
  for (const ev of await r.actorsOf(run.tenant_id, run.id, PREPARING))
    for (const id of identitiesOfActor(ev.actor_json)) out.add(id);
  return out;
}

/**
 * Whether the caller is a person who prepared the run: created it, adjusted its entries or previewed it
 * (including in the command now running), themselves or through a token minted by or for them. A partner
 * key without a user is not a person (see the header).
 */
export async function preparedByCaller(facts: RunFacts): Promise<boolean> {
  const caller = facts.uc.requireCaller();
  if (caller.kind === 'partner') return false;
  if (facts.preparingNow) return true;
  const preparers = await preparersOf(facts.r, facts.run);
  return actorIdentities(caller).some((id) => preparers.has(id));
}

/** The employer's recorded choice that its one payroll person may approve what they prepared. */
export async function fourEyesWaived(facts: RunFacts): Promise<boolean> {
  return singlePersonPayroll((await loadCompany(facts.uc, facts.r)).data);
}

/** 403 `four_eyes_required`: the caller prepared the run, so someone else must approve it. */
const fourEyesRequired = () =>
  new AppError(
    403,
    'four_eyes_required',
    'Someone else must approve this pay run: you prepared it (created, changed or previewed it), and an ' +
      'approval needs a second person. Ask an approver who did not prepare it.',
  );

/** Whose turn it is when the caller may not take the run's next step: the role that takes it, and why. */
export interface WaitingFor {
  role: 'preparer' | 'approver';
  /** `prepared_by_you`: four eyes (the caller prepared it); `role`: the caller's role does not take this step. */
  reason: 'prepared_by_you' | 'role';
}

/** The step that moves each state on, and the role that takes it. */
const NEXT: Partial<Record<PayRunStatus, { action: PayRunAction; role: WaitingFor['role'] }>> = {
  draft: { action: 'preview', role: 'preparer' },
  previewed: { action: 'approve', role: 'approver' },
  approved: { action: 'finalise', role: 'approver' },
};

/**
 * Whose turn it is on the run, when it is not the caller's: null when the caller may take the next step,
 * when the run has no next step of this kind, or when nothing but open exceptions holds it (those are shown
 * where they are reviewed).
 */
export async function waitingFor(facts: RunFacts, allowed: PayRunAction[]): Promise<WaitingFor | null> {
  const next = NEXT[facts.run.status as PayRunStatus];
  if (!next || allowed.includes(next.action)) return null;
  if (next.action === 'approve' && (await preparedByCaller(facts)) && !(await fourEyesWaived(facts)))
    return { role: 'approver', reason: 'prepared_by_you' };
  // Refused for a reason of the run (state, exceptions, data scope): not a matter of whose turn it is.
  if (await refusalOf(facts, next.action)) return null;
  return { role: next.role, reason: 'role' };
}

/** What a tenant can do instead: a pack without lodgement but with statutory outputs names them. */
function alternativesTo(capability: Capability, t: ReturnType<UseCaseContext['requireTenant']>): string[] {
  return capability === 'statutory_lodgement' && t.capabilities?.statutory_outputs === 'native'
    ? STATUTORY_OUTPUT_PATHS
    : [];
}

/** Why the caller may not take `action` on the run now, or null when it may. */
async function refusalOf(facts: RunFacts, action: PayRunAction, verb?: string): Promise<AppError | null> {
  const rule = RULES[action];
  const { uc, run } = facts;
  if (!rule.from.includes(run.status as PayRunStatus)) return wrongState(run, rule.from, verb ?? rule.verb);
  if (action === 'submit' && run.status === 'lodged') {
    const lodged = await facts.r.lodgementsOfRun(run.tenant_id, run.id);
    if (lodged[lodged.length - 1]?.status !== 'rejected')
      return stateConflict(
        'This pay run is already lodged; only a rejected lodgement is submitted again. Correct year-to-date ' +
          'figures with an update event.',
        { pay_run_status: run.status },
      );
  }
  if (rule.capability) {
    const t = uc.requireTenant();
    if (t.capabilities?.[rule.capability] !== 'native')
      return capabilityNotSupported(rule.capability, t.binding.pack_version, alternativesTo(rule.capability, t));
  }
  if (action === 'approve' && (await preparedByCaller(facts)) && !(await fourEyesWaived(facts)))
    return fourEyesRequired();
  if (rule.signOff && !(await facts.seesEveryEntry()))
    return forbidden(
      `Cannot ${rule.verb} a pay run with entries outside this credential's data scope: ` +
        'signing off needs every entry in view.',
    );
  // Approval waits until every error-severity exception is resolved or acknowledged.
  if (action === 'approve') return exceptionsOpen(facts);
  if (action === 'confirm_payments') {
    const payments = await facts.r.paymentsOfRun(run.tenant_id, run.id);
    if (!payments.some((p) => p.status === 'file_generated'))
      return stateConflict(
        payments.length
          ? 'Every payment of the bank file is already confirmed or returned.'
          : 'No bank file has been generated for this pay run yet.',
      );
  }
  if (action === 'acknowledge_exceptions' && !(await anyNeedsAnswer(facts)))
    return stateConflict('This pay run has no open exceptions to acknowledge.');
  return null;
}

/**
 * Throws unless the caller may take `action` on the run now: 409 for the wrong state, 403 for
 * segregation of duties or a limited view, 501 for a missing capability. `verb` names the step in the 409.
 */
export async function requireAction(
  uc: UseCaseContext,
  r: Repos,
  run: PayRunTable,
  action: PayRunAction,
  verb?: string,
): Promise<void> {
  const refusal = await refusalOf(new RunFacts(uc, r, run), action, verb);
  if (refusal) throw refusal;
}

/** The actions the caller may take on the run now, in the vocabulary's order. */
export async function allowedActions(facts: RunFacts, gate: ActionGate): Promise<PayRunAction[]> {
  const allowed = new Set<PayRunAction>();
  // Acknowledging first: when it has to work out every exception, approval's check reads its errors from them.
  for (const action of CHECK_ORDER) if (gate(action) && !(await refusalOf(facts, action))) allowed.add(action);
  return PAY_RUN_ACTIONS.filter((a) => allowed.has(a));
}

const CHECK_ORDER: PayRunAction[] = [
  'acknowledge_exceptions',
  ...PAY_RUN_ACTIONS.filter((a) => a !== 'acknowledge_exceptions'),
];
