// The master leave types every country maps onto: the codes leave requests and bookings carry.

export const MASTER_LEAVE_TYPES = [
  'annual',
  'personal',
  'sick',
  'compassionate',
  'long_service',
  'family_domestic_violence',
  'community',
  'parental',
  'maternity',
  'short_time',
  'special',
  'unpaid',
  'cash_out',
  'other',
] as const;
export type MasterLeaveType = (typeof MASTER_LEAVE_TYPES)[number];

export const isMasterLeaveType = (v: string): v is MasterLeaveType =>
  (MASTER_LEAVE_TYPES as readonly string[]).includes(v);

export type LeaveUnit = 'hours' | 'days';

/** One row of a country's leave-type catalogue. */
export interface LeaveTypeRow {
  code: string;
  name: string;
  /** The master type the code counts as. */
  category: MasterLeaveType;
  paid: boolean;
  unit: LeaveUnit;
  /** Where the type comes from: the statute that grants it, or `tenant` for an employer's own type. */
  source: string;
}
