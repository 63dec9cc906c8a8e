// National Employment Standards leave accrual: progressive, per ordinary hour (paid leave included).
import { D, type Dec } from '../../lib/money.ts';
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
  const hours = employmentType === 'casual' ? new D(0) : ordinaryHours;
  const perHour = (weeks: string) =>
    hours.times(weeks).div(52).toDecimalPlaces(HOURS_DP, D.ROUND_HALF_UP).toFixed(HOURS_DP);
  return { annual_hours: perHour(rates.annualWeeksPerYear), personal_hours: perHour(rates.personalWeeksPerYear) };
}

/** Annual (4/52 h) and personal/carer's (1/26 h) leave earned for the ordinary hours of one pay. */
export function accrueLeave(version: string, ordinaryHours: string, employmentType: EmploymentType): LeaveAccrual {
  return accrueLeaveWithRates(
    getAuVersion(version).leaveAccrual,
    parseQuantity(ordinaryHours, 'ordinary_hours'),
    employmentType,
  );
}
