// Schedule 8 study and training support loan components for 2025-26, which has two schedules by payment date.
//
// From 24 September 2025: the marginal system (y = a * x - b). Source: ATO, "Schedule 8 – Statement of formulas for
// calculating study and training support loans components" (NAT 3539), for payments made on or after 24 September
// 2025, as transcribed in reference/au.md ("Study and training support loans (Schedule 8)", 2025-26 marginal system).
// The ATO moved to it after the Universities Accord (Cutting Student Debt by 20 Per Cent) Act 2025 changed compulsory
// repayments; amounts withheld from 1 July to 23 September 2025 are not recalculated.
//
// From 1 July to 23 September 2025: the percentage system (y = a * x), ATO "Schedule 8 – Statement of formulas for
// calculating study and training support loans components, 1 July 2025 to 23 September 2025"
// (ato.gov.au/tax-rates-and-codes/schedule-8-statement-of-formulas-for-calculating-sts-loans-components-01-july-2025-to-23-sept-2025).
// Its weekly band edges follow from the 2025-26 repayment thresholds (ATO, "Study and training loan repayment
// thresholds and rates", 2025-26: 1 % from $56,156 up to 10 % from $164,712) by the ATO's own band rule (see
// schedule8-percentage.ts): $56,156 / 52 = $1,079 claimed, $729 not claimed. Every edge was cross-checked against
// an independent payroll library's NAT 3539 coefficients for payments from 1 July 2025 (manageitwa/payg-tax,
// src/TaxScales/Nat3539.php, 2 July 2025), which combine Schedule 1 with this schedule band for band.
import type { AuVersionData, StudyLoanTable } from '../types.ts';
import { percentageSchedule } from './schedule8-percentage.ts';

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

/** The percentage schedule for payments from 1 July to 23 September 2025. */
export const STUDY_LOAN_2025_26_EARLIER: NonNullable<AuVersionData['studyLoanEarlier']> = {
  before: '2025-09-24',
  table: percentageSchedule([
    1079, 1246, 1321, 1401, 1485, 1574, 1668, 1768, 1874, 1987, 2106, 2233, 2366, 2508, 2659, 2819, 2988, 3167,
  ]),
  source: 'ATO Schedule 8 (NAT 3539) for payments from 1 July 2025 to 23 September 2025',
};
