// A pay run as one caller sees it: every read and every answer that carries a run goes through
// `payRunView`, so each carries the same `allowed_actions` and the same data-scope limits.
import type { Repos } from '../store/index.ts';
import type { PayRunTable } from '../store/schema.ts';
import type { UseCaseContext } from './use-case.ts';
import { publicPayRun, resultOf, totalsOf } from './pay-run-model.ts';
import { RunFacts, limitValidation } from './pay-run-scope.ts';
import { allowedActions, type ActionGate, type PayRunAction } from './pay-run-actions.ts';

export interface ViewOptions {
  /** The policy's verdict on the caller's credential, role and components for each action. */
  gate: ActionGate;
  /** Inside a command: the evidence record it is writing, which the answer already lists. */
  pendingEvidence?: string;
  /** The run's evidence ids when already read (lists read them for a whole page at once). */
  evidenceRefs?: string[];
}

export type PayRunView = ReturnType<typeof publicPayRun> & {
  totals_scope?: 'visible_entries';
  allowed_actions: PayRunAction[];
};

/**
 * The pay run as this caller may see it. Company totals are an aggregate of everyone's pay: a token
 * limited to one employee or some cost centres gets totals over the entries it may see instead, only
 * the validation findings about those employees, and no approved company totals.
 */
export async function payRunView(
  uc: UseCaseContext,
  r: Repos,
  run: PayRunTable,
  opts: ViewOptions,
): Promise<PayRunView> {
  const refs = opts.evidenceRefs ?? (await r.evidenceLinksOf(run.tenant_id, run.id)).map((l) => l.evidence_id);
  if (opts.pendingEvidence && !refs.includes(opts.pendingEvidence)) refs.push(opts.pendingEvidence);
  const view = publicPayRun(run, refs);
  const facts = new RunFacts(uc, r, run);
  const allowed_actions = await allowedActions(facts, opts.gate);
  if (!facts.limited) return { ...view, allowed_actions };
  const entries = await facts.visible();
  const visible = new Set(entries.map((e) => e.employee_id));
  return {
    ...view,
    validation: view.validation && limitValidation(view.validation, visible),
    approval: view.approval ? { ...view.approval, totals: null } : null,
    totals: totalsOf(entries.map(resultOf), view.totals.currency),
    totals_scope: 'visible_entries',
    allowed_actions,
  };
}

/** Views of several runs, reading their evidence references in one query. */
export async function payRunViews(
  uc: UseCaseContext,
  r: Repos,
  runs: PayRunTable[],
  gate: ActionGate,
): Promise<PayRunView[]> {
  const tenantId = uc.requireTenant().tenant.id;
  const refs = await r.evidenceIdsOf(
    tenantId,
    runs.map((p) => p.id),
  );
  return Promise.all(runs.map((p) => payRunView(uc, r, p, { gate, evidenceRefs: refs.get(p.id) ?? [] })));
}

/** The run re-read inside a command, as the caller now sees it. */
export async function latestView(uc: UseCaseContext, r: Repos, id: string, opts: ViewOptions): Promise<PayRunView> {
  return payRunView(uc, r, (await r.getPayRun(uc.requireTenant().tenant.id, id))!, opts);
}
