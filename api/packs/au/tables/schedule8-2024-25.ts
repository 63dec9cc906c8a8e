// Schedule 8 study and training support loan component for payments from 1 July 2024 to 30 June 2025.
// That year still used the percentage-of-earnings system: y = a * x, no b term.
//
// Provenance: the ATO's 2024-25 fortnightly STSL table (published 16 June 2024) confirms the entry
// points ($2,092 a fortnight with the tax-free threshold, $1,392 without, i.e. $1,046 / $696 a week).
// The band edges below were derived from the 2024-25 annual repayment thresholds ($54,435 ... $159,664)
// with the rule the ATO's published weekly schedules follow (weekly edge = annual threshold / 52,
// cents dropped; "not claimed" edge = that less $350, the weekly tax-free threshold), which reproduces
// the 2021-22 published weekly edges exactly. The published 2024-25 weekly schedule itself was not
// available to compare against, so re-check these edges before certifying the pack.
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
const CLAIMED_EDGES = [
  1046, 1208, 1281, 1358, 1439, 1525, 1617, 1714, 1817, 1926, 2042, 2164, 2294, 2432, 2578, 2732, 2896, 3070,
];
const WEEKLY_TAX_FREE_THRESHOLD = 350;

/** Band i (rate RATES[i]) runs from edges[i] up to edges[i + 1]; below edges[0] nothing is withheld. */
function percentageBands(edges: number[]): CoefficientRow[] {
  const rows: CoefficientRow[] = [{ lessThan: edges[0], a: '0', b: '0' }];
  RATES.forEach((a, i) => rows.push({ lessThan: i + 1 < edges.length ? edges[i + 1] : null, a, b: '0' }));
  return rows;
}

export const STUDY_LOAN_2024_25: StudyLoanTable = {
  thresholdClaimed: percentageBands(CLAIMED_EDGES),
  thresholdNotClaimed: percentageBands(CLAIMED_EDGES.map((edge) => edge - WEEKLY_TAX_FREE_THRESHOLD)),
};
