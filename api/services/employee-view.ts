// The public (wire) shape of an employee: canonical fields, attestation flags, never raw identifiers.
import type { EmployeeTable } from '../store/schema.ts';
import type { EmployeeData } from './employee-model.ts';
import { publicSection } from './employee-model.ts';
import { getAuVersion } from '../packs/au/index.ts';
import { money } from '../lib/money.ts';

export interface EmployeeDims {
  cost_centre_code: string | null;
  site: string | null;
}

export function effectiveStatus(e: EmployeeData, asOf: string): 'active' | 'terminated' {
  if (e.termination && e.termination.effective_date <= asOf) return 'terminated';
  return e.status;
}

function auStatutory(e: EmployeeData, packVersion: string) {
  const t = e.tax;
  let rate: string | null = null;
  try {
    rate = getAuVersion(packVersion).superGuaranteeRate;
  } catch {
    rate = null;
  }
  return {
    statutory: {
      tfn_attested: t.tfn_attested === true,
      tax_free_threshold: t.tax_free_threshold !== false,
      residency: t.residency ?? 'resident',
      medicare_levy_exemption: t.medicare_levy_exemption ?? 'none',
      study_loan: t.study_loan === true,
      bank_attested: e.bank.attested === true,
      super_fund_attested: !!(e.pension.super_usi || e.pension.smsf_attested),
    },
    tax_profile: {
      treatment_code: t.treatment_code ?? null,
      residency: t.residency ?? 'resident',
      tfn_attested: t.tfn_attested === true,
      tax_free_threshold: t.tax_free_threshold !== false,
      study_loan: t.study_loan === true,
    },
    retirement: {
      super_guarantee_rate: rate,
      fund_name: e.pension.super_fund_name ?? null,
      usi: e.pension.super_usi ?? null,
      member_number_attested: e.pension.member_number_attested === true,
      smsf: e.pension.smsf_attested === true,
    },
  };
}

function deStatutory(e: EmployeeData) {
  const d = publicSection(e.de);
  return {
    statutory: { ...d, tax_id_attested: d.tax_id_attested === true, iban_attested: e.bank.iban_attested === true },
    tax_profile: {
      tax_class: d.tax_class ?? null,
      church_tax: d.church_tax ?? false,
      state: d.state ?? null,
      child_allowances: d.children ?? 0,
      tax_id_attested: d.tax_id_attested === true,
    },
    retirement: { pension_insurance: d.pension_insurance !== false },
  };
}

export function publicEmployee(
  row: EmployeeTable,
  e: EmployeeData,
  dims: EmployeeDims,
  jurisdiction: string,
  packVersion: string,
  asOf: string,
) {
  const j =
    jurisdiction === 'DE'
      ? deStatutory(e)
      : jurisdiction === 'AU'
        ? auStatutory(e, packVersion)
        : { statutory: {}, tax_profile: {}, retirement: {} };
  const emp = e.employment;
  return {
    ...e.extra,
    id: row.id,
    first_name: e.first_name,
    last_name: e.last_name,
    status: effectiveStatus(e, asOf),
    email: e.email,
    date_of_birth: e.date_of_birth,
    position: e.position,
    employment: {
      ...emp,
      annual_salary: emp.annual_salary === null ? null : money(emp.annual_salary),
      hourly_rate: emp.hourly_rate === null ? null : money(emp.hourly_rate),
    },
    termination: e.termination,
    cost_centre_code: dims.cost_centre_code,
    site: dims.site,
    statutory: { au: jurisdiction === 'AU' ? j.statutory : null, de: jurisdiction === 'DE' ? j.statutory : null },
    tax_profile: j.tax_profile,
    retirement: j.retirement,
    jurisdiction_data: e.jurisdiction_data,
    as_of: asOf,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}
