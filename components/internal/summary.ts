import type { Employee, PayRun, PayrailApi } from '../client/models.js';
import { toCents, fromCents } from './format.js';

const PAID = ['finalised', 'lodged'];

/**
 * The page size every element uses for its first read of the pay runs, so the dashboard, its tiles
 * and charts, the pay-runs list and the detail's default run share one request.
 */
export const RUNS_PAGE = 20;

/** The figures the dashboard, KPI tiles and charts share, from two small reads. */
export interface Summary {
  currency: string;
  /** Active employees, as the API counts them (not a count of downloaded rows). */
  headcount: number;
  last?: PayRun;
  prev?: PayRun;
  next?: PayRun;
  /** Gross per paid run, oldest first, labelled with the payment date (ISO). */
  trend: { id: string; label: string; value: string }[];
  /** Where the last paid run's employer cost went (keys are message keys); adds up to `employerCost`. */
  split: { key: SplitKey; value: string }[];
  /** Gross plus what the employer pays on top (super in AU, employer social insurance in DE). */
  employerCost?: string;
}

export type SplitKey = 'net' | 'tax' | 'employeeSocial' | 'otherDeductions' | 'employerSuper' | 'employerSocial';

/** The first page of employees; `total_active` counts the whole roster, so one row is enough. */
export const firstEmployee = (api: PayrailApi, signal?: AbortSignal) => api.employees({ limit: 1 }, { signal });

export async function loadSummary(api: PayrailApi, signal?: AbortSignal): Promise<Summary> {
  const [runs, emps] = await Promise.all([api.payRuns({ limit: RUNS_PAGE }, { signal }), firstEmployee(api, signal)]);
  const byDate = (a: PayRun, b: PayRun) => b.payment_date.localeCompare(a.payment_date);
  const paid = runs.data.filter((r) => PAID.includes(r.status) && r.totals).sort(byDate);
  const open = runs.data.filter((r) => !PAID.includes(r.status) && r.status !== 'voided').sort(byDate);
  const [last, prev] = paid;
  const cost = last ? costSplit(last) : undefined;
  return {
    currency: last?.totals?.currency ?? open[0]?.totals?.currency ?? '',
    headcount: emps.total_active ?? emps.data.filter((e: Employee) => e.status !== 'terminated').length,
    last,
    prev,
    next: open[open.length - 1],
    trend: paid
      .slice(0, 8)
      .reverse()
      .map((r) => ({ id: r.id, label: r.payment_date, value: r.totals!.gross })),
    split: cost?.split ?? [],
    employerCost: cost?.total,
  };
}

/**
 * A run's employer cost and where it went. The total is gross plus the employer's own contributions
 * (`total_social` less the employees' social insurance); the slices are net pay, tax, the employees'
 * social insurance, any other deductions and the employer's contributions, so they add up to it.
 */
export function costSplit(run: PayRun): { total: string; split: Summary['split'] } | undefined {
  const t = run.totals;
  if (!t) return undefined;
  const au = t.super != null;
  const employeeSocial = au ? 0 : toCents(t.social);
  const employer = toCents(t.total_social) - employeeSocial;
  const total = toCents(t.gross) + employer;
  const other = toCents(t.gross) - toCents(t.net) - toCents(t.tax) - employeeSocial;
  const split: Summary['split'] = [
    { key: 'net', value: t.net },
    { key: 'tax', value: t.tax },
  ];
  if (employeeSocial) split.push({ key: 'employeeSocial', value: fromCents(employeeSocial) });
  if (other > 0) split.push({ key: 'otherDeductions', value: fromCents(other) });
  // Subsidies paid out with net pay (other < 0) came from the employer's contributions.
  const contributions = employer + Math.min(other, 0);
  if (contributions > 0) split.push({ key: au ? 'employerSuper' : 'employerSocial', value: fromCents(contributions) });
  return { total: fromCents(total), split };
}

/** Percentage change between two money strings, one decimal; undefined when not meaningful. */
export const change = (now?: string, before?: string): string | undefined => {
  const a = Number(now),
    b = Number(before);
  return now && before && b ? (((a - b) / Math.abs(b)) * 100).toFixed(1) : undefined;
};
