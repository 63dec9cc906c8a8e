// The super of a finalised run, for the funds: the batch (JSON: lines per member and fund, totals, and
// whether its file is ready) and the SAFF contribution file a clearing house or fund takes (CSV). The
// file carries each member's TFN, unsealed for the file alone: no JSON answer and no evidence record
// holds one, only the file's SHA-256.
import type { z } from 'zod';
import type { Repos } from '../../store/index.ts';
import type { PayRunTable } from '../../store/schema.ts';
import type { UseCaseContext } from '../platform/use-case.ts';
import type { Change } from '../platform/unit-of-work.ts';
import { resultOf } from '../pay-runs/pay-run-model.ts';
import { requireAction } from '../pay-runs/pay-run-actions.ts';
import { builtOrRefused, companyOf, unlockedRun, workforceOf } from '../payslips/pay-run-outputs.ts';
import { superFileName } from './output-file-names.ts';
import { contentDisposition } from '../../lib/file-names.ts';
import { retirementFundOf, taxIdAttestedOf } from '../setup/jurisdiction.ts';
import { auOf } from '../../jurisdictions/index.ts';
import { AppError } from '../../lib/errors.ts';
import { money } from '../../lib/money.ts';
import { sha256Hex } from '../../lib/ids.ts';
import { entryDetail, type superBatchSchema } from '../../schemas/outputs.ts';
import { buildSuperBatch } from '../outputs/super-batch.ts';
import type { SuperBatch } from '../outputs/super-batch-types.ts';
import {
  buildSaffFile,
  saffGapsInWords,
  saffReadiness,
  type SaffFileInput,
  type SaffMember,
} from '../outputs/saff-file.ts';

export type SuperBatchData = z.output<typeof superBatchSchema>;

/**
 * The reference the payment and the file share, and the file's id: made from the run, so every copy of
 * the run's file has the same one and a clearing house's duplicate check catches a second upload.
 * `PRL` + payment date + 6 hex characters: 17 letters and digits, within the workbook's 20.
 */
export const superPaymentReference = (run: PayRunTable): string =>
  `PRL${run.payment_date.replace(/-/g, '')}${sha256Hex(run.id).slice(0, 6).toUpperCase()}`;

const contactOf = (v: unknown): SaffFileInput['employer']['contact'] => {
  const c = v as { name?: unknown; email?: unknown; phone?: unknown } | null | undefined;
  return c && typeof c.name === 'string' && typeof c.email === 'string' && typeof c.phone === 'string'
    ? { name: c.name, email: c.email, phone: c.phone }
    : null;
};

