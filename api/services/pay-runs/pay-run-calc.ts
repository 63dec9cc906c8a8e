// Who a pay run includes and what each is paid: one engine function for draft, adjustments,
// preview and finalise, so the totals people approve are the totals that finalise.
import type { Repos } from '../../store/index.ts';
import type { EmployeeTable, PayRunEntryTable, PayRunTable } from '../../store/schema.ts';
import type { UseCaseContext } from '../platform/use-case.ts';
import type {
  Engine,
  EntryResult,
  LeaveAccrualRates,
  LeaverFacts,
  PartPeriod,
  PayItem,
  Readiness,
} from '../../engines/types.ts';
import type { PayFrequency } from '../../packs/types.ts';
import { activeInPeriod, employmentEndOf, fullName, type EmployeeData } from '../../model/employee.ts';
import { foldPatches } from '../employees/employees.ts';
import { loadResolver } from '../setup/cost-centres.ts';
import { AppError } from '../../lib/errors.ts';
import { contextFor, type RunContext } from './pay-run-context.ts';
import { sha256Hex } from '../../lib/ids.ts';
import type { FoldedEmployee } from '../platform/read-cache.ts';

export interface Included {
  row: EmployeeTable;
  data: EmployeeData;
  name: string;
  cost_centre_code: string | null;
  site: string | null;
  /** Qualifying earnings already paid in the quarter and tax year before this run (see pay-to-date.ts). */
  earnings_to_date?: { quarter: string; year: string };
  /** Employment ends within the run's period: what the final pay pays out (see termination-payout.ts). */
  leaver?: LeaverFacts;
  /** AU: leave accrual rates of the employee's terms where they differ from the NES (see leave-terms.ts). */
  leave_rates?: LeaveAccrualRates;
}

export interface Period {
  period_start: string;
  period_end: string;
  pay_frequency: PayFrequency;
}

/**
 * Up to this many named employees (a page of payslips at most) are read one by one, so a page costs in
 * proportion to its size; more are picked out of the whole workforce.
 */
const FEW = 200;

/**
 * Every employee's values as in force at the period end: what a finalised run freezes. Without `only`, those who
 * belong in the period, and with `leavers` also those whose employment ended before it at the run's frequency.
 */
export async function loadWorkforce(
  uc: UseCaseContext,
  r: Repos,
  period: Period,
  only?: string[],
  /** Employees already folded, by id and version count: shared by a caller reading several periods. */
  folds?: Map<string, EmployeeData>,
  leavers = false,
): Promise<Included[]> {
  const tenantId = uc.requireTenant().tenant.id;
  const few = only !== undefined && only.length <= FEW;
  const [folded, resolver] = await Promise.all([
    few ? foldedEmployees(uc, r, period.period_end, only, folds) : wholeWorkforce(uc, r, period.period_end, folds),
    loadResolver(r, tenantId, uc.deps.cache.resolvers),
  ]);
  const wanted = only && !few ? new Set(only) : null;
  const out: Included[] = [];
  for (const { row, data, name } of folded) {
    if (wanted && !wanted.has(row.id)) continue;
    const cc = resolver.costCentreOf(row.cost_centre_code, data);
    const who = { row, data, name, cost_centre_code: cc, site: resolver.siteOf(data.site, cc) };
    if (!only && !belongsIn(who, period) && !(leavers && leftBefore(who, period))) continue;
    out.push(who);
  }
  return out;
}

/**
 * The whole workforce on `asOf`, ordered by name, kept between reads while the tenant's workforce revision
 * is the one read first (a write changes it in the same transaction, so reading it before the rows means a
 * kept copy is never older than its revision).
 */
async function wholeWorkforce(
  uc: UseCaseContext,
  r: Repos,
  asOf: string,
  folds?: Map<string, EmployeeData>,
): Promise<readonly FoldedEmployee[]> {
  const tenantId = uc.requireTenant().tenant.id;
  const revision = await r.workforceRevision(tenantId);
  const kept = revision ? uc.deps.cache.workforces.get(tenantId, asOf, revision) : undefined;
  if (kept) return kept;
  // A long id list is never bound into one statement: SQLite refuses more than 32,766 variables, so a
  // run that large could not be previewed; reading the tenant's employees and filtering is cheaper anyway.
  const read = await foldedEmployees(uc, r, asOf, undefined, folds);
  return revision ? uc.deps.cache.workforces.set(tenantId, asOf, revision, read) : read;
}

