// What a report reads: the runs in its period (finalised and lodged, drafts on request, never voided)
// and their entries the caller may see, decoded once. Two queries however many employees there are.
import type { UseCaseContext } from '../platform/use-case.ts';
import type { PayRunEntryTable, PayRunTable } from '../../store/schema.ts';
import type { EntryResult, PayItem } from '../../engines/types.ts';
import type { Column, Report, ReportQuery, Row } from './report-types.ts';
import type { ReportSlug } from '../../model/report-slugs.ts';
import { limitingToken, visibleTo } from '../platform/data-scope.ts';
import { itemsOf } from '../pay-runs/pay-run-model.ts';
import { jurisdictionOf, payDayOfRun, taxYearStart } from '../setup/jurisdiction.ts';
import { addDays, todayIn } from '../../lib/dates.ts';
import { badRequest } from '../../lib/errors.ts';
import { money, sum } from '../../lib/money.ts';

const FINAL = ['finalised', 'lodged'];
/** Entries decoded before a report lets the event loop serve other requests (a report is one of many requests). */
const DECODED_PER_TURN = 300;
const WITH_DRAFTS = ['draft', 'previewed', 'approved', 'finalising', ...FINAL];

export interface SourceEntry {
  run: PayRunTable;
  row: PayRunEntryTable;
  items: PayItem[];
  result: EntryResult;
}

export interface Source {
  jurisdiction: string;
  currency: string;
  from: string;
  to: string;
  runs: PayRunTable[];
  entries: SourceEntry[];
  limited: boolean;
}

/** The last day of the tax year that starts on `start`. */
const yearEnd = (start: string) => addDays(`${Number(start.slice(0, 4)) + 1}${start.slice(4)}`, -1);

/** The payment dates a query covers: its own, an activity-statement period, or the current tax year. */
export function periodOf(uc: UseCaseContext, q: ReportQuery): { from: string; to: string } {
  const jurisdiction = uc.requireTenant().tenant.jurisdiction;
  if (q.period) {
    const month = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(q.period);
    const quarter = /^(\d{4})-Q([1-4])$/.exec(q.period);
    if (month) return { from: `${q.period}-01`, to: addDays(nextMonth(q.period), -1) };
    if (quarter) {
      const first = `${quarter[1]}-${String((Number(quarter[2]) - 1) * 3 + 1).padStart(2, '0')}`;
      return { from: `${first}-01`, to: addDays(nextMonth(nextMonth(nextMonth(first))), -1) };
    }
  }
  const start = taxYearStart(jurisdiction, q.from ?? q.to ?? todayIn(uc.now));
  const from = q.from ?? start;
  const to = q.to ?? yearEnd(start);
  if (from > to) throw badRequest('`from` is after `to`.', [{ path: 'from', message: 'Must not be after `to`.' }]);
  return { from, to };
}

function nextMonth(ym: string): string {
  const [y, m] = ym.split('-').map(Number);
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
}

export async function loadSource(uc: UseCaseContext, q: ReportQuery): Promise<Source> {
  const t = uc.requireTenant();
  const r = uc.store.repos;
  const period = periodOf(uc, q);
  // Where pay counts on the day it was paid (AU), a run paid late is reported on that day, in that period.
  const on = jurisdictionOf(t.tenant.jurisdiction).payDay;
  const runs = (
    await r.reportRuns(t.tenant.id, q.include_drafts ? WITH_DRAFTS : FINAL, { payRunId: q.pay_run_id, ...period, on })
  ).map((run) => ({ ...run, payment_date: payDayOfRun(t.tenant.jurisdiction, run) }));
  const byId = new Map(runs.map((p) => [p.id, p]));
  const token = limitingToken(uc);
  const entries: SourceEntry[] = [];
  for (let i = 0; i < runs.length; i += 200) {
    let decoded = 0;
    for (const row of await r.entriesOfRuns(
      t.tenant.id,
      runs.slice(i, i + 200).map((p) => p.id),
    )) {
      // Decoding thousands of entries takes a while: other requests get their turn every few hundred.
      if (++decoded % DECODED_PER_TURN === 0) await new Promise((resolve) => setImmediate(resolve));
      if (token && !visibleTo(token, row)) continue;
      entries.push({
        run: byId.get(row.pay_run_id)!,
        row,
        items: itemsOf(row),
        result: uc.deps.cache.storedResult(row),
      });
    }
  }
  // Runs are read oldest payday first; entries follow them, by name within a run.
  const order = new Map(runs.map((p, i) => [p.id, i]));
  entries.sort((a, b) => order.get(a.run.id)! - order.get(b.run.id)!);
  const single = q.pay_run_id ? runs[0] : undefined;
  return {
    jurisdiction: t.tenant.jurisdiction,
    currency: jurisdictionOf(t.tenant.jurisdiction).currency,
    from: single ? single.payment_date : period.from,
    to: single ? single.payment_date : period.to,
    runs,
    entries,
    limited: token !== null,
  };
}

/** Totals of the money and count columns over the rows; text columns stay empty (the first says "Total"). */
export function totalsOf(columns: Column[], rows: Row[]): Row {
  const out: Row = {};
  columns.forEach((c, i) => {
    if (c.kind === 'money') out[c.key] = money(sum(rows.map((row) => String(row[c.key] ?? '0'))));
    else if (c.kind === 'count') out[c.key] = rows.reduce((n, row) => n + Number(row[c.key] ?? 0), 0);
    else out[c.key] = i === 0 ? 'Total' : null;
  });
  return out;
}

/** A report from its source, columns and rows, totals summed over the rows. */
export function reportOf(
  slug: ReportSlug,
  src: Pick<Source, 'jurisdiction' | 'currency' | 'from' | 'to' | 'limited'> & { runs: { id: string }[] },
  q: ReportQuery,
  columns: Column[],
  rows: Row[],
  notes: string[] = [],
): Report {
  return {
    report: slug,
    jurisdiction: src.jurisdiction,
    currency: src.currency,
    period: { from: src.from, to: src.to },
    pay_run_ids: src.runs.map((p) => p.id),
    include_drafts: q.include_drafts,
    scope_limited: src.limited,
    columns,
    rows,
    totals: totalsOf(columns, rows),
    notes,
  };
}

/** Columns from `[key, kind]` pairs. */
export const cols = (...pairs: [string, Column['kind']][]): Column[] => pairs.map(([key, kind]) => ({ key, kind }));
