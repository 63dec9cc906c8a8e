// Leave helpers shared by the leave elements: working days between two dates, quantities with their
// unit, and the balance a leave type draws on.
import type { LeaveBalance, LeaveRequest, LeaveType } from '../client/models.js';

const DAY = 864e5;
const t0 = (iso: string) => Date.parse(`${iso}T00:00:00Z`);
export const isoOf = (t: number) => new Date(t).toISOString().slice(0, 10);

/** Monday to Friday between two dates, inclusive (public holidays are the payroll's to know). */
export function workingDays(from: string, to: string): number {
  if (!from || !to || to < from) return 0;
  let n = 0;
  for (let t = t0(from); t <= t0(to); t += DAY) {
    const wd = new Date(t).getUTCDay();
    if (wd !== 0 && wd !== 6) n++;
  }
  return n;
}

/** The balance a type draws on (annual for cash-out, personal/carer's for sick), else none. */
export function balanceTypeOf(type: LeaveType | undefined): string | null {
  if (!type) return null;
  if (type.category === 'annual' || type.category === 'cash_out') return 'annual';
  if (type.unit === 'hours' && (type.category === 'personal' || type.category === 'sick')) return 'personal';
  if (type.category === 'long_service') return 'long_service';
  return null;
}

export const balanceFor = (balances: LeaveBalance[], employeeId: string | undefined, type: string | null) =>
  type ? balances.find((b) => b.leave_type === type && (!employeeId || b.employee_id === employeeId)) : undefined;

/** Hundredths, without a JS float ever holding money: quantities are hours or days, not amounts. */
export const q2 = (v: number) => (Math.round(v * 100) / 100).toFixed(2);

/** Whether two requests share a day. */
export const overlaps = (a: LeaveRequest, b: LeaveRequest) =>
  a.start_date <= (b.end_date ?? b.start_date) && b.start_date <= (a.end_date ?? a.start_date);
