import type { PayRun, PayrailApi } from '../client/types.js';

const PAID = ['finalised', 'lodged'];

/** The figures the dashboard, KPI tiles and charts share, from two list reads. */
export interface Summary {
  currency: string;
  headcount: number;
  /** True when the employee list was cut at the page limit, so `headcount` is a lower bound. */
  headcountMore: boolean;
  last?: PayRun;
  prev?: PayRun;
  next?: PayRun;
  /** Gross per paid run, oldest first, labelled with the payment date (ISO). */
  trend: { id: string; label: string; value: string }[];
  /** The last paid run split into net, tax and super or social (keys are message keys). */
  split: { key: 'net' | 'tax' | 'super' | 'social'; value: string }[];
}

export async function loadSummary(api: PayrailApi, signal?: AbortSignal): Promise<Summary> {
  const [runs, emps] = await Promise.all([
    api.payRuns({ limit: 24 }, { signal }),
    api.employees({ limit: 200 }, { signal }),
  ]);
  const byDate = (a: PayRun, b: PayRun) => b.payment_date.localeCompare(a.payment_date);
  const paid = runs.data.filter((r) => PAID.includes(r.status) && r.totals).sort(byDate);
  const open = runs.data.filter((r) => !PAID.includes(r.status) && r.status !== 'voided').sort(byDate);
  const [last, prev] = paid;
  const t = last?.totals;
  const split: Summary['split'] = t
    ? [
        { key: 'net', value: t.net },
        { key: 'tax', value: t.tax },
      ]
    : [];
  if (t?.super) split.push({ key: 'super', value: t.super });
  if (t?.social) split.push({ key: 'social', value: t.social });
  return {
    currency: t?.currency ?? open[0]?.totals?.currency ?? '',
    headcount: emps.data.filter((e) => e.status !== 'terminated').length,
    headcountMore: emps.has_more,
    last,
    prev,
    next: open[open.length - 1],
    trend: paid
      .slice(0, 8)
      .reverse()
      .map((r) => ({ id: r.id, label: r.payment_date, value: r.totals!.gross })),
    split,
  };
}

/** Percentage change between two money strings, one decimal; undefined when not meaningful. */
export const change = (now?: string, before?: string): string | undefined => {
  const a = Number(now),
    b = Number(before);
  return now && before && b ? (((a - b) / Math.abs(b)) * 100).toFixed(1) : undefined;
};
