// What an employee was already paid before this pay, for the limits that run over a quarter or a year rather
// than a pay: the AU maximum contribution base limits the qualifying earnings of a quarter (before 1 July 2026)
// or a financial year (Payday Super). Read from the employee's finalised runs of the financial year up to the
// run's payment date (voided runs are not finalised, so they drop out), this run left out, plus the opening
// figures an employer brought when it moved to Payrail mid-year.
import type { Repos } from '../../store/index.ts';
import type { PayRunTable } from '../../store/schema.ts';
import type { UseCaseContext } from '../platform/use-case.ts';
import type { Included } from './pay-run-calc.ts';
import { jurisdictionOf, taxYearStart } from '../setup/jurisdiction.ts';
import { openingsToDate } from '../employees/year-to-date-openings.ts';
import { dec, money, type Dec } from '../../lib/money.ts';

export interface EarningsToDate {
  quarter: string;
  year: string;
}

/** The first day of the calendar quarter a date falls in (super quarters: Jul-Sep, Oct-Dec, Jan-Mar, Apr-Jun). */
export const quarterStart = (date: string): string => {
  const m = Number(date.slice(5, 7));
  return `${date.slice(0, 4)}-${String(Math.floor((m - 1) / 3) * 3 + 1).padStart(2, '0')}-01`;
};

const oteOf = (resultJson: string): Dec => {
  const detail = (JSON.parse(resultJson) as { detail?: { ordinary_time_earnings?: unknown } }).detail;
  const ote = detail?.ordinary_time_earnings;
  return typeof ote === 'string' ? dec(ote) : dec(0);
};

/**
 * Sets each employee's qualifying earnings to date for the run (only where the country's pay has super): the
 * calculation and its fingerprint read them, so an entry is recalculated when an earlier run is finalised or voided.
 */
export async function attachEarningsToDate(
  uc: UseCaseContext,
  r: Repos,
  run: Pick<PayRunTable, 'id' | 'payment_date'>,
  workforce: Included[],
): Promise<void> {
  const t = uc.requireTenant().tenant;
  if (!workforce.length || !jurisdictionOf(t.jurisdiction).entryTotals.includes('super')) return;
  const ids = workforce.map((w) => w.row.id);
  const fyStart = taxYearStart(t.jurisdiction, run.payment_date);
  // Earlier runs count on the day they were paid (AU): a run paid late across a quarter's end is in the next.
  const payDay = jurisdictionOf(t.jurisdiction).payDay;
  const qStart = quarterStart(run.payment_date);
  const sums = new Map<string, { quarter: Dec; year: Dec }>(ids.map((id) => [id, { quarter: dec(0), year: dec(0) }]));
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await r.finalisedEntriesForMany(t.id, ids.slice(i, i + 500), fyStart, run.payment_date, payDay);
    for (const row of rows) {
      if (row.pay_run_id === run.id) continue;
      const s = sums.get(row.employee_id)!;
      const ote = oteOf(row.result_json);
      s.year = s.year.plus(ote);
      if (row.paid_date >= qStart) s.quarter = s.quarter.plus(ote);
    }
  }
  const openings = await openingsToDate(r, t.jurisdiction, t.id, ids, fyStart, run.payment_date, qStart);
  for (const w of workforce) {
    const s = sums.get(w.row.id)!;
    const o = openings.get(w.row.id);
    w.earnings_to_date = {
      quarter: money(s.quarter.plus(o?.quarter ?? 0)),
      year: money(s.year.plus(o?.year ?? 0)),
    };
  }
}
