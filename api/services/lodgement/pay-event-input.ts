// Gathers what a single-touch payroll event reports, from Payrail's records: the payer from the company,
// each payee from the employee as the run froze them, and the figures from finalised entries only
// (this pay's and the financial year's to date), never recalculated.
import type { Repos } from '../../store/index.ts';
import type { UseCaseContext } from '../platform/use-case.ts';
import type { EmployeeData } from '../../model/employee.ts';
import type { EntryResult, PayItem } from '../../engines/types.ts';
import type { StpAmounts, StpPayee, StpPayer } from '../../packs/au/stp/pay-event.ts';
import { auOf } from '../../jurisdictions/index.ts';
import { declarationOn } from '../../jurisdictions/au/declaration.ts';
import { companyDetails, loadCompany } from '../setup/company.ts';
import { auCompanyFields } from '../../jurisdictions/au/company.ts';
import { loadWorkforce, type Period } from '../pay-runs/pay-run-calc.ts';
import { decodeJson } from '../../lib/json-column.ts';
import { entryResultSchema, payItemSchema } from '../../schemas/pay-runs.ts';
import { addAmounts, amountsOfEntry, emptyAmounts, type LeaveCategories } from './stp-amounts.ts';
import { leaveCategories } from '../leave/leave-catalogue.ts';
import { openingsOfYear } from '../employees/year-to-date-openings.ts';
import { openingStpAmounts, type AuOpeningFigures } from '../../jurisdictions/au/openings.ts';
import { addDays } from '../../lib/dates.ts';

export async function payerOf(uc: UseCaseContext, r: Repos): Promise<StpPayer> {
  const [c, { data }] = await Promise.all([companyDetails(uc, r), loadCompany(uc, r)]);
  const { abn, branch, bms_id } = auCompanyFields(data);
  return {
    abn,
    branch,
    bms_id,
    previous_bms_id: null,
    legal_name: c.legal_name,
    contact: c.payroll_contact,
    address: c.address,
  };
}

/** `2026-27` for the financial year starting 1 July 2026. */
export const financialYearLabel = (fyStart: string): string =>
  `${fyStart.slice(0, 4)}-${String((Number(fyStart.slice(0, 4)) + 1) % 100).padStart(2, '0')}`;

const BASIS: Record<EmployeeData['employment']['type'], string> = { full_time: 'F', part_time: 'P', casual: 'C' };

export interface Figures {
  items: PayItem[];
  result: EntryResult;
}

/** Year-to-date amounts per employee and each one's latest entry result, over [fyStart, upTo]. */
export async function yearToDate(
  r: Repos,
  tenantId: string,
  ids: string[],
  fy: { start: string; upTo: string },
  categories: LeaveCategories,
) {
  const ytd = new Map<string, StpAmounts>();
  const latest = new Map<string, Figures>();
  for (let i = 0; i < ids.length; i += 500) {
    for (const row of await r.reportableEntries(tenantId, ids.slice(i, i + 500), fy.start, fy.upTo)) {
      const f: Figures = {
        items: decodeJson(payItemSchema.array(), row.items_json, `entry ${row.pay_run_id}/${row.employee_id} items`),
        result: decodeJson(entryResultSchema, row.result_json, `entry ${row.pay_run_id}/${row.employee_id} result`),
      };
      ytd.set(
        row.employee_id,
        addAmounts(ytd.get(row.employee_id) ?? emptyAmounts(), amountsOfEntry(f.items, f.result, categories)),
      );
      latest.set(row.employee_id, f);
    }
  }
  // What the payroll before Payrail paid in the year: the ATO already holds it, so the YTD must carry it on.
  for (const [id, o] of await openingsOfYear(r, tenantId, ids, fy.start, addDays(fy.upTo, 1)))
    ytd.set(id, addAmounts(ytd.get(id) ?? emptyAmounts(), openingStpAmounts(o.figures as AuOpeningFigures)));
  return { ytd, latest };
}

export interface PayeeSource {
  employee_id: string;
  /** The entry this event reports as its pay (null for an update event). */
  pay: Figures | null;
  /**
   * Where the payee's codes (tax treatment) come from when no finalised pay of the year is left: the entry
   * of a voided run, for the update event that reports their year to date as nil.
   */
  voided?: Figures;
}

/**
 * The payees of an event: each employee's details as of the period, the TFN unsealed in memory only,
 * this pay's and year-to-date amounts, and the cessation of a leaver within the year.
 */
export async function payeesOf(
  uc: UseCaseContext,
  r: Repos,
  period: Period,
  sources: PayeeSource[],
  fy: { start: string; upTo: string },
): Promise<StpPayee[]> {
  const tenantId = uc.requireTenant().tenant.id;
  const ids = sources.map((s) => s.employee_id);
  const who = new Map((await loadWorkforce(uc, r, period, ids)).map((w) => [w.row.id, w.data]));
  // Leave lines carry the tenant's leave code; its master category decides the paid-leave type.
  const categories = await leaveCategories(uc, r);
  const { ytd, latest } = await yearToDate(r, tenantId, ids, fy, categories);
  return sources.flatMap((s): StpPayee[] => {
    const e = who.get(s.employee_id);
    if (!e) return [];
    const tax = auOf(e).tax;
    const figures = s.pay ?? latest.get(s.employee_id) ?? s.voided ?? null;
    const treatment = figures?.result.detail.tax_treatment_code;
    const t = e.termination;
    const ceased = t && t.effective_date >= fy.start && t.effective_date <= fy.upTo;
    return [
      {
        employee_id: s.employee_id,
        tfn: tax.tfn_attested && tax.tfn_enc ? uc.deps.secrets.decrypt(tax.tfn_enc) : null,
        // The code for the declaration's state on the payment date (a new payee's 111111111 lasts 28 days).
        no_tfn_reason: declarationOn(tax, e.employment.start_date, fy.upTo).payee_tfn_code,
        tfn_unavailable: tax.tfn_attested === true && !tax.tfn_enc,
        first_name: e.first_name,
        last_name: e.last_name,
        date_of_birth: e.date_of_birth,
        address: e.address,
        start_date: e.employment.start_date,
        employment_basis: tax.employment_basis ?? BASIS[e.employment.type],
        tax_treatment: typeof treatment === 'string' ? treatment : '',
        income_type: tax.income_type ?? 'SAW',
        income_country: tax.income_country ?? null,
        cessation: ceased ? { type: t.reason_code, date: t.effective_date } : null,
        period: s.pay ? amountsOfEntry(s.pay.items, s.pay.result, categories) : null,
        ytd: ytd.get(s.employee_id) ?? emptyAmounts(),
      },
    ];
  });
}
