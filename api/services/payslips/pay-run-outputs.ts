// Outputs that unlock after finalise: payslips (JSON and PDF) and the bank file's bytes (the super batch
// and its SAFF file: super-batch.ts).
// Each is one use case: it checks the capability and the run's state, reads what it needs and answers
// plain data (or, for the files, a change whose evidence records the file's hash).
import { itemsOf } from '../pay-runs/pay-run-model.ts';
import { leaveTakenOf, payslipLeave, payslipLeaveCategories } from '../leave/leave-payslip.ts';
import { payslipLines } from './payslip-lines.ts';
import type { z } from 'zod';
import type { Repos } from '../../store/index.ts';
import type { PayRunTable, PayRunEntryTable } from '../../store/schema.ts';
import type { UseCaseContext } from '../platform/use-case.ts';
import { loadWorkforce } from '../pay-runs/pay-run-calc.ts';
import { resultOf } from '../pay-runs/pay-run-model.ts';
import { periodOf, requireRun, requireStatus } from '../pay-runs/pay-runs.ts';
import { visibleEntries, visibleEntriesPage, visibleEntry } from '../pay-runs/pay-run-scope.ts';
import { dec, money, sum } from '../../lib/money.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { decodeJson } from '../../lib/json-column.ts';
import { sha256Hex } from '../../lib/ids.ts';
import {
  companyBankColumn,
  companyDataColumn,
  entryDetail,
  entryFiguresColumn,
  type payslipSchema,
} from '../../schemas/outputs.ts';
import { buildAbaFile } from '../outputs/aba.ts';
import { AbaInputError } from '../outputs/aba-types.ts';
import { buildSepaFile, PAIN_001, SepaInputError } from '../outputs/sepa.ts';
import { SuperBatchInputError } from '../outputs/super-batch-types.ts';
import { recordPayments } from '../payments/payments.ts';
import { paymentLines } from '../outputs/payment-lines.ts';
import { openingsOfYear } from '../employees/year-to-date-openings.ts';
import { addDays } from '../../lib/dates.ts';
import { formatAddress } from '../../model/address.ts';
import { renderPayslipPdfOffThread } from '../outputs/payslip-pdf-pool.ts';
import { contentDisposition, fileNamePart } from '../../lib/file-names.ts';
import { bankFileName } from '../payments/output-file-names.ts';
import { versionCapabilities } from '../../packs/index.ts';
import { deDeductions, deParticulars, germanAddress } from './payslip-de.ts';
import type { PayslipDocument } from '../outputs/payslip-types.ts';
import {
  jurisdictionOf,
  paymentAccountOf,
  payslipAccountOf,
  payDayOfRun,
  payslipDeclarationOf,
  retirementFundOf,
  taxYearStart,
} from '../setup/jurisdiction.ts';

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
  salary_sacrifice_other: 'Salary sacrifice (other benefits)',
  personal_super: 'Personal super contribution (after tax)',
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
  u1_levy: 'Umlage U1',
  u2_levy: 'Umlage U2',
  insolvency_levy: 'Insolvenzgeldumlage',
};
const labelIn = (locale: string) => (t: string, d?: string) =>
  d ?? (locale.startsWith('de') ? DE : EN)[t] ?? t.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());

export type PayslipJson = z.output<typeof payslipSchema>;

/** `ps_<16 hex>`: derived from the run and the employee, so a payslip keeps its id however it is read. */
export const payslipId = (runId: string, employeeId: string): string =>
  `ps_${sha256Hex(`${runId}:${employeeId}`).slice(0, 16)}`;

/** The run, found in the caller's tenant and finalised (or lodged): outputs exist only then. */
export async function unlockedRun(uc: UseCaseContext, r: Repos, runId: string): Promise<PayRunTable> {
  const run = await requireRun(uc, r, runId);
  requireStatus(run, ['finalised', 'lodged'], 'produce outputs for');
  return run;
}

