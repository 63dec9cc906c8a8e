// A finalised entry's figures summed by Single Touch Payroll category, and year-to-date sums of them.
// Read from the entry as finalised (its items and result), never recalculated.
import type { EntryResult, PayItem } from '../../engines/types.ts';
import type { StpAmounts } from '../../packs/au/stp/pay-event.ts';
import { paidLeaveTypeOfLeave, type AuPayItemType } from '../../packs/au/stp/categories.ts';
import { auPayItemOf } from '../../packs/au/pay-items.ts';
import { dec, money, sum, type Dec } from '../../lib/money.ts';

/** The pay-run API's item type of a stored pay item (its pay-item code is `base_code ?? code`). */
function itemType(i: PayItem): AuPayItemType {
  if (i.kind === 'hours')
    return i.category === 'overtime' ? 'overtime' : i.category === 'leave' ? 'leave' : 'ordinary_hours';
  if (i.category === 'leave') return 'leave_pay';
  return i.category as AuPayItemType;
}

const ZERO = '0.00';
export const emptyAmounts = (): StpAmounts => ({
  gross: ZERO,
  overtime: ZERO,
  bonuses_and_commissions: ZERO,
  directors_fees: ZERO,
  allowances: [],
  paid_leave: [],
  salary_sacrifice: [],
  lump_sums: [],
  deductions: [],
  paygw: ZERO,
  super_liability: ZERO,
  ote: ZERO,
  qualifying_earnings: ZERO,
});

type Keyed = { type: string; amount: string; subtype?: string | null };
/** Adds amounts into a typed list, one row per type (and sub-type). */
function addTo<T extends Keyed>(list: T[], row: T): T[] {
  const at = list.findIndex((x) => x.type === row.type && (x.subtype ?? null) === (row.subtype ?? null));
  if (at < 0) return [...list, row];
  const next = [...list];
  next[at] = { ...next[at], amount: money(dec(next[at].amount).plus(row.amount)) };
  return next;
}

const detailAmount = (r: EntryResult, key: string): string => {
  const v = r.detail[key];
  return typeof v === 'string' ? v : ZERO;
};

/**
 * One entry by STP category. Amount items report under their own category (allowance type, bonus,
 * directors' fees, lump sum, salary sacrifice, reported deduction); overtime is the overtime lines;
 * paid leave is the leave lines by paid-leave type (see `paidLeaveOf`); gross is what remains of the
 * taxable gross, so the categories still add up to it.
 */
export function amountsOfEntry(items: PayItem[], r: EntryResult, categories: LeaveCategories): StpAmounts {
  const out = emptyAmounts();
  let separate: Dec = dec(0);
  for (const i of items) {
    if (i.kind !== 'amount' || !i.amount) continue;
    const { stp } = auPayItemOf(itemType(i), i.base_code ?? i.code);
    const amount = money(i.amount);
    switch (stp.category) {
      case 'allowance':
        out.allowances = addTo(out.allowances, { type: stp.type, subtype: stp.subtype, amount });
        separate = separate.plus(amount);
        break;
      case 'bonuses_and_commissions':
        out.bonuses_and_commissions = money(dec(out.bonuses_and_commissions).plus(amount));
        separate = separate.plus(amount);
        break;
      case 'directors_fees':
        out.directors_fees = money(dec(out.directors_fees).plus(amount));
        separate = separate.plus(amount);
        break;
      case 'lump_sum':
        out.lump_sums = addTo(out.lump_sums, { type: stp.type, amount });
        separate = separate.plus(amount);
        break;
      case 'salary_sacrifice':
        out.salary_sacrifice = addTo(out.salary_sacrifice, { type: stp.type, amount });
        break;
      case 'deduction':
        out.deductions = addTo(out.deductions, { type: stp.type, amount });
        break;
      default:
        break; // leave pay (reported with paid leave) and unreported deductions
    }
  }
  out.overtime = money(sum(r.lines.filter((l) => l.type === 'overtime').map((l) => l.amount)));
  separate = separate.plus(out.overtime);
  out.paid_leave = paidLeaveOf(r, categories);
  separate = separate.plus(sum(out.paid_leave.map((x) => x.amount)));
  out.gross = money(dec(detailAmount(r, 'taxable_gross')).minus(separate));
  out.paygw = money(r.tax);
  out.super_liability = money(detailAmount(r, 'super_guarantee'));
  out.ote = money(detailAmount(r, 'ordinary_time_earnings'));
  out.qualifying_earnings = money(qualifyingEarningsOf(r));
  return out;
}

