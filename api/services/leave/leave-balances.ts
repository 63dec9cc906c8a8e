// Leave balances. On AU a balance is the sum of its movements (opening, accrual on each finalised run,
// leave taken), each carrying the evidence of the command that made it. On DE the annual entitlement
// follows the contract under the BUrlG for the year of the read date, less the days taken; sickness shows
// the continued-pay days used of the six weeks (EFZG § 3).
import type { Repos } from '../../store/index.ts';
import type { LeaveBookingTable, LeaveMovementTable } from '../../store/schema.ts';
import type { UseCaseContext } from '../platform/use-case.ts';
import type { Included } from '../pay-runs/pay-run-calc.ts';
import { D, dec, type Dec } from '../../lib/money.ts';
import { CONTINUED_PAY_DAYS, continuedPayDays, deAnnualEntitlement, workingDays } from '../../packs/de/index.ts';
import { addDays } from '../../lib/dates.ts';
import { employmentSpan, reachableEmployees, workingDaysPerWeek } from './leave-people.ts';

export interface BalanceRow {
  employee_id: string;
  employee_name: string;
  leave_type: string;
  accrued: string;
  taken: string;
  balance: string;
  unit: 'hours' | 'days';
}

export interface BalanceMovement {
  date: string;
  /** `paid_out`: the balance paid when employment ended (counted with leave taken). */
  kind: 'opening' | 'accrual' | 'taken' | 'paid_out' | 'entitlement';
  quantity: string;
  evidence_id: string | null;
  pay_run_id: string | null;
}

export interface BalanceDetail extends BalanceRow {
  movements: BalanceMovement[];
}

const two = (v: Dec) => v.toDecimalPlaces(2, D.ROUND_HALF_UP).toFixed(2);

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

/** DE: the year's annual leave entitlement less the days taken in the year, and continued pay in sickness. */
export function deBalances(who: Included, bookings: LeaveBookingTable[], asOf: string): BalanceDetail[] {
  const year = Number(asOf.slice(0, 4));
  const span = employmentSpan(who.data);
  const ent = span.start
    ? deAnnualEntitlement({
        contractDays:
          typeof who.data.extra.annual_leave_days === 'number' || typeof who.data.extra.annual_leave_days === 'string'
            ? String(who.data.extra.annual_leave_days)
            : null,
        daysPerWeek: workingDaysPerWeek(who.data),
        employmentStart: span.start,
        employmentEnd: span.end,
        year,
      })
    : null;
  // Before the waiting period is completed the full entitlement does not exist yet (BUrlG § 4).
  const entitled = ent && !(ent.basis === 'full' && ent.full_from && asOf < ent.full_from) ? dec(ent.days) : new D(0);
  const annual = bookings.filter((b) => b.leave_type === 'annual' && b.start_date.slice(0, 4) === String(year));
  const taken = annual.reduce((a, b) => a.plus(b.quantity), new D(0));
  const rows: BalanceDetail[] = [
    {
      employee_id: who.row.id,
      employee_name: who.name,
      leave_type: 'annual',
      accrued: two(entitled),
      taken: two(taken),
      balance: two(entitled.minus(taken)),
      unit: 'days',
      movements: [
        { date: `${year}-01-01`, kind: 'entitlement', quantity: two(entitled), evidence_id: null, pay_run_id: null },
        ...annual.map((b) => ({
          date: b.start_date,
          kind: 'taken' as const,
          quantity: two(dec(b.quantity).neg()),
          evidence_id: b.evidence_id,
          pay_run_id: null,
        })),
      ],
    },
  ];
  const sick = bookings.filter((b) => b.leave_type === 'sick');
  if (sick.length) {
    const days = continuedPayDays(sick.map((b) => ({ start: b.start_date, end: b.end_date }))).filter(
      (d) => d.date <= asOf,
    );
    // The incapacity in progress (or the last one): its calendar days with continued pay.
    let used = 0;
    for (let i = days.length - 1; i >= 0; i--) {
      used++;
      const prev = days[i - 1];
      if (!prev || addDays(prev.date, 1) !== days[i]!.date) break;
    }
    const paidDays = Math.min(used, CONTINUED_PAY_DAYS);
    rows.push({
      employee_id: who.row.id,
      employee_name: who.name,
      leave_type: 'sick',
      accrued: two(new D(CONTINUED_PAY_DAYS)),
      taken: two(new D(paidDays)),
      balance: two(new D(CONTINUED_PAY_DAYS - paidDays)),
      unit: 'days',
      movements: sick.map((b) => ({
        date: b.start_date,
        kind: 'taken' as const,
        quantity: two(new D(-workingDays(b.start_date, b.end_date, 7).length)),
        evidence_id: b.evidence_id,
        pay_run_id: null,
      })),
    });
  }
  return rows;
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
