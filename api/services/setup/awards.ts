// Modern awards (AU): the awards the tenant's pack version carries, an employee's award assignment, and
// timesheet shifts interpreted into award pay lines. A pack version without cited rates answers 501.
import type { Repos } from '../../store/index.ts';
import type { EmployeeAwardTable } from '../../store/schema.ts';
import type { PayItem } from '../../engines/types.ts';
import type { UseCaseContext } from '../platform/use-case.ts';
import { awardInForce, awardOf, awardsOf } from '../../packs/au/awards/catalogue.ts';
import {
  AwardInputError,
  AwardUnsupported,
  interpretShifts,
  minimumHourly,
  type Shift,
} from '../../packs/au/awards/interpret.ts';
import { AWARD_RATE_KINDS, type AwardEmployment, type ModernAward } from '../../packs/au/awards/types.ts';
import { holidayCalendarFor, resolveRegion } from '../../packs/holiday-calendars.ts';
import { covers, holidaysBetween } from '../../packs/public-holidays.ts';
import { D, dec, money } from '../../lib/money.ts';
import { badRequest, capabilityNotSupported, notFound } from '../../lib/errors.ts';
import { actorIdentity } from '../../model/caller.ts';
import { loadEmployeeData, requireEmployeeRow } from '../employees/employees.ts';
import { todayIn } from '../../lib/dates.ts';
import { jurisdictionOf } from './jurisdiction.ts';

const ENTER_BY_HAND =
  'enter award hours as ordinary and overtime hours with multipliers (POST /v1/tenants/{tenantId}/pay-runs/{payRunId}/entries)';

export const AWARD_ALTERNATIVES = [
  ENTER_BY_HAND,
  'run the periods from 1 July 2025 to 30 June 2026 on pack AU-2025.1',
  'move the tenant to pack AU-2026.2, which carries the award rates from 1 July 2026',
];

const requireAwards = (uc: UseCaseContext) => uc.requireCapability('award_interpretation', AWARD_ALTERNATIVES);

const versionOf = (uc: UseCaseContext) => uc.requireTenant().binding.pack_version;

function requireAward(uc: UseCaseContext, code: string): ModernAward {
  const award = awardOf(versionOf(uc), code);
  if (award) return award;
  throw notFound(`No award ${code} in pack ${versionOf(uc)}.`);
}

const rateAt = (hourly: string, percent: string | null) =>
  percent === null ? null : money(dec(hourly).times(percent).div(100).toDecimalPlaces(2, D.ROUND_HALF_UP));

export function awardSummary(a: ModernAward) {
  return { code: a.code, name: a.name, rates_from: a.rates_from, classifications: a.classifications.length };
}

/** An award with every classification's rate for each time, permanent and casual, as the pay guide tabulates. */
export function awardDetail(a: ModernAward, version: string) {
  return {
    code: a.code,
    name: a.name,
    pack_version: version,
    rates_from: a.rates_from,
    rates_basis: a.rates_basis,
    sources: a.sources,
    casual_loading_percent: a.casual_loading,
    percentages: a.percentages,
    span_of_ordinary_hours: a.span,
    evening_from: a.evening_from,
    flat_amounts: a.flat_amounts,
    overtime: a.overtime,
    minimum_engagement: a.minimum_engagement,
    clauses: a.clauses,
    // The rows of the rates table, in order: clients tabulate these rather than keep their own list. A kind
    // the award pays at no percentage (hospitality evening work is a flat amount) is not a row.
    rate_kinds: AWARD_RATE_KINDS.filter((k) => a.percentages.permanent[k] !== null || a.percentages.casual[k] !== null),
    classifications: a.classifications.map((c) => ({
      code: c.code,
      name: c.name,
      weekly_rate: c.weekly,
      hourly_rate: c.hourly,
      note: c.note ?? null,
      rates: {
        permanent: Object.fromEntries(AWARD_RATE_KINDS.map((k) => [k, rateAt(c.hourly, a.percentages.permanent[k])])),
        casual: Object.fromEntries(AWARD_RATE_KINDS.map((k) => [k, rateAt(c.hourly, a.percentages.casual[k])])),
      },
    })),
  };
}

