// Timesheet import into a draft (or previewed, which returns to draft) pay run: CSV or JSON rows become
// hour items per employee. Every row is validated before any applies (all or nothing); each employee named
// has their earlier timesheet items replaced by the new ones and is recalculated, and the run's totals are
// summed once at the end.
import { withRunContext } from './pay-run-context.ts';
import type { z } from 'zod';
import type { Repos } from '../../store/index.ts';
import type { PayItem } from '../../engines/types.ts';
import type { UseCaseContext } from '../platform/use-case.ts';
import { timesheetRow, toPayItem } from '../../schemas/pay-runs.ts';
import { entryItems } from '../setup/pay-items.ts';
import { belongsIn, loadWorkforce } from './pay-run-calc.ts';
import { heldOfRun, itemsOf, totalsOfRun } from './pay-run-model.ts';
import { adjustFigures, notInRunMessage, periodOf, requireRun } from './pay-run-steps.ts';
import { figureOf } from './pay-run-figures.ts';
import { attachEarningsToDate } from './pay-to-date.ts';
import { attachLeavers } from './termination-payout.ts';
import { attachLeaveRates } from '../leave/leave-terms.ts';
import { requireAction, type ActionGate } from './pay-run-actions.ts';
import { callerReaches } from '../platform/data-scope.ts';
import { payRunView } from './pay-run-view.ts';
import { parseCsv } from '../../lib/csv.ts';
import { badRequest, type FieldError } from '../../lib/errors.ts';
import { awardItemsFor, type ShiftRow } from '../setup/awards.ts';

/** A shift of an employee without an award: its length less the break, as ordinary hours. */
function shiftHours(s: ShiftRow): PayItem {
  const at = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3));
  let minutes = at(s.end) - at(s.start);
  if (minutes <= 0) minutes += 24 * 60;
  minutes -= s.break_minutes ?? 0;
  if (minutes <= 0)
    throw badRequest('A shift is no longer than its break.', [
      { path: `rows[${s.index}].break_minutes`, message: 'The break must be shorter than the shift.' },
    ]);
  const hours = (minutes / 60).toFixed(4).replace(/0{1,2}$/, '');
  return toPayItem({ type: 'ordinary_hours', hours }, 'timesheet', s.date);
}

/** A CSV document (header `employee_id,date,hours,type[,multiplier]`) or JSON rows. */
export type TimesheetInput = string | { rows: unknown[] };

type Row = z.output<typeof timesheetRow>;

/** A row's schema failures as field errors under `rows[i]`, as request validation words them. */
function rowErrors(issues: z.core.$ZodIssue[], prefix: string): FieldError[] {
  return issues.map((i) => {
    const path = [prefix, ...i.path.map(String)].join('.');
    const unknown = i.code === 'unrecognized_keys' ? i.keys : [];
    if (unknown.length)
      return {
        path: `${path}.${unknown[0]}`,
        message: `Unknown field${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}.`,
      };
    return { path, message: i.message };
  });
}

/** The raw rows: a blank CSV cell is an absent field (so a blank type means ordinary hours), never "". */
function rawRows(input: TimesheetInput): unknown[] {
  if (typeof input !== 'string') return input.rows;
  return parseCsv(input).map((row) => Object.fromEntries(Object.entries(row).filter(([, v]) => v !== '')));
}

const employeeIdOf = (x: unknown) =>
  String(x && typeof x === 'object' && 'employee_id' in x ? (x as { employee_id: unknown }).employee_id : '');

