// Outputs that unlock after finalise: payslips (JSON and PDF), the ABA payment file and the super batch.
import type { Repos } from '../store/index.ts';
import type { PayRunTable, PayRunEntryTable } from '../store/schema.ts';
import type { RequestContext } from '../http/context.ts';
import type { PayFrequency } from '../packs/types.ts';
import type { EntryResult } from '../engines/types.ts';
import { loadWorkforce } from './pay-run-calc.ts';
import { resultOf } from './pay-run-model.ts';
import { requireStatus } from './pay-runs.ts';
import { money, sum } from '../lib/money.ts';
import { AppError } from '../lib/errors.ts';
import { buildAbaFile } from './outputs/aba.ts';
import { buildSuperBatch } from './outputs/super-batch.ts';
import {
  jurisdictionOf,
  paymentAccountOf,
  payslipAccountOf,
  retirementFundOf,
  taxIdAttestedOf,
  taxYearStart,
} from './jurisdiction.ts';
import type { PayslipDocument } from './outputs/payslip-types.ts';

const EN: Record<string, string> = {
  ordinary_pay: 'Ordinary hours',
  overtime: 'Overtime',
  allowance: 'Allowance',
  bonus: 'Bonus',
  leave: 'Paid leave',
  salary_sacrifice: 'Salary sacrifice (super)',
  payg_withholding: 'PAYG withholding',
  study_loan: 'Study and training support loan',
  deduction: 'Deduction',
  super_guarantee: 'Super guarantee (SG)',
};
const DE: Record<string, string> = {
  salary: 'Gehalt',
  hourly: 'Stundenlohn',
  overtime: 'Überstunden',
  allowance: 'Zulage',
  bonus: 'Prämie',
  one_off: 'Einmalzahlung',
  holiday_pay: 'Urlaubsgeld',
  thirteenth_salary: '13. Monatsgehalt',
  deduction: 'Abzug',
  income_tax: 'Lohnsteuer',
  solidarity_surcharge: 'Solidaritätszuschlag',
  church_tax: 'Kirchensteuer',
  health_insurance: 'Krankenversicherung',
  care_insurance: 'Pflegeversicherung',
  pension_insurance: 'Rentenversicherung',
  unemployment_insurance: 'Arbeitslosenversicherung',
  private_insurance_subsidy: 'Zuschuss private Krankenversicherung',
  minijob_flat_tax: 'Pauschalsteuer (Minijob)',
};
const labelIn = (locale: string) => (t: string, d?: string) =>
  d ?? (locale.startsWith('de') ? DE : EN)[t] ?? t.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());

export type PayslipJson = Omit<PayslipDocument, 'locale'> & { employee_id: string; employee_name: string };

export function requireOutputsUnlocked(run: PayRunTable) {
  requireStatus(run, ['finalised', 'lodged'], 'produce outputs for');
}

type Ytd = { gross: string; tax: string; net: string; super: string | null; social: string | null };

/** Year-to-date sums per employee over finalised runs of the financial year, read in a few batched queries. */
async function ytdFor(
  r: Repos,
  run: PayRunTable,
  jurisdiction: string,
  employeeIds: string[],
): Promise<Map<string, Ytd>> {
  const results = new Map<string, EntryResult[]>();
  for (let i = 0; i < employeeIds.length; i += 500) {
    for (const row of await r.finalisedEntriesForMany(
      run.tenant_id,
      employeeIds.slice(i, i + 500),
      taxYearStart(jurisdiction, run.payment_date),
      run.payment_date,
    )) {
      const list = results.get(row.employee_id) ?? [];
      list.push(JSON.parse(row.result_json) as EntryResult);
      results.set(row.employee_id, list);
    }
  }
  const totals = jurisdictionOf(jurisdiction).entryTotals;
  return new Map(
    employeeIds.map((id) => {
      const rs = results.get(id) ?? [];
      const s = (f: (e: EntryResult) => string | null) => money(sum(rs.map((e) => f(e) ?? '0')));
      return [
        id,
        {
          gross: s((e) => e.gross),
          tax: s((e) => e.tax),
          net: s((e) => e.net),
          super: totals.includes('super') ? s((e) => e.super) : null,
          social: totals.includes('social') ? s((e) => e.social) : null,
        },
      ];
    }),
  );
}

