// Year-to-date opening figures: an employer that moves to Payrail in the middle of a tax year brings what each
// employee was paid so far. Recorded once per employee and tax year, governed (a reason and an evidence record), in the
// country's own figures (the jurisdiction checks them); from then on they count wherever a year to date does.
import type { Repos } from '../../store/index.ts';
import type { YearToDateOpeningTable } from '../../store/schema.ts';
import type { Change } from '../platform/unit-of-work.ts';
import type { UseCaseContext } from '../platform/use-case.ts';
import type { Fields, OpeningsPolicy } from '../../jurisdictions/types.ts';
import { jurisdictionOf, taxYearStart } from '../setup/jurisdiction.ts';
import { requireEmployeeRow } from './employees.ts';
import { decodeJsonObject } from '../../lib/json-column.ts';
import { capabilityNotSupported, conflict, packValidationFailed } from '../../lib/errors.ts';

export interface OpeningsInput {
  as_at: string;
  figures: Record<string, unknown>;
  /** Where the figures come from (the previous provider's payroll account, …): kept in the audit record. */
  source?: string;
}

export interface Opening {
  employee_id: string;
  tax_year_start: string;
  as_at: string;
  figures: Fields;
  recorded_at: string;
  evidence_id: string;
}

const publicOpening = (row: YearToDateOpeningTable): Opening => ({
  employee_id: row.employee_id,
  tax_year_start: row.tax_year_start,
  as_at: row.as_at,
  figures: decodeJsonObject(row.figures_json, `year_to_date_openings of ${row.employee_id}`),
  recorded_at: row.created_at,
  evidence_id: row.evidence_id,
});

function policyOf(uc: UseCaseContext): OpeningsPolicy {
  const t = uc.requireTenant();
  const policy = jurisdictionOf(t.tenant.jurisdiction).openings;
  if (!policy)
    throw capabilityNotSupported('year_to_date_openings', t.binding.pack_version, [
      'Report the year to date from the previous payroll to the tax office yourself.',
    ]);
  return policy;
}

/** Records an employee's opening figures: once per tax year, and only for a part of it Payrail has not paid. */
export async function recordOpenings(
  uc: UseCaseContext,
  r: Repos,
  employeeId: string,
  input: OpeningsInput,
  evidenceId: string,
): Promise<Change<Opening>> {
  const policy = policyOf(uc);
  const t = uc.requireTenant().tenant;
  const row = await requireEmployeeRow(uc, r, employeeId);
  const yearStart = taxYearStart(t.jurisdiction, input.as_at);
  const checked = policy.check(input.figures, {
    packVersion: uc.requireTenant().binding.pack_version,
    taxYearStart: yearStart,
  });
  if (checked.violations) throw packValidationFailed(checked.violations);
  const [recorded] = await r.yearToDateOpenings(t.id, [row.id], yearStart, yearStart);
  if (recorded)
    throw conflict(
      'year_to_date_openings_recorded',
      `This employee's opening figures for the tax year from ${yearStart} are already recorded (as at ` +
        `${recorded.as_at}); they are recorded once.`,
      { tax_year_start: yearStart, evidence_id: recorded.evidence_id },
    );
  // Figures to a date Payrail already paid would count that pay twice.
  const paid = await r.finalisedEntriesForMany(
    t.id,
    [row.id],
    yearStart,
    input.as_at,
    jurisdictionOf(t.jurisdiction).payDay,
  );
  if (paid.length)
    throw conflict(
      'year_to_date_openings_overlap',
      `Payrail has already paid this employee on or before ${input.as_at} in this tax year: opening figures ` +
        'cover only what was paid before the first pay in Payrail.',
      { as_at: input.as_at },
    );
  const opening: YearToDateOpeningTable = {
    tenant_id: t.id,
    employee_id: row.id,
    tax_year_start: yearStart,
    as_at: input.as_at,
    figures_json: JSON.stringify(checked.figures),
    evidence_id: evidenceId,
    created_at: uc.now.toISOString(),
  };
  await r.insertOpening(opening);
  return {
    data: publicOpening(opening),
    evidence: {
      action: 'employee.year_to_date_openings_recorded',
      resource: row.id,
      decision: { tax_year_start: yearStart, as_at: input.as_at, ...(input.source ? { source: input.source } : {}) },
    },
  };
}

/** The employee's latest opening figures, or null when none are recorded (an employee Payrail has paid from the start). */
export async function getOpenings(uc: UseCaseContext, r: Repos, employeeId: string): Promise<Opening | null> {
  const row = await requireEmployeeRow(uc, r, employeeId);
  const all = await r.yearToDateOpenings(uc.requireTenant().tenant.id, [row.id], '0000-01-01', '9999-12-31');
  const latest = all[all.length - 1];
  return latest ? publicOpening(latest) : null;
}

/** The openings of the tax year starting `yearStart` dated before `before`, by employee (figures as stored). */
export async function openingsOfYear(
  r: Repos,
  tenantId: string,
  ids: string[],
  yearStart: string,
  before: string,
): Promise<Map<string, { as_at: string; figures: Fields }>> {
  const out = new Map<string, { as_at: string; figures: Fields }>();
  for (let i = 0; i < ids.length; i += 500)
    for (const row of await r.openingsOfYear(tenantId, ids.slice(i, i + 500), yearStart, before))
      out.set(row.employee_id, { as_at: row.as_at, figures: JSON.parse(row.figures_json) as Fields });
  return out;
}

/** The qualifying earnings the openings hold for a run paid on `paymentDate` (see pay-to-date.ts). */
export async function openingsToDate(
  r: Repos,
  jurisdiction: string,
  tenantId: string,
  ids: string[],
  yearStart: string,
  paymentDate: string,
  quarterStart: string,
): Promise<Map<string, { quarter: string; year: string }>> {
  const policy = jurisdictionOf(jurisdiction).openings;
  const out = new Map<string, { quarter: string; year: string }>();
  if (!policy?.earningsToDate) return out;
  for (const [id, o] of await openingsOfYear(r, tenantId, ids, yearStart, paymentDate))
    out.set(id, policy.earningsToDate(o.figures, o.as_at, quarterStart));
  return out;
}
