// A pay run's figures from the data in force. Every employee of the run (its entries, and those held out
// because the engine cannot calculate them) is recalculated with the same engine function at create,
// preview and finalise; one employee who cannot be calculated is held with the reason instead of failing
// the run. Approval records a digest of the figures it approved, so finalise can tell when they changed.
import crypto from 'node:crypto';
import type { Repos } from '../../store/index.ts';
import type { PayRunEntryTable, PayRunTable } from '../../store/schema.ts';
import type { EntryResult, PayItem, Readiness } from '../../engines/types.ts';
import type { UseCaseContext } from '../platform/use-case.ts';
import { RecordsNeeded } from '../../lib/errors.ts';
import {
  belongsIn,
  calculate,
  entryRow,
  fingerprintOf,
  fingerprintOfRow,
  loadWorkforce,
  readinessOf,
  tryCalculate,
  type Included,
  type Period,
  type RunCalc,
} from './pay-run-calc.ts';
import { attachEarningsToDate } from './pay-to-date.ts';
import { attachLeavers, owingFinalPay } from './termination-payout.ts';
import { attachLeaveRates } from '../leave/leave-terms.ts';
import { withRunContext } from './pay-run-context.ts';
import { amountsOf, heldOfRun, itemsOf, totalsOf, type Held, type Totals, type Validation } from './pay-run-model.ts';

type Finding = Validation['warnings'][number];

/** An employee the engine calculated: the entry as the data in force gives it, and the one it replaces. */
export interface Calculated {
  kind: 'calculated';
  who: Included;
  row: PayRunEntryTable;
  before: PayRunEntryTable | null;
  readiness: Readiness;
  /** The engine's result when it was calculated now (an unchanged entry keeps its stored one). */
  result?: EntryResult;
}

/** An employee the engine cannot calculate (or who is no longer on record for the period). */
export interface HeldBack {
  kind: 'held';
  held: Held;
  who: Included | null;
  before: PayRunEntryTable | null;
  readiness: Readiness | null;
}

export type Figure = Calculated | HeldBack;

export interface Figures {
  calculated: Calculated[];
  held: HeldBack[];
}

interface RunKey extends RunCalc {
  id: string;
}

/**
 * One employee's figure from the values in force and these items. An entry whose calculation input is
 * unchanged (same fingerprint) keeps its result: the engine would calculate the same figures again.
 */
export function figureOf(
  uc: UseCaseContext,
  run: RunKey,
  who: Included,
  items: PayItem[] | { json: string; decode: () => PayItem[] },
  before: PayRunEntryTable | null,
  opts: {
    evidenceId?: string | null;
    /** An explicit adjustment of this one employee: the engine's refusal is the answer. */
    strict?: boolean;
    /** With `strict`: a rule met by recording something first holds the employee instead (RecordsNeeded). */
    holdUntilRecorded?: boolean;
  } = {},
): Figure {
  const evidenceId = opts.evidenceId === undefined ? (before?.evidence_id ?? null) : opts.evidenceId;
  const itemsJson = Array.isArray(items) ? JSON.stringify(items) : items.json;
  const decoded = () => (Array.isArray(items) ? items : items.decode());
  const engine = uc.requireTenant().engine!;
  const readiness = readinessOf(engine, run.pack_version, who.data);
  const fingerprint = fingerprintOf(engine.name, run, who, itemsJson);
  const at = uc.now.toISOString();
  if (before && before.items_json === itemsJson && fingerprintOfRow(before) === fingerprint) {
    // Same input, same figures: only where the employee sits, or the entry's evidence, may be new.
    const same =
      before.employee_name === who.name &&
      before.cost_centre_code === who.cost_centre_code &&
      before.site === who.site &&
      before.evidence_id === evidenceId;
    const row = same
      ? before
      : {
          ...before,
          employee_name: who.name,
          cost_centre_code: who.cost_centre_code,
          site: who.site,
          evidence_id: evidenceId,
          updated_at: at,
        };
    return { kind: 'calculated', who, row, before, readiness };
  }
  const out = opts.strict
    ? strictly(uc, run, who, decoded(), opts.holdUntilRecorded === true)
    : tryCalculate(uc, run, who, decoded());
  if (out.failure) {
    const held: Held = {
      employee_id: who.row.id,
      employee_name: who.name,
      cost_centre_code: who.cost_centre_code,
      site: who.site,
      items: decoded(),
      ...out.failure,
    };
    return { kind: 'held', held, who, before, readiness };
  }
  const resultJson = JSON.stringify(out.result);
  // Findings, totals and the payslip read the stored result next: they share this one instead of decoding it.
  const result = uc.deps.cache.results.seed(resultJson, out.result);
  const row = entryRow(run.id, who, itemsJson, resultJson, fingerprint, at, evidenceId);
  return { kind: 'calculated', who, row, before, readiness, result };
}