export async function companyOf(r: Repos, tenantId: string) {
  const row = await r.getCompany(tenantId);
  return {
    data: decodeJson(companyDataColumn, row?.data_json ?? '{}', 'company.data_json'),
    bank: decodeJson(companyBankColumn, row?.bank_json ?? '{}', 'company.bank_json'),
  };
}

/** The employer's name as its payslips and files give it: the company's legal name, else the tenant's. */
export async function employerNameOf(uc: UseCaseContext, r: Repos): Promise<string> {
  const t = uc.requireTenant().tenant;
  return (await companyOf(r, t.id)).data.legal_name ?? t.name;
}

/** The employees of these entries as the run froze them, by id. */
export async function workforceOf(uc: UseCaseContext, r: Repos, run: PayRunTable, entries: PayRunEntryTable[]) {
  const who = await loadWorkforce(
    uc,
    r,
    periodOf(run),
    entries.map((e) => e.employee_id),
  );
  return new Map(who.map((w) => [w.row.id, w]));
}

type Ytd = PayslipJson['ytd'];

/** Year-to-date sums per employee over finalised runs of the financial year, read in a few batched queries. */
async function ytdFor(
  r: Repos,
  run: PayRunTable,
  jurisdiction: string,
  employeeIds: string[],
): Promise<Map<string, Ytd>> {
  type Figures = z.output<typeof entryFiguresColumn>;
  const results = new Map<string, Figures[]>();
  const day = payDayOfRun(jurisdiction, run);
  const yearStart = taxYearStart(jurisdiction, day);
  const on = jurisdictionOf(jurisdiction).payDay;
  for (let i = 0; i < employeeIds.length; i += 500) {
    for (const row of await r.finalisedEntriesForMany(
      run.tenant_id,
      employeeIds.slice(i, i + 500),
      yearStart,
      day,
      on,
    )) {
      const list = results.get(row.employee_id) ?? [];
      list.push(decodeJson(entryFiguresColumn, row.result_json, 'pay_run_entries.result_json'));
      results.set(row.employee_id, list);
    }
  }
  const { entryTotals: totals, openings: policy } = jurisdictionOf(jurisdiction);
  // Figures from the payroll before Payrail (an employer that moved during the year) open the year to date.
  const openings = policy ? await openingsOfYear(r, run.tenant_id, employeeIds, yearStart, addDays(day, 1)) : new Map();
  return new Map(
    employeeIds.map((id) => {
      const rs = results.get(id) ?? [];
      const o = openings.get(id);
      const opened = o && policy ? policy.payslipTotals(o.figures) : null;
      const s = (f: (e: Figures) => string | null | undefined, open?: string | null) =>
        money(sum([...rs.map((e) => f(e) ?? '0'), open ?? '0']));
      return [
        id,
        {
          gross: s((e) => e.gross, opened?.gross),
          tax: s((e) => e.tax, opened?.tax),
          net: s((e) => e.net, opened?.net),
          super: totals.includes('super') ? s((e) => e.super, opened?.super) : null,
          social: totals.includes('social') ? s((e) => e.social, opened?.social) : null,
        },
      ];
    }),
  );
}

