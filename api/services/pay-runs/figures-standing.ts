// Whether a run's stored figures are still the ones a full recalculation would give, read off the evidence
// chain instead of recalculating: every write records evidence, so whatever a run's figures depend on
// (an employee's details, pay items, leave, settings, another run paid) leaves a record after the sequence
// number stored when the figures were last worked out in full. A re-preview with nothing new skips the work.
import type { Repos } from '../../store/index.ts';
import type { PayRunTable } from '../../store/schema.ts';
import { READ_RECEIPT_ACTIONS } from '../governance/governance.ts';

/** A run's own steps: each leaves its stored figures as a full recalculation of the same data would. */
const OWN_STEPS = new Set([
  'pay_run.created',
  'pay_run.previewed',
  'pay_run.approved',
  // Adjusting an entry or importing timesheets recalculates the employees concerned and the totals.
  'pay_run.entry_adjusted',
  'pay_run.timesheets_imported',
  'pay_run.exception_acknowledged',
]);
const READS = new Set<string>(READ_RECEIPT_ACTIONS);

/** Past this many records since the last full calculation, recalculating is cheaper than reading them. */
const LOOK_BACK = 500;

/**
 * Answers the sequence number the figures now stand at when nothing recorded since the last full
 * calculation could change them (only reads and the run's own steps), else null: recalculate.
 */
export async function figuresStandAt(r: Repos, run: PayRunTable): Promise<number | null> {
  if (run.figures_seq === null) return null;
  const since = await r.evidenceAfter(run.tenant_id, run.figures_seq, LOOK_BACK + 1);
  if (since.length > LOOK_BACK) return null;
  const ownResource = (resource: string) => resource === run.id || resource.startsWith(`${run.id}/`);
  const harmless = since.every((e) => READS.has(e.action) || (OWN_STEPS.has(e.action) && ownResource(e.resource)));
  if (!harmless) return null;
  return since.length ? Number(since[since.length - 1].seq) : run.figures_seq;
}
