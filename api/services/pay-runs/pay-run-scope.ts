// The entries, findings and totals of a pay run as a caller sees them, by the data-scope rules
// (platform/data-scope.ts). A token pinned to one employee, or limited to some cost centres
// or sites, sees only those entries, the validation findings about them and totals over them; partner
// keys and unscoped tokens see the run whole.
import type { Repos } from '../../store/index.ts';
import type { PayRunEntryTable, PayRunTable } from '../../store/schema.ts';
import type { UseCaseContext } from '../platform/use-case.ts';
import type { TokenCaller } from '../../model/caller.ts';
import { heldOfRun, type Validation } from './pay-run-model.ts';
import { limitingToken, visibleTo } from '../platform/data-scope.ts';
import type { Included } from './pay-run-calc.ts';

/** Entries visible to the caller: data scope and employee pinning apply. */
export async function visibleEntries(
  uc: UseCaseContext,
  runId: string,
  r: Repos = uc.store.repos,
): Promise<PayRunEntryTable[]> {
  const rows = await r.listEntries(runId);
  const token = limitingToken(uc);
  return token ? rows.filter((e) => visibleTo(token, e)) : rows;
}

/**
 * One page of the entries visible to the caller, in `listEntries` order after `after` (the last row's
 * name and id). A limited token's page is filled from further rows when some are out of its view.
 */
export async function visibleEntriesPage(
  uc: UseCaseContext,
  runId: string,
  after: [string, string] | null,
  limit: number,
  r: Repos = uc.store.repos,
): Promise<{ rows: PayRunEntryTable[]; hasMore: boolean }> {
  const token = limitingToken(uc);
  const out: PayRunEntryTable[] = [];
  let position = after;
  for (;;) {
    const batch = await r.listEntriesAfter(runId, position, limit + 1);
    out.push(...(token ? batch.filter((e) => visibleTo(token, e)) : batch));
    if (out.length > limit || batch.length < limit + 1) break;
    const last = batch[batch.length - 1];
    position = [last.employee_name, last.employee_id];
  }
  return { rows: out.slice(0, limit), hasMore: out.length > limit };
}

/** One employee's entry if the caller may see it, read on its own. */
export async function visibleEntry(
  uc: UseCaseContext,
  runId: string,
  employeeId: string,
  r: Repos = uc.store.repos,
): Promise<PayRunEntryTable | null> {
  const row = await r.getEntry(runId, employeeId);
  const token = limitingToken(uc);
  return row && (!token || visibleTo(token, row)) ? row : null;
}

/** Findings name employees and what they lack: only those about visible employees remain, recounted. */
export function limitValidation(v: Validation, visible: Set<string>): Validation {
  const warnings = v.warnings.filter((w) => visible.has(w.employee_id));
  return {
    errorCount: warnings.filter((w) => w.severity === 'error').length,
    warningCount: warnings.filter((w) => w.severity === 'warning').length,
    warnings,
  };
}

/** The run's validation as this caller may see it. */
export async function visibleValidation(
  uc: UseCaseContext,
  runId: string,
  v: Validation | null,
  r: Repos = uc.store.repos,
): Promise<Validation | null> {
  if (!v || !limitingToken(uc)) return v;
  return limitValidation(v, new Set((await visibleEntries(uc, runId, r)).map((e) => e.employee_id)));
}

/** One run as one caller sees it, read once however many rules ask. */
export class RunFacts {
  readonly token: TokenCaller | null;
  /** Inside a command that prepares the run (a preview): the caller counts as a preparer before its record is written. */
  preparingNow = false;
  #all?: Promise<PayRunEntryTable[]>;

  /** The run's employees as the current command read them for the run's period, when it did. */
  readonly employees?: ReadonlyMap<string, Included>;

  constructor(
    readonly uc: UseCaseContext,
    readonly r: Repos,
    readonly run: PayRunTable,
    /** What the current command has just written of the run: its employees as read, and its entries. */
    written?: { employees?: ReadonlyMap<string, Included>; entries: PayRunEntryTable[] },
  ) {
    this.token = limitingToken(uc);
    this.employees = written?.employees;
    if (written) this.#all = Promise.resolve(written.entries);
  }

  /** Whether the caller sees only part of the run (so its totals and findings are limited). */
  get limited(): boolean {
    return this.token !== null;
  }

  all(): Promise<PayRunEntryTable[]> {
    return (this.#all ??= this.r.listEntries(this.run.id));
  }

  async visible(): Promise<PayRunEntryTable[]> {
    const all = await this.all();
    const token = this.token;
    return token ? all.filter((e) => visibleTo(token, e)) : all;
  }

  /**
   * Whether every employee of the run is visible to the caller (its entries, and those held out of them
   * because they cannot be calculated): what signing the run off needs.
   */
  async seesEveryEntry(): Promise<boolean> {
    const token = this.token;
    if (!token) return true;
    if (!heldOfRun(this.run).every((h) => visibleTo(token, h))) return false;
    return (await this.visible()).length === (await this.all()).length;
  }
}
