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
import type { StudyLoanTable } from '../types.ts';
import { percentageSchedule } from './schedule8-percentage.ts';

export const STUDY_LOAN_2024_25: StudyLoanTable = percentageSchedule([
  1046, 1208, 1281, 1358, 1439, 1525, 1617, 1714, 1817, 1926, 2042, 2164, 2294, 2432, 2578, 2732, 2896, 3070,
]);
