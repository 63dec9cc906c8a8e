// Public surface of the DE regulation pack.

export { dePack } from './pack.ts';
export { calculateDePay, computesLevies, PACK_YEARS } from './calculator.ts';
export type { DeLevySettings } from './levies.ts';
export { YearToDateMissing } from './one-off-ceiling.ts';
export type { ChargedYear, OneOffCeiling, OneOffYearToDate } from './one-off-ceiling.ts';
export { deGrossPay, deHourlyRate, deSalaryShare } from './gross.ts';
export type { DeEmploymentTerms, DeGross, DeGrossLine, DePartMonth, DePeriodItem } from './gross.ts';
export { pap, papCents } from './pap.ts';
export type { PapCents, PapInput, PapOutput, PapYear } from './pap-types.ts';
export { socialContributions, midijobBases, periodFactor } from './social.ts';
export type { Contributions, DeFrequency, EmploymentCategory, SocialInput, SocialResult } from './social.ts';
export { SOCIAL_RATES } from './social-rates.ts';
export type { SocialYear } from './social-rates.ts';
export { validateDeCompany, validateDeEmployee, validateDePayInput, validateDeStatutory } from './validation.ts';
export type { DeEmployeeFacts, DeValidationOptions } from './validation.ts';
export { isValidBetriebsnummer, isValidIban, isValidSteuernummer, isValidSvnr, isValidTaxId } from './identifiers.ts';
export { CHURCH_TAX_DENOMINATIONS, DENOMINATION_KENNZAHL, NO_DENOMINATION, isDenomination } from './church-tax.ts';
export type { ChurchTaxDenomination } from './church-tax.ts';
export { DE_WAGE_TYPES } from './wage-types.ts';
export { DE_STATES, ONE_OFF_EARNING_TYPES, REGULAR_EARNING_TYPES } from './pay-types.ts';
export type {
  DeAnnualWage,
  DeAnnualWageYearToDate,
  DeDeductionType,
  DeEarning,
  DeEmployeePayFacts,
  DeEmployerCostType,
  DeHealthInsurance,
  DePackVersion,
  DePayInput,
  DePayResult,
  DeState,
} from './pay-types.ts';
export {
  DE_LEAVE_TYPES,
  CONTINUED_PAY_DAYS,
  continuedPayDays,
  deAnnualEntitlement,
  deLeaveType,
  fullMonths,
  roundLeaveDays,
  statutoryMinimumDays,
  waitingPeriodEnd,
  workingDays,
} from './leave.ts';
export type { DeEntitlement, DeEntitlementInput, SickDay } from './leave.ts';
export { deMinimumWage, MINOR_AGE } from './minimum-wage.ts';