function strictly(uc: UseCaseContext, run: RunKey, who: Included, items: PayItem[], hold: boolean) {
  try {
    return { result: calculate(uc, run, who, items) };
  } catch (err) {
    if (!hold || !(err instanceof RecordsNeeded)) throw err;
    const rule = typeof err.detail.rule === 'string' ? err.detail.rule : null;
    return { failure: { rule, message: err.message } };
  }
}

const rowChanged = (a: PayRunEntryTable, b: PayRunEntryTable) =>
  a.result_json !== b.result_json ||
  a.items_json !== b.items_json ||
  a.input_json !== b.input_json ||
  a.employee_name !== b.employee_name ||
  a.cost_centre_code !== b.cost_centre_code ||
  a.site !== b.site ||
  a.evidence_id !== b.evidence_id;

/** Whether the figure's amounts differ from the entry it replaces (or it has none). */
export const figuresChanged = (c: Calculated) => !c.before || c.before.result_json !== c.row.result_json;

/** The employees the figures were calculated for, by id, as read for the run's period. */
export function employeesOfFigures(figures: Figures): Map<string, Included> {
  const out = new Map<string, Included>();
  for (const f of [...figures.calculated, ...figures.held]) if (f.who) out.set(f.who.row.id, f.who);
  return out;
}

/** Sorts figures into the calculated and the held. */
export function collect(figures: Figure[]): Figures {
  const out: Figures = { calculated: [], held: [] };
  for (const f of figures) {
    if (f.kind === 'calculated') out.calculated.push(f);
    else out.held.push(f);
  }
  return out;
}

/**
 * Everyone active in the period and paid at its frequency, and every leaver still owed a final pay (see
 * `owingFinalPay`), calculated with their booked leave only: a new draft.
 */
export async function draftFigures(
  uc: UseCaseContext,
  r: Repos,
  run: Omit<RunKey, 'period_start' | 'period_end'>,
  period: Period,
  leave?: Map<string, PayItem[]>,
): Promise<Figures> {
  const everyone = await loadWorkforce(uc, r, period, undefined, undefined, true);
  const owed = new Set((await owingFinalPay(uc, r, { ...run, ...period }, everyone)).map((w) => w.row.id));
  const workforce = everyone.filter((w) => belongsIn(w, period) || owed.has(w.row.id));
  await attachEarningsToDate(uc, r, run, workforce);
  await attachLeavers(uc, r, { ...run, ...period }, workforce);
  await attachLeaveRates(uc, r, { ...run, ...period }, workforce);
  const withContext = await withRunContext(
    uc,
    r,
    { ...run, period_start: period.period_start, period_end: period.period_end },
    workforce.map((w) => w.row.id),
  );
  return collect(workforce.map((who) => figureOf(uc, withContext, who, leave?.get(who.row.id) ?? [], null)));
}

/**
 * Every employee of the run recalculated from the values in force at its period end, each with the items
 * it has: its entries, and those held because they could not be calculated before. Two batched reads for
 * the whole workforce, however large the run.
 */
export async function recalculateRun(
  uc: UseCaseContext,
  r: Repos,
  stored: PayRunTable,
  period: Period,
): Promise<Figures> {
  const before = await r.listEntries(stored.id);
  const held = heldOfRun(stored);
  const ids = [...before.map((e) => e.employee_id), ...held.map((h) => h.employee_id)];
  const run = await withRunContext(uc, r, stored, ids);
  const loaded = await loadWorkforce(uc, r, period, ids);
  await attachEarningsToDate(uc, r, run, loaded);
  await attachLeavers(uc, r, { ...run, ...period }, loaded);
  await attachLeaveRates(uc, r, { ...run, ...period }, loaded);
  const workforce = new Map(loaded.map((w) => [w.row.id, w]));
  const gone = (x: Omit<Held, 'rule' | 'message'>, e: PayRunEntryTable | null): HeldBack => ({
    kind: 'held',
    held: { ...x, rule: null, message: 'No longer on record for this pay period.' },
    who: null,
    before: e,
    readiness: null,
  });
  const figures: Figure[] = [];
  for (const e of before) {
    const who = workforce.get(e.employee_id);
    const items = { json: e.items_json, decode: () => itemsOf(e) };
    figures.push(
      who
        ? figureOf(uc, run, who, items, e)
        : gone(
            {
              employee_id: e.employee_id,
              employee_name: e.employee_name,
              cost_centre_code: e.cost_centre_code,
              site: e.site,
              items: itemsOf(e),
            },
            e,
          ),
    );
  }
  for (const h of held) {
    const who = workforce.get(h.employee_id);
    figures.push(who ? figureOf(uc, run, who, h.items, null) : gone(h, null));
  }
  return collect(figures);
}

