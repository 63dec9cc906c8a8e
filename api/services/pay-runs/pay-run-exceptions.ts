// Pay-run exceptions: what in a run's current entries needs a person to look at it before approval.
// Each finding is worked out from the entries as the last calculation left them, the employees' values
// in force at the period end and the employee's last finalised pay; nothing is stored but who
// acknowledged which finding, so a finding appears and disappears with the figures it is about.
//
// Thresholds (stated here once, shown in each finding's detail):
// - gross changed: more than 25 % up or down against the employee's pay in one of the last three
//   finalised runs of the same frequency (the most recent that paid them);
// - unusually high hours: more than 60 hours a week, pro rata over the period (ordinary hours from the
//   timesheet, else the contracted weekly hours, plus overtime);
// - AU tax-free threshold: claimed here by someone whose declaration says another payer pays them too;
// - AU TFN declaration overdue: 28 days from the start (no declaration) or from the declaration (a TFN
//   applied for) have passed by the payment date without a TFN;
// - AU compassionate leave: one occasion (a booking) of more than 2 days (Fair Work Act 2009 s 104), a day being
//   the employee's ordinary weekly hours over their working days. More is the employer's to agree, so it is paid
//   and shown, not refused.
//
// Every finding of the run's validation (an employee who cannot be calculated, one who blocks finalising, an
// unverified requirement such as a TFN declaration not received) is an exception too, so that a person sees
// it where runs are reviewed and acknowledges it. These are warnings whatever the validation's severity:
// finalise already holds back whoever cannot be paid, and approval stays as SPEC.md has it.
import { awardMinimumOf, awardsOfEmployees } from '../setup/awards.ts';
import { z } from 'zod';
import type { Repos } from '../../store/index.ts';
import type { PayRunEntryTable, PayRunTable } from '../../store/schema.ts';
import type { EntryResult, PayItem } from '../../engines/types.ts';
import type { UseCaseContext } from '../platform/use-case.ts';
import type { Included } from './pay-run-calc.ts';
import type { ModernAward } from '../../jurisdictions/types.ts';
import { loadWorkforce, partPeriodOf, readinessOf } from './pay-run-calc.ts';
import { itemsOf, validationOfRun } from './pay-run-model.ts';
import { periodOf } from './pay-run-steps.ts';
import { daysBetween } from '../../lib/dates.ts';
import { decodeJson } from '../../lib/json-column.ts';
import { D, dec, money, sum, type Dec } from '../../lib/money.ts';
import { sha256Hex } from '../../lib/ids.ts';
import { endDateOf, leaverFinding } from './termination-payout.ts';
import { jurisdictionOf } from '../setup/jurisdiction.ts';
import { leaveCategories } from '../leave/leave-catalogue.ts';
import { hoursPerDay } from '../leave/leave-people.ts';
import type { ExceptionKind, Severity } from '../../model/exception-kinds.ts';

export const GROSS_CHANGE_THRESHOLD_PERCENT = '25';
export const HIGH_WEEKLY_HOURS = '60';
/** How many earlier finalised runs are searched for an employee's last pay. */
const EARLIER_RUNS = 3;

export type ExceptionDetail = Record<string, string | boolean | null>;

/** A finding before acknowledgements are applied. */
export interface Finding {
  id: string;
  kind: ExceptionKind;
  severity: Severity;
  employee_id: string;
  employee_name: string;
  message: string;
  detail: ExceptionDetail;
  /** The finding's figures: an acknowledgement holds while they are unchanged. */
  fingerprint: string;
}

/** Stable per run, kind and employee, so an acknowledgement survives a preview that leaves the finding as it was. */
export const exceptionId = (runId: string, kind: string, employeeId: string) =>
  `exc_${sha256Hex(`${runId}\n${kind}\n${employeeId}`).slice(0, 24)}`;

const SEVERITY_ORDER: Record<Severity, number> = { error: 0, warning: 1, info: 2 };

const grossOnly = z.object({ gross: z.string() });

