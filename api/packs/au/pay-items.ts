// The AU pack's pay-item types: every earning, allowance and deduction an entry or timesheet may name by
// code, with the Single Touch Payroll Phase 2 category it reports under and how the pack treats it. This
// is the one mapping: the pay calculation reads `ote` from here and the pay event reads `stp` from here.
// Sources: ATO, "STP Phase 2 employer reporting guidelines" (disaggregation of gross: allowance types
// CD, AD, LD, MD, RD, TD, KN, QN and OD with sub-types G1, H1, ND, T1, U1, V1; paid leave types; salary
// sacrifice types; reported deductions F, W, D and G); SGR 2009/2 for ordinary time earnings (overtime is not
// OTE; task and qualification allowances paid for ordinary hours are; expense allowances are not).
// Personal (after-tax) super contributions: the SAFF v1.0 contribution columns, ATO SuperStream alternative file format.
// Lump sums and unused leave on termination are left out: they are withheld at their own rates, which
// this pack does not calculate, so an entry cannot name them.
import type { StpCategory, AuPayItemType } from './stp/categories.ts';

export type PayItemKind = 'earning' | 'allowance' | 'deduction';

export interface AuPayItemDef {
  code: string;
  name: string;
  kind: PayItemKind;
  /** The entry item types that may carry this code; the first is used when an entry names only the code. */
  types: readonly AuPayItemType[];
  stp: StpCategory;
  /** Ordinary time earnings: super guarantee is due on it. */
  ote: boolean;
  /** Part of the pay PAYG is withheld from. */
  taxable: boolean;
  /** The item an entry of its first type means when it names no code. */
  default?: true;
  /**
   * Paid for more than one pay period (a bonus, commission or back pay): withheld by Schedule 5 (NAT 7905)
   * unless the entry line says it was earned in one period.
   */
  spread?: true;
}

const earning = (
  code: string,
  name: string,
  types: readonly AuPayItemType[],
  stp: StpCategory,
  ote: boolean,
  extra: { default?: true; spread?: true } = {},
): AuPayItemDef => ({ code, name, kind: 'earning', types, stp, ote, taxable: true, ...extra });

const allowance = (code: string, name: string, ote = false, extra: { default?: true } = {}): AuPayItemDef => {
  const [type, subtype] = code.split('-');
  return {
    code,
    name,
    kind: 'allowance',
    types: ['allowance'],
    stp: { category: 'allowance', type: type as 'OD', subtype: subtype ?? null },
    ote,
    taxable: true,
    ...extra,
  };
};

const deduction = (
  code: string,
  name: string,
  types: readonly AuPayItemType[],
  stp: StpCategory,
  extra: { default?: true } = {},
): AuPayItemDef => ({ code, name, kind: 'deduction', types, stp, ote: false, taxable: false, ...extra });

/** The code of an employee's voluntary after-tax contribution to their super fund. */
export const PERSONAL_SUPER = 'PERSONAL_SUPER';

const LEAVE = ['leave', 'leave_pay'] as const;

/**
 * STP Phase 2 categories as they stand since 1 January 2022; every released AU version reports by them.
 * Each type's default item comes first among the items of its type.
 */
