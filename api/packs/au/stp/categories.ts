// Single Touch Payroll Phase 2 disaggregation: the categories a pay event reports amounts under. Which
// category each pay item reports under is pack data (`../pay-items.ts`), read by the pay calculation, the
// pay event and the pay-item library alike; booked leave reports by its leave category (below).

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
/**
 * Deductions STP reports: union or professional association fees (F), workplace giving (W), child support
 * deductions (D: under a deduction notice, Child Support (Registration and Collection) Act 1988 s 45) and
 * child support garnishees (G: under a garnishee notice, s 72A). ATO STP Phase 2 employer reporting
 * guidelines, "Deductions"; other after-tax deductions are not reported.
 */
export const STP_DEDUCTION_TYPES = ['F', 'W', 'D', 'G'] as const;

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