/**
 * Qualifying earnings of one pay (Payday Super, from 1 July 2026): the earnings the super guarantee is
 * worked out on. The AU pack's SG base is its ordinary time earnings before salary sacrifice (the
 * sacrificed amounts that would have been OTE included), which is what qualifying earnings add to OTE; a
 * pack that reports qualifying earnings of its own names them `qualifying_earnings`.
 */
function qualifyingEarningsOf(r: EntryResult): string {
  const own = r.detail.qualifying_earnings;
  return typeof own === 'string' ? own : detailAmount(r, 'ordinary_time_earnings');
}

/** A leave code (the tenant's own or a country type) to its master leave category. */
export type LeaveCategories = ReadonlyMap<string, string>;

/**
 * Paid leave by STP type: each leave line of the entry (leave hours, their loading and leave pay
 * amounts) reports under the paid-leave type of the leave it pays. Booked leave carries its leave type;
 * leave entered on the entry carries a code (a paid-leave type or a leave type) or is other paid leave.
 * Family and domestic violence leave returns no type, so its pay stays in gross.
 */
export function paidLeaveOf(r: EntryResult, categories: LeaveCategories): StpAmounts['paid_leave'] {
  let out: StpAmounts['paid_leave'] = [];
  for (const l of r.lines as (EntryResult['lines'][number] & {
    leave_type?: string;
    code?: string;
    paid_leave_type?: string;
  })[]) {
    if (l.type !== 'leave') continue;
    // A line that names its type (unused leave paid on termination: U) reports under it.
    const type = l.paid_leave_type
      ? l.paid_leave_type
      : l.leave_type
        ? paidLeaveTypeOfLeave(categories.get(l.leave_type) ?? l.leave_type)
        : paidLeaveTypeOfItem(l.code);
    if (type) out = addTo(out, { type, amount: money(l.amount) });
  }
  return out;
}

/** The paid-leave type of a leave line entered with a pay-item code (the default paid leave without one). */
function paidLeaveTypeOfItem(code: string | undefined) {
  // `leave_pay` is the type every leave item carries (cash-out and workers' compensation carry no other).
  const { stp } = auPayItemOf('leave_pay', code);
  return stp.category === 'paid_leave' ? stp.type : 'O';
}

/** Amounts added up (year to date). */
export function addAmounts(a: StpAmounts, b: StpAmounts): StpAmounts {
  const plus = (x: string, y: string) => money(dec(x).plus(y));
  let out: StpAmounts = {
    ...a,
    gross: plus(a.gross, b.gross),
    overtime: plus(a.overtime, b.overtime),
    bonuses_and_commissions: plus(a.bonuses_and_commissions, b.bonuses_and_commissions),
    directors_fees: plus(a.directors_fees, b.directors_fees),
    paygw: plus(a.paygw, b.paygw),
    super_liability: plus(a.super_liability, b.super_liability),
    ote: plus(a.ote, b.ote),
    qualifying_earnings: plus(a.qualifying_earnings, b.qualifying_earnings),
  };
  for (const x of b.allowances) out = { ...out, allowances: addTo(out.allowances, x) };
  for (const x of b.paid_leave) out = { ...out, paid_leave: addTo(out.paid_leave, x) };
  for (const x of b.salary_sacrifice) out = { ...out, salary_sacrifice: addTo(out.salary_sacrifice, x) };
  for (const x of b.lump_sums) out = { ...out, lump_sums: addTo(out.lump_sums, x) };
  for (const x of b.deductions) out = { ...out, deductions: addTo(out.deductions, x) };
  return out;
}