export async function importTimesheets(
  uc: UseCaseContext,
  r: Repos,
  runId: string,
  input: TimesheetInput,
  evidenceId: string,
  gate: ActionGate,
) {
  const run = await requireRun(uc, r, runId);
  await requireAction(uc, r, run, 'adjust', 'import timesheets into');
  const raw = rawRows(input);
  if (!raw.length)
    throw badRequest('The timesheet has no rows.', [{ path: 'rows', message: 'At least one row is required.' }]);

  const period = periodOf(run);
  // Rows naming someone outside the caller's data scope read as naming no such employee.
  const named = (await loadWorkforce(uc, r, period, [...new Set(raw.map(employeeIdOf))])).filter((w) =>
    callerReaches(uc, w.row.id, w.cost_centre_code, w.site),
  );
  const entries = new Map((await r.listEntries(run.id)).map((e) => [e.employee_id, e]));
  const held = new Map(heldOfRun(run).map((h) => [h.employee_id, h]));
  const known = new Set(named.map((w) => w.row.id));
  const payable = new Set(
    named.filter((w) => entries.has(w.row.id) || held.has(w.row.id) || belongsIn(w, period)).map((w) => w.row.id),
  );
  const errors: FieldError[] = [];
  const rows: Row[] = [];
  raw.forEach((x, i) => {
    const parsed = timesheetRow.safeParse(x);
    if (!parsed.success) {
      errors.push(...rowErrors(parsed.error.issues, `rows[${i}]`));
      return;
    }
    const row = parsed.data;
    if (!known.has(row.employee_id))
      errors.push({ path: `rows[${i}].employee_id`, message: 'No such employee in this tenant.' });
    else if (!payable.has(row.employee_id))
      errors.push({ path: `rows[${i}].employee_id`, message: notInRunMessage(period) });
    if (row.date < run.period_start || row.date > run.period_end)
      errors.push({
        path: `rows[${i}].date`,
        message: `Outside the pay period ${run.period_start} to ${run.period_end}.`,
      });
    rows.push(row);
  });
  if (errors.length)
    throw badRequest(
      `${new Set(errors.map((e) => e.path.split('.')[0])).size} timesheet row(s) are invalid; nothing was applied.`,
      errors,
    );

  const byEmployee = new Map<string, PayItem[]>();
  const push = (employeeId: string, ...items: PayItem[]) => {
    const list = byEmployee.get(employeeId);
    if (list) list.push(...items);
    else byEmployee.set(employeeId, items);
  };
  const shifts = new Map<string, ShiftRow[]>();
  const hourRows: { index: number; row: Row }[] = [];
  rows.forEach((row, index) => {
    if (row.start !== undefined && row.end !== undefined) {
      const shift = { index, date: row.date, start: row.start, end: row.end, break_minutes: row.break_minutes };
      shifts.set(row.employee_id, [...(shifts.get(row.employee_id) ?? []), shift]);
    } else hourRows.push({ index, row });
  });
  const items = await entryItems(
    uc,
    r,
    hourRows.map(({ row }) => ({
      type: row.type === 'ordinary' || (!row.type && !row.code) ? 'ordinary_hours' : row.type,
      hours: row.hours,
      multiplier: row.multiplier,
      code: row.code,
    })),
    'rows',
    'timesheet',
    hourRows.map(({ row }) => row.date),
    hourRows.map(({ index }) => index),
  );
  hourRows.forEach(({ row }, i) => push(row.employee_id, items[i]!));
  // Shifts of an employee with an award become the award's pay lines; anyone else's are ordinary hours.
  for (const [employeeId, list] of shifts) {
    const award = await awardItemsFor(uc, r, employeeId, list, { start: run.period_start, end: run.period_end });
    push(employeeId, ...(award ?? list.map((s) => shiftHours(s))));
  }
  // Each employee's earlier timesheet rows give way to the new ones; the totals are summed once at the end.
  // Someone the engine cannot calculate keeps the hours and stays held with the reason, like at create.
  const who = named.filter((w) => byEmployee.has(w.row.id));
  await attachEarningsToDate(uc, r, run, who);
  await attachLeavers(uc, r, run, who);
  await attachLeaveRates(uc, r, run, who);
  const calcRun = await withRunContext(
    uc,
    r,
    run,
    who.map((w) => w.row.id),
  );
  const figures = who.map((w) => {
    const existing = entries.get(w.row.id) ?? null;
    const before = existing ? itemsOf(existing) : (held.get(w.row.id)?.items ?? []);
    const kept = before.filter((i) => i.source !== 'timesheet');
    return figureOf(uc, calcRun, w, [...kept, ...byEmployee.get(w.row.id)!], existing, { evidenceId });
  });
  const latest = await adjustFigures(uc, r, run, figures);
  return {
    data: {
      imported: rows.length,
      employees: who.length,
      pay_run: await payRunView(uc, r, latest, { gate, pendingEvidence: evidenceId }),
    },
    evidence: {
      action: 'pay_run.timesheets_imported',
      resource: run.id,
      decision: { rows: rows.length, employees: who.length, totals: totalsOfRun(latest) },
    },
  };
}
