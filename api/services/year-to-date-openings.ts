// Year-to-date opening figures: an employer that starts on Payrail during a tax year records, once per
// employee and year, what the employee was paid and charged before (the jurisdiction says which figures).
// Pay runs measure against them (DE: one-off payments under § 23a SGB IV) and payslips add them to the year
// to date. They are a statement of record: a second recording for the same year is refused (409), and so is
// one that runs into a period Payrail already finalised for the employee, which would count it twice.
import type { Repos } from '../store/index.ts';
import type { YearToDateOpeningTable } from '../store/schema.ts';
import type { Change } from './unit-of-work.ts';
import type { UseCaseContext } from './use-case.ts';
import { requireEmployeeRow } from './employees.ts';
import { jurisdictionOf } from './jurisdiction.ts';
import { capabilityNotSupported, conflict, packValidationFailed } from '../lib/errors.ts';
import { decodeJson } from '../lib/json-column.ts';
import { storedObject } from '../schemas/company.ts';

export interface YearToDateOpeningInput {
  as_at: string;
  figures: Record<string, unknown>;
  /** Where the figures come from (the previous provider's payroll account, …): kept with the evidence. */
  source?: string;
}

const view = (row: YearToDateOpeningTable) => ({
  employee_id: row.employee_id,
  tax_year_start: row.tax_year_start,
  as_at: row.as_at,
  figures: decodeJson(storedObject, row.figures_json, 'year_to_date_openings.figures_json') as Record<string, string>,
  evidence_id: row.evidence_id,
  recorded_at: row.created_at,
});

function rulesOf(uc: UseCaseContext) {
  const t = uc.requireTenant();
  const rules = jurisdictionOf(t.tenant.jurisdiction).yearToDateOpening;
  if (!rules)
    throw capabilityNotSupported(
      'year_to_date_openings',
      t.binding.pack_version,
      [],
      'This pack takes no year-to-date opening figures yet.',
    );
  return rules;
}

/** An employee's recorded opening figures, by tax year. */
export async function yearToDateOpeningsOf(uc: UseCaseContext, r: Repos, employeeId: string) {
  const row = await requireEmployeeRow(uc, r, employeeId);
  rulesOf(uc);
  const rows = await r.yearToDateOpenings(uc.requireTenant().tenant.id, [row.id], '0000-01-01', '9999-12-31');
  return rows.map(view);
}

export async function recordYearToDateOpening(
  uc: UseCaseContext,
  r: Repos,
  employeeId: string,
  input: YearToDateOpeningInput,
  evidenceId: string,
): Promise<Change<ReturnType<typeof view>>> {
  const t = uc.requireTenant();
  const row = await requireEmployeeRow(uc, r, employeeId);
  const rules = rulesOf(uc);
  const adapter = jurisdictionOf(t.tenant.jurisdiction);
  const taxYearStart = adapter.taxYearStart(input.as_at);
  const { figures, violations } = rules.intake(t.binding.pack_version, taxYearStart, input.figures);
  if (violations.length) throw packValidationFailed(violations);
  const [existing] = await r.yearToDateOpenings(t.tenant.id, [row.id], taxYearStart, taxYearStart);
  if (existing)
    throw conflict(
      'year_to_date_opening_exists',
      `This employee's opening figures for the tax year from ${taxYearStart} are on record (as at ${existing.as_at}); they are recorded once.`,
      { tax_year_start: taxYearStart, evidence_id: existing.evidence_id },
    );
  const overlapping = (await r.finalisedEntriesByPeriod(t.tenant.id, [row.id], taxYearStart, '9999-12-31')).filter(
    (e) => e.period_start <= input.as_at,
  );
  if (overlapping.length)
    throw conflict(
      'year_to_date_overlaps_runs',
      `Payrail already finalised pay for this employee up to ${overlapping[overlapping.length - 1]!.period_end}: ` +
        'opening figures cover only the time before the first pay run, or the year would count that pay twice.',
      { finalised_through: overlapping[overlapping.length - 1]!.period_end },
    );
  const stored: YearToDateOpeningTable = {
    tenant_id: t.tenant.id,
    employee_id: row.id,
    tax_year_start: taxYearStart,
    as_at: input.as_at,
    figures_json: JSON.stringify(figures),
    evidence_id: evidenceId,
    created_at: uc.now.toISOString(),
  };
  await r.insertYearToDateOpening(stored);
  return {
    data: view(stored),
    evidence: {
      action: 'employee.year_to_date_opening_recorded',
      resource: `${row.id}/year-to-date-openings/${taxYearStart}`,
      links: [row.id],
      decision: { as_at: input.as_at, tax_year_start: taxYearStart, figures, source: input.source ?? null },
    },
  };
}
