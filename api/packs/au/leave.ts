// National Employment Standards leave accrual: progressive, per ordinary hour (paid leave included),
// plus long service leave under state and territory law where configured.
import { D, dec, type Dec } from '../../lib/money.ts';
import { parseQuantity } from './parse.ts';
import { getAuVersion } from './registry.ts';
import type { LeaveAccrualRates } from './types.ts';

export type EmploymentType = 'full_time' | 'part_time' | 'casual';

/** Accrued hours are kept to 4 decimals: a cent-level rounding would lose days over a career. */
const HOURS_DP = 4;

export interface LeaveAccrual {
  annual_hours: string;
  personal_hours: string;
}

export function accrueLeaveWithRates(
  rates: LeaveAccrualRates,
  ordinaryHours: Dec,
  employmentType: EmploymentType,
): LeaveAccrual {
  // Casuals are paid a loading instead of annual and personal leave.
  if (employmentType === 'casual' || ordinaryHours.isZero())
    return { annual_hours: '0.0000', personal_hours: '0.0000' };
  return {
    annual_hours: perHour(ordinaryHours, rates.annualWeeksPerYear),
    personal_hours: perHour(ordinaryHours, rates.personalWeeksPerYear),
  };
}

const perHour = (hours: Dec, weeks: string) =>
  hours.times(weeksOfRate(weeks)).div(52).toDecimalPlaces(HOURS_DP, D.ROUND_HALF_UP).toFixed(HOURS_DP);

// A handful of rates (the NES, a shift worker's, an employer's own) serve every employee: each is parsed once.
const parsedWeeks = new Map<string, Dec>();
function weeksOfRate(weeks: string): Dec {
  let parsed = parsedWeeks.get(weeks);
  if (!parsed) {
    if (parsedWeeks.size >= 256) parsedWeeks.clear();
    parsedWeeks.set(weeks, (parsed = dec(weeks)));
  }
  return parsed;
}

/** Annual (4/52 h) and personal/carer's (1/26 h) leave earned for the ordinary hours of one pay, at the NES or the given rates. */
export function accrueLeave(
  version: string,
  ordinaryHours: string,
  employmentType: EmploymentType,
  rates?: LeaveAccrualRates,
): LeaveAccrual {
  return accrueLeaveWithRates(
    rates ?? getAuVersion(version).leaveAccrual,
    parseQuantity(ordinaryHours, 'ordinary_hours'),
    employmentType,
  );
}

/**
 * Long service leave earned per ordinary hour by state or territory, as weeks of leave per year of service:
 * NSW (Long Service Leave Act 1955 s 4: 2 months after 10 years), VIC (Long Service Leave Act 2018 s 6:
 * 1/60 of continuous employment), QLD (Industrial Relations Act 2016 s 95: 8.6667 weeks after 10 years),
 * WA (Long Service Leave Act 1958 s 8: 8 2/3 weeks after 10 years), TAS (Long Service Leave Act 1976 s 8:
 * 8 2/3 weeks after 10 years), ACT (Long Service Leave Act 1976 s 3: 6.0667 weeks after 7 years),
 * SA (Long Service Leave Act 1987 s 5: 13 weeks after 10 years), NT (Long Service Leave Act 1981 s 8:
 * 13 weeks after 10 years). 8 2/3 weeks over 10 years and 6.0667 over 7 are both 1/60 of the hours worked;
 * 13 weeks over 10 years is 1/40.
 */
export const LONG_SERVICE_RATE: Record<string, string> = {
  NSW: '1/60',
  VIC: '1/60',
  QLD: '1/60',
  WA: '1/60',
  TAS: '1/60',
  ACT: '1/60',
  SA: '1/40',
  NT: '1/40',
};
export const LONG_SERVICE_STATES = Object.keys(LONG_SERVICE_RATE);

/** A yearly entitlement in hours for a week of `perWeek` ordinary hours (152 h for 38 h: 4 weeks). */
export interface Entitlement {
  hours: string;
  perWeek: string;
}

