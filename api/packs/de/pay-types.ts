// Shapes of the per-employee period calculation shared by the stateless calculate endpoint and pay runs.

import type { DeFrequency, EmploymentCategory } from './social.ts';
import type { DeLevySettings } from './levies.ts';
import type { OneOffCeiling, OneOffYearToDate } from './one-off-ceiling.ts';

export type DePackVersion = 'DE-2025.1' | 'DE-2026.1' | 'DE-2026.2' | 'DE-2026.3' | 'DE-2026.4';

/** Bundesland codes; church tax is 8% in BY and BW, 9% elsewhere. */
export const DE_STATES = [
  'BW',
  'BY',
  'BE',
  'BB',
  'HB',
  'HH',
  'HE',
  'MV',
  'NI',
  'NW',
  'RP',
  'SL',
  'SN',
  'ST',
  'SH',
  'TH',
] as const;
export type DeState = (typeof DE_STATES)[number];

/** Recurring earnings (laufender Arbeitslohn, PAP RE4). */
export const REGULAR_EARNING_TYPES = ['salary', 'hourly', 'overtime', 'allowance'] as const;
/** One-off earnings (sonstige Bezüge, PAP SONSTB). */
export const ONE_OFF_EARNING_TYPES = ['bonus', 'one_off', 'thirteenth_salary', 'holiday_pay'] as const;

export interface DeEarning {
  type: string;
  amount: string;
}

export interface DeHealthInsurance {
  type: 'statutory' | 'private';
  /** Insurer's Zusatzbeitrag in percent; the year's average when absent. */
  additional_rate?: string | number;
  /** Private basic health and care premium per month. */
  private_premium?: string | number;
  /** Employer subsidy per month; half the premium when absent (capped either way). */
  employer_subsidy?: string | number;
}

export interface DeEmployeePayFacts {
  tax_class: 1 | 2 | 3 | 4 | 5 | 6;
  factor?: string | null;
  children?: number;
  church_tax?: boolean;
  state?: string;
  birth_year?: number | null;
  health_insurance?: DeHealthInsurance;
  care_insurance?: { childless_surcharge?: boolean; children_under_25?: number };
  pension_insurance?: boolean;
  unemployment_insurance?: boolean;
  /**
   * How a minijob's pay is taxed: the employer's 2 % flat tax (`flat`, the default) or, by the employer's
   * choice, individually by the tax class like any other job (`individual`, the PAP runs).
   */
  minijob_taxation?: 'flat' | 'individual';
  annual_allowance?: string | null;
  annual_addition?: string | null;
  ytd_regular_gross?: string | null;
}

/** What § 39b Abs. 3 EStG's expected annual wage is built from, besides this period's recurring pay. */
export interface DeAnnualWageYearToDate {
  /** Pay of the year before this period on record (opening figures, finalised runs), earlier one-off payments included. */
  on_record: string;
  /** Pay periods of the year not on record: this one, those still to come and any before the employment began. */
  periods_projected: string;
}

/** How JRE4 for the period's one-off payment was found (§ 39b Abs. 3 EStG), for the payroll officer. */
export interface DeAnnualWage {
  rule: string;
  /** JRE4: the expected annual wage without the one-off payment (earlier ones included), in euros. */
  expected_annual_wage: string;
  on_record: string;
  regular_this_period: string;
  periods_projected: string;
  projected: string;
  explanation: string;
}

export interface DePayInput {
  frequency: DeFrequency;
  earnings: DeEarning[];
  employee: DeEmployeePayFacts;
  /** DE-2026.3: the employer's U1/U2 settings for the employee's insurer (missing ones are named on the result). */
  levies?: DeLevySettings;
  /**
   * DE-2026.3: the year to date, so one-off payments are charged against the pro-rata annual ceiling (§ 23a
   * SGB IV). Without it the period stands alone: as if the employment began in it.
   */
  year_to_date?: OneOffYearToDate;
  /**
   * DE-2026.3: the year's Lohnsteuer-relevant pay on record, so a one-off payment's expected annual wage
   * (JRE4, § 39b Abs. 3 EStG) is what was paid plus the recurring pay projected over the periods not on record.
   * Without it the period's recurring pay is annualised.
   */
  annual_wage?: DeAnnualWageYearToDate;
  /**
   * A Teillohnzahlungszeitraum: the employment starts or ends within the month. `days` are the calendar days
   * employed, both the wage tax's days (daily table) and the SV-Tage (part-month.ts).
   */
  part_month?: { days: number };
}

export type DeDeductionType =
  | 'income_tax'
  | 'solidarity_surcharge'
  | 'church_tax'
  | 'health_insurance'
  | 'care_insurance'
  | 'pension_insurance'
  | 'unemployment_insurance';

export type DeEmployerCostType =
  | 'health_insurance'
  | 'care_insurance'
  | 'pension_insurance'
  | 'unemployment_insurance'
  | 'private_insurance_subsidy'
  | 'minijob_flat_tax'
  | 'u1_levy'
  | 'u2_levy'
  | 'insolvency_levy';

export interface DePayResult {
  pack: DePackVersion;
  currency: 'EUR';
  gross: string;
  net: string;
  /** Income tax + solidarity surcharge + church tax. */
  tax: string;
  /** Sum of the employee's social-insurance contributions. */
  social: string;
  /** Deductions, negative, only those that are not zero. */
  lines: { type: DeDeductionType; amount: string }[];
  /** Employer costs on top of gross, positive, only those that are not zero. */
  employer_costs: { type: DeEmployerCostType; amount: string }[];
  /** Statutory wage types, one per tax and per employee contribution, positive, non-zero only. */
  wage_types: { code: string; name: string; amount: string }[];
  /** PAP evidence, integer cents; outputs are zero when no PAP ran (Minijob flat tax). */
  pap: {
    LZZ: number;
    RE4: string;
    STKL: number;
    LSTLZZ: string;
    SOLZLZZ: string;
    BK: string;
    STS: string;
    SOLZS: string;
    BKS: string;
    /** A part month: the calendar days the daily table's figures (LZZ 4) were multiplied by. */
    days?: number;
    /** A one-off payment's expected annual wage without it, in cents (PAP input JRE4). */
    JRE4?: string;
  };
  employment_category: EmploymentCategory;
  /** DE-2026.3: the wage charged this period per branch (KV/PV, RV/AV), for the year to date. */
  sv_bases?: { kv_pv: string; rv_av: string };
  /** DE-2026.3: the employer settings a levy needs that are not on file (u1_participation, u1_rate, u2_rate). */
  levies_missing?: string[];
  /** DE-2026.3: how the one-off payments were measured against the annual ceiling (§ 23a SGB IV). */
  one_off_ceiling?: OneOffCeiling;
  /** DE-2026.3: how the expected annual wage (JRE4) of a one-off payment was found from the year on record. */
  annual_wage?: DeAnnualWage;
}