const AU_PAY_ITEMS_STP2: readonly AuPayItemDef[] = [
  earning('ORDINARY', 'Ordinary hours', ['ordinary_hours'], { category: 'gross' }, true, { default: true }),
  earning('OVERTIME', 'Overtime', ['overtime'], { category: 'overtime' }, false, { default: true }),
  earning('BONUS', 'Bonus', ['bonus'], { category: 'bonuses_and_commissions' }, true, { default: true, spread: true }),
  earning('COMMISSION', 'Commission', ['bonus'], { category: 'bonuses_and_commissions' }, true, { spread: true }),
  // Back pay of ordinary hours for earlier periods of the year: reported with the gross it should have been
  // (STP Phase 2 guidelines, "Back payments"), ordinary time earnings, and withheld by Schedule 5.
  earning('BACK_PAY', 'Back pay', ['bonus'], { category: 'gross' }, true, { spread: true }),
  earning('DIRECTORS_FEES', "Directors' fees", ['bonus'], { category: 'directors_fees' }, true),
  earning('PAID_LEAVE', 'Paid leave', LEAVE, { category: 'paid_leave', type: 'O' }, true, { default: true }),
  earning('PAID_PARENTAL', 'Paid parental leave', LEAVE, { category: 'paid_leave', type: 'P' }, true),
  earning('ANCILLARY_LEAVE', 'Community service leave', LEAVE, { category: 'paid_leave', type: 'A' }, true),
  earning('LEAVE_CASH_OUT', 'Leave cashed out', ['leave_pay'], { category: 'paid_leave', type: 'C' }, true),
  earning('WORKERS_COMP', "Workers' compensation", ['leave_pay'], { category: 'paid_leave', type: 'W' }, false),
  allowance('OD-G1', 'General allowance', false, { default: true }),
  allowance('CD', 'Car allowance (cents per km)'),
  allowance('AD', 'Award transport payment'),
  allowance('LD', 'Laundry allowance'),
  allowance('MD', 'Overtime meal allowance'),
  allowance('RD', 'Travel allowance'),
  allowance('TD', 'Tool allowance'),
  allowance('KN', 'Task allowance', true),
  allowance('QN', 'Qualification allowance', true),
  allowance('OD-H1', 'Home office allowance'),
  allowance('OD-ND', 'Non-deductible expenses allowance'),
  allowance('OD-T1', 'Transport and fares allowance'),
  allowance('OD-U1', 'Uniform allowance'),
  allowance('OD-V1', 'Private vehicle allowance'),
  deduction('DEDUCTION', 'After-tax deduction', ['deduction'], { category: 'not_reported' }, { default: true }),
  deduction('UNION_FEES', 'Union fees', ['deduction'], { category: 'deduction', type: 'F' }),
  deduction('WORKPLACE_GIVING', 'Workplace giving', ['deduction'], { category: 'deduction', type: 'W' }),
  deduction('CHILD_SUPPORT_DEDUCTION', 'Child support deduction', ['deduction'], { category: 'deduction', type: 'D' }),
  deduction('CHILD_SUPPORT_GARNISHEE', 'Child support garnishee', ['deduction'], { category: 'deduction', type: 'G' }),
  // An employee's voluntary contribution from pay after tax: paid into their super fund with the employer's
  // contributions (SAFF v1.0 "Personal Contributions Amount"). Not reported through STP, which reports only
  // deduction types F, W, D and G (STP Phase 2 employer reporting guidelines, "Deductions").
  deduction(PERSONAL_SUPER, 'Personal super contribution (after tax)', ['deduction'], { category: 'not_reported' }),
  deduction(
    'SACRIFICE_SUPER',
    'Salary sacrifice to super',
    ['salary_sacrifice'],
    {
      category: 'salary_sacrifice',
      type: 'S',
    },
    { default: true },
  ),
  deduction('SACRIFICE_OTHER', 'Salary sacrifice (other benefits)', ['salary_sacrifice'], {
    category: 'salary_sacrifice',
    type: 'O',
  }),
];

/** A salary sacrifice into super (STP type S), as opposed to one for other benefits (type O). */
export const sacrificesToSuper = (d: AuPayItemDef): boolean =>
  d.stp.category === 'salary_sacrifice' && d.stp.type === 'S';

/** Each released version's pay items; a version that changes them gets its own list here. */
const BY_VERSION: Record<string, readonly AuPayItemDef[]> = {
  'AU-2024.1': AU_PAY_ITEMS_STP2,
  'AU-2025.1': AU_PAY_ITEMS_STP2,
  'AU-2026.1': AU_PAY_ITEMS_STP2,
};
const LATEST = AU_PAY_ITEMS_STP2;

/** The pay items of a pack version (the latest list for a version that has none of its own). */
export const auPayItems = (version?: string): readonly AuPayItemDef[] => (version && BY_VERSION[version]) || LATEST;

/**
 * The pay item an entry item stands for: its code when the code is one of the pack's for that type,
 * otherwise the type's default (items stored before codes were checked keep reporting by their type).
 */
export function auPayItemOf(type: AuPayItemType, code?: string | null, version?: string): AuPayItemDef {
  const list = auPayItems(version);
  const c = (code ?? '').trim().toUpperCase();
  return (
    list.find((d) => d.code === c && d.types.includes(type)) ??
    list.find((d) => d.default && d.types[0] === type) ??
    // leave_pay's default is the leave item (first type `leave`).
    list.find((d) => d.default && d.types.includes(type))!
  );
}