export interface AccrualTerms {
  /** A shift worker as defined by the award or agreement: 5 weeks of annual leave (NES s 87(1)(b)). */
  shiftWorker?: boolean;
  /** The employer's annual entitlement where it gives more than the NES (never less: s 87(1)). */
  annual?: Entitlement | null;
  /** The employer's personal/carer's entitlement where it gives more than the NES (never less: s 96(1)). */
  personal?: Entitlement | null;
}

/** NES floors as weeks of ordinary hours a year: annual leave 4 weeks (s 87(1)(a)), 5 for a shift worker (s 87(1)(b)); personal/carer's leave 10 days, 2 weeks (s 96(1)). */
export const NES_MINIMUM_WEEKS = { annual: '4', annual_shift_worker: '5', personal: '2' } as const;

const weeksOf = (e: Entitlement) => dec(e.hours).div(e.perWeek);

/**
 * The accrual rates an employee's terms give: the pack's NES weeks, raised to the employer's entitlement where it is
 * more, and to 5 weeks of annual leave for a shift worker. Every accrual (the payslip's "accrued this pay", the
 * balance written at finalise, the final pay) reads its rates here.
 */
export function accrualRatesFor(version: string, terms: AccrualTerms = {}): LeaveAccrualRates {
  const base = getAuVersion(version).leaveAccrual;
  const floor = dec(terms.shiftWorker ? NES_MINIMUM_WEEKS.annual_shift_worker : base.annualWeeksPerYear);
  const annual = terms.annual ? D.max(weeksOf(terms.annual), floor) : floor;
  const personal = terms.personal
    ? D.max(weeksOf(terms.personal), dec(base.personalWeeksPerYear))
    : dec(base.personalWeeksPerYear);
  return { annualWeeksPerYear: annual.toString(), personalWeeksPerYear: personal.toString() };
}

/**
 * Why an entitlement is below the NES, or null: annual leave less than 4 weeks of the ordinary hours (5 for a shift
 * worker), Fair Work Act 2009 s 87(1); personal/carer's leave less than 10 days (2 weeks), s 96(1). Part-time
 * employees' floors are pro rata to their ordinary hours (`perWeek`).
 */
export function entitlementBelowNes(
  kind: 'annual' | 'personal',
  e: Entitlement,
  shiftWorker = false,
): { minimum: string; section: string } | null {
  const weeks =
    kind === 'personal'
      ? NES_MINIMUM_WEEKS.personal
      : shiftWorker
        ? NES_MINIMUM_WEEKS.annual_shift_worker
        : NES_MINIMUM_WEEKS.annual;
  const minimum = dec(e.perWeek).times(weeks);
  if (!dec(e.hours).lt(minimum)) return null;
  return {
    minimum: minimum.toDecimalPlaces(2, D.ROUND_HALF_UP).toFixed(2),
    section: kind === 'personal' ? 'Fair Work Act 2009 s 96(1)' : 'Fair Work Act 2009 s 87(1)',
  };
}

export interface NesAccrualOptions {
  /** The accrual rates of the employee's terms (accrualRatesFor); the pack's NES rates without them. */
  rates?: LeaveAccrualRates;
  /** The state whose long service leave law applies; none accrues without one. */
  longServiceState?: string | null;
}

export interface NesAccrual {
  annual: string;
  personal: string;
  long_service: string | null;
}

/** One pay's accrual of annual, personal/carer's and (where configured) long service leave, in hours. */
export function accrueNesLeave(
  version: string,
  ordinaryHours: string,
  employmentType: EmploymentType,
  opts: NesAccrualOptions = {},
): NesAccrual {
  const rates = opts.rates ?? getAuVersion(version).leaveAccrual;
  const hours = parseQuantity(ordinaryHours, 'ordinary_hours');
  const nes = accrueLeaveWithRates(rates, hours, employmentType);
  const rate = opts.longServiceState ? LONG_SERVICE_RATE[opts.longServiceState] : undefined;
  let longService: string | null = null;
  if (rate) {
    // Casuals accrue long service leave too (continuous regular casual service counts in every state).
    const [n, d] = rate.split('/');
    longService = hours.times(n!).div(d!).toDecimalPlaces(HOURS_DP, D.ROUND_HALF_UP).toFixed(HOURS_DP);
  }
  return { annual: nes.annual_hours, personal: nes.personal_hours, long_service: longService };
}