async function payslipsFor(
  uc: UseCaseContext,
  r: Repos,
  run: PayRunTable,
  entries: PayRunEntryTable[],
): Promise<PayslipJson[]> {
  const t = uc.requireTenant();
  const { data: company } = await companyOf(r, t.tenant.id);
  const who = await workforceOf(uc, r, run, entries);
  const ytd = await ytdFor(
    r,
    run,
    t.tenant.jurisdiction,
    entries.map((e) => e.employee_id),
  );
  const label = labelIn(t.pack.locale);
  const leave = await payslipLeave(
    uc,
    r,
    run,
    entries.map((e) => e.employee_id),
  );
  const leaveCategory = await payslipLeaveCategories(uc, r);
  return entries.map((e) => {
    const res = resultOf(e);
    const detail = entryDetail.parse(res.detail);
    const w = who.get(e.employee_id);
    const lines = payslipLines(res, {
      locale: t.pack.locale,
      storedLineName: (code) => jurisdictionOf(t.tenant.jurisdiction).storedLineName?.(run.pack_version, code),
      label,
      leaveCategory,
      fund: retirementFundOf(w?.data),
    });
    return {
      id: payslipId(run.id, e.employee_id),
      employee_id: e.employee_id,
      employee_name: e.employee_name,
      currency: res.currency,
      employer: {
        name: company.legal_name ?? t.tenant.name,
        abn: company.abn ?? null,
        address: formatAddress(company.address, t.tenant.jurisdiction),
      },
      employee: {
        id: e.employee_id,
        name: e.employee_name,
        employment_type: w?.data.employment.type ?? null,
        pay_frequency: run.pay_frequency,
        hourly_rate: detail.hourly_rate ?? w?.data.employment.hourly_rate ?? null,
      },
      pay_run_id: run.id,
      period_start: run.period_start,
      period_end: run.period_end,
      // The day the payment was made (Fair Work Regulations r 3.46 (1) (c)): the day recorded at finalise, if later.
      payment_date: run.paid_on ?? run.payment_date,
      pack_version: run.pack_version,
      earnings: lines.earnings,
      deductions: lines.deductions,
      contributions: lines.contributions,
      total_hours: lines.total_hours,
      gross: res.gross,
      tax: res.tax,
      net: res.net,
      ytd: ytd.get(e.employee_id)!,
      payment: w ? payslipAccountOf(w.data) : null,
      tax_declaration: w ? payslipDeclarationOf(w.data, payDayOfRun(t.tenant.jurisdiction, run)) : null,
      leave: detail.leave_accrued
        ? [
            { label: 'Annual leave', hours: detail.leave_accrued.annual_hours },
            { label: "Personal/carer's leave", hours: detail.leave_accrued.personal_hours },
          ]
        : null,
      ...leaveTakenOf(itemsOf(e), leaveCategory),
      ...(leave.get(e.employee_id) ? { leave_balances: leave.get(e.employee_id) } : {}),
    };
  });
}

/**
 * The payslips of a finalised run as JSON, with year-to-date figures: one per entry the caller may see,
 * in name order. With a `limit`, one page after the cursor position (the last row's name and id), read
 * and built for that page only; without one, every payslip.
 */
export async function payslipsOf(
  uc: UseCaseContext,
  runId: string,
  page?: { limit: number; after: [string, string] | null },
): Promise<{ payslips: PayslipJson[]; hasMore: boolean }> {
  const r = uc.store.repos;
  const run = await unlockedRun(uc, r, runId);
  if (!page) return { payslips: await payslipsFor(uc, r, run, await visibleEntries(uc, run.id, r)), hasMore: false };
  const { rows, hasMore } = await visibleEntriesPage(uc, run.id, page.after, page.limit, r);
  return { payslips: await payslipsFor(uc, r, run, rows), hasMore };
}

/** One employee's entry of a finalised run, read on its own; 404 when the caller may not see it. */
async function payslipEntry(uc: UseCaseContext, r: Repos, run: PayRunTable, employeeId: string) {
  const entry = await visibleEntry(uc, run.id, employeeId, r);
  if (!entry) throw notFound('No payslip for this employee in this pay run.');
  return entry;
}

/** One payslip as JSON: one entry read, not the run's. */
export async function payslipOf(uc: UseCaseContext, runId: string, employeeId: string): Promise<PayslipJson> {
  const r = uc.store.repos;
  const run = await unlockedRun(uc, r, runId);
  const [slip] = await payslipsFor(uc, r, run, [await payslipEntry(uc, r, run, employeeId)]);
  return slip;
}

