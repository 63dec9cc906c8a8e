// DE leave balances: the annual entitlement under the BUrlG for the year of the read date, less the days taken,
// and the continued-pay days used of the six weeks in sickness (EFZG § 3).
import type { LeaveBookingTable } from '../../store/schema.ts';
import type { Included } from '../pay-runs/pay-run-calc.ts';
import { D, dec } from '../../lib/money.ts';
import { CONTINUED_PAY_DAYS, continuedPayDays, deAnnualEntitlement, workingDays } from '../../packs/de/index.ts';
import { addDays } from '../../lib/dates.ts';
import { employmentSpan, workingDaysPerWeek } from './leave-people.ts';
import { two, type BalanceDetail } from './balance-rows.ts';

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