/** The employees named (or all of them), with their values folded from the patches in force on `asOf`. */
async function foldedEmployees(
  uc: UseCaseContext,
  r: Repos,
  asOf: string,
  only: string[] | undefined,
  folds?: Map<string, EmployeeData>,
): Promise<FoldedEmployee[]> {
  const { tenant } = uc.requireTenant();
  const [rows, patches] = await Promise.all([
    r.listEmployees(tenant.id, only ? { ids: only } : {}),
    only
      ? Promise.all(only.map((id) => r.versionsOf(id, asOf))).then(patchesByEmployee)
      : r.patchesAsOf(tenant.id, asOf).then(patchesByEmployee),
  ]);
  const out: FoldedEmployee[] = [];
  for (const row of rows) {
    const own = patches.get(row.id);
    if (!own) continue; // not yet recorded on that date
    // One employee's list at an earlier date is a prefix of the list at a later one: its length names it,
    // and a caller reading several periods folds it once.
    const foldKey = `${row.id}|${own.length}`;
    let data = folds?.get(foldKey);
    if (!data) {
      data = uc.deps.cache.folds.fold(tenant.jurisdiction, row.id, own, () => foldPatches(own, tenant.jurisdiction));
      folds?.set(foldKey, data);
    }
    out.push({ row, data, name: fullName(data) });
  }
  return out;
}

type PatchRow = { employee_id: string; effective_from: string; seq: number; data_json: string };

/** Each employee's patch texts in the order they apply (effective date, then write order). */
function patchesByEmployee(rows: PatchRow[] | PatchRow[][]): Map<string, string[]> {
  const grouped = new Map<string, PatchRow[]>();
  for (const v of rows.flat()) {
    const list = grouped.get(v.employee_id);
    if (list) list.push(v);
    else grouped.set(v.employee_id, [v]);
  }
  const out = new Map<string, string[]>();
  for (const [id, list] of grouped) {
    if (list.length > 1)
      list.sort((a, b) =>
        a.effective_from < b.effective_from ? -1 : a.effective_from > b.effective_from ? 1 : a.seq - b.seq,
      );
    out.set(
      id,
      list.map((v) => v.data_json),
    );
  }
  return out;
}

/** Employed on some day of the period and paid at the run's frequency: who a draft pulls in. */
export const belongsIn = (w: Included, period: Period): boolean =>
  activeInPeriod(w.data, period.period_start, period.period_end) &&
  w.data.employment.pay_frequency === period.pay_frequency;

/** Employment ended before the period, paid at its frequency: a leaver whose final pay a run may still owe. */
export const leftBefore = (w: Included, period: Period): boolean => {
  const end = employmentEndOf(w.data);
  return end !== null && end < period.period_start && w.data.employment.pay_frequency === period.pay_frequency;
};

/** What of a run a calculation reads: the pinned pack version, the frequency, the period and the payment date. */
export type RunCalc = Pick<
  PayRunTable,
  'pack_version' | 'pay_frequency' | 'payment_date' | 'period_start' | 'period_end'
> & {
  /** The employer's settings and the year to date, for engines that read them (pay-run-context.ts). */
  context?: RunContext;
};

/**
 * The days of the run's period the employee was employed, when their employment starts after the period starts
 * or ends before it ends (a starter, a leaver); undefined when they were employed throughout.
 */
export function partPeriodOf(
  data: EmployeeData,
  run: Pick<RunCalc, 'period_start' | 'period_end'>,
): PartPeriod | undefined {
  const start = data.employment.start_date;
  const end = employmentEndOf(data);
  const from = start && start > run.period_start ? start : run.period_start;
  const to = end && end < run.period_end ? end : run.period_end;
  if (from === run.period_start && to === run.period_end) return undefined;
  return { period_start: run.period_start, period_end: run.period_end, from, to };
}

export function calculate(uc: UseCaseContext, run: RunCalc, who: Included, items: PayItem[]): EntryResult {
  const engine = uc.requireTenant().engine!;
  const part = partPeriodOf(who.data, run);
  return engine.calculate({
    packVersion: run.pack_version,
    frequency: run.pay_frequency as PayFrequency,
    paymentDate: run.payment_date,
    employee: who.data,
    items,
    ...(who.earnings_to_date ? { earningsToDate: who.earnings_to_date } : {}),
    ...(who.leaver ? { leaver: who.leaver } : {}),
    ...(who.leave_rates ? { leaveRates: who.leave_rates } : {}),
    ...(part ? { partPeriod: part } : {}),
    ...(run.context ? { context: contextFor(run.context, who.row.id) } : {}),
  });
}

/** Why the engine could not calculate an employee: the pack rule (if it names one) and its message. */
export interface CalcFailure {
  rule: string | null;
  message: string;
}

/**
 * `calculate`, with the engine's refusal to calculate this employee (a pack rule, 422, or an unsupported
 * feature, 501) as a value, so one employee who cannot be calculated never fails the whole run.
 */
export function tryCalculate(
  uc: UseCaseContext,
  run: RunCalc,
  who: Included,
  items: PayItem[],
): { result: EntryResult; failure?: undefined } | { result?: undefined; failure: CalcFailure } {
  try {
    return { result: calculate(uc, run, who, items) };
  } catch (err) {
    if (!(err instanceof AppError) || (err.status !== 422 && err.status !== 501)) throw err;
    const rule = typeof err.detail.rule === 'string' ? err.detail.rule : null;
    return { failure: { rule, message: err.message } };
  }
}