/** One payslip as a PDF in the pack's locale, named after the person and the period. */
export async function payslipPdfOf(
  uc: UseCaseContext,
  runId: string,
  employeeId: string,
): Promise<{ pdf: Uint8Array; filename: string }> {
  uc.requireCapability('payslip_pdf', payslipPdfAlternatives(uc));
  const r = uc.store.repos;
  const run = await unlockedRun(uc, r, runId);
  const entry = await payslipEntry(uc, r, run, employeeId);
  const [slip] = await payslipsFor(uc, r, run, [entry]);
  const locale = uc.requireTenant().pack.locale;
  const german = jurisdictionOf(uc.requireTenant().tenant.jurisdiction).payslipLayout === 'entgeltabrechnung';
  const doc: PayslipDocument = { ...slip, locale };
  if (german) {
    const w = (await workforceOf(uc, r, run, [entry])).get(entry.employee_id)?.data;
    const res = resultOf(entry);
    const flatTaxed = res.employer_costs.some((c) => c.type === 'minijob_flat_tax' && !dec(c.amount).isZero());
    doc.particulars = deParticulars(w, res, flatTaxed);
    const { data: company } = await companyOf(r, run.tenant_id);
    doc.employer = { ...slip.employer, address: germanAddress(company.address).join(', ') || slip.employer.address };
    doc.deductions = deDeductions(slip.deductions);
    // A salary's hourly equivalent is how the pack divides it, not a rate the contract agrees.
    doc.employee = { ...slip.employee, employment_type: null, hourly_rate: w?.employment.hourly_rate ?? null };
    doc.payment = slip.payment && {
      account_name: slip.payment.account_name,
      iban_last4: slip.payment.account_last3,
    };
  }
  const pdf = await renderPayslipPdfOffThread(doc);
  const person = fileNamePart(entry.employee_name);
  const filename = german
    ? `Entgeltabrechnung-${run.period_start.slice(0, 7)}-${person}.pdf`
    : `Payslip-${run.period_end}-${person}.pdf`;
  return { pdf, filename };
}

/** Where else the payslip is: its JSON, and a later release of the tenant's pack that prints it. */
function payslipPdfAlternatives(uc: UseCaseContext): string[] {
  const t = uc.requireTenant();
  const pinned = t.pack.versions.findIndex((v) => v.version === t.binding.pack_version);
  const later = t.pack.versions
    .slice(pinned + 1)
    .filter((v) => v.released && versionCapabilities(t.pack, v.version).payslip_pdf === 'native');
  return [
    'GET /v1/tenants/{tenantId}/pay-runs/{payRunId}/payslips/{employeeId}',
    ...later.map(
      (v) =>
        `move the tenant to pack ${v.version}, which prints the payslip as a PDF ` +
        '(PATCH /v1/partners/tenants/{tenantId}/bindings/{bindingId})',
    ),
  ];
}

/**
 * Runs a file builder; what its own checks refuse (a name BECS cannot carry, an amount too wide for the
 * field) is 422 `pack_validation_failed` with the builder's messages, each naming the employee of the
 * line it is about, never a 500.
 */
export function builtOrRefused<T>(
  run: PayRunTable,
  area: 'payment_file' | 'super',
  entries: PayRunEntryTable[],
  lines: 'payments' | 'contributions',
  build: () => T,
): T {
  try {
    return build();
  } catch (err) {
    if (!(err instanceof AbaInputError) && !(err instanceof SuperBatchInputError) && !(err instanceof SepaInputError))
      throw err;
    const rule = `${run.pack_version}/${area}/invalid_field`;
    const violations = err.issues.map((i) => {
      const line = new RegExp(`^${lines}\\[(\\d+)\\]`).exec(i.path);
      const e = line ? entries[Number(line[1])] : undefined;
      return {
        // A SEPA issue names the scheme rule it breaks.
        rule: 'rule' in i ? `${run.pack_version}/${area}/${i.rule}` : rule,
        path: i.path,
        message: i.message,
        ...(e ? { employee_id: e.employee_id, employee_name: e.employee_name } : {}),
      };
    });
    throw new AppError(422, 'pack_validation_failed', err.message, { rule, violations });
  }
}