export async function payslipsFor(
  ctx: RequestContext,
  r: Repos,
  run: PayRunTable,
  entries: PayRunEntryTable[],
): Promise<PayslipJson[]> {
  const t = ctx.requireTenant();
  const company = JSON.parse((await r.getCompany(t.tenant.id))?.data_json ?? '{}');
  const who = new Map(
    (
      await loadWorkforce(
        ctx,
        r,
        {
          period_start: run.period_start,
          period_end: run.period_end,
          pay_frequency: run.pay_frequency as PayFrequency,
        },
        entries.map((e) => e.employee_id),
      )
    ).map((w) => [w.row.id, w]),
  );
  const ytd = await ytdFor(
    r,
    run,
    t.tenant.jurisdiction,
    entries.map((e) => e.employee_id),
  );
  const label = labelIn(t.pack.locale);
  const out: PayslipJson[] = [];
  for (const e of entries) {
    const res = resultOf(e);
    const w = who.get(e.employee_id);
    const earnings = res.lines
      .filter((l) => !l.amount.startsWith('-') && l.type !== 'super_guarantee')
      .map((l) => ({
        label: label(l.type, l.description),
        hours: l.hours ?? null,
        rate: l.rate ?? null,
        amount: money(l.amount),
      }));
    const deductions = res.lines
      .filter((l) => l.amount.startsWith('-'))
      .map((l) => ({ label: label(l.type, l.description), amount: money(l.amount.slice(1)) }));
    const contributions = res.employer_costs.map((c) => ({ label: label(c.type), amount: c.amount }));
    out.push({
      employee_id: e.employee_id,
      employee_name: e.employee_name,
      currency: res.currency,
      employer: {
        name: company.legal_name ?? t.tenant.name,
        abn: company.abn ?? null,
        address: company.address ?? null,
      },
      employee: {
        id: e.employee_id,
        name: e.employee_name,
        employment_type: w?.data.employment.type ?? null,
        pay_frequency: run.pay_frequency,
        hourly_rate: (res.detail.hourly_rate as string | undefined) ?? w?.data.employment.hourly_rate ?? null,
      },
      pay_run_id: run.id,
      period_start: run.period_start,
      period_end: run.period_end,
      payment_date: run.payment_date,
      pack_version: run.pack_version,
      earnings,
      deductions,
      contributions,
      gross: res.gross,
      tax: res.tax,
      net: res.net,
      ytd: ytd.get(e.employee_id)!,
      payment: w ? payslipAccountOf(w.data) : null,
      leave: res.detail.leave_accrued
        ? [
            {
              label: 'Annual leave',
              hours: String((res.detail.leave_accrued as { annual_hours: string }).annual_hours),
            },
            {
              label: 'Personal leave',
              hours: String((res.detail.leave_accrued as { personal_hours: string }).personal_hours),
            },
          ]
        : null,
    });
  }
  return out;
}

const unpayable = (employees: { employee_id: string; employee_name: string; missing: string }[]) =>
  new AppError(422, 'pack_validation_failed', `${employees.length} payment(s) cannot go in the file.`, {
    rule: 'payment_file/bank_details',
    employees,
  });