export function listAwards(uc: UseCaseContext) {
  requireAwards(uc);
  return awardsOf(versionOf(uc)).map(awardSummary);
}

export function getAward(uc: UseCaseContext, code: string) {
  requireAwards(uc);
  return awardDetail(requireAward(uc, code), versionOf(uc));
}

const employmentOf = (type: string | null | undefined): AwardEmployment =>
  type === 'casual' ? 'casual' : type === 'part_time' ? 'part_time' : 'full_time';

async function assignmentView(uc: UseCaseContext, r: Repos, row: EmployeeAwardTable) {
  const award = awardOf(versionOf(uc), row.award_code);
  const cls = award?.classifications.find((c) => c.code === row.classification);
  const data = await loadEmployeeData(uc, r, row.employee_id, todayIn(uc.now));
  const employment = employmentOf(data.employment.type);
  return {
    employee_id: row.employee_id,
    award: row.award_code,
    award_name: award?.name ?? null,
    classification: row.classification,
    classification_name: cls?.name ?? null,
    state: row.state,
    employment_type: employment,
    minimum_hourly_rate: award ? minimumHourly(award, row.classification, employment) : null,
    assigned_at: row.assigned_at,
  };
}

export async function getEmployeeAward(uc: UseCaseContext, r: Repos, employeeId: string) {
  // An employee outside the caller's reach is 404 before anything else is said.
  const emp = await requireEmployeeRow(uc, r, employeeId);
  requireAwards(uc);
  const row = await r.employeeAward(emp.tenant_id, emp.id);
  return row ? assignmentView(uc, r, row) : null;
}

export interface AssignAwardBody {
  award: string;
  classification: string;
  state?: string;
}

export async function assignAward(
  uc: UseCaseContext,
  r: Repos,
  employeeId: string,
  body: AssignAwardBody,
  evidenceId: string,
) {
  const emp = await requireEmployeeRow(uc, r, employeeId);
  requireAwards(uc);
  const award = requireAward(uc, body.award);
  if (!award.classifications.some((c) => c.code === body.classification))
    throw badRequest(`${award.code} has no classification ${body.classification}.`, [
      {
        path: 'classification',
        message: `One of: ${award.classifications.map((c) => c.code).join(', ')}.`,
      },
    ]);
  const cal = holidayCalendarFor('AU')!;
  const data = await loadEmployeeData(uc, r, emp.id, todayIn(uc.now));
  const given = body.state ?? data.address?.state ?? null;
  const state = resolveRegion(cal, given);
  if (!state)
    throw badRequest('The state or territory the employee works in is needed for public holidays.', [
      {
        path: 'state',
        message: given
          ? `Unknown state ${given}: one of ${cal.regions.map((x) => x.code).join(', ')}.`
          : 'Required when the employee has no address with a state.',
      },
    ]);
  const row: EmployeeAwardTable = {
    tenant_id: emp.tenant_id,
    employee_id: emp.id,
    award_code: award.code,
    classification: body.classification,
    state,
    assigned_by: actorIdentity(uc.requireCaller()),
    assigned_at: uc.now.toISOString(),
    evidence_id: evidenceId,
  };
  await r.saveEmployeeAward(row);
  return {
    data: await assignmentView(uc, r, row),
    evidence: {
      action: 'employee.award_assigned',
      resource: emp.id,
      decision: { award: award.code, classification: body.classification, state },
    },
  };
}

export interface ShiftRow extends Shift {
  /** The row's index in the import, for error paths. */
  index: number;
}

/**
 * An employee's shifts as award pay items (ordinary hours items at the award's rates, overtime items), or
 * null when the employee has no award. 501 when the pack version carries no award rates; 400 with the
 * row's path for a bad shift; 501 for a shift in a year the public-holiday calendar does not cover.
 */
