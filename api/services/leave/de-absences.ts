// DE leave in pay: the days of each absence within the period; those the employer does not pay reduce the pay.
import type { Repos } from '../../store/index.ts';
import type { PayRunTable } from '../../store/schema.ts';
import type { PayItem } from '../../engines/types.ts';
import type { UseCaseContext } from '../platform/use-case.ts';
import type { LeaveTypeRow } from '../../packs/leave/master-types.ts';
import { continuedPayDays, workingDays } from '../../packs/de/index.ts';
import { daysBetween } from '../../lib/dates.ts';
import { reachableEmployee, workingDaysPerWeek } from './leave-people.ts';

/** Pushes each employee's absence items (`source: 'leave'`) of the run's period. */
export async function deAbsenceItems(
  uc: UseCaseContext,
  r: Repos,
  run: Pick<PayRunTable, 'id' | 'period_start' | 'period_end'>,
  catalogue: Map<string, LeaveTypeRow>,
  push: (employeeId: string, item: PayItem) => void,
  employeeIds?: string[],
): Promise<void> {
  const t = uc.requireTenant();
  const wanted = employeeIds ? new Set(employeeIds) : null;
  const bookings = (await r.leaveBookingsFor(t.tenant.id, { start: run.period_start, end: run.period_end })).filter(
    (b) => !wanted || wanted.has(b.employee_id),
  );
  if (!bookings.length) return;
  // Sickness counts its six weeks from the start of the incapacity, which may lie before the period.
  const sickIds = [...new Set(bookings.filter((b) => b.leave_type === 'sick').map((b) => b.employee_id))];
  const allSick = sickIds.length
    ? (await r.leaveBookingsOf(t.tenant.id, sickIds, run.period_end)).filter((b) => b.leave_type === 'sick')
    : [];
  const people = new Map<string, number>();
  for (const id of new Set(bookings.map((b) => b.employee_id))) {
    const who = await reachableEmployee(uc, r, id, run.period_end).catch(() => null);
    people.set(id, who ? workingDaysPerWeek(who.data) : 5);
  }
  for (const b of bookings) {
    const perWeek = people.get(b.employee_id) ?? 5;
    const periodDays = workingDays(run.period_start, run.period_end, perWeek);
    const from = b.start_date > run.period_start ? b.start_date : run.period_start;
    const to = b.end_date < run.period_end ? b.end_date : run.period_end;
    const days = new Set(workingDays(from, to, perWeek));
    const type = catalogue.get(b.type_code);
    let unpaid: number;
    // Calendar days without contributions from recurring pay, for the SV days (§ 23a Abs. 3 Satz 2 SGB IV).
    let uncovered: number;
    if (b.leave_type === 'sick') {
      const sick = continuedPayDays(
        allSick.filter((s) => s.employee_id === b.employee_id).map((s) => ({ start: s.start_date, end: s.end_date })),
      );
      unpaid = sick.filter((d) => !d.continued_pay && days.has(d.date)).length;
      uncovered = sick.filter((d) => !d.continued_pay && d.date >= from && d.date <= to).length;
    } else {
      unpaid = type?.paid ? 0 : days.size;
      // Kurzarbeitergeld carries contributions on the pay lost (§ 232a Abs. 2 SGB V): its days stay SV days.
      uncovered = type?.paid || b.leave_type === 'short_time' ? 0 : daysBetween(from, to) + 1;
    }
    push(b.employee_id, {
      kind: 'days',
      category: unpaid ? 'unpaid_absence' : 'absence',
      days: String(days.size),
      ...(unpaid ? { unpaid_days: String(unpaid), period_days: String(periodDays.length) } : {}),
      ...(uncovered > 0 ? { uncovered_days: String(uncovered) } : {}),
      leave_type: b.type_code,
      description: type?.name ?? b.type_code,
      date: b.start_date,
      source: 'leave',
    });
  }
}