export async function paymentFile(ctx: RequestContext, r: Repos, run: PayRunTable, balancingDebit: boolean) {
  const t = ctx.requireTenant();
  const bank = JSON.parse((await r.getCompany(t.tenant.id))?.bank_json ?? '{}');
  if (!bank.bsb || !bank.account_enc || !bank.account_name || !bank.apca_user_id || !bank.fi_code) {
    throw new AppError(
      422,
      'pack_validation_failed',
      'The company bank account is incomplete: set account_name, bsb, account_number, fi_code and apca_user_id on /company/bank.',
      { rule: `${run.pack_version}/company/bank_required` },
    );
  }
  const entries = (await r.listEntries(run.id)).filter((e) => Number(resultOf(e).net) > 0);
  const who = new Map(
    (
      await loadWorkforce(
        ctx,
        r,
        {
          period_start: run.period_start,
          period_end: run.period_end,
          pay_frequency: run.pay_frequency as PayFrequency,
        },
        entries.map((e) => e.employee_id),
      )
    ).map((w) => [w.row.id, w]),
  );
  const missing = entries
    .filter((e) => !paymentAccountOf(who.get(e.employee_id)?.data))
    .map((e) => ({ employee_id: e.employee_id, employee_name: e.employee_name, missing: 'bank_account' }));
  if (missing.length) throw unpayable(missing);
  const secrets = ctx.deps.secrets;
  return buildAbaFile({
    company: {
      account_name: bank.account_name,
      bsb: bank.bsb,
      account_number: secrets.decrypt(bank.account_enc),
      bank_code: bank.fi_code,
      apca_user_id: bank.apca_user_id,
      remitter_name: bank.remitter_name ?? t.tenant.name,
    },
    description: 'PAYROLL',
    processing_date: run.payment_date,
    balancing_debit: balancingDebit,
    payments: entries.map((e) => {
      const b = paymentAccountOf(who.get(e.employee_id)?.data)!;
      return {
        bsb: String(b.bsb),
        account_number: secrets.decrypt(b.account_enc),
        account_name: String(b.account_name),
        amount: resultOf(e).net,
        reference: `PAY ${run.payment_date}`,
      };
    }),
  });
}

export async function superBatch(ctx: RequestContext, r: Repos, run: PayRunTable) {
  const t = ctx.requireTenant();
  const company = JSON.parse((await r.getCompany(t.tenant.id))?.data_json ?? '{}');
  const entries = await r.listEntries(run.id);
  const who = new Map(
    (
      await loadWorkforce(
        ctx,
        r,
        {
          period_start: run.period_start,
          period_end: run.period_end,
          pay_frequency: run.pay_frequency as PayFrequency,
        },
        entries.map((e) => e.employee_id),
      )
    ).map((w) => [w.row.id, w]),
  );
  const missing = entries
    .filter((e) => !retirementFundOf(who.get(e.employee_id)?.data))
    .map((e) => ({ employee_id: e.employee_id, employee_name: e.employee_name, missing: 'super_fund' }));
  if (missing.length)
    throw new AppError(422, 'pack_validation_failed', `${missing.length} employee(s) have no super fund.`, {
      rule: `${run.pack_version}/super/fund_required`,
      employees: missing,
    });
  return buildSuperBatch({
    employer: { name: company.legal_name ?? t.tenant.name, abn: company.abn ?? null },
    pay_run_id: run.id,
    period_start: run.period_start,
    period_end: run.period_end,
    payment_date: run.payment_date,
    contributions: entries.map((e) => {
      const w = who.get(e.employee_id)!;
      const d = resultOf(e).detail;
      const f = retirementFundOf(w.data)!;
      return {
        employee_id: e.employee_id,
        first_name: w.data.first_name,
        last_name: w.data.last_name,
        tfn_provided: taxIdAttestedOf(w.data),
        date_of_birth: w.data.date_of_birth,
        member_number: f.member_number_enc ? ctx.deps.secrets.decrypt(f.member_number_enc) : null,
        fund: { name: f.name, usi: f.usi, abn: f.abn, smsf: f.smsf },
        super_guarantee: String(d.super_guarantee ?? '0.00'),
        salary_sacrifice: money(String(d.salary_sacrifice ?? '0').replace('-', '')),
      };
    }),
  });
}