export async function awardItemsFor(
  uc: UseCaseContext,
  r: Repos,
  employeeId: string,
  shifts: ShiftRow[],
  period: { start: string; end: string },
): Promise<PayItem[] | null> {
  const t = uc.requireTenant();
  const assignment = await r.employeeAward(t.tenant.id, employeeId);
  if (!assignment) return null;
  requireAwards(uc);
  const award = awardInForce(versionOf(uc), assignment.award_code, period.start);
  if (award === undefined) throw notFound(`No award ${assignment.award_code} in pack ${versionOf(uc)}.`);
  if (award === null)
    throw capabilityNotSupported(
      'award_interpretation',
      versionOf(uc),
      AWARD_ALTERNATIVES,
      `${versionOf(uc)} carries no ${assignment.award_code} rates for a pay period starting ${period.start}.`,
    );
  const cal = holidayCalendarFor('AU')!;
  const to = shifts.reduce((m, s) => (s.date > m ? s.date : m), period.end);
  // A shift ending after midnight on the last day reaches the next day's holidays.
  const last = new Date(`${to}T00:00:00Z`);
  last.setUTCDate(last.getUTCDate() + 1);
  const until = last.toISOString().slice(0, 10);
  if (!covers(cal, period.start, until))
    throw capabilityNotSupported(
      'award_interpretation',
      versionOf(uc),
      AWARD_ALTERNATIVES,
      `Public holidays for ${period.start.slice(0, 4)}-${until.slice(0, 4)} are not published in the pack yet.`,
    );
  const holidays = new Set(
    holidaysBetween(cal, assignment.state, period.start, until)
      .filter((h) => h.scope === 'statewide')
      .map((h) => h.date),
  );
  const data = await loadEmployeeData(uc, r, employeeId, period.end);
  let lines;
  try {
    lines = interpretShifts({
      award,
      classification: assignment.classification,
      employment: employmentOf(data.employment.type),
      shifts,
      public_holidays: holidays,
      week_start: period.start,
    });
  } catch (e) {
    if (e instanceof AwardUnsupported)
      throw capabilityNotSupported('award_interpretation', versionOf(uc), [ENTER_BY_HAND], e.message);
    if (!(e instanceof AwardInputError)) throw e;
    const m = /^shifts\[(\d+)\]\.(.*)$/.exec(e.path);
    const path = m ? `rows[${shifts[Number(m[1])].index}].${m[2]}` : e.path;
    throw badRequest(`A shift cannot be interpreted: ${e.message}`, [{ path, message: e.message }]);
  }
  return lines.map((l): PayItem => ({
    kind: 'hours',
    category: l.kind === 'overtime' ? 'overtime' : 'ordinary',
    hours: l.hours,
    rate: l.rate,
    // The loading is the casual total less the ordinary line, not its own hours x rate: paid as worked out.
    ...(l.kind === 'casual_loading' ? { amount: l.amount } : {}),
    clause: l.clause,
    award_line: l.kind,
    description: `${l.description} (${l.date})`,
    date: l.date,
    source: 'timesheet',
  }));
}

/**
 * The award (at the rates in force for a pay period starting `periodStart`) and classification of each
 * employee who has one: the pay-run exceptions' award minimum.
 */
export async function awardsOfEmployees(
  uc: UseCaseContext,
  r: Repos,
  employeeIds: string[],
  packVersion: string,
  periodStart: string,
) {
  const t = uc.requireTenant();
  const out = new Map<string, { award: ModernAward; classification: string }>();
  const inForce = jurisdictionOf(t.tenant.jurisdiction).awardInForce;
  if (!inForce) return out;
  for (const row of await r.employeeAwardsOf(t.tenant.id, employeeIds)) {
    const award = inForce(packVersion, row.award_code, periodStart);
    if (award) out.set(row.employee_id, { award, classification: row.classification });
  }
  return out;
}

/** The award's minimum hourly rate for an employee's classification and employment (a casual's with the loading). */
export const awardMinimumOf = (
  assigned: { award: ModernAward; classification: string },
  employmentType: string | null | undefined,
) => minimumHourly(assigned.award, assigned.classification, employmentOf(employmentType));