/** Totals over the calculated entries (those held are left out until they can be calculated). */
export const totalsOfFigures = (f: Calculated[], currency: string): Totals =>
  totalsOf(
    f.map((c) => c.result ?? amountsOf(c.row)),
    currency,
  );

/**
 * Writes what changed: new and recalculated entries, and removes the entries of employees now held.
 * Answers how many entries' amounts changed.
 */
export async function writeFigures(r: Repos, runId: string, f: Figures): Promise<number> {
  let changed = 0;
  for (const c of f.calculated) {
    if (figuresChanged(c)) changed++;
    if (!c.before || rowChanged(c.before, c.row)) await r.replaceEntry(c.row);
  }
  const dropped = f.held.filter((h) => h.before).map((h) => h.held.employee_id);
  if (dropped.length) await r.deleteEntries(runId, dropped);
  return changed + dropped.length;
}

// ---- Validation: one finding per employee, errors first in importance.

export function heldFinding(h: HeldBack): Finding {
  return {
    employee_id: h.held.employee_id,
    employee_name: h.held.employee_name,
    severity: 'error',
    code: 'cannot_calculate',
    message: `Cannot be calculated: ${h.held.message}`,
    requirements: h.readiness?.unverified_requirements ?? [],
    rule: h.held.rule,
  };
}

export function readinessFinding(who: Included, readiness: Readiness): Finding | null {
  const missing = readiness.unverified_requirements;
  if (readiness.blocks_finalise)
    return {
      employee_id: who.row.id,
      employee_name: who.name,
      severity: 'error',
      code: 'blocks_finalise',
      message: `Cannot be paid yet: missing ${missing.join(', ')}.`,
      requirements: missing,
    };
  if (missing.length)
    return {
      employee_id: who.row.id,
      employee_name: who.name,
      severity: 'warning',
      code: 'unverified_requirements',
      message: `Unverified: ${missing.join(', ')}.`,
      requirements: missing,
    };
  return null;
}

const findingOf = (f: Figure): Finding | null =>
  f.kind === 'held' ? heldFinding(f) : readinessFinding(f.who, f.readiness);

const byName = (a: Finding, b: Finding) =>
  a.employee_name.localeCompare(b.employee_name) || a.employee_id.localeCompare(b.employee_id);

function counted(warnings: Finding[]): Validation {
  return {
    errorCount: warnings.filter((w) => w.severity === 'error').length,
    warningCount: warnings.filter((w) => w.severity === 'warning').length,
    warnings,
  };
}

/** The run's validation from its figures: who cannot be calculated, who cannot be paid yet, what is unverified. */
export function validationOfFigures(f: Figures): Validation {
  const warnings = [...f.held, ...f.calculated].map(findingOf).filter((w): w is Finding => w !== null);
  return counted(warnings.sort(byName));
}

/** The stored validation with the findings about some employees replaced by new ones (after an adjustment). */
export function mergeValidation(old: Validation | null, figures: Figure[]): Validation {
  const ids = new Set(figures.map((f) => (f.kind === 'held' ? f.held.employee_id : f.who.row.id)));
  const kept = (old?.warnings ?? []).filter((w) => !ids.has(w.employee_id));
  const fresh = figures.map(findingOf).filter((w): w is Finding => w !== null);
  return counted([...kept, ...fresh].sort(byName));
}

/** The held list after some employees were recalculated: those now calculated leave it, those now held join. */
export function mergeHeld(old: Held[], figures: Figure[]): Held[] {
  const ids = new Set(figures.map((f) => (f.kind === 'held' ? f.held.employee_id : f.who.row.id)));
  return [
    ...old.filter((h) => !ids.has(h.employee_id)),
    ...figures.flatMap((f) => (f.kind === 'held' ? [f.held] : [])),
  ];
}

export const heldJson = (held: Held[]): string | null => (held.length ? JSON.stringify(held) : null);

// ---- What an approval approved.

/**
 * SHA-256 over every entry's stored result (by employee id) and the run's stored totals: the figures an
 * approval approves. The engine writes a result the same way each time, so equal figures hash equally.
 */
export function figuresDigest(
  rows: Pick<PayRunEntryTable, 'employee_id' | 'result_json'>[],
  totalsJson: string,
): string {
  const h = crypto.createHash('sha256');
  for (const e of [...rows].sort((a, b) => (a.employee_id < b.employee_id ? -1 : 1)))
    h.update(`${e.employee_id}\t${e.result_json}\n`);
  h.update(totalsJson);
  return `sha256:${h.digest('hex')}`;
}