/** Each employee's gross in their most recent earlier finalised run of the same frequency, with its period end. */
type EarlierPay = { gross: string; period_start: string; period_end: string };

async function earlierGross(uc: UseCaseContext, r: Repos, run: PayRunTable) {
  const out = new Map<string, EarlierPay>();
  const runs = await r.finalisedRunsBefore(run.tenant_id, run.pay_frequency, run.period_start, EARLIER_RUNS);
  for (const earlier of runs)
    for (const e of await r.entryResultsOf(run.tenant_id, earlier.id))
      if (!out.has(e.employee_id))
        out.set(e.employee_id, {
          gross: decodeJson(grossOnly, e.result_json, `pay run ${earlier.id} entry gross`).gross,
          period_start: earlier.period_start,
          period_end: earlier.period_end,
        });
  return out;
}

/** Whole years of age on a date. */
function ageOn(birth: string, date: string): number {
  const years = Number(date.slice(0, 4)) - Number(birth.slice(0, 4));
  return date.slice(5) < birth.slice(5) ? years - 1 : years;
}

/** Weeks in the run's period (a month is its days / 7). */
const weeksOf = (run: PayRunTable): Dec => dec(daysBetween(run.period_start, run.period_end) + 1).div(7);

/** Hours worked in the period: the timesheet's ordinary hours (else the contracted weekly hours pro rata) and overtime. */
function hoursWorked(entryItems: PayItem[], who: Included, weeks: Dec): Dec | null {
  // An award's casual loading and flat amounts pay on hours another line counts; a top-up pays hours not worked.
  const items = entryItems.filter(
    (i) => i.award_line !== 'casual_loading' && i.award_line !== 'flat_amount' && i.award_line !== 'minimum_engagement',
  );
  const hoursOf = (category: string) =>
    items.filter((i) => i.kind === 'hours' && i.category === category && i.hours).map((i) => i.hours!);
  const ordinary = hoursOf('ordinary');
  const weekly = who.data.employment.hours_per_week;
  const base = ordinary.length ? sum(ordinary) : weekly ? dec(weekly).mul(weeks) : null;
  if (base === null) return null;
  return base.plus(sum(hoursOf('overtime')));
}

/**
 * The pay per hour the minimum wage is measured against: the period's basic pay, hourly pay and overtime
 * over the hours they pay for (a salary's hours are the contracted weekly hours, 40 when none are recorded,
 * over the year's 52 weeks, as the DE pack derives a salary's hourly rate, and their share for a salary paid for
 * part of the month).
 */
function hourlyPayOf(result: EntryResult, who: Included, run: PayRunTable) {
  const paid = result.lines.filter((l) => ['salary', 'hourly', 'overtime'].includes(l.type));
  let hours = sum(paid.filter((l) => l.hours).map((l) => l.hours!));
  const salary = paid.find((l) => l.type === 'salary');
  if (salary) {
    const perYear: Record<string, number> = { weekly: 52, fortnightly: 26, monthly: 12, quarterly: 4 };
    // A salary for part of the month pays that part of the month's hours.
    const part = salary.part_period ? dec(salary.part_period.days).div(salary.part_period.of) : dec(1);
    // Days of unpaid absence are hours not worked, as the salary already leaves them unpaid.
    const worked = salary.unpaid_absence
      ? D.max(dec(1).minus(dec(salary.unpaid_absence.days).div(salary.unpaid_absence.of)), 0)
      : dec(1);
    hours = hours.plus(
      dec(who.data.employment.hours_per_week ?? '40')
        .mul(52)
        .div(perYear[run.pay_frequency] ?? 12)
        .mul(part)
        .mul(worked),
    );
  }
  if (hours.lte(0)) return null;
  // An hourly line's amount is its rate times hours rounded to the cent; its rate is what was agreed.
  const pay = sum(paid.map((l) => (l.type === 'hourly' && l.rate && l.hours ? dec(l.rate).mul(l.hours) : l.amount)));
  return { pay, hours, hourly: pay.div(hours) };
}

