// The AU statutory sections of an employee as stored: the tax declaration, the bank account and the
// super fund. Fields the calculation, the payment file or the super batch read are typed; forwarded
// settings ride along (open objects). Identifiers appear only as attestations: keyed hashes, sealed
// numbers and their last digits.
import { z } from 'zod';

const text = z.string().nullable().optional();
const flag = z.boolean().nullable().optional();

export const AU_RESIDENCY = ['resident', 'foreign_resident', 'working_holiday_maker'] as const;
export const AU_MEDICARE_EXEMPTION = ['none', 'half', 'full'] as const;

export const auTaxSchema = z.looseObject({
  tfn_attested: z.boolean().optional(),
  tfn_hash: text,
  /** The TFN sealed with the service's key (absent on declarations attested before sealing existed). */
  tfn_enc: text,
  tax_free_threshold: flag,
  /** Also paid by another payer (a second job): the tax-free threshold is claimed from one payer only. */
  other_employment: flag,
  residency: z.enum(AU_RESIDENCY).nullable().optional(),
  medicare_levy_exemption: z.enum(AU_MEDICARE_EXEMPTION).nullable().optional(),
  study_loan: flag,
  medicare_adjustment_children: z.number().int().min(0).nullable().optional(),
  treatment_code: text,
  /** Why no TFN is held (the ATO code the pay event sends instead), when none is. */
  no_number_reason: text,
  /** The day the TFN declaration was made (YYYY-MM-DD): a TFN applied for has 28 days from it. */
  declaration_date: text,
  /** STP income type (default SAW) and, for FEI, IAA and WHM, its country. */
  income_type: text,
  income_country: text,
  /** STP employment basis when it is not the employment type's (labour hire, voluntary, death beneficiary…). */
  employment_basis: text,
  country: z.string().optional(),
});

export const auBankSchema = z.looseObject({
  bsb: z.string().optional(),
  account_enc: z.string().optional(),
  account_last3: z.string().optional(),
  account_name: z.string().optional(),
  /** Net pay split across accounts, each sealed; the last (the remainder) is also the account above. */
  splits: z
    .array(
      z.object({
        bsb: z.string(),
        account_enc: z.string(),
        account_last4: z.string(),
        account_name: z.string(),
        amount: z.string().nullable(),
        percent: z.string().nullable(),
      }),
    )
    .nullable()
    .optional(),
  attested: z.boolean().optional(),
  country: z.string().optional(),
});

export const auPensionSchema = z.looseObject({
  /** Choice of fund: apra, smsf, employer_default or stapled_requested (the ATO asked, no fund known yet). */
  fund_choice: text,
  super_fund_name: text,
  super_usi: text,
  fund_abn: text,
  member_number_attested: z.boolean().optional(),
  member_number_last3: z.string().optional(),
  member_number_enc: z.string().optional(),
  smsf_account_name: text,
  smsf_abn: text,
  smsf_esa: text,
  smsf_bsb: z.string().optional(),
  smsf_account_enc: z.string().optional(),
  smsf_account_last3: z.string().optional(),
  smsf_attested: z.boolean().optional(),
  country: z.string().optional(),
});

export const auStatutorySchema = z.object({
  jurisdiction: z.literal('AU'),
  tax: auTaxSchema,
  bank: auBankSchema,
  pension: auPensionSchema,
});

/** One case-value patch of the AU sections. */
export const auPatchSchema = z.object({
  tax: auTaxSchema.optional(),
  bank: auBankSchema.optional(),
  pension: auPensionSchema.optional(),
});

export type AuTax = z.output<typeof auTaxSchema>;
export type AuBank = z.output<typeof auBankSchema>;
export type AuPension = z.output<typeof auPensionSchema>;
export type AuStatutory = z.output<typeof auStatutorySchema>;
export type AuPatch = z.output<typeof auPatchSchema>;

/** A super fund is attested by its USI, or (a self-managed fund) by its account. */
export const superFundAttested = (p: AuPension) => !!(p.super_usi || p.smsf_attested);
