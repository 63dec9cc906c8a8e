// The engine port: everything engine-side (calculation, validation, readiness, finalise mode) goes
// through one interface, so routes never branch on country codes.
import type { CapabilityMatrix, PackMeta, RuleViolation, PayFrequency } from '../packs/types.ts';
import type { EmployeeData } from '../model/employee.ts';
import type { AwardLineKind } from '../packs/au/awards/types.ts';
import type { AuTermination, LeaveAccrualRates } from '../packs/au/types.ts';

// What the engines' results and inputs hold of one country's pack, named here so the services above take
// them from the engine port rather than from the pack.
export type { LeaveAccrualRates } from '../packs/au/types.ts';
export type { DeAnnualWage, OneOffCeiling } from '../packs/de/index.ts';

export interface PayItem {
  /** `days`: an absence in working days (DE), with the days of it the employer does not pay. */
  kind: 'hours' | 'amount' | 'days';
  category: string; // ordinary, overtime, leave, unpaid_leave, allowance, bonus, deduction, salary_sacrifice
  hours?: string;
  /** A working-day count (DE absences): the absence's days in the period, those unpaid, the period's. */
  days?: string;
  unpaid_days?: string;
  period_days?: string;
  /**
   * DE: the absence's calendar days in the period not covered by contributions from recurring pay (unpaid,
   * or sick past continued pay), which § 23a Abs. 3 Satz 2 SGB IV leaves out of the SV days.
   */
  uncovered_days?: string;
  leave_type?: string;
  /** Leave loading on leave hours, as a fraction. */
  loading?: string;
  /** Leave hours cashed out (AU annual leave, Fair Work Act ss 92-94): paid on top, no time taken off. */
  cash_out?: boolean;
  amount?: string;
  multiplier?: string;
  /** The pay item's code (the pack's, or the tenant's own). */
  code?: string;
  /** For a tenant's own pay item: the pack pay item it is built on, which decides how it is paid and reported. */
  base_code?: string;
  description?: string;
  date?: string;
  source?: 'entry' | 'timesheet' | 'leave';
  /** An award line's own rate per hour (award interpretation): paid instead of the employee's rate x multiplier. */
  rate?: string;
  /** The award clause an award line is paid under, e.g. `MA000004 cl. 22.1`. */
  clause?: string;
  /**
   * What an award line pays: its casual loading and flat amount hours are already counted on another line. A
   * casual loading line carries its `amount` (hours x the casual rate, rounded once, less the ordinary line).
   */
  award_line?: AwardLineKind;
  /** An amount earned over more than one pay period (a bonus, commission, back pay): how many (AU Schedule 5). */
  earned_over_periods?: number;
  /** A deduction or salary sacrifice: the fund or account it is paid into (named on the payslip). */
  paid_to?: string;
}

/** One employee's result in a pay run, in the shape every consumer (entries, payslips, files) reads. */
export interface EntryResult {
  currency: string;
  gross: string;
  tax: string;
  super: string | null;
  social: string | null;
  net: string;
  lines: {
    type: string;
    amount: string;
    hours?: string;
    rate?: string;
    description?: string;
    /** AU: an amount for more than one pay period, withheld as if spread over these pays (Schedule 5). */
    withholding?: { method: string; periods: number; source: string };
    /** A salary paid for part of the period: the days paid of the period's days, and how they are counted. */
    part_period?: PartPeriodLine;
    /** DE: a salary reduced for unpaid absence, the working days not paid of the period's working days. */
    unpaid_absence?: { days: string; of: number };
    /** A leave line: the leave code it pays (the tenant's own or the country's). */
    leave_type?: string;
    /** A deduction: the fund or account it is paid into. */
    paid_to?: string;
  }[];
  wage_types: { code: string; name: string; amount: string }[] | null;
  employer_costs: { type: string; amount: string }[];
  detail: Record<string, unknown>;
}