/** AU: each leave code's master category (none elsewhere: DE absences are days the pack already decides). */
async function leaveCategoryReader(uc: UseCaseContext, r: Repos) {
  if (uc.requireTenant().capabilities?.leave_accrual !== 'native')
    return { of: (_code: string): string | undefined => undefined, key: '' };
  const categories = await leaveCategories(uc, r);
  return { of: (code: string) => categories.get(code), key: JSON.stringify([...categories]) };
}

/** NES compassionate leave per permissible occasion: 2 days (Fair Work Act 2009 s 104). */
export const COMPASSIONATE_DAYS_PER_OCCASION = '2';

/** A booking of compassionate leave longer than 2 days per occasion (s 104), in words, or null. */
function longCompassionateLeave(
  items: PayItem[],
  who: Included,
  categoryOf: (code: string) => string | undefined,
): { message: string; detail: ExceptionDetail } | null {
  const taken = items.filter(
    (i) => i.source === 'leave' && i.kind === 'hours' && !!i.leave_type && categoryOf(i.leave_type) === 'compassionate',
  );
  if (!taken.length) return null;
  const perDay = dec(hoursPerDay(who.data, '38'));
  const limit = perDay.times(COMPASSIONATE_DAYS_PER_OCCASION);
  const long = taken.filter((i) => dec(i.hours ?? '0').gt(limit));
  if (!long.length) return null;
  const hours = long.map((i) => dec(i.hours!));
  const most = hours.reduce((a, h) => D.max(a, h));
  const days = most.div(perDay).toDecimalPlaces(2, D.ROUND_HALF_UP);
  return {
    message:
      `Compassionate leave of ${most.toFixed(2)} hours (${days.toFixed(2)} days) on one occasion: the National ` +
      `Employment Standards give 2 days per occasion (Fair Work Act 2009 s 104). Paid as booked: check the ` +
      'employer agreed to the extra days.',
    detail: {
      hours: most.toFixed(2),
      days: days.toFixed(2),
      days_per_occasion: COMPASSIONATE_DAYS_PER_OCCASION,
      hours_per_day: perDay.toFixed(2),
      rule: 'Fair Work Act 2009 s 104',
    },
  };
}

/**
 * The run's validation findings (as its last calculation stored them) about the employees `keep` admits, one
 * exception per employee and validation code. A missing bank account is said once, by `missing_bank_details`.
 */
export const validationFindings = (run: PayRunTable, keep: (employeeId: string) => boolean, known: Finding[]) => [
  ...eachValidationFinding(run, keep, known),
];

/** The same, one at a time: a caller that stops at the first it needs works out no more than that one. */
export function* eachValidationFinding(
  run: PayRunTable,
  keep: (employeeId: string) => boolean,
  known: Finding[],
): Generator<Finding> {
  const bank = new Set(known.filter((f) => f.kind === 'missing_bank_details').map((f) => f.employee_id));
  for (const w of validationOfRun(run)?.warnings ?? []) {
    if (!keep(w.employee_id)) continue;
    const onlyBank = w.requirements.length > 0 && w.requirements.every((q) => q === 'bank_account' || q === 'iban');
    if (onlyBank && bank.has(w.employee_id)) continue;
    const detail: ExceptionDetail = {
      validation_code: w.code,
      validation_severity: w.severity,
      requirements: w.requirements.join(', ') || null,
      rule: w.rule ?? null,
    };
    yield {
      id: exceptionId(run.id, `validation_warning:${w.code}`, w.employee_id),
      kind: 'validation_warning',
      severity: 'warning',
      employee_id: w.employee_id,
      employee_name: w.employee_name,
      message: w.message,
      detail,
      fingerprint: sha256Hex(`validation_warning\nwarning\n${JSON.stringify(detail)}\n${w.message}`),
    };
  }
}

/** Errors first, then by name, employee and kind. */
export const byReviewOrder = (a: Finding, b: Finding) =>
  SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity] ||
  a.employee_name.localeCompare(b.employee_name) ||
  a.employee_id.localeCompare(b.employee_id) ||
  a.kind.localeCompare(b.kind);

