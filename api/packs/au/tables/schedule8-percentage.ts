// The Schedule 8 percentage system (y = a * x, no b term), used up to 23 September 2025: one repayment rate per
// band of weekly earnings, 1 % to 10 % in 18 steps. The ATO's weekly schedules put each band's lower edge at the
// year's annual repayment threshold divided by 52 with the cents dropped, and the "not claimed" column $350 (the
// weekly tax-free threshold) lower; the table files say which year's thresholds and how the edges were checked.
import type { CoefficientRow, StudyLoanTable } from '../types.ts';

const RATES = [
  '0.01',
  '0.02',
  '0.025',
  '0.03',
  '0.035',
  '0.04',
  '0.045',
  '0.05',
  '0.055',
  '0.06',
  '0.065',
  '0.07',
  '0.075',
  '0.08',
  '0.085',
  '0.09',
  '0.095',
  '0.10',
];
const WEEKLY_TAX_FREE_THRESHOLD = 350;

/** Band i (rate RATES[i]) runs from edges[i] up to edges[i + 1]; below edges[0] nothing is withheld. */
function percentageBands(edges: readonly number[]): CoefficientRow[] {
  if (edges.length !== RATES.length) throw new Error(`A percentage schedule has ${RATES.length} band edges.`);
  const rows: CoefficientRow[] = [{ lessThan: edges[0], a: '0', b: '0' }];
  RATES.forEach((a, i) => rows.push({ lessThan: i + 1 < edges.length ? edges[i + 1] : null, a, b: '0' }));
  return rows;
}

/** The table for a year, from the weekly lower edges of the "tax-free threshold claimed" column. */
export const percentageSchedule = (claimedEdges: readonly number[]): StudyLoanTable => ({
  thresholdClaimed: percentageBands(claimedEdges),
  thresholdNotClaimed: percentageBands(claimedEdges.map((edge) => edge - WEEKLY_TAX_FREE_THRESHOLD)),
});
