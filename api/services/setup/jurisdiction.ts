// What the control plane asks of a country, through its jurisdiction adapter: never a branch on a code.
import type { EmployeeData } from '../../model/employee.ts';
import type { PayRunTable } from '../../store/schema.ts';
import {
  jurisdictionOf,
  type PaymentAccount,
  type PayslipAccount,
  type PayslipDeclaration,
  type RetirementFund,
} from '../../jurisdictions/index.ts';

export { jurisdictionOf } from '../../jurisdictions/index.ts';

/** The day a run's pay counts on for its tax year and the year to date (the country's `payDay`). */
export const payDayOfRun = (jurisdiction: string, run: Pick<PayRunTable, 'payment_date' | 'paid_on'>): string =>
  jurisdictionOf(jurisdiction).payDay === 'date_paid' ? (run.paid_on ?? run.payment_date) : run.payment_date;

/** First day of the tax (financial) year a date falls in, in a jurisdiction. */
export const taxYearStart = (jurisdiction: string, date: string): string =>
  jurisdictionOf(jurisdiction).taxYearStart(date);

/** What a payslip shows of the account the employee is paid into (masked). */
export const payslipAccountOf = (e: EmployeeData): PayslipAccount => jurisdictionOf(e.jurisdiction).payslipAccount(e);

/** The sealed account a payment file pays the employee into, or null when none is on file. */
export const paymentAccountOf = (e: EmployeeData | undefined): PaymentAccount | null =>
  e ? jurisdictionOf(e.jurisdiction).paymentAccount(e) : null;

/** The attested retirement fund contributions go to, or null. */
export const retirementFundOf = (e: EmployeeData | undefined): RetirementFund | null =>
  e ? jurisdictionOf(e.jurisdiction).retirementFund(e) : null;

/** The tax declaration a payslip states as it stood on the payment date; null where the country has none. */
export const payslipDeclarationOf = (e: EmployeeData, paymentDate: string): PayslipDeclaration | null =>
  jurisdictionOf(e.jurisdiction).payslipDeclaration?.(e, e.employment.start_date ?? null, paymentDate) ?? null;

/** The employee's tax number is on file as an attestation. */
export const taxIdAttestedOf = (e: EmployeeData): boolean => jurisdictionOf(e.jurisdiction).taxIdAttested(e);