/**
 * The findings about these entries of the run (their employees' values read once, in one batch, unless `known`
 * holds every one of them as read for the run's period within the same command). With `errorsOnly`, only those
 * of error severity, what approval waits for: the checks that can only warn or inform are not made.
 */
export async function findingsOf(
  uc: UseCaseContext,
  r: Repos,
  run: PayRunTable,
  entries: PayRunEntryTable[],
  known?: ReadonlyMap<string, Included>,
  errorsOnly = false,
): Promise<Finding[]> {
  if (!entries.length) return [];
  const t = uc.requireTenant();
  const period = periodOf(run);
  const ids = entries.map((e) => e.employee_id);
  const [people, earlier] = await Promise.all([
    known && ids.every((id) => known.has(id))
      ? known
      : loadWorkforce(uc, r, period, ids).then((w) => new Map(w.map((who) => [who.row.id, who]))),
    // Against the last pay a gross change can only warn.
    errorsOnly ? new Map<string, EarlierPay>() : earlierGross(uc, r, run),
  ]);
  const weeks = weeksOf(run);
  const minimumRule = jurisdictionOf(t.tenant.jurisdiction).minimumWage;
  const minimumWage = minimumRule?.hourlyOn(run.period_end) ?? null;
  const awards = await awardsOfEmployees(
    uc,
    r,
    entries.map((e) => e.employee_id),
    run.pack_version,
    run.period_start,
  );
  const leave = await leaveCategoryReader(uc, r);
  const checks: EntryChecks = { uc, run, weeks, minimumRule, minimumWage, categoryOf: leave.of, errorsOnly };
  // The inputs a finding reads beside the entry and the employee's values, as one short key.
  const runKey = [errorsOnly, run.id, run.period_start, run.period_end, run.payment_date, run.pack_version, leave.key];
  const out: Finding[] = [];
  for (const entry of entries) {
    const who = people.get(entry.employee_id);
    if (!who) continue; // no longer on record for the period: the run's validation says so
    const before = earlier.get(entry.employee_id);
    const assigned = awards.get(entry.employee_id);
    const result = uc.deps.cache.storedResult(entry);
    const key = [
      ...runKey,
      entry.employee_id,
      entry.employee_name,
      entry.items_json,
      before ? `${before.gross}/${before.period_start}/${before.period_end}` : '',
      assigned ? `${assigned.award.code}/${assigned.classification}` : '',
    ].join('\n');
    out.push(...memoised(result, who, key, () => entryFindings(checks, entry, result, who, before, assigned)));
  }
  return (errorsOnly ? out.filter((f) => f.severity === 'error') : out).sort(byReviewOrder);
}

interface EntryChecks {
  uc: UseCaseContext;
  run: PayRunTable;
  weeks: Dec;
  minimumRule: ReturnType<typeof jurisdictionOf>['minimumWage'];
  minimumWage: string | null;
  categoryOf: (code: string) => string | undefined;
  errorsOnly: boolean;
}

// An entry's findings are a function of its stored result (decoded once per text: one shared, frozen object),
// the employee's values (one shared, frozen object while unchanged), its items, the last pay and the award it is
// compared against, and the run: a preview after one entry changed works out that entry's findings again, and
// takes everyone else's as they were.
const findingsOfResult = new WeakMap<EntryResult, WeakMap<Included['data'], Map<string, readonly Finding[]>>>();
/** Keys an employee's result and values are kept for at once: a few runs and views, never an unbounded list. */
const FINDINGS_PER_ENTRY = 8;

function memoised(result: EntryResult, who: Included, key: string, work: () => Finding[]): readonly Finding[] {
  if (!Object.isFrozen(result) || !Object.isFrozen(who.data)) return work();
  let byData = findingsOfResult.get(result);
  if (!byData) findingsOfResult.set(result, (byData = new WeakMap()));
  let byKey = byData.get(who.data);
  if (!byKey) byData.set(who.data, (byKey = new Map()));
  let found = byKey.get(key);
  if (!found) {
    if (byKey.size >= FINDINGS_PER_ENTRY) byKey.clear();
    byKey.set(key, (found = Object.freeze(work())));
  }
  return found;
}

