// The DE statutory sections of an employee as stored: the statutory profile (ELStAM tax class, church
// tax, child allowances, insurance) and the bank account. Fields the calculation reads are typed;
// forwarded fields ride along (open objects). The Steuer-ID, SV-Nummer and IBAN appear only as
// attestations: keyed hashes, the sealed IBAN and its last digits.
import { z } from 'zod';

const amount = z.union([z.string(), z.number()]);

/** The statutory health insurer (Krankenkasse) contributions go to: its name and 8-digit Betriebsnummer. */
export const deInsurerSchema = z.object({ name: z.string(), betriebsnummer: z.string() });

export const deHealthInsuranceSchema = z.looseObject({
  type: z.enum(['statutory', 'private']).optional(),
  insurer: deInsurerSchema.nullable().optional(),
  additional_rate: amount.nullable().optional(),
  private_premium: amount.optional(),
  employer_subsidy: amount.optional(),
});

export const deCareInsuranceSchema = z.looseObject({
  childless_surcharge: z.boolean().optional(),
  children_under_25: z.number().int().min(0).optional(),
});

/** ELStAM tax classes I–VI. */
export const deTaxClass = z.literal([1, 2, 3, 4, 5, 6]);

export const deProfileSchema = z.looseObject({
  tax_class: deTaxClass.nullable().optional(),
  factor: z.string().nullable().optional(),
  children: z.number().min(0).nullable().optional(),
  church_tax: z.boolean().nullable().optional(),
  /** ELStAM church-tax denomination (ev, rk, …; `--` for none): splits church tax on the Lohnsteuer-Anmeldung. */
  church_tax_denomination: z.string().nullable().optional(),
  state: z.string().nullable().optional(),
  birth_year: z.number().int().nullable().optional(),
  health_insurance: deHealthInsuranceSchema.nullable().optional(),
  care_insurance: deCareInsuranceSchema.nullable().optional(),
  pension_insurance: z.boolean().nullable().optional(),
  unemployment_insurance: z.boolean().nullable().optional(),
  /** A minijob's tax: the employer's 2 % flat tax (default) or individually by tax class (the employer's choice). */
  minijob_taxation: z.enum(['flat', 'individual']).nullable().optional(),
  annual_allowance: z.string().nullable().optional(),
  annual_addition: z.string().nullable().optional(),
  tax_id_attested: z.boolean().optional(),
  tax_id_hash: z.string().optional(),
  svnr_attested: z.boolean().optional(),
  /** No SV-Nummer yet (never insured in Germany): the registration asks the pension insurance to assign one. */
  no_insurance_number_yet: z.boolean().nullable().optional(),
  svnr_hash: z.string().optional(),
});

export const deBankSchema = z.looseObject({
  iban_attested: z.boolean().optional(),
  attested: z.boolean().optional(),
  iban_enc: z.string().optional(),
  iban_last4: z.string().optional(),
  country: z.string().optional(),
  bic: z.string().nullable().optional(),
  account_name: z.string().nullable().optional(),
});

export const deStatutorySchema = z.object({
  jurisdiction: z.literal('DE'),
  de: deProfileSchema,
  bank: deBankSchema,
});

/** One case-value patch of the DE sections. */
export const dePatchSchema = z.object({
  de: deProfileSchema.optional(),
  bank: deBankSchema.optional(),
});

export type DeProfile = z.output<typeof deProfileSchema>;
export type DeBank = z.output<typeof deBankSchema>;
export type DeStatutory = z.output<typeof deStatutorySchema>;
export type DePatch = z.output<typeof dePatchSchema>;
