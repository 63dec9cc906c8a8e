// Schedule 8: the study and training support loan component, added on top of Schedule 1 withholding.
import { D } from '../../lib/money.ts';
import { getAuVersion } from './registry.ts';
import type { PayFrequency, StudyLoanTable, TaxScale } from './types.ts';
import { evaluateWeekly, formulaX, fromWeekly, wholeDollarString } from './withholding-formula.ts';
import { parseEarnings } from './parse.ts';

export interface StudyLoanInput {
  earnings: string;
  frequency: PayFrequency;
  scale: TaxScale;
}

/** Scale 1 is the only scale without the tax-free threshold; foreign residents (3) use the claimed column. */
export const studyLoanRows = (table: StudyLoanTable, scale: TaxScale) =>
  scale === 1 ? table.thresholdNotClaimed : table.thresholdClaimed;

/**
 * The period component in whole dollars. Nothing is withheld without a TFN (scale 4): the 47%/45%
 * rate already covers it.
 */
export function studyLoanComponent(version: string, input: StudyLoanInput): string {
  const earnings = parseEarnings(input.earnings);
  if (input.scale === 4) return wholeDollarString(new D(0));
  const rows = studyLoanRows(getAuVersion(version).studyLoan, input.scale);
  const weekly = evaluateWeekly(rows, formulaX(earnings, input.frequency));
  return wholeDollarString(fromWeekly(weekly, input.frequency));
}