function entryFindings(
  c: EntryChecks,
  entry: PayRunEntryTable,
  result: EntryResult,
  who: Included,
  before: EarlierPay | undefined,
  assigned: { award: ModernAward; classification: string } | undefined,
): Finding[] {
  const { run, weeks, minimumRule, minimumWage, categoryOf } = c;
  const t = c.uc.requireTenant();
  const out: Finding[] = [];
  const currency = result.currency;
  const add = (kind: ExceptionKind, severity: Severity, message: string, detail: ExceptionDetail = {}) =>
    out.push({
      id: exceptionId(run.id, kind, entry.employee_id),
      kind,
      severity,
      employee_id: entry.employee_id,
      employee_name: entry.employee_name,
      message,
      detail,
      fingerprint: sha256Hex(`${kind}\n${severity}\n${JSON.stringify(detail)}`),
    });
  const gross = dec(result.gross);
  const net = dec(result.net);

  // Net pay: a negative or nil payment of earned pay is an error; nothing earned at all (a casual
  // without hours this period) is only worth knowing.
  if (net.lt(0) || (net.isZero() && gross.gt(0)))
    add(
      'net_pay_not_positive',
      'error',
      `Net pay is ${money(net)} ${currency} on a gross of ${money(gross)} ${currency}: deductions take all ` +
        'of the pay. Check the deductions before approving.',
      { gross: money(gross), net: money(net), currency },
    );
  else if (net.isZero())
    add('net_pay_not_positive', 'info', 'Nothing to pay this period: no hours or pay were entered.', {
      gross: money(gross),
      net: money(net),
      currency,
    });

  // Gross against the last finalised pay at the same frequency. A pay for part of a period (a starter's first,
  // a leaver's last) is no measure of a normal pay, so neither side of the comparison may be one.
  const partPay = before && (partPeriodOf(who.data, run) || partPeriodOf(who.data, before));
  if (before && !partPay && dec(before.gross).gt(0)) {
    const change = gross.minus(before.gross).div(before.gross).mul(100);
    if (change.abs().gt(GROSS_CHANGE_THRESHOLD_PERCENT))
      add(
        'gross_changed',
        'warning',
        `Gross pay is ${money(gross)} ${currency}, ${change.gt(0) ? 'up' : 'down'} ` +
          `${change.abs().toFixed(0)} % on the last finalised pay (${money(before.gross)} ${currency}, ` +
          `period ending ${before.period_end}).`,
        {
          gross: money(gross),
          previous_gross: money(before.gross),
          previous_period_end: before.period_end,
          change_percent: change.toDecimalPlaces(1, D.ROUND_HALF_UP).toFixed(1),
          threshold_percent: GROSS_CHANGE_THRESHOLD_PERCENT,
          currency,
        },
      );
  }

  // A statutory minimum wage (the Mindestlohn in DE): the pay per hour against the rate in force.
  const paid = minimumWage ? hourlyPayOf(result, who, run) : null;
  if (minimumRule && minimumWage && paid && paid.hourly.lt(minimumWage)) {
    const birth = who.data.date_of_birth;
    const minor = !!birth && ageOn(birth, run.period_end) < minimumRule.exemptUnderAge;
    const hourly = paid.hourly.toDecimalPlaces(2, D.ROUND_DOWN).toFixed(2);
    add(
      'below_minimum_wage',
      minor ? 'warning' : 'error',
      `Paid ${hourly} ${currency} an hour (${money(paid.pay)} ${currency} for ${paid.hours.toFixed(2)} hours), ` +
        `below the minimum wage of ${minimumWage} ${currency}.` +
        (minor ? minimumRule.exemptNote : ''),
      {
        hourly_pay: hourly,
        minimum_wage: minimumWage,
        pay: money(paid.pay),
        hours: paid.hours.toFixed(2),
        under_18: minor,
        currency,
      },
    );
  }

  // AU award minimum: hours paid at the employee's own rate (not at award rates from interpreted shifts)
  // below the award's minimum hourly rate for their classification (a casual's includes the loading).
  const ownRate = typeof result.detail.hourly_rate === 'string' ? result.detail.hourly_rate : null;
  const ownHours = result.lines.some((l) => l.type === 'ordinary_pay' && !('clause' in l && l.clause));
  const floor = assigned ? awardMinimumOf(assigned, who.data.employment.type) : null;
  if (assigned && floor && ownRate && ownHours && dec(ownRate).lt(floor)) {
    const cls = assigned.award.classifications.find((c) => c.code === assigned.classification);
    add(
      'below_minimum_wage',
      'error',
      `Paid ${money(ownRate)} ${currency} an hour, below the award minimum of ${floor} ${currency} ` +
        `(${assigned.award.name}, ${cls?.name ?? assigned.classification}` +
        `${who.data.employment.type === 'casual' ? ', casual' : ''}).`,
      {
        hourly_pay: money(ownRate),
        minimum_wage: floor,
        award: assigned.award.code,
        classification: assigned.classification,
        currency,
      },
    );
  }

  // Every check below warns or informs.
  if (c.errorsOnly) return out;

  // Bank details: finalise already refuses (or leaves out) whoever cannot be paid without them.
  const readiness = readinessOf(t.engine!, run.pack_version, who.data);
  if (readiness.blocking.some((b) => b === 'bank_account' || b === 'iban'))
    add(
      'missing_bank_details',
      'warning',
      'No bank account on record: this person cannot be paid until one is added (finalise leaves them out ' +
        'or waits).',
    );

  const start = who.data.employment.start_date;
  if (start && start >= run.period_start && start <= run.period_end)
    add('new_starter', 'info', `First pay: started on ${start}.`, { start_date: start });
  const end = endDateOf(who);
  // Ended before the period: in this run only for a final pay still owed.
  if (end && end <= run.period_end) {
    const late = end < run.period_start;
    const reason = who.data.termination?.reason_code ?? null;
    const leaving = leaverFinding(end, result, reason, who.data.jurisdiction, late);
    add('leaver', leaving.severity, leaving.message, leaving.detail);
  }

  const items = itemsOf(entry);
  const hours = hoursWorked(items, who, weeks);
  const weekly = hours?.div(weeks);
  if (hours && weekly && weekly.gt(HIGH_WEEKLY_HOURS))
    add(
      'high_hours',
      'warning',
      `${hours.toFixed(2)} hours this period, ${weekly.toFixed(1)} a week: more than ${HIGH_WEEKLY_HOURS} ` +
        'hours a week. Check the timesheet.',
      { hours: hours.toFixed(2), weekly_hours: weekly.toFixed(1), threshold_weekly_hours: HIGH_WEEKLY_HOURS },
    );

  // AU award: a casual's shift shorter than the minimum engagement was paid up to it (a line of its own).
  const topUps = items.filter((i) => i.award_line === 'minimum_engagement');
  if (topUps.length) {
    const extra = sum(topUps.map((i) => i.hours ?? '0'));
    const dates = topUps.map((i) => i.date ?? '').join(', ');
    add(
      'minimum_engagement',
      'info',
      `${topUps.length === 1 ? 'A shift' : `${topUps.length} shifts`} shorter than the award's minimum ` +
        `engagement paid up to it: ${extra.toFixed(2)} hours more (${dates}; ${topUps[0].clause}).`,
      { hours: extra.toFixed(2), shifts: String(topUps.length), dates, clause: topUps[0].clause ?? null },
    );
  }

  const declaration = jurisdictionOf(who.data.jurisdiction).declarationFindings?.(
    who.data,
    who.data.employment.start_date,
    run.payment_date,
  );
  for (const f of declaration ?? []) add(f.kind, f.severity, f.message, f.detail);

  const compassionate = longCompassionateLeave(items, who, categoryOf);
  if (compassionate) add('compassionate_leave_over_two_days', 'warning', compassionate.message, compassionate.detail);
  return out;
}