const unpayable = (employees: { employee_id: string; employee_name: string; missing: string }[]) =>
  new AppError(422, 'pack_validation_failed', `${employees.length} payment(s) cannot go in the file.`, {
    rule: 'payment_file/bank_details',
    employees,
  });

/** A bank file just built: its bytes and headers, and what its evidence record says of it. */
export interface BankFile {
  format: 'aba' | 'sepa';
  /** The SEPA MsgId; null for ABA. */
  message_id: string | null;
  body: string;
  sha256: string;
  headers: Record<string, string>;
  decision: Record<string, unknown>;
}

/** The headers a bank file is answered with, whenever it is answered: named after the employer and the day. */
export function bankFileHeaders(run: PayRunTable, format: BankFile['format'], sha256: string, employer: string) {
  return {
    'content-type': format === 'sepa' ? 'application/xml; charset=utf-8' : 'text/plain; charset=us-ascii',
    'content-disposition': contentDisposition('attachment', bankFileName(employer, run, format)),
    'x-payrail-sha256': sha256,
  };
}

/**
 * Builds the net-pay bank file of a finalised run and records its payments: ABA for Australian dollars (one
 * credit per employee paid, optionally balanced by a debit from the company account), SEPA for euro.
 * `evidenceId` is the record of this file; a SEPA file's MsgId is made from it.
 */
export async function buildBankFile(
  uc: UseCaseContext,
  r: Repos,
  run: PayRunTable,
  balancingDebit: boolean,
  evidenceId: string,
): Promise<BankFile> {
  const t = uc.requireTenant();
  // The pack's currency decides the scheme: BECS (ABA) for Australian dollars, SEPA for euro.
  if (t.pack.currency === 'EUR') return sepaFile(uc, r, run, evidenceId);
  const { data: company, bank } = await companyOf(r, t.tenant.id);
  const { bsb, account_enc, account_name, apca_user_id, fi_code } = bank;
  if (!bsb || !account_enc || !account_name || !apca_user_id || !fi_code) {
    throw new AppError(
      422,
      'pack_validation_failed',
      'The company bank account is incomplete: set account_name, bsb, account_number, fi_code and apca_user_id ' +
        'on /company/bank.',
      { rule: `${run.pack_version}/company/bank_required` },
    );
  }
  const entries = (await r.listEntries(run.id)).filter((e) => Number(resultOf(e).net) > 0);
  const who = await workforceOf(uc, r, run, entries);
  const missing = entries
    .filter((e) => !paymentAccountOf(who.get(e.employee_id)?.data))
    .map((e) => ({ employee_id: e.employee_id, employee_name: e.employee_name, missing: 'bank_account' }));
  if (missing.length) throw unpayable(missing);
  const secrets = uc.deps.secrets;
  // One credit per account an employee's net goes to (a split pays several), with the entry it pays.
  const lines = entries.flatMap((e) =>
    paymentLines(paymentAccountOf(who.get(e.employee_id)?.data)!, resultOf(e).net).map((l) => ({
      entry: e,
      bsb: l.bsb,
      account_number: secrets.decrypt(l.account_enc),
      account_name: l.account_name,
      amount: l.amount,
    })),
  );
  const file = builtOrRefused(
    run,
    'payment_file',
    lines.map((l) => l.entry),
    'payments',
    () =>
      buildAbaFile({
        company: {
          account_name,
          bsb,
          account_number: secrets.decrypt(account_enc),
          bank_code: fi_code,
          apca_user_id,
          remitter_name: bank.remitter_name ?? t.tenant.name,
        },
        description: 'PAYROLL',
        processing_date: run.payment_date,
        balancing_debit: balancingDebit,
        payments: lines.map((l) => ({
          bsb: l.bsb,
          account_number: l.account_number,
          account_name: l.account_name,
          amount: l.amount,
          reference: `PAY ${run.payment_date}`,
        })),
      }),
  );
  // What was paid and how, one row per employee (the net, with every account it went to): the payments
  // view follows each one to confirmed or returned, as the bank confirms an employee's pay as a whole.
  await recordPayments(
    uc,
    r,
    run,
    evidenceId,
    'aba',
    entries.map((e) => ({
      entry: e,
      account: lines
        .filter((l) => l.entry === e)
        .map((l) => l.account_number.slice(-4))
        .join(', '),
    })),
  );
  return {
    format: 'aba',
    message_id: null,
    body: file.text,
    sha256: file.sha256,
    headers: bankFileHeaders(run, 'aba', file.sha256, company.legal_name ?? t.tenant.name),
    decision: { sha256: file.sha256, record_count: file.record_count, credit_total_cents: file.credit_total_cents },
  };
}

