// Schedule 8 study and training support loan component, 2025-26 marginal system (y = a * x - b).
// The ATO's marginal schedule applies to payments from 24 September 2025 (the repayment change was
// legislated part-way through the year); AU-2025.1 applies it to the whole 2025-26 year, so payments
// from 1 July to 23 September 2025 differ from the percentage schedule then in force.
import type { StudyLoanTable } from '../types.ts';

export const STUDY_LOAN_2025_26: StudyLoanTable = {
  thresholdClaimed: [
    { lessThan: 1288, a: '0', b: '0' },
    { lessThan: 2403, a: '0.15', b: '193.2692' },
    { lessThan: 3447, a: '0.17', b: '241.3462' },
    { lessThan: null, a: '0.10', b: '0' },
  ],
  thresholdNotClaimed: [
    { lessThan: 938, a: '0', b: '0' },
    { lessThan: 2053, a: '0.15', b: '140.7692' },
    { lessThan: 2597, a: '0.17', b: '181.8462' },
    { lessThan: null, a: '0.10', b: '0' },
  ],
};
