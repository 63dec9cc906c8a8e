// A key-identifier change as the company record keeps it and as the API shows it: the BMS id of the software
// an employer moved from and each employee's payroll id there. Reported once, in the next submission, with the
// ATO's key-identifier change elements (PAYEVNT `PreviousSoftwareInformationBusinessManagementSystemId`,
// PAYEVNTEMP `PreviousPayrollIDEmploymentPayrollNumberId`), so the ATO carries the year to date over to
// Payrail's BMS id instead of showing each employee a second income statement for the year.
import { z } from 'zod';

export const storedKeyIdentifierChange = z.object({
  previous_bms_id: z.string(),
  /** Employee id → that employee's payroll id in the previous software. */
  previous_payroll_ids: z.record(z.string(), z.string()),
  recorded_at: z.string(),
  /** The lodgement that reported it: null until one has (and reported again when the rail rejects that one). */
  reported_lodgement_id: z.string().nullable(),
});
export type StoredKeyIdentifierChange = z.output<typeof storedKeyIdentifierChange>;

export const keyIdentifierChangeSchema = z.object({
  previous_bms_id: z.string(),
  previous_payroll_ids: z.array(z.object({ employee_id: z.string(), previous_payroll_id: z.string() })),
  recorded_at: z.string(),
  reported_lodgement_id: z.string().nullable(),
});
export type KeyIdentifierChangeView = z.output<typeof keyIdentifierChangeSchema>;

/** The change a company record holds, as shown (null when it holds none). */
export function keyIdentifierChangeOf(data: Record<string, unknown>): KeyIdentifierChangeView | null {
  if (data.key_identifier_change === undefined) return null;
  const c = storedKeyIdentifierChange.parse(data.key_identifier_change);
  return {
    previous_bms_id: c.previous_bms_id,
    previous_payroll_ids: Object.entries(c.previous_payroll_ids).map(([employee_id, previous_payroll_id]) => ({
      employee_id,
      previous_payroll_id,
    })),
    recorded_at: c.recorded_at,
    reported_lodgement_id: c.reported_lodgement_id,
  };
}
