// The company (employer) and its bank account: open, engine-shaped objects.
import { z } from 'zod';
import { addressBody, addressSchema } from '../model/address.ts';
import { WEEKDAYS } from '../lib/work-week.ts';
import { keyIdentifierChangeSchema } from '../model/key-identifiers.ts';

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

const contactBody = z.strictObject({
  name: z.string().trim().min(1).max(200),
  email: z.email(),
  phone: z
    .string()
    .trim()
    .regex(/^\+?[0-9 ()-]{6,20}$/, 'Expected a phone number (digits, spaces, brackets, hyphens, optional +).'),
});

/**
 * The employer's own details a statutory report names it by: its legal name, ABN and branch, the payroll
 * software's id (BMS id) and whom the tax office may contact. The ABN is checked against the pack.
 */
/** The days of the week, as `work_week` names them. */
export const weekday = z.enum(WEEKDAYS);

export const companyPatchBody = z.strictObject({
  legal_name: z.string().trim().min(1).max(200).optional(),
  /** The name the business trades under, when it is not the legal name; null clears it. */
  trading_name: z.string().trim().min(1).max(200).nullable().optional(),
  /** The pay schedule (`/pay-schedules` id) new employees and runs use; null clears it. */
  default_pay_schedule: z.string().min(1).max(60).nullable().optional(),
  /** The employer's working days (leave is counted in them); at least one, each once. */
  work_week: z
    .array(weekday)
    .min(1)
    .max(7)
    .refine((d) => new Set(d).size === d.length, 'Each day at most once.')
    .optional(),
  abn: z.string().max(20).optional(),
  branch: z
    .string()
    .regex(/^\d{3}$/, 'Expected the 3-digit ABN branch number, e.g. 001.')
    .optional(),
  /**
   * Read-only: the BMS id Payrail generated for this employer. Sending the same value changes nothing; another
   * is refused (an earlier software's id is a key-identifier change, `POST …/stp/key-identifier-changes`).
   */
  bms_id: z.string().max(200).optional(),
  payroll_contact: contactBody.optional(),
  address: addressBody.optional(),
  /** DE: the employer's Betriebsnummer (8 digits, checked by the pack). */
  betriebsnummer: z.string().max(20).optional(),
  /** DE: the Betriebsstätte's Steuernummer (format checked by the pack); answered masked. */
  steuernummer: z.string().max(20).optional(),
  /** DE: how often the Lohnsteuer-Anmeldung is filed (by the prior year's wage tax, § 41a EStG). */
  lsta_period: z.string().max(20).optional(),
  /**
   * The employer has one payroll person, who may approve the runs they prepare (four eyes waived). The
   * change is evidenced like every company change; each approval it allows records that it was waived.
   */
  single_person_payroll: z.boolean().optional(),
  /** DE: whether the employer takes part in the U1 sick-pay refund scheme (up to 30 employees, § 3 AAG). */
  u1_participation: z.boolean().optional(),
  /**
   * DE: the U1 and U2 rates (percent) of each health insurer the employer pays contributions to, by the
   * insurer's Betriebsnummer: the rates of the insurer's Satzung (U1: the refund level the employer chose).
   * Replaces the list on file.
   */
  insurer_levy_rates: z
    .array(
      z.strictObject({
        betriebsnummer: z.string().max(20),
        name: z.string().trim().min(1).max(200).optional(),
        u1_rate: z.string().max(10).nullable().optional(),
        u2_rate: z.string().max(10).nullable().optional(),
      }),
    )
    .max(200)
    .optional(),
  /**
   * DE: the employer owes no Insolvenzgeldumlage (§ 358 Abs. 1 Satz 2 SGB III): a public body that cannot
   * become insolvent, or a private household. `basis` is what shows it (the statute or order that makes the
   * body public, or the insurer's notice), kept with the change's evidence. null clears it.
   */
  insolvency_levy_exemption: z
    .strictObject({
      reason: z.enum(['public_body', 'private_household']),
      basis: z.string().trim().min(3).max(500),
    })
    .nullable()
    .optional(),
  governance_reason: z.string().optional(),
});
export type CompanyPatch = z.output<typeof companyPatchBody>;

export const companySchema = z.looseObject({
  legal_name: z.string().nullable(),
  trading_name: z.string().nullable(),
  /** AU only: the ABN, its branch and the payroll software id single touch payroll names. */
  abn: z.string().nullable().optional(),
  branch: z.string().optional(),
  bms_id: z.string().nullable().optional(),
  /** AU only: the move from other payroll software reported to the ATO (null when there was none). */
  key_identifier_change: keyIdentifierChangeSchema.nullable().optional(),
  payroll_contact: z.object({ name: z.string(), email: z.string(), phone: z.string() }).nullable(),
  address: addressSchema.nullable(),
  /** DE only: the employer fields the statutory outputs name (the Steuernummer masked to its last 4 digits). */
  betriebsnummer: z.string().nullable().optional(),
  steuernummer_last4: z.string().nullable().optional(),
  lsta_period: z.enum(['monthly', 'quarterly', 'annual']).nullable().optional(),
  /** DE only: the levy settings (U1 participation, each insurer's U1 and U2 rates). */
  u1_participation: z.boolean().nullable().optional(),
  insurer_levy_rates: z
    .array(
      z.object({
        betriebsnummer: z.string(),
        name: z.string().nullable(),
        u1_rate: z.string().nullable(),
        u2_rate: z.string().nullable(),
      }),
    )
    .optional(),
  /** DE only: the Insolvenzgeldumlage exemption on file (see the PATCH field), or null. */
  insolvency_levy_exemption: z
    .object({ reason: z.enum(['public_body', 'private_household']), basis: z.string() })
    .nullable()
    .optional(),
  default_pay_schedule: z.string().nullable(),
  work_week: z.array(weekday),
  /** Four eyes waived: whoever prepares a run may also approve it (see the PATCH field). */
  single_person_payroll: z.boolean(),
  tenant_id: z.string(),
  jurisdiction: z.string(),
  pack_version: z.string(),
  engine: z.string(),
  currency: z.string(),
  bank_attested: z.boolean(),
});
