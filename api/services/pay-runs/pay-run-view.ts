// A pay run as one caller sees it: every read and every answer that carries a run goes through
// `payRunView`, so each carries the same `allowed_actions` and the same data-scope limits.
import type { Repos } from '../../store/index.ts';
import type { PayRunEntryTable, PayRunTable } from '../../store/schema.ts';
import type { UseCaseContext } from '../platform/use-case.ts';
import { employeesOfFigures, type Figures } from './pay-run-figures.ts';
import { amountsOf, excludedOfRun, heldOfRun, publicExcluded, publicPayRun, totalsOf } from './pay-run-model.ts';
import { RunFacts, limitValidation } from './pay-run-scope.ts';
import { visibleTo } from '../platform/data-scope.ts';
import { allowedActions, waitingFor, type ActionGate, type PayRunAction, type WaitingFor } from './pay-run-actions.ts';

export interface ViewOptions {
  /** The policy's verdict on the caller's credential, role and components for each action. */
  gate: ActionGate;
  /** Inside a command: the evidence record it is writing, which the answer already lists. */
  pendingEvidence?: string;
  /** The run's evidence ids when already read (lists read them for a whole page at once). */
  evidenceRefs?: string[];
  /**
   * Inside a command that has just calculated and written the run: its figures (the employees as read for the
   * run's period, and the entries as written), or only the entries when it read them without recalculating,
   * so the findings the answer needs read neither again.
   */
  written?: Figures | { entries: PayRunEntryTable[] };
  /** Inside a command that prepares the run (a preview), whose record is not written yet. */
  preparing?: boolean;
}

export type PayRunView = ReturnType<typeof publicPayRun> & {
  totals_scope?: 'visible_entries';
  allowed_actions: PayRunAction[];
  waiting_for: WaitingFor | null;
};

/**
 * The pay run as this caller may see it. Company totals are an aggregate of everyone's pay: a token
 * limited to one employee or some cost centres gets totals over the entries it may see instead, only
 * the validation findings and exclusions about those employees, and no approved company figures.
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
  const facts = new RunFacts(uc, r, run, opts.written && writtenFacts(opts.written));
  facts.preparingNow = opts.preparing === true;
  const allowed_actions = await allowedActions(facts, opts.gate);
  const waiting_for = await waitingFor(facts, allowed_actions);
  if (!facts.limited) return { ...view, allowed_actions, waiting_for };
  const entries = await facts.visible();
  const token = facts.token!;
  // Those held out of the entries (cannot be calculated) or excluded at finalise are seen by where they sit.
  const held = heldOfRun(run).filter((h) => visibleTo(token, h));
  const excluded = excludedOfRun(run).filter((x) => visibleTo(token, x));
  const visible = new Set([...entries, ...held, ...excluded].map((e) => e.employee_id));
  return {
    ...view,
    excluded: excluded.map(publicExcluded),
    validation: view.validation && limitValidation(view.validation, visible),
    approval: view.approval ? { ...view.approval, totals: null, figures_digest: null } : null,
    totals: totalsOf(entries.map(amountsOf), view.totals.currency),
    totals_scope: 'visible_entries',
    allowed_actions,
    waiting_for,
  };
}

/** What a command knows of the run it has just written: its employees by id (when it read them), and its entries. */
const writtenFacts = (f: NonNullable<ViewOptions['written']>) =>
  'calculated' in f ? { employees: employeesOfFigures(f), entries: f.calculated.map((c) => c.row) } : f;

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
