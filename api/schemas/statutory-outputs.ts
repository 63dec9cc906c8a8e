// The German statutory outputs of a period as answered: the Lohnsteuer-Anmeldung's Kennzahlen, the
// Beitragsnachweise per health insurer and the Minijob-Zentrale's. 2-decimal strings; the employer's
// Steuernummer only by its last four digits; no employee identifier.
import { z } from 'zod';
import { tenantParams } from './common.ts';
import { STATUTORY_OUTPUT_KINDS } from '../model/statutory-output-kinds.ts';

export const statutoryOutputParams = tenantParams.extend({ kind: z.enum(STATUTORY_OUTPUT_KINDS) });

export const statutoryOutputQuery = z.strictObject({
  period: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Expected a month, YYYY-MM (the Lohnsteuer-Anmeldung covers its filing period).'),
});

const money = z.string();
const insurer = z.object({ name: z.string(), betriebsnummer: z.string() });

const beitragsnachweis = z.object({
  insurer: insurer.nullable(),
  employee_count: z.number().int(),
  lines: z.array(
    z.object({
      /** Beitragsgruppe (1000, 0100, 0010, 0001; minijobs 6000, 0100, 0500) or ST for the 2 % flat tax. */
      beitragsgruppe: z.string(),
      label: z.string(),
      employee: money,
      employer: money,
      total: money,
    }),
  ),
  total_due: money,
});

export const statutoryOutputSchema = z.object({
  kind: z.enum(STATUTORY_OUTPUT_KINDS),
  /** The month, or for the Lohnsteuer-Anmeldung its filing period (month, quarter or year) holding the month. */
  period: z.object({ label: z.string(), start: z.string(), end: z.string() }),
  lsta_period: z.enum(['monthly', 'quarterly', 'annual']).optional(),
  pack_version: z.string(),
  currency: z.string(),
  employer: z.object({
    name: z.string(),
    betriebsnummer: z.string().nullable(),
    steuernummer_last4: z.string().nullable(),
  }),
  /** The finalised runs paid in the period, whose entries the figures add up. */
  pay_run_ids: z.array(z.string()),
  entry_count: z.number().int(),
  /** Employer fields the filing names that are not on file yet. */
  missing_company_fields: z.array(z.string()),
  /** No employer field missing and nothing left out (`not_included` empty): the form can be filed as it stands. */
  ready_to_file: z.boolean(),
  notes: z.array(z.string()),
  /**
   * Beitragsnachweise: the company levy settings (U1 participation, an insurer's U1 or U2 rate) the entries
   * needed and did not have: those levies are not on the form, so it is not ready to file.
   */
  missing_levy_settings: z.array(z.string()).optional(),
  /** Contributions the pack does not compute and that must be added before filing. */
  not_included: z.array(z.string()).optional(),
  lohnsteuer_anmeldung: z
    .object({
      employee_count: z.number().int(),
      /** Kennzahl 86 holds a count; the others a 2-decimal amount. */
      kennzahlen: z.array(z.object({ kennzahl: z.string(), label: z.string(), value: z.string() })),
      church_tax_by_denomination: z.array(
        z.object({ denomination: z.string(), kennzahl: z.string().nullable(), amount: money }),
      ),
      total_due: money,
    })
    .optional(),
  beitragsnachweise: z.array(beitragsnachweis).optional(),
  minijob_beitragsnachweis: beitragsnachweis.extend({ flat_tax: money }).optional(),
});
