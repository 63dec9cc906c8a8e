// The company (employer) and its bank account: open, engine-shaped objects.
import { z } from 'zod';

const scalar = z.union([z.string().max(500), z.number(), z.boolean()]);

/** Declared bank fields; extra string, number or boolean fields are forwarded to the pack. */
export const bankPatchBody = z
  .object({
    account_name: z.string().min(1).max(200).optional(),
    bsb: z.string().max(10).optional(),
    account_number: z.string().max(40).optional(),
    bank_name: z.string().max(200).optional(),
    fi_code: z
      .string()
      .regex(/^[A-Z]{3}$/, 'Expected the 3-letter financial institution code, e.g. WBC.')
      .optional(),
    apca_user_id: z
      .string()
      .regex(/^\d{1,6}$/, 'Expected the APCA user id (up to 6 digits).')
      .optional(),
    governance_reason: z.string().optional(),
  })
  .catchall(scalar);
export type BankPatch = z.output<typeof bankPatchBody>;

/** A JSON object kept in a company column (details or bank). */
export const storedObject = z.record(z.string(), z.unknown());

/** The bank account as answered: masked (never a full account number or IBAN) and open. */
export const companyBankSchema = z.looseObject({
  account_name: z.string().optional(),
  bsb: z.string().optional(),
  account_number_last3: z.string().optional(),
  iban_last4: z.string().optional(),
  bank_name: z.string().optional(),
  fi_code: z.string().optional(),
  apca_user_id: z.string().optional(),
  attested: z.boolean(),
});

export const companySchema = z.looseObject({
  tenant_id: z.string(),
  jurisdiction: z.string(),
  pack_version: z.string(),
  engine: z.string(),
  currency: z.string(),
  bank_attested: z.boolean(),
});
