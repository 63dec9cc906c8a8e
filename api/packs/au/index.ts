// Public surface of the AU regulation pack.
export { auPack, getAuVersion, versionFor } from './pack.ts';
export { AU_CURRENT_VERSION, AU_VERSIONS } from './registry.ts';
export { AuPayInputError, UnknownPackVersion, UnsupportedInPack } from './errors.ts';
export { paygWithholding, selectScale, type PaygInput, type ScaleDeclaration } from './payg.ts';
export { studyLoanComponent, type StudyLoanInput } from './study-loan.ts';
export { medicareLevyAdjustment, weeklyFamilyThreshold, type MedicareAdjustmentInput } from './medicare.ts';
export { superGuarantee, type EarningsToDate, type SuperGuaranteeResult } from './super.ts';
export {
  accrualRatesFor,
  accrueLeave,
  accrueNesLeave,
  entitlementBelowNes,
  LONG_SERVICE_STATES,
  NES_MINIMUM_WEEKS,
  type AccrualTerms,
  type Entitlement,
  type LeaveAccrual,
  type NesAccrual,
} from './leave.ts';
export {
  AU_LEAVE_TYPES,
  ANNUAL_LEAVE_LOADING,
  auBalanceOf,
  auLeaveNotOffered,
  type AuBalanceType,
} from './leave-types.ts';
export { calculateAuPay } from './pay-calculator.ts';
export { taxTreatmentCode } from './tax-treatment.ts';
export {
  declarationOutcome,
  declarationState,
  DECLARATION_STATES,
  TFN_GRACE_DAYS,
  type DeclarationFacts,
  type DeclarationOutcome,
  type DeclarationState,
} from './tfn-declaration.ts';
export {
  checkPayDate,
  formatBsb,
  isValidAbn,
  isValidTfn,
  validateAbn,
  validateAccountName,
  validateAccountNumber,
  validateBsb,
  validateTfn,
  validateUsi,
  validateFundChoice,
  FUND_CHOICES,
} from './validation.ts';
export { splitViolations, MAX_SPLIT_ACCOUNTS } from './bank-splits.ts';
export type * from './types.ts';
