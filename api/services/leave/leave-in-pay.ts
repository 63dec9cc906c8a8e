// Leave in pay: which bookings a pay run carries and the leave lines each employee's entry gets from them (AU hours
// on the run covering the start date; DE the days of each absence within the period, in de-absences.ts). Read by
// the pay-run steps; booking itself (leave-bookings.ts) writes through them.
import type { Repos } from '../../store/index.ts';
import type { PayRunTable } from '../../store/schema.ts';
import type { PayItem } from '../../engines/types.ts';
import type { UseCaseContext } from '../platform/use-case.ts';
import { leaveCatalogue } from './leave-catalogue.ts';
import { leaveLoadingsOf } from './leave-loading.ts';
import { deAbsenceItems } from './de-absences.ts';

/** AU: bookings waiting for a run whose period covers their start date now ride this one. */
export async function attachWaitingBookings(
  uc: UseCaseContext,
  r: Repos,
  run: Pick<PayRunTable, 'id' | 'period_start' | 'period_end'>,
): Promise<void> {
  const t = uc.requireTenant();
  if (t.capabilities?.leave_accrual !== 'native') return;
  const waiting = await r.unpaidLeaveBookings(t.tenant.id, run.period_start, run.period_end);
  await r.attachLeaveBookings(
    t.tenant.id,
    waiting.map((b) => b.id),
    run.id,
  );
}

/** The leave items each employee's entry carries in this run (marked `source: 'leave'`). */
export async function leaveItemsForRun(
  uc: UseCaseContext,
  r: Repos,
  run: Pick<PayRunTable, 'id' | 'period_start' | 'period_end'>,
  employeeIds?: string[],
): Promise<Map<string, PayItem[]>> {
  const t = uc.requireTenant();
  const out = new Map<string, PayItem[]>();
  const push = (id: string, item: PayItem) => {
    const list = out.get(id);
    if (list) list.push(item);
    else out.set(id, [item]);
  };
  const catalogue = new Map((await leaveCatalogue(uc, r)).map((c) => [c.code, c]));
  if (t.capabilities?.leave_accrual === 'native') {
    const wanted = employeeIds ? new Set(employeeIds) : null;
    const bookings = (await r.leaveBookingsFor(t.tenant.id, { payRunId: run.id })).filter(
      (b) => !wanted || wanted.has(b.employee_id),
    );
    if (!bookings.length) return out;
    const loadings = await leaveLoadingsOf(uc, r, [...new Set(bookings.map((b) => b.employee_id))]);
    for (const b of bookings) {
      const type = catalogue.get(b.type_code);
      const paid = type?.paid ?? false;
      const cashOut = b.leave_type === 'cash_out';
      // Leave cashed out is paid at least what taking it would have paid, loading included (ss 93(3), 94).
      const loading = paid && (b.leave_type === 'annual' || cashOut) ? loadings.get(b.employee_id) : null;
      const name = type?.name ?? b.type_code;
      push(b.employee_id, {
        kind: 'hours',
        category: paid ? 'leave' : 'unpaid_leave',
        hours: b.quantity,
        leave_type: b.type_code,
        description: cashOut && b.agreement_reference ? `${name} (agreement ${b.agreement_reference})` : name,
        ...(loading ? { loading: loading.fraction } : {}),
        ...(cashOut ? { cash_out: true } : {}),
        source: 'leave',
      });
    }
    return out;
  }
  await deAbsenceItems(uc, r, run, catalogue, push, employeeIds);
  return out;
}
