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
   * through (2025-26: the percentage schedule until 23 September 2025).
   */
  studyLoanEarlier?: { before: string; table: StudyLoanTable; source: string };
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
      /**
       * Annual leave cashed out (Fair Work Act ss 92-94): paid for the hours in addition to the period's pay, as no
       * time is taken off; not ordinary hours (no leave accrues on it).
       */
      cash_out?: boolean;
      description?: string;
      /** An award line's rate per hour, paid as is (no multiplier, not the employee's rate). */
      rate?: string;
      clause?: string;
      award_line?: AwardLineKind;
      /**
       * A casual loading line's amount: hours x the casual rate rounded once, less the ordinary line (its hours x
       * its rate would round on its own and can be a cent off the casual rate the award pays).
       */
      amount?: string;
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

/** What the service knows of a leaver whose employment ends within the pay's period. */
export interface AuTermination {
  end_date: string;
  /** The STP cessation code recorded with the end of employment (V, I, D, R, F, C, T), or null. */
  cessation: string | null;
  start_date: string | null;
  /** Annual leave balance in hours at the end date, before this pay's accrual. */
  annual_leave_hours: string;
  /** Whether this pay accrues annual leave (the employee's accrual method), and at 5 weeks a year (a shift worker). */
  accrues: boolean;
  shift_worker: boolean;
  /** The annual leave loading the payout carries (a fraction) and why, or null. */
  leave_loading: { fraction: string; basis: string } | null;
  /** Long service leave balance in hours. */
  long_service_hours: string;
}

/** A pay period the employee was employed for part of: the period and the first and last day employed in it. */
export interface AuPartPeriod {
  period_start: string;
  period_end: string;
  from: string;
  to: string;
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
  /** The employee's employment ends within this pay's period: the final pay (termination.ts). */
  termination?: AuTermination;
  /** The leave accrual rates of the employee's terms (leave.ts `accrualRatesFor`); the NES rates without them. */
  leave_rates?: LeaveAccrualRates;
  /** Employed for part of the period only (a starter or a leaver): a salary is paid for those days (part-period.ts). */
  part_period?: AuPartPeriod;
}

export type AuPayLineType =
  | 'ordinary_pay'
  | 'overtime'
  | 'allowance'
  | 'bonus'
  | 'leave'
  | 'salary_sacrifice'
  | 'salary_sacrifice_other'
  | 'payg_withholding'
  | 'study_loan'
  | 'super_guarantee'
  | 'deduction'
  | 'personal_super';

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
  withholding?: { method: 'schedule_5_method_a' | 'schedule_7_marginal'; periods: number; source: string };
  /** The STP paid leave type the line reports under when its leave type does not decide it (`U`: on termination). */
  paid_leave_type?: 'U';
  /** A salary paid for part of the period: the working days paid of the period's, from and to (part-period.ts). */
  part_period?: { basis: 'working_days'; days: number; of: number; from: string; to: string };
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
  /** Salary sacrificed into super (STP type S). */
  salary_sacrifice: string;
  /** Salary sacrificed for other benefits (type O), when there is any: out of the taxable pay, not to the fund. */
  salary_sacrifice_other?: string;
  /** Voluntary after-tax contributions to the employee's fund, when there are any (part of `deductions`). */
  personal_super?: string;
  /** Everything paid into the fund: the super guarantee, salary sacrificed into super and personal contributions. */
  super_total: string;
  deductions: string;
  net: string;
  lines: AuPayLine[];
  leave_accrued: { annual_hours: string; personal_hours: string };
  /** A leaver's final pay: the unused annual leave paid out and withheld (see termination.ts). */
  termination?: {
    end_date: string;
    annual_leave_hours: string;
    amount: string;
    loading: string;
    loading_basis: string | null;
    withheld: string;
    paid_leave_type: 'U';
    source: string;
  };
}
