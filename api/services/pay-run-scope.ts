// What of a pay run a caller may see. A token pinned to one employee, or limited to some cost centres
// or sites, sees only those entries, the validation findings about them and totals over them; partner
// keys and unscoped tokens see the run whole.
import type { Repos } from '../store/index.ts';
import type { PayRunEntryTable, PayRunTable } from '../store/schema.ts';
import type { UseCaseContext } from './use-case.ts';
import type { Validation } from './pay-run-model.ts';
import { isUnscoped, type TokenCaller } from './caller.ts';
import { inScope } from './cost-centres.ts';

/** The token that limits what the caller sees of a run, or null when it sees runs whole. */
export function limitingToken(uc: UseCaseContext): TokenCaller | null {
  const token = uc.tokenCaller();
  return token && (token.employeeId || !isUnscoped(token.scope)) ? token : null;
}

/** Whether the token may see this entry: its employee pin and data scope (the entry's cost centre and site). */
export const visibleTo = (token: TokenCaller, e: PayRunEntryTable) =>
  (!token.employeeId || e.employee_id === token.employeeId) && inScope(token.scope, e.cost_centre_code, e.site);

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
  #all?: Promise<PayRunEntryTable[]>;

  constructor(
    readonly uc: UseCaseContext,
    readonly r: Repos,
    readonly run: PayRunTable,
  ) {
    this.token = limitingToken(uc);
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

  /** Whether every entry of the run is visible to the caller: what signing the run off needs. */
  async seesEveryEntry(): Promise<boolean> {
    if (!this.token) return true;
    return (await this.visible()).length === (await this.all()).length;
  }
}