/** What an employee is paid out: net pay and the employer's private health insurance subsidy paid with it. */
function paidOut(e: PayRunEntryTable): string {
  const res = resultOf(e);
  const subsidy = res.employer_costs.find((c) => c.type === 'private_insurance_subsidy')?.amount ?? '0';
  return money(sum([res.net, subsidy]));
}

/** SEPA identifiers take no underscore: Payrail's ids are written with a hyphen instead. */
const sepaId = (id: string) => id.replace(/_/g, '-');

/**
 * The net-pay file of a euro run: a SEPA credit transfer (pain.001.001.09) from the company's IBAN, one
 * transfer per employee paid, end-to-end id from the payslip, executed on the payment date.
 */
async function sepaFile(uc: UseCaseContext, r: Repos, run: PayRunTable, evidenceId: string): Promise<BankFile> {
  const t = uc.requireTenant();
  const { data: company, bank } = await companyOf(r, t.tenant.id);
  if (!bank.iban_enc)
    throw new AppError(
      422,
      'pack_validation_failed',
      'The company bank account is incomplete: set its iban (and account_name) on /company/bank.',
      { rule: `${run.pack_version}/company/bank_required` },
    );
  const entries = (await r.listEntries(run.id)).filter((e) => dec(paidOut(e)).gt(0));
  const who = await workforceOf(uc, r, run, entries);
  const secrets = uc.deps.secrets;
  const accounts = entries.map((e) => paymentAccountOf(who.get(e.employee_id)?.data));
  const ibans = accounts.map((a) => (a ? secrets.decrypt(a.account_enc) : ''));
  const messageId = sepaId(evidenceId);
  const file = builtOrRefused(run, 'payment_file', entries, 'payments', () =>
    buildSepaFile({
      message_id: messageId,
      payment_id: sepaId(run.id),
      created_at: uc.now.toISOString().slice(0, 19),
      execution_date: run.payment_date,
      currency: t.pack.currency,
      debtor: {
        name: bank.account_name ?? company.legal_name ?? t.tenant.name,
        iban: secrets.decrypt(bank.iban_enc!),
        bic: bank.bic,
      },
      transfers: entries.map((e, i) => ({
        name: accounts[i]?.account_name ?? e.employee_name,
        iban: ibans[i],
        bic: accounts[i]?.bic,
        amount: paidOut(e),
        end_to_end_id: sepaId(payslipId(run.id, e.employee_id)),
        remittance: `Lohn/Gehalt ${run.period_start} - ${run.period_end}`,
      })),
    }),
  );
  await recordPayments(
    uc,
    r,
    run,
    evidenceId,
    'sepa',
    entries.map((e, i) => ({ entry: e, account: ibans[i], amount: paidOut(e) })),
  );
  return {
    format: 'sepa',
    message_id: messageId,
    body: file.xml,
    sha256: file.sha256,
    headers: bankFileHeaders(run, 'sepa', file.sha256, company.legal_name ?? t.tenant.name),
    decision: {
      sha256: file.sha256,
      format: PAIN_001,
      message_id: messageId,
      record_count: file.number_of_transactions,
      control_sum: file.control_sum,
    },
  };
}
