// Public shapes of the AU pack. Money and hours travel as decimal strings so that nothing in
// the pack ever passes through a JS float.
import type { PayFrequency } from '../types.ts';
import type { AwardLineKind } from './awards/types.ts';

export type { PayFrequency };

export type TaxScale = 1 | 2 | 3 | 4 | 5 | 6;
export type Residency = 'resident' | 'foreign_resident' | 'working_holiday_maker';
export type MedicareLevyExemption = 'none' | 'half' | 'full';

/** One row of a Schedule 1 or Schedule 8 table: applies while x < lessThan (null = no upper limit). */
export interface CoefficientRow {
  lessThan: number | null;
  a: string;
  b: string;
}

export type Schedule1Table = Record<Exclude<TaxScale, 4>, readonly CoefficientRow[]>;

/** Schedule 8: one column for "tax-free threshold claimed or foreign resident", one for "not claimed". */
export interface StudyLoanTable {
  thresholdClaimed: readonly CoefficientRow[];
  thresholdNotClaimed: readonly CoefficientRow[];
}

/** Medicare levy adjustment band for one scale: shade-in from `shadeInFrom`, flat rate from `flatFrom`. */
export interface MedicareAdjustmentScale {
  shadeInFrom: string;
  flatFrom: string;
  shadeInRate: string;
  flatRate: string;
  shadeOutRate: string;
}

export interface MedicareAdjustmentConstants {
  familyThresholdBase: string;
  familyThresholdPerChild: string;
  scale2: MedicareAdjustmentScale;
  scale6: MedicareAdjustmentScale;
}

export interface MaximumContributionBase {
  amount: string;
  per: 'quarter' | 'year';
}

/** NES entitlements as weeks per 52 weeks of ordinary hours, so accrual per hour is weeks / 52 exactly. */
export interface LeaveAccrualRates {
  annualWeeksPerYear: string;
  personalWeeksPerYear: string;
}

export interface AuVersionData {
  version: string;
  effective: { from: string; to: string };
  released: boolean;
  schedule1: Schedule1Table;
  noTfnRates: { resident: string; foreignResident: string };
  /** Schedule 8 for the version's payments, or for those from `studyLoanEarlier.before` when that is set. */
  studyLoan: StudyLoanTable;
  /**
   * A Schedule 8 that applied to the first payments of the version's year, before `studyLoan` replaced it part-way
   * through (2025-26: the percentage schedule until 23 September 2025). `table` null: the pack does not carry it.
   */
  studyLoanEarlier?: { before: string; table: StudyLoanTable | null; source: string };
  medicareAdjustment: MedicareAdjustmentConstants;
  superGuaranteeRate: string;
  maximumContributionBase: MaximumContributionBase;
  leaveAccrual: LeaveAccrualRates;
}

export interface TaxDeclaration {
  /**
   * The ordinary scales apply: a TFN quoted, an exemption from quoting claimed, or a TFN applied for within
   * its 28 days (see tfn-declaration.ts). False: the no-TFN rate (scale 4).
   */
  tfn_provided: boolean;
  tax_free_threshold: boolean;
  residency: Residency;
  medicare_levy_exemption: MedicareLevyExemption;
  study_loan: boolean;
  /** Present only when the employee claims the Medicare levy adjustment (spouse and/or children). */
  medicare_adjustment?: { children: number } | null;
}

export type AuPayItem =
  | {
      kind: 'hours';
      /** `unpaid_leave`: hours of the period not worked and not paid (unpaid leave, a stand-down). */
      category: 'ordinary' | 'overtime' | 'leave' | 'unpaid_leave';
      hours: string;
      multiplier?: string;
      leave_type?: string;
      /** Leave loading on these leave hours, as a fraction (annual leave loading: 0.175). */
      loading?: string;
      /** Leave hours: a paid-leave type (`O`, `P`, `A`, `C`) or leave type to report them under. */
      code?: string;
      description?: string;
      /** An award line's rate per hour, paid as is (no multiplier, not the employee's rate). */
      rate?: string;
      clause?: string;
      award_line?: AwardLineKind;
    }
  | {
      kind: 'amount';
      category: 'allowance' | 'bonus' | 'deduction' | 'salary_sacrifice' | 'leave';
      amount: string;
      code?: string;
      description?: string;
      /**
       * Over how many pay periods the amount was earned (a bonus, commission or back pay): 1 withholds it with the
       * period's pay; more spreads it by Schedule 5. Left out, the pay item decides (a bonus spreads over the year).
       */
      earned_over_periods?: number;
      /** A deduction: the fund or account it is paid into, as the payslip names it (Fair Work Regulations r 3.46). */
      paid_to?: string;
    };

export interface AuEmployment {
  type: 'full_time' | 'part_time' | 'casual';
  annual_salary?: string | null;
  hourly_rate?: string | null;
  hours_per_week?: string | null;
}

export interface AuPayInput {
  frequency: PayFrequency;
  /** YYYY-MM-DD: which schedule of the version applies where one changed part-way through its year (Schedule 8). */
  payment_date: string;
  employment: AuEmployment;
  tax: TaxDeclaration;
  items: AuPayItem[];
  /**
   * Qualifying earnings (OTE before salary sacrifice) already paid in the current quarter and financial year,
   * before this pay: the maximum contribution base is a limit on their total. Left out: none.
   */
  to_date?: { qualifying_earnings: { quarter: string; year: string } };
}

export type AuPayLineType =
  | 'ordinary_pay'
  | 'overtime'
  | 'allowance'
  | 'bonus'
  | 'leave'
  | 'salary_sacrifice'
  | 'payg_withholding'
  | 'study_loan'
  | 'super_guarantee'
  | 'deduction';

/**
 * Earnings lines are positive; salary sacrifice, withholding and deductions are negative, so the
 * lines other than `super_guarantee` (employer-paid, informational) add up to `net`.
 */
export interface AuPayLine {
  type: AuPayLineType;
  amount: string;
  hours?: string;
  rate?: string;
  description?: string;
  /** Leave lines: the leave type of the booking (or the item's code) they pay, for the pay event's paid-leave types. */
  leave_type?: string;
  code?: string;
  /** Award lines: the award clause the hours are paid under. */
  clause?: string;
  /** An amount relating to more than one pay period: withheld by Schedule 5 as if spread over these periods. */
  withholding?: { method: 'schedule_5_method_a'; periods: number; source: string };
  /** A deduction: the fund or account it is paid into. */
  paid_to?: string;
}

export interface AuPayResult {
  scale: TaxScale;
  tax_treatment_code: string;
  hourly_rate: string;
  ordinary_hours: string;
  gross: string;
  ordinary_time_earnings: string;
  taxable_gross: string;
  payg: string;
  study_loan: string;
  tax: string;
  super_guarantee: string;
  salary_sacrifice: string;
  super_total: string;
  deductions: string;
  net: string;
  lines: AuPayLine[];
  leave_accrued: { annual_hours: string; personal_hours: string };
}