/** What a salary line paid for part of its period says of the days (both packs use this shape). */
export interface PartPeriodLine {
  basis: 'working_days' | 'calendar_days';
  days: number;
  of: number;
  from: string;
  to: string;
}

export interface ReadinessTab {
  status: 'complete' | 'incomplete';
  missing: string[];
}
export interface Readiness {
  jurisdiction: string;
  tabs: Record<string, ReadinessTab>;
  blocks_finalise: boolean;
  unverified_requirements: string[];
  /** The unverified requirements that block finalise (nobody can be paid without them). */
  blocking: string[];
  /** Unverified requirements a statutory output waits for, each with the outputs (by kind) it blocks. */
  needed_for?: Record<string, string[]>;
}

/** One finalised entry of the employee earlier in the year (or the year before): what the year to date adds up. */
export interface YearToDateEntry {
  period_start: string;
  period_end: string;
  pay_frequency: string;
  gross: string;
  detail: Record<string, unknown>;
}

/** Figures the employer recorded as at a date for a tax year it ran before Payrail (jurisdiction-specific). */
export interface YearToDateOpening {
  tax_year_start: string;
  as_at: string;
  figures: Record<string, unknown>;
}

/**
 * What a calculation reads besides the employee and the items, for engines that ask for it
 * (`usesContext`): the run's period, the employer's settings and the employee's year to date.
 */
export interface CalcContext {
  period_start: string;
  period_end: string;
  company: Record<string, unknown>;
  /** From the start of the previous tax year up to the period, finalised runs only (voided ones left out). */
  year_to_date: { entries: YearToDateEntry[]; openings: YearToDateOpening[] };
}

/**
 * A leaver whose employment ends within the pay's period, as the service reads it: the reason, the leave left
 * at the end date (before the pay's own accrual) and the terms that decide how it is paid out.
 */
export type LeaverFacts = AuTermination;

/**
 * The employment begins or ends within the pay's period (a starter, a leaver): the first and last day of the
 * period the employee was employed, both included. A salary is paid for that part of the period only.
 */
export interface PartPeriod {
  period_start: string;
  period_end: string;
  from: string;
  to: string;
}

export interface CalcRequest {
  packVersion: string;
  /** Engines that use a context (`usesContext`) get one in a pay run. */
  context?: CalcContext;
  frequency: PayFrequency;
  /** The run's payment date: the AU TFN declaration's 28 days are counted to it. */
  paymentDate: string;
  employee: EmployeeData;
  items: PayItem[];
  /**
   * Qualifying earnings already paid in the quarter and the tax year before this pay (finalised runs and opening
   * figures): the AU maximum contribution base limits their total.
   */
  earningsToDate?: { quarter: string; year: string };
  /** The employment ends within the period: the final pay pays out the leave left (AU). */
  leaver?: LeaverFacts;
  /** AU: the leave accrual rates of the employee's terms, where they differ from the NES (leave-terms.ts). */
  leaveRates?: LeaveAccrualRates;
  /** The employee was employed for part of the period only (started or left within it). */
  partPeriod?: PartPeriod;
}

export interface Engine {
  readonly name: string;
  readonly mock: boolean;
  /** DE commits finalisation as an asynchronous engine job; AU finalises at once. */
  readonly finaliseMode: 'sync' | 'async';
  capabilities(pack: PackMeta, packVersion: string): CapabilityMatrix | null;
  validateEmployee(packVersion: string, employee: EmployeeData, mode: 'create' | 'update'): RuleViolation[];
  calculate(req: CalcRequest): EntryResult;
  readiness(packVersion: string, employee: EmployeeData): Readiness;
  /** Whether a pay run's calculation reads the employer's settings and the year to date (`CalcContext`). */
  usesContext(packVersion: string): boolean;
}

/** A usable pay rate: a salary or an hourly rate above zero. */
export const hasPayRate = (e: { annual_salary: string | null; hourly_rate: string | null }) =>
  Number(e.annual_salary ?? 0) > 0 || Number(e.hourly_rate ?? 0) > 0;
