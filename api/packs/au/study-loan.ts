// Schedule 8: the study and training support loan component, added on top of Schedule 1 withholding. The schedule
// goes by the payment date: in 2025-26 the ATO replaced the percentage schedule with the marginal one for payments
// from 24 September 2025, so one pack version carries both and the date picks.
import { D, type Dec } from '../../lib/money.ts';
import { getAuVersion } from './registry.ts';
import type { AuVersionData, PayFrequency, StudyLoanTable, TaxScale } from './types.ts';
import { evaluateWeekly, formulaX, fromWeekly, wholeDollarString } from './withholding-formula.ts';
import { parseEarnings } from './parse.ts';

export interface StudyLoanInput {
  earnings: string;
  frequency: PayFrequency;
  scale: TaxScale;
  /** YYYY-MM-DD. */
  payment_date: string;
}

/** Scale 1 is the only scale without the tax-free threshold; foreign residents (3) use the claimed column. */
export const studyLoanRows = (table: StudyLoanTable, scale: TaxScale) =>
  scale === 1 ? table.thresholdNotClaimed : table.thresholdClaimed;

/** The Schedule 8 in force for a payment on `paymentDate` (ISO dates compare as strings). */
export function studyLoanTableOn(v: AuVersionData, paymentDate: string): StudyLoanTable {
  const earlier = v.studyLoanEarlier;
  return earlier && paymentDate < earlier.before ? earlier.table : v.studyLoan;
}

/**
 * The period component in whole dollars. Nothing is withheld without a TFN (scale 4): the 47%/45%
 * rate already covers it.
 */
export function studyLoanComponent(version: string, input: StudyLoanInput): string {
  return wholeDollarString(studyLoanComponentOn(version, parseEarnings(input.earnings), input));
}

/** studyLoanComponent for earnings already held as a Decimal of whole cents (`earningsFrom`). */
export function studyLoanComponentOn(version: string, earnings: Dec, input: Omit<StudyLoanInput, 'earnings'>): Dec {
  if (input.scale === 4) return new D(0);
  const rows = studyLoanRows(studyLoanTableOn(getAuVersion(version), input.payment_date), input.scale);
  const weekly = evaluateWeekly(rows, formulaX(earnings, input.frequency));
  return fromWeekly(weekly, input.frequency);
}
