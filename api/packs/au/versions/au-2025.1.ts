// AU-2025.1: payments dated 1 July 2025 to 30 June 2026. Schedule 1 is unchanged from 1 July 2024,
// so its table is shared by reference; SG rises to 12% and the quarterly base to $62,500.
//
// Correction (study loans): AU-2025.1 was released applying the marginal Schedule 8 to every payment of the year.
// The ATO's marginal schedule applies to payments from 24 September 2025 only; payments from 1 July to 23 September
// 2025 fall under the percentage schedule then in force, and now get its figure (see STUDY_LOAN_2025_26_EARLIER)
// instead of the marginal one (a wrong number).
import type { AuVersionData } from '../types.ts';
import { SCHEDULE_1_FROM_2024_07 } from '../tables/schedule1-2024.ts';
import { STUDY_LOAN_2025_26, STUDY_LOAN_2025_26_EARLIER } from '../tables/schedule8-2025-26.ts';
import { MEDICARE_ADJUSTMENT_FROM_2024_07, NES_LEAVE_ACCRUAL, NO_TFN_RATES } from './shared-constants.ts';

export const AU_2025_1: AuVersionData = {
  version: 'AU-2025.1',
  effective: { from: '2025-07-01', to: '2026-06-30' },
  released: true,
  schedule1: SCHEDULE_1_FROM_2024_07,
  noTfnRates: NO_TFN_RATES,
  studyLoan: STUDY_LOAN_2025_26,
  studyLoanEarlier: STUDY_LOAN_2025_26_EARLIER,
  medicareAdjustment: MEDICARE_ADJUSTMENT_FROM_2024_07,
  superGuaranteeRate: '0.12',
  maximumContributionBase: { amount: '62500', per: 'quarter' },
  leaveAccrual: NES_LEAVE_ACCRUAL,
};
