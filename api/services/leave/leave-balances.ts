// Leave balances. Where the pack accrues leave (AU) a balance is the sum of its movements (opening, accrual on
// each finalised run, leave taken), each carrying the evidence of the command that made it. Otherwise (DE) it is
// the year's entitlement less the days booked (de-balances.ts).
import type { Repos } from '../../store/index.ts';
import type { LeaveMovementTable } from '../../store/schema.ts';
import type { UseCaseContext } from '../platform/use-case.ts';
import type { Included } from '../pay-runs/pay-run-calc.ts';
import { D } from '../../lib/money.ts';
import { reachableEmployees } from './leave-people.ts';
import { deBalances } from './de-balances.ts';
import { two, type BalanceDetail } from './balance-rows.ts';

export type { BalanceDetail, BalanceMovement, BalanceRow } from './balance-rows.ts';

/** AU: the balances the movements make, per balance type, with their movements. */
export function auBalances(who: Included, moves: LeaveMovementTable[]): BalanceDetail[] {
  const types = ['annual', 'personal', ...(moves.some((m) => m.leave_type === 'long_service') ? ['long_service'] : [])];
  return types.map((type) => {
    const own = moves.filter((m) => m.leave_type === type);
    const used = (m: LeaveMovementTable) => m.kind === 'taken' || m.kind === 'paid_out';
    const accrued = own.filter((m) => !used(m)).reduce((a, m) => a.plus(m.quantity), new D(0));
    const taken = own.filter(used).reduce((a, m) => a.minus(m.quantity), new D(0));
    return {
      employee_id: who.row.id,
      employee_name: who.name,
      leave_type: type,
      accrued: two(accrued),
      taken: two(taken),
      balance: two(accrued.minus(taken)),
      unit: 'hours',
      movements: own.map((m) => ({
        date: m.effective_date,
        kind: m.kind,
        quantity: m.quantity,
        evidence_id: m.evidence_id,
        pay_run_id: m.pay_run_id,
      })),
    };
  });
}

export interface BalanceQuery {
  employeeId?: string;
  asOf: string;
  /** AU: only movements effective on or before this date (a payslip's balance at its period end), and openings. */
  until?: string;
}

/** Balance rows (with movements) of every employee the caller reaches, or of one. */
export async function balancesOf(uc: UseCaseContext, r: Repos, q: BalanceQuery): Promise<BalanceDetail[]> {
  const t = uc.requireTenant();
  const people = await reachableEmployees(uc, r, q.asOf, q.employeeId ? [q.employeeId] : undefined);
  const ids = people.map((p) => p.row.id);
  if (t.capabilities?.leave_accrual === 'native') {
    // Without effective dating the balance is everything recorded, leave booked for later dates included:
    // what is left to book. An opening balance is what the employee brought into Payrail, so it counts at every
    // date, a payslip of a period before its as-at date included (else that payslip shows leave taken against
    // nothing: -1.75 h against a real 150.25 h).
    const recorded = await r.leaveMovementsOf(t.tenant.id, ids, '9999-12-31');
    const moves = q.until ? recorded.filter((m) => m.kind === 'opening' || m.effective_date <= q.until!) : recorded;
    const byEmployee = group(moves, (m) => m.employee_id);
    return people.flatMap((w) => auBalances(w, byEmployee.get(w.row.id) ?? []));
  }
  // Leave booked for later in the year counts as taken: the balance is what is left to book this year.
  const bookings = await r.leaveBookingsOf(t.tenant.id, ids, `${q.asOf.slice(0, 4)}-12-31`);
  const byEmployee = group(bookings, (b) => b.employee_id);
  return people.flatMap((w) => deBalances(w, byEmployee.get(w.row.id) ?? [], q.asOf));
}

function group<T>(rows: T[], key: (row: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const row of rows) {
    const k = key(row);
    const list = out.get(k);
    if (list) list.push(row);
    else out.set(k, [row]);
  }
  return out;
}
