// When a super guarantee contribution is due at the fund, by the pinned pack version's rule. From
// 1 July 2026 (AU-2026.1) super is paid each payday and due within 7 business days of it (20 for a new
// employee's first contribution); before that it was due 28 days after the end of the quarter.
// Business days here are Monday to Friday: public holidays (which differ by state) are not counted out.
import { getAuVersion } from './registry.ts';

export const PAYDAY_SUPER_FROM = '2026-07-01';

const addDays = (iso: string, days: number) => {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

export function addBusinessDays(iso: string, days: number): string {
  let at = iso;
  for (let left = days; left > 0;) {
    at = addDays(at, 1);
    const dow = new Date(`${at}T00:00:00Z`).getUTCDay();
    if (dow !== 0 && dow !== 6) left--;
  }
  return at;
}

/** 28 October, January, April or July: 28 days after the quarter the payment falls in. */
export function quarterlyDueDate(paymentDate: string): string {
  const [y, m] = [Number(paymentDate.slice(0, 4)), Number(paymentDate.slice(5, 7))];
  const dueMonth = Math.floor((m - 1) / 3) * 3 + 4; // Jan-Mar → 4 (April), …, Oct-Dec → 13 (January)
  return dueMonth > 12 ? `${y + 1}-01-28` : `${y}-${String(dueMonth).padStart(2, '0')}-28`;
}

export interface SuperDue {
  due_date: string;
  rule: 'payday_7_business_days' | 'payday_new_employee_20_business_days' | 'quarterly_28_days';
}

export function superDueDate(version: string, paymentDate: string, newEmployeesFirst: boolean): SuperDue {
  if (getAuVersion(version).effective.from >= PAYDAY_SUPER_FROM)
    return newEmployeesFirst
      ? { due_date: addBusinessDays(paymentDate, 20), rule: 'payday_new_employee_20_business_days' }
      : { due_date: addBusinessDays(paymentDate, 7), rule: 'payday_7_business_days' };
  return { due_date: quarterlyDueDate(paymentDate), rule: 'quarterly_28_days' };
}
