// What a payslip shows of leave: the leave and absences the period carries (its booked leave items) and
// the balances after the period.
import type { Repos } from '../../store/index.ts';
import type { PayRunTable } from '../../store/schema.ts';
import type { PayItem } from '../../engines/types.ts';
import type { UseCaseContext } from '../platform/use-case.ts';
import { balancesOf } from './leave-balances.ts';
import { leaveCategories } from './leave-catalogue.ts';
import { UNNAMED_LEAVE } from '../payslips/payslip-lines.ts';

export interface LeaveTaken {
  leave_type: string;
  label: string;
  quantity: string;
  unit: 'hours' | 'days';
  paid: boolean;
}

/** Each leave code's master category where the pack keeps leave (none elsewhere). */
export async function payslipLeaveCategories(
  uc: UseCaseContext,
  r: Repos,
): Promise<(code: string) => string | undefined> {
  if (uc.requireTenant().capabilities?.leave_management !== 'native') return () => undefined;
  const categories = await leaveCategories(uc, r);
  return (code) => categories.get(code);
}

/**
 * The booked leave an entry carries, as the payslip lists it (nothing when it carries none). Family and domestic
 * violence leave is left out: the payslip shows it as ordinary hours worked (Fair Work Regulations 2009 r 3.47).
 */
export function leaveTakenOf(
  items: PayItem[],
  categoryOf: (code: string) => string | undefined,
): { leave_taken?: LeaveTaken[] } {
  const unnamed = (code: string | undefined) =>
    !!code && (code === UNNAMED_LEAVE || categoryOf(code) === UNNAMED_LEAVE);
  const taken = items
    .filter((i) => i.source === 'leave' && !unnamed(i.leave_type))
    .map((i): LeaveTaken =>
      i.kind === 'days'
        ? {
            leave_type: i.leave_type ?? i.category,
            label: i.description ?? i.category,
            quantity: Number(i.days ?? 0).toFixed(2),
            unit: 'days',
            paid: !Number(i.unpaid_days ?? 0),
          }
        : {
            leave_type: i.leave_type ?? i.category,
            label: i.description ?? i.category,
            quantity: i.hours ?? '0.00',
            unit: 'hours',
            paid: i.category === 'leave',
          },
    );
  return taken.length ? { leave_taken: taken } : {};
}

/** Each employee's balances at the run's period end, where the pack keeps leave. */
export async function payslipLeave(
  uc: UseCaseContext,
  r: Repos,
  run: PayRunTable,
  employeeIds: string[],
): Promise<Map<string, { leave_type: string; balance: string; unit: 'hours' | 'days' }[]>> {
  const out = new Map<string, { leave_type: string; balance: string; unit: 'hours' | 'days' }[]>();
  if (uc.requireTenant().capabilities?.leave_management !== 'native' || !employeeIds.length) return out;
  const rows = (
    await Promise.all(
      employeeIds.map((id) => balancesOf(uc, r, { employeeId: id, asOf: run.period_end, until: run.period_end })),
    )
  ).flat();
  for (const b of rows) {
    const list = out.get(b.employee_id) ?? [];
    list.push({ leave_type: b.leave_type, balance: b.balance, unit: b.unit });
    out.set(b.employee_id, list);
  }
  return out;
}
