// AU-2024.1: payments dated 1 July 2024 to 30 June 2025. Released: never edit, ship a new version.
import type { AuVersionData } from '../types.ts';
import { SCHEDULE_1_FROM_2024_07 } from '../tables/schedule1-2024.ts';
import { STUDY_LOAN_2024_25 } from '../tables/schedule8-2024-25.ts';
import { MEDICARE_ADJUSTMENT_FROM_2024_07, NES_LEAVE_ACCRUAL, NO_TFN_RATES } from './shared-constants.ts';

export const AU_2024_1: AuVersionData = {
  version: 'AU-2024.1',
  effective: { from: '2024-07-01', to: '2025-06-30' },
  released: true,
  schedule1: SCHEDULE_1_FROM_2024_07,
  noTfnRates: NO_TFN_RATES,
  studyLoan: STUDY_LOAN_2024_25,
  medicareAdjustment: MEDICARE_ADJUSTMENT_FROM_2024_07,
  superGuaranteeRate: '0.115',
  maximumContributionBase: { amount: '65070', per: 'quarter' },
  leaveAccrual: NES_LEAVE_ACCRUAL,
};
