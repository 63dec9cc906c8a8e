// AU leave types: the National Employment Standards (Fair Work Act 2009, Part 2-2) and the other master
// types, and which balance each draws on. Leave is kept in hours.
import type { LeaveTypeRow, MasterLeaveType } from '../leave/master-types.ts';
import type { EmploymentType } from './leave.ts';

const row = (
  category: MasterLeaveType,
  name: string,
  paid: boolean,
  source: string,
  code: string = category,
): LeaveTypeRow => ({
  code,
  name,
  category,
  paid,
  unit: 'hours',
  source,
});

export const AU_LEAVE_TYPES: readonly LeaveTypeRow[] = [
  row('annual', 'Annual leave', true, 'NES s 87'),
  row('personal', "Personal/carer's leave", true, 'NES s 96'),
  // Sick leave is paid personal/carer's leave taken for the employee's own illness (s 97(a)).
  row('sick', 'Sick leave', true, 'NES s 97'),
  row('compassionate', 'Compassionate leave', true, 'NES s 104'),
  // The NES preserves long service leave under state and territory law (s 113).
  row('long_service', 'Long service leave', true, 'NES s 113'),
  // Paid since 1 February 2023 (Fair Work Legislation Amendment (Secure Jobs, Better Pay) Act 2022).
  row('family_domestic_violence', 'Family and domestic violence leave', true, 'NES s 106A'),
  // Community service leave is unpaid except jury service make-up pay (s 111), which is paid as special leave.
  row('community', 'Community service leave', false, 'NES s 108'),
  row('parental', 'Unpaid parental leave', false, 'NES s 70'),
  row('maternity', 'Unpaid parental leave (birth parent)', false, 'NES s 70'),
  // A stand-down (s 524) is unpaid.
  row('short_time', 'Stand-down', false, 'FW Act s 524'),
  row('special', 'Special paid leave', true, 'employer'),
  row('unpaid', 'Unpaid leave', false, 'employer'),
  // Cashing out annual leave under an award or agreement term (s 93) pays out annual leave hours.
  row('cash_out', 'Annual leave cashed out', true, 'NES s 93'),
  row('other', 'Other paid leave', true, 'employer'),
  // Every employee may take two days of unpaid carer's leave per occasion (s 102); for casuals it is the only
  // carer's leave there is.
  row('unpaid', "Unpaid carer's leave", false, 'NES s 102', 'carers_unpaid'),
  // A casual's compassionate leave is unpaid (s 106(2)).
  row('compassionate', 'Unpaid compassionate leave', false, 'NES s 106(2)', 'compassionate_unpaid'),
];

/**
 * Why an employee of this type is not offered a leave type, or null when they are. Casuals have no paid annual
 * leave (s 86) and no paid personal/carer's leave (s 95), and take compassionate leave unpaid (s 106(2));
 * permanent employees take compassionate leave paid.
 */
export function auLeaveNotOffered(type: LeaveTypeRow, employment: EmploymentType): string | null {
  const casual = employment === 'casual';
  if (casual && (type.category === 'annual' || type.category === 'cash_out'))
    return 'Casual employees have no paid annual leave (Fair Work Act s 86).';
  if (casual && (type.category === 'personal' || type.category === 'sick'))
    return "Casual employees have no paid personal/carer's leave (Fair Work Act s 95): ask for unpaid carer's leave.";
  if (casual && type.category === 'compassionate' && type.paid)
    return 'Casual employees take compassionate leave unpaid (Fair Work Act s 106(2)).';
  if (!casual && type.code === 'compassionate_unpaid')
    return 'Compassionate leave is paid for permanent employees (Fair Work Act s 106).';
  return null;
}

/** The balance a type draws on: annual (and cash-out), personal/carer's (and sick) and long service. */
export type AuBalanceType = 'annual' | 'personal' | 'long_service';

export function auBalanceOf(category: MasterLeaveType): AuBalanceType | null {
  if (category === 'annual' || category === 'cash_out') return 'annual';
  if (category === 'personal' || category === 'sick') return 'personal';
  if (category === 'long_service') return 'long_service';
  return null;
}

/** Annual leave loading where the employee's terms grant it (most modern awards: 17.5 %). */
export const ANNUAL_LEAVE_LOADING = '0.175';