/** Everything the batch and its file are made of, read once. */
async function sources(uc: UseCaseContext, r: Repos, runId: string) {
  uc.requireCapability('retirement_batch');
  const t = uc.requireTenant();
  const run = await unlockedRun(uc, r, runId);
  // Member numbers (and, in the file, TFNs) of every employee: only a caller who sees every entry may produce it.
  await requireAction(uc, r, run, 'super_batch');
  const { data: company, bank } = await companyOf(r, t.tenant.id);
  const entries = await r.listEntries(run.id);
  const who = await workforceOf(uc, r, run, entries);
  const missing = entries
    .filter((e) => !retirementFundOf(who.get(e.employee_id)?.data))
    .map((e) => ({ employee_id: e.employee_id, employee_name: e.employee_name, missing: 'super_fund' }));
  if (missing.length)
    throw new AppError(422, 'pack_validation_failed', `${missing.length} employee(s) have no super fund.`, {
      rule: `${run.pack_version}/super/fund_required`,
      employees: missing,
    });
  const secrets = uc.deps.secrets;
  const batch: SuperBatch = builtOrRefused(run, 'super', entries, 'contributions', () =>
    buildSuperBatch({
      employer: { name: company.legal_name ?? t.tenant.name, abn: company.abn ?? null },
      pay_run_id: run.id,
      period_start: run.period_start,
      period_end: run.period_end,
      payment_date: run.payment_date,
      contributions: entries.map((e) => {
        const w = who.get(e.employee_id)!;
        const d = entryDetail.parse(resultOf(e).detail);
        const f = retirementFundOf(w.data)!;
        return {
          employee_id: e.employee_id,
          first_name: w.data.first_name,
          last_name: w.data.last_name,
          tfn_provided: taxIdAttestedOf(w.data),
          date_of_birth: w.data.date_of_birth,
          member_number: f.member_number_enc ? secrets.decrypt(f.member_number_enc) : null,
          fund: { name: f.name, usi: f.usi, abn: f.abn, smsf: f.smsf },
          super_guarantee: d.super_guarantee ?? '0.00',
          salary_sacrifice: money((d.salary_sacrifice ?? '0').replace('-', '')),
          personal: money(d.personal_super ?? '0'),
        };
      }),
    }),
  );
  // Unsealed only here, for the file; the batch's JSON and evidence never see these.
  const members = new Map<string, SaffMember>(
    batch.lines.map((l) => {
      const w = who.get(l.employee_id)!.data;
      const { tax, pension } = auOf(w);
      const smsfAccount =
        pension.smsf_bsb && pension.smsf_account_enc
          ? {
              bsb: pension.smsf_bsb,
              account_number: secrets.decrypt(pension.smsf_account_enc),
              account_name: pension.smsf_account_name ?? l.fund.name,
            }
          : null;
      return [
        l.employee_id,
        {
          tfn: tax.tfn_attested && tax.tfn_enc ? secrets.decrypt(tax.tfn_enc) : null,
          address: w.address,
          email: w.email ?? null,
          smsf_account: smsfAccount,
          smsf_esa: pension.smsf_esa ?? null,
        },
      ];
    }),
  );
  const fileInput: SaffFileInput = {
    file_id: superPaymentReference(run),
    payment_reference: superPaymentReference(run),
    payment_date: run.payment_date,
    employer: {
      abn: company.abn ?? null,
      name: company.legal_name ?? t.tenant.name,
      contact: contactOf(company.payroll_contact),
      account:
        bank.bsb && bank.account_enc
          ? {
              bsb: bank.bsb,
              account_number: secrets.decrypt(bank.account_enc),
              account_name: bank.account_name ?? company.legal_name ?? t.tenant.name,
            }
          : null,
    },
    lines: batch.lines,
    members,
  };
  return { run, batch, fileInput };
}

/** The super contribution batch of a finalised run: lines per member and fund, totals, and its file's readiness. */
export async function superBatch(uc: UseCaseContext, r: Repos, runId: string): Promise<Change<SuperBatchData>> {
  const { run, batch, fileInput } = await sources(uc, r, runId);
  const readiness = saffReadiness(fileInput);
  return {
    data: {
      pay_run_id: run.id,
      totals: batch.totals,
      funds: batch.funds,
      lines: batch.lines,
      file: {
        ready: readiness.ready,
        file_name: superFileName(fileInput.employer.name, run),
        payment_reference: fileInput.payment_reference,
        employer_missing: readiness.employer_missing,
        members: readiness.members,
        message: readiness.ready ? null : saffGapsInWords(readiness),
      },
      allowed_actions: readiness.ready ? ['download_file'] : [],
    },
    evidence: { action: 'pay_run.super_batch_generated', resource: run.id, decision: { totals: batch.totals } },
  };
}

/**
 * The run's SAFF contribution file, recorded in evidence with its SHA-256. Refused whole (422, each member
 * and what they lack, in words) while anything the file needs is missing: a fund cannot take half a file.
 */
export async function superFile(uc: UseCaseContext, r: Repos, runId: string): Promise<Change<null>> {
  const { run, batch, fileInput } = await sources(uc, r, runId);
  const readiness = saffReadiness(fileInput);
  if (!readiness.ready)
    throw new AppError(422, 'pack_validation_failed', saffGapsInWords(readiness), {
      rule: `${run.pack_version}/super/file_details_required`,
      employer_missing: readiness.employer_missing,
      employees: readiness.members,
    });
  const file = buildSaffFile(fileInput);
  const name = superFileName(fileInput.employer.name, run);
  return {
    data: null,
    file: {
      body: file.text,
      headers: {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': contentDisposition('attachment', name),
        'x-payrail-sha256': file.sha256,
        'cache-control': 'private, no-store',
      },
    },
    evidence: {
      action: 'pay_run.super_file_generated',
      resource: run.id,
      decision: {
        format: 'saff_1.0',
        sha256: file.sha256,
        file_name: name,
        file_id: fileInput.file_id,
        payment_reference: fileInput.payment_reference,
        line_count: file.line_count,
        fund_count: batch.totals.fund_count,
        total: file.total,
      },
    },
  };
}
