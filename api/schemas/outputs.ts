// What the pay-run outputs answer (payslips, the super batch) and the stored JSON they read
// (company details, company bank account, entry figures), as zod schemas.
import { z } from 'zod';
import { addressSchema } from '../model/address.ts';

export const moneyString = z.string().regex(/^-?\d+\.\d{2}$/, 'Expected a 2-decimal amount.');
const line = z.object({ label: z.string(), amount: moneyString });

/** One payslip as JSON: the PDF's content without its locale, plus who it is for. */
export const payslipSchema = z.object({
  /** `ps_` id, the same for this run and employee however the payslip is read. */
  id: z.string().regex(/^ps_[0-9a-f]{16}$/),
  employee_id: z.string(),
  employee_name: z.string(),
  currency: z.string(),
  employer: z.object({ name: z.string(), abn: z.string().nullable(), address: z.string().nullable() }),
  employee: z.object({
    id: z.string(),
    name: z.string(),
    employment_type: z.string().nullable(),
    pay_frequency: z.string(),
    hourly_rate: z.string().nullable(),
  }),
  pay_run_id: z.string(),
  period_start: z.string(),
  period_end: z.string(),
  payment_date: z.string().describe("The day the payment was made: the run's paid_on when it was paid late."),
  pack_version: z.string(),
  earnings: z.array(
    z.object({ label: z.string(), hours: z.string().nullable(), rate: z.string().nullable(), amount: moneyString }),
  ),
  /** Each deduction names the fund or account it went into; each super contribution, the fund. */
  deductions: z.array(line),
  contributions: z.array(line),
  /** Hours paid in the period, each counted once (a loading adds money, not hours); null when no line has hours. */
  total_hours: z.string().nullable(),
  gross: moneyString,
  tax: moneyString,
  net: moneyString,
  ytd: z.object({
    gross: moneyString,
    tax: moneyString,
    net: moneyString,
    super: moneyString.nullable(),
    social: moneyString.nullable(),
  }),
  payment: z
    .object({
      bsb: z.string().nullable(),
      account_last3: z.string().nullable(),
      account_name: z.string().nullable(),
    })
    .nullable(),
  /**
   * AU: the TFN declaration on the payment date. `state` as on the employee (tfn_quoted, not_received, applied_for,
   * under_18, pensioner, not_quoted, invalid_quoted); `no_tfn_rate`: tax was withheld at the no-TFN rate;
   * `tax_free_threshold`: claimed (question 9 answered yes; unanswered is not claimed). Null elsewhere.
   */
  tax_declaration: z
    .object({
      state: z.string(),
      no_tfn_rate: z.boolean(),
      tax_free_threshold: z.boolean(),
      tax_free_threshold_answered: z.boolean(),
    })
    .nullable(),
  leave: z.array(z.object({ label: z.string(), hours: z.string() })).nullable(),
  /** Leave and absences taken in the period (from the bookings the run carries). */
  leave_taken: z
    .array(
      z.object({
        leave_type: z.string(),
        label: z.string(),
        quantity: z.string(),
        unit: z.enum(['hours', 'days']),
        paid: z.boolean(),
      }),
    )
    .optional(),
  /** The leave balances after the period. */
  leave_balances: z
    .array(z.object({ leave_type: z.string(), balance: z.string(), unit: z.enum(['hours', 'days']) }))
    .optional(),
});

const fund = z.object({ name: z.string(), usi: z.string().nullable(), abn: z.string().nullable(), smsf: z.boolean() });
const superLine = z.object({
  line_id: z.number().int(),
  fund_key: z.string(),
  fund,
  employee_id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  date_of_birth: z.string().nullable(),
  tfn_provided: z.boolean(),
  member_number: z.string().nullable(),
  period_start: z.string(),
  period_end: z.string(),
  super_guarantee: moneyString,
  salary_sacrifice: moneyString,
  /** Voluntary contributions from the member's pay after tax. */
  personal: moneyString,
  total: moneyString,
});
const superTotals = z.object({
  employee_count: z.number().int(),
  line_count: z.number().int(),
  fund_count: z.number().int(),
  sg_total: moneyString,
  salary_sacrifice_total: moneyString,
  personal_total: moneyString,
  total: moneyString,
});

/** Whether the SAFF file can be written, and what stops it, in words a payroll officer acts on. */
const superFile = z.object({
  ready: z.boolean(),
  /** The name the file downloads under. */
  file_name: z.string(),
  /** The reference the employer's payment to the clearing house or fund quotes; the file carries it too. */
  payment_reference: z.string(),
  employer_missing: z.array(z.string()),
  members: z.array(z.object({ employee_id: z.string(), employee_name: z.string(), missing: z.array(z.string()) })),
  /** Every gap in one sentence per person; null when the file is ready. */
  message: z.string().nullable(),
});

/**
 * The super batch: lines per member and fund, the fund groups, the totals, and whether the SAFF file
 * (`POST …/super-file`, a CSV download) is ready. TFNs appear only in that file, never here.
 */
export const superBatchSchema = z.object({
  pay_run_id: z.string(),
  totals: superTotals,
  funds: z.array(
    z.object({
      fund_key: z.string(),
      fund,
      member_count: z.number().int(),
      sg_total: moneyString,
      salary_sacrifice_total: moneyString,
      personal_total: moneyString,
      total: moneyString,
      lines: z.array(superLine),
    }),
  ),
  lines: z.array(superLine),
  file: superFile,
  /** `download_file` while the SAFF file is ready. */
  allowed_actions: z.array(z.enum(['download_file'])),
});

// Stored JSON the outputs read. Company details and the bank account are open objects: only the
// members read here are named.
const text = z.string().nullish();

// The company address was once free text; it is now the canonical address object.
export const companyDataColumn = z.looseObject({
  legal_name: text,
  abn: text,
  address: z.union([z.string(), addressSchema]).nullable().optional(),
});

export const companyBankColumn = z.looseObject({
  account_name: text,
  bsb: text,
  account_enc: text,
  fi_code: text,
  apca_user_id: text,
  remitter_name: text,
  // DE: the sealed IBAN and the BIC a SEPA file debits.
  iban_enc: text,
  bic: text,
});

/** The figures of a finalised entry that year to date adds up. */
export const entryFiguresColumn = z.object({
  gross: z.string(),
  tax: z.string(),
  net: z.string(),
  super: z.string().nullish(),
  social: z.string().nullish(),
});

/** The members of an entry result's `detail` the outputs read (AU). */
export const entryDetail = z.looseObject({
  hourly_rate: z.string().nullish(),
  leave_accrued: z.object({ annual_hours: z.coerce.string(), personal_hours: z.coerce.string() }).nullish(),
  super_guarantee: z.coerce.string().nullish(),
  salary_sacrifice: z.coerce.string().nullish(),
  personal_super: z.coerce.string().nullish(),
});
