// Schedule 8 study and training support loan component, 2026-27 marginal system (y = a * x - b).
import type { StudyLoanTable } from '../types.ts';

export const STUDY_LOAN_2026_27: StudyLoanTable = {
  thresholdClaimed: [
    { lessThan: 1337, a: '0', b: '0' },
    { lessThan: 2494, a: '0.15', b: '200.5615' },
    { lessThan: 3577, a: '0.17', b: '250.4527' },
    { lessThan: null, a: '0.10', b: '0' },
  ],
  thresholdNotClaimed: [
    { lessThan: 987, a: '0', b: '0' },
    { lessThan: 2144, a: '0.15', b: '148.0615' },
    { lessThan: 2727, a: '0.17', b: '190.9527' },
    { lessThan: null, a: '0.10', b: '0' },
  ],
};
