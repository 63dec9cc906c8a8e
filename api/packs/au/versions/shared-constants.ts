// Constants shared by several AU versions. The Medicare levy adjustment shape is confirmed; its
// constants come from the statutory reference, which marks them as still to be re-checked.
import type { MedicareAdjustmentConstants } from '../types.ts';

export const MEDICARE_ADJUSTMENT_FROM_2024_07: MedicareAdjustmentConstants = {
  familyThresholdBase: '43846',
  familyThresholdPerChild: '4027',
  scale2: { shadeInFrom: '500', flatFrom: '625', shadeInRate: '0.1', flatRate: '0.02', shadeOutRate: '0.08' },
  scale6: { shadeInFrom: '843.19', flatFrom: '1053', shadeInRate: '0.05', flatRate: '0.01', shadeOutRate: '0.04' },
};

export const MEDICARE_ADJUSTMENT_FROM_2026_07: MedicareAdjustmentConstants = {
  familyThresholdBase: '47238',
  familyThresholdPerChild: '4338',
  scale2: { shadeInFrom: '538.67', flatFrom: '673', shadeInRate: '0.1', flatRate: '0.02', shadeOutRate: '0.08' },
  scale6: { shadeInFrom: '908.42', flatFrom: '1135', shadeInRate: '0.05', flatRate: '0.01', shadeOutRate: '0.04' },
};

/** National Employment Standards: 4 weeks annual leave, 10 days (2 weeks) personal/carer's leave. */
export const NES_LEAVE_ACCRUAL = { annualWeeksPerYear: '4', personalWeeksPerYear: '2' } as const;

/** Scale 4: no TFN provided. */
export const NO_TFN_RATES = { resident: '0.47', foreignResident: '0.45' } as const;
