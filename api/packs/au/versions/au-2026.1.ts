// AU-2026.1 (current): payments dated 1 July 2026 to 30 June 2027. New Schedule 1 (lowest rate 15%)
// and payday super: SG is due each payday and the maximum contribution base becomes annual.
//
// Maximum contribution base: concessional contributions cap x 100 / SG rate, rounded down to a
// multiple of $10. The cap rises from $30,000 to $32,500 on 1 July 2026 (AWOTE indexation set by the
// December 2025 quarter figures), giving $32,500 x 100 / 12 = $270,833.33 -> $270,830. The ATO's
// earlier guidance quoted $250,000 on the then-current $30,000 cap; re-check against the ATO's
// published 2026-27 figure before certifying.
import type { AuVersionData } from '../types.ts';
import { SCHEDULE_1_FROM_2026_07 } from '../tables/schedule1-2026.ts';
import { STUDY_LOAN_2026_27 } from '../tables/schedule8-2026-27.ts';
import { MEDICARE_ADJUSTMENT_FROM_2026_07, NES_LEAVE_ACCRUAL, NO_TFN_RATES } from './shared-constants.ts';

export const AU_2026_1: AuVersionData = {
  version: 'AU-2026.1',
  effective: { from: '2026-07-01', to: '2027-06-30' },
  released: true,
  schedule1: SCHEDULE_1_FROM_2026_07,
  noTfnRates: NO_TFN_RATES,
  studyLoan: STUDY_LOAN_2026_27,
  medicareAdjustment: MEDICARE_ADJUSTMENT_FROM_2026_07,
  superGuaranteeRate: '0.12',
  maximumContributionBase: { amount: '270830', per: 'year' },
  leaveAccrual: NES_LEAVE_ACCRUAL,
};
