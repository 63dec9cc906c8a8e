// Single Touch Payroll Phase 2 disaggregation: which STP category each pay-item type of the AU pack
// reports under. The pay event sums an entry's amounts by these categories; the pay-item library shows
// the same mapping to the people who set pay items up.

/** Allowance types of STP Phase 2; `OD` (other) carries a sub-type. */
export const STP_ALLOWANCE_TYPES = ['CD', 'AD', 'LD', 'MD', 'RD', 'TD', 'KN', 'QN', 'OD'] as const;
/** Sub-types of the other-allowance type `OD`. */
export const STP_OTHER_ALLOWANCE_SUBTYPES = ['G1', 'H1', 'ND', 'T1', 'U1', 'V1'] as const;
/** Paid leave types: cash out, unused leave on termination, paid parental, workers' compensation, ancillary/defence, other. */
export const STP_PAID_LEAVE_TYPES = ['C', 'U', 'P', 'W', 'A', 'O'] as const;
/** Salary sacrifice types: super, other employee benefits. */
export const STP_SALARY_SACRIFICE_TYPES = ['S', 'O'] as const;
/** Lump sum types reported through STP (A, B, D, E and W). */
export const STP_LUMP_SUM_TYPES = ['A', 'B', 'D', 'E', 'W'] as const;
/** Deductions STP reports (union fees, workplace giving); other after-tax deductions are not reported. */
export const STP_DEDUCTION_TYPES = ['F', 'W'] as const;

export type StpCategory =
  | { category: 'gross' }
  | { category: 'overtime' }
  | { category: 'bonuses_and_commissions' }
  | { category: 'directors_fees' }
  | { category: 'allowance'; type: (typeof STP_ALLOWANCE_TYPES)[number]; subtype: string | null }
  | { category: 'paid_leave'; type: (typeof STP_PAID_LEAVE_TYPES)[number] }
  | { category: 'salary_sacrifice'; type: (typeof STP_SALARY_SACRIFICE_TYPES)[number] }
  | { category: 'lump_sum'; type: (typeof STP_LUMP_SUM_TYPES)[number] }
  | { category: 'deduction'; type: (typeof STP_DEDUCTION_TYPES)[number] }
  | { category: 'not_reported' };

/** The AU pack's pay-item types (as the pay-run API names them). */
export type AuPayItemType =
  'ordinary_hours' | 'overtime' | 'leave' | 'leave_pay' | 'allowance' | 'bonus' | 'salary_sacrifice' | 'deduction';

const has = <T extends string>(list: readonly T[], v: string): v is T => (list as readonly string[]).includes(v);

/**
 * The STP category of one pay item. `code` refines it: an allowance's type (`TD`, or `OD-H1` for an
 * other allowance with its sub-type; plain `OD` or no code is `OD`/`G1`), a paid-leave type, a salary
 * sacrifice type, a bonus coded `directors_fees` or `lump_sum_<type>`, a deduction coded `F` or `W`.
 */
export function stpCategoryOf(type: AuPayItemType, code?: string | null): StpCategory {
  const c = (code ?? '').trim().toUpperCase();
  switch (type) {
    case 'ordinary_hours':
      return { category: 'gross' };
    case 'overtime':
      return { category: 'overtime' };
    case 'leave':
    case 'leave_pay':
      return { category: 'paid_leave', type: has(STP_PAID_LEAVE_TYPES, c) ? c : 'O' };
    case 'allowance': {
      const [head, sub] = c.split('-');
      if (has(STP_ALLOWANCE_TYPES, head) && head !== 'OD') return { category: 'allowance', type: head, subtype: null };
      return {
        category: 'allowance',
        type: 'OD',
        subtype: sub && has(STP_OTHER_ALLOWANCE_SUBTYPES, sub) ? sub : 'G1',
      };
    }
    case 'bonus':
      if (c === 'DIRECTORS_FEES') return { category: 'directors_fees' };
      if (c.startsWith('LUMP_SUM_')) {
        const lump = c.slice(9);
        if (has(STP_LUMP_SUM_TYPES, lump)) return { category: 'lump_sum', type: lump };
      }
      return { category: 'bonuses_and_commissions' };
    case 'salary_sacrifice':
      return { category: 'salary_sacrifice', type: c === 'O' ? 'O' : 'S' };
    case 'deduction':
      return has(STP_DEDUCTION_TYPES, c) ? { category: 'deduction', type: c } : { category: 'not_reported' };
  }
}

/** Every pay-item type of the AU pack with its default STP category (the pay-item library's table). */
export const STP_CATEGORY_TABLE: { type: AuPayItemType; stp: StpCategory }[] = (
  ['ordinary_hours', 'overtime', 'leave', 'leave_pay', 'allowance', 'bonus', 'salary_sacrifice', 'deduction'] as const
).map((type) => ({ type, stp: stpCategoryOf(type) }));

export type StpPaidLeaveType = (typeof STP_PAID_LEAVE_TYPES)[number];

/**
 * The paid-leave type a leave type (its master category) is reported under in the pay event, or null
 * for leave whose pay stays in gross. Per the ATO's STP Phase 2 employer reporting guidelines
 * ("Disaggregation of gross", paid leave): parental leave paid by the employer or as Government Paid
 * Parental Leave is `P`; leave for eligible community service, jury service or defence service is `A`;
 * leave cashed out in service is `C`; every other paid absence (annual, personal/carer's, long service,
 * compassionate, special leave, and the annual leave loading paid with leave taken) is `O`. Paid family
 * and domestic violence leave has its own rule there: it is reported the way the payslip shows it, as
 * ordinary hours in gross, so that nothing the ATO or a payslip shows reveals it (Fair Work
 * Regulations 2009 regs 3.47-3.48). Unused leave on termination (`U`) and workers' compensation (`W`)
 * come from no leave type here.
 */
export function paidLeaveTypeOfLeave(category: string): StpPaidLeaveType | null {
  switch (category) {
    case 'family_domestic_violence':
    case 'unpaid':
    case 'short_time':
      return null;
    case 'parental':
    case 'maternity':
      return 'P';
    case 'community':
      return 'A';
    case 'cash_out':
      return 'C';
    default:
      return 'O';
  }
}

/**
 * The paid-leave type of a leave pay line coded on the entry: a paid-leave type itself (`P`), or a leave
 * type (`parental`, `family_domestic_violence`); anything else is other paid leave.
 */
export function paidLeaveTypeOfCode(code: string): StpPaidLeaveType | null {
  const c = code.trim();
  if (has(STP_PAID_LEAVE_TYPES, c.toUpperCase())) return c.toUpperCase() as StpPaidLeaveType;
  return paidLeaveTypeOfLeave(c.toLowerCase());
}
