// The public (wire) shape of an employee: canonical fields, attestation flags, never raw identifiers.
// The country parts come from the employee's jurisdiction adapter.
import type { EmployeeTable } from '../../store/schema.ts';
import type { EmployeeData } from '../../model/employee.ts';
import type { Caller } from '../../model/caller.ts';
import { JURISDICTIONS, jurisdictionOf } from '../../jurisdictions/index.ts';
import { money } from '../../lib/money.ts';
import { withoutIdentifiers } from '../../lib/identifier-names.ts';

export interface EmployeeDims {
  cost_centre_code: string | null;
  site: string | null;
}

/** Amounts are stored as 2-decimal strings already; anything else (older rows) is formatted. */
const TWO_DECIMALS = /^\d+\.\d{2}$/;
const wireMoney = (v: string | null) => (v === null ? null : TWO_DECIMALS.test(v) ? v : money(v));

export function effectiveStatus(e: EmployeeData, asOf: string): 'active' | 'terminated' {
  if (e.termination && e.termination.effective_date <= asOf) return 'terminated';
  return e.status;
}

/** Every country's member of `statutory`, null but for the employee's own. */
const NO_SECTIONS: Record<string, null> = {};
for (const j of JURISDICTIONS) if (j.viewKey) NO_SECTIONS[j.viewKey] = null;

/**
 * Whether a caller sees employees' home addresses: payroll roles (partner keys, embed tokens, preparers,
 * approvers, admins) and the employee's own pinned token do; a viewer does not.
 */
export function addressVisibleTo(caller: Caller | null): boolean {
  if (!caller || caller.kind === 'partner') return true;
  if (caller.employeeId) return true; // a pinned token reaches its own employee only
  return caller.role !== 'viewer';
}

export function publicEmployee(
  row: EmployeeTable,
  e: EmployeeData,
  dims: EmployeeDims,
  packVersion: string,
  asOf: string,
  showAddress = false,
) {
  const adapter = jurisdictionOf(e.jurisdiction);
  const j = adapter.view(e, packVersion);
  const emp = e.employment;
  return {
    // Forwarded fields as stored, less anything identifier-like (intake refuses those; older data may hold them).
    ...withoutIdentifiers(e.extra),
    id: row.id,
    first_name: e.first_name,
    last_name: e.last_name,
    status: effectiveStatus(e, asOf),
    email: e.email,
    date_of_birth: e.date_of_birth,
    ...(showAddress ? { address: e.address } : {}),
    position: e.position,
    employment: {
      ...emp,
      annual_salary: wireMoney(emp.annual_salary),
      hourly_rate: wireMoney(emp.hourly_rate),
    },
    termination: e.termination,
    cost_centre_code: dims.cost_centre_code,
    site: dims.site,
    statutory: adapter.viewKey ? { ...NO_SECTIONS, [adapter.viewKey]: j.section } : { ...NO_SECTIONS },
    tax_profile: j.tax_profile,
    retirement: j.retirement,
    jurisdiction_data: withoutIdentifiers(e.jurisdiction_data),
    as_of: asOf,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

export type EmployeeView = ReturnType<typeof publicEmployee>;