/**
 * What an entry's figures are a function of: the engine, the pinned pack version, the frequency, the
 * employee's values in force and the items (as stored). The engine is pure and a pack version never
 * changes its arithmetic, so an entry whose fingerprint is unchanged would calculate to the figures it has.
 */
export function fingerprintOf(engine: string, run: RunCalc, who: Included, itemsJson: string): string {
  const rest =
    `${itemsJson}` +
    // What was paid before the run joins the input only where it is read, so other fingerprints stay as stored.
    (who.earnings_to_date ? `\n${who.earnings_to_date.quarter}/${who.earnings_to_date.year}` : '') +
    // A leaver's balance and terms decide the final pay's payout.
    (who.leaver ? `\n${JSON.stringify(who.leaver)}` : '') +
    // Leave accrual rates above the NES decide the leave the pay accrues.
    (who.leave_rates ? `\nrates:${JSON.stringify(who.leave_rates)}` : '') +
    // A starter's or leaver's salary is paid for the days of the period employed.
    partPeriodKey(who.data, run) +
    // The context the calculation read (employer settings, year to date), when the engine reads one.
    (run.context ? `\n${JSON.stringify(contextFor(run.context, who.row.id))}` : '');
  const head = `${engine}\n${run.pack_version}\n${run.pay_frequency}\n${run.payment_date}`;
  const hash = () => sha256Hex(`${head}\n${dataJson(who.data)}\n${rest}`);
  // Every step of a run (and a preview after one entry changed) asks again for each employee: the employee's
  // values are one shared object while unchanged, so the digest over them is worked out once per other input.
  if (!Object.isFrozen(who.data)) return hash();
  let byInput = fingerprintsOfData.get(who.data);
  if (!byInput) fingerprintsOfData.set(who.data, (byInput = new Map()));
  const key = `${head}\n${rest}`;
  let fingerprint = byInput.get(key);
  if (fingerprint === undefined) {
    if (byInput.size >= FINGERPRINTS_PER_EMPLOYEE) byInput.clear();
    byInput.set(key, (fingerprint = hash()));
  }
  return fingerprint;
}

/** Runs (and their items) an employee's kept digests cover at once: a few open runs, never an unbounded list. */
const FINGERPRINTS_PER_EMPLOYEE = 8;

const partPeriodKey = (data: EmployeeData, run: RunCalc): string => {
  const part = partPeriodOf(data, run);
  return part ? `\n${part.period_start}..${part.period_end}:${part.from}..${part.to}` : '';
};

// Employees read for a pay run are shared, frozen objects (see FoldCache), so what is derived from one alone
// is derived once per object, however many steps and views read it.
const jsonOfData = new WeakMap<EmployeeData, string>();
const readinessOfData = new WeakMap<EmployeeData, Map<string, Readiness>>();
const fingerprintsOfData = new WeakMap<EmployeeData, Map<string, string>>();

const dataJson = (data: EmployeeData): string => {
  if (!Object.isFrozen(data)) return JSON.stringify(data);
  let json = jsonOfData.get(data);
  if (json === undefined) jsonOfData.set(data, (json = JSON.stringify(data)));
  return json;
};

/** The engine's readiness verdict on an employee (a function of the engine, the pack version and the data). */
export function readinessOf(engine: Engine, packVersion: string, data: EmployeeData): Readiness {
  if (!Object.isFrozen(data)) return engine.readiness(packVersion, data);
  let byVersion = readinessOfData.get(data);
  if (!byVersion) readinessOfData.set(data, (byVersion = new Map()));
  const key = `${engine.name}\n${packVersion}`;
  let readiness = byVersion.get(key);
  if (!readiness) byVersion.set(key, (readiness = engine.readiness(packVersion, data)));
  return readiness;
}

const FINGERPRINT_TAIL = /,"fingerprint":"([0-9a-f]{64})"\}$/;
const FINGERPRINT_TAIL_LENGTH = 84;

/** The fingerprint an entry was calculated from, or null for an entry written before fingerprints were. */
export function fingerprintOfRow(e: PayRunEntryTable): string | null {
  // `entryRow` writes the fingerprint last: read it off the end without decoding the employment before it.
  const tail = FINGERPRINT_TAIL.exec(e.input_json.slice(-FINGERPRINT_TAIL_LENGTH));
  if (tail) return tail[1];
  const input: unknown = JSON.parse(e.input_json);
  const f = input && typeof input === 'object' ? (input as { fingerprint?: unknown }).fingerprint : undefined;
  return typeof f === 'string' ? f : null;
}

export function entryRow(
  runId: string,
  who: Included,
  itemsJson: string,
  resultJson: string,
  fingerprint: string,
  at: string,
  evidenceId: string | null,
): PayRunEntryTable {
  return {
    pay_run_id: runId,
    employee_id: who.row.id,
    tenant_id: who.row.tenant_id,
    employee_name: who.name,
    cost_centre_code: who.cost_centre_code,
    site: who.site,
    items_json: itemsJson,
    input_json: JSON.stringify({ employment: who.data.employment, fingerprint }),
    result_json: resultJson,
    evidence_id: evidenceId,
    updated_at: at,
  };
}
