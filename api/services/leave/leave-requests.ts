// Leave requests, a control-plane object: pending → approved | rejected | cancelled. Creating one writes
// nothing to the pay; approving books the absence (leave-bookings.ts) under the approval's evidence. A
// token pinned to an employee sees only that employee's requests; a data-scoped one those in its scope.
import type { Repos } from '../../store/index.ts';
import type { LeaveRequestStatus, LeaveRequestTable } from '../../store/schema.ts';
import type { UseCaseContext } from '../platform/use-case.ts';
import type { Change } from '../platform/unit-of-work.ts';
import { actorIdentity } from '../../model/caller.ts';
import { conflict, notFound, packValidationFailed, stateConflict } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { todayIn } from '../../lib/dates.ts';
import { D, dec } from '../../lib/money.ts';
import { leaveCatalogue, resolveLeaveType } from './leave-catalogue.ts';
import { coverageOf, quantityOf, type Coverage } from './leave-quote.ts';
import { reachableEmployee, reachableEmployees, requireWithinEmployment } from './leave-people.ts';
import { bookLeave } from './leave-bookings.ts';
import { DEFAULT_WORK_WEEK, workingDaysIn, type Weekday } from '../../lib/work-week.ts';
import { companyWorkWeek } from '../setup/company.ts';
import { limitingToken } from '../platform/data-scope.ts';

export interface PublicLeaveRequest {
  id: string;
  employee_id: string;
  employee_name: string;
  leave_type: string;
  start_date: string;
  end_date: string | null;
  quantity: string | null;
  unit: 'hours' | 'days';
  /** Working days the dates cover (Monday to Friday). */
  working_days: number;
  reason: string | null;
  status: LeaveRequestStatus;
  decision_note: string | null;
  decided_by: string | null;
  decided_at: string | null;
  evidence_id: string | null;
  /**
   * A pending request: the balance it draws on as it stands and whether it covers it (approval books against
   * it, and refuses it in the same words when not). Null once decided, or for a type that draws on no balance.
   */
  balance: Coverage | null;
  created_at: string;
  updated_at: string;
}

/** A request as answered; its working days counted in the employer's work week (`company.work_week`). */
export const publicLeaveRequest = (
  row: LeaveRequestTable,
  week: readonly Weekday[] = DEFAULT_WORK_WEEK,
  balance: Coverage | null = null,
): PublicLeaveRequest => ({
  id: row.id,
  employee_id: row.employee_id,
  employee_name: row.employee_name,
  leave_type: row.leave_type,
  start_date: row.start_date,
  end_date: row.end_date,
  quantity: row.quantity,
  unit: row.unit,
  working_days: workingDaysIn(row.start_date, row.end_date ?? row.start_date, week).length,
  reason: row.reason,
  status: row.status,
  decision_note: row.decision_note,
  decided_by: row.decided_by,
  decided_at: row.decided_at,
  evidence_id: row.evidence_id,
  balance,
  created_at: row.created_at,
  updated_at: row.updated_at,
});

/** A quantity as stored and shown: at least two decimals, at most four (hours are kept to 4 dp). */
function quantityText(q: number): string {
  const d = dec(String(q)).toDecimalPlaces(4, D.ROUND_HALF_UP);
  return d.decimalPlaces() <= 2 ? d.toFixed(2) : d.toFixed();
}

export interface CreateLeaveRequestInput {
  employee_id: string;
  leave_type: string;
  employee_name?: string;
  start_date: string;
  end_date?: string | null;
  quantity?: number;
  unit?: 'hours' | 'days';
  reason?: string;
}

export async function createLeaveRequest(
  uc: UseCaseContext,
  r: Repos,
  input: CreateLeaveRequestInput,
): Promise<Change<PublicLeaveRequest>> {
  const t = uc.requireTenant();
  const end = input.end_date ?? input.start_date;
  const who = await reachableEmployee(uc, r, input.employee_id, input.start_date);
  const type = await resolveLeaveType(uc, r, input.leave_type, 'leave_type', who.data);
  if (end < input.start_date)
    throw packValidationFailed([
      {
        rule: `${t.binding.pack_version}/leave/dates_reversed`,
        path: 'end_date',
        message: 'end_date is before start_date.',
      },
    ]);
  requireWithinEmployment(uc, who.data, input.start_date, end);
  const clash = await r.liveLeaveRequestsOf(t.tenant.id, who.row.id, input.start_date, end);
  if (clash.length)
    throw conflict('leave_overlap', `The dates overlap ${clash[0]!.status} leave request ${clash[0]!.id}.`, {
      conflicting_request_id: clash[0]!.id,
    });
  const at = uc.now.toISOString();
  const row: LeaveRequestTable = {
    id: newId('req_'),
    tenant_id: t.tenant.id,
    employee_id: who.row.id,
    employee_name: who.name,
    leave_type: type.code,
    start_date: input.start_date,
    end_date: input.end_date ?? null,
    quantity: input.quantity === undefined ? null : quantityText(input.quantity),
    unit: input.unit ?? type.unit,
    reason: input.reason ?? null,
    status: 'pending',
    decision_note: null,
    decided_by: null,
    decided_at: null,
    evidence_id: null,
    booking_id: null,
    requested_by: actorIdentity(uc.requireCaller()),
    created_at: at,
    updated_at: at,
  };
  await r.insertLeaveRequest(row);
  return {
    data: (await withBalances(uc, r, [row]))[0]!,
    evidence: {
      action: 'leave_request.created',
      resource: row.id,
      links: [who.row.id],
      decision: { leave_type: row.leave_type, start_date: row.start_date, end_date: end, status: 'pending' },
    },
  };
}

/** The request, or 404 when it does not exist or its employee is beyond the caller's pin or scope. */
export async function requireLeaveRequest(uc: UseCaseContext, r: Repos, id: string): Promise<LeaveRequestTable> {
  const row = await r.getLeaveRequest(uc.requireTenant().tenant.id, id);
  if (!row) throw notFound('Leave request not found.');
  const token = uc.tokenCaller();
  if (token) {
    const [who] = await reachableEmployees(uc, r, todayIn(uc.now), [row.employee_id]);
    if (!who) throw notFound('Leave request not found.');
  }
  return row;
}

export interface ListLeaveRequestsQuery {
  status?: LeaveRequestStatus;
  employee_id?: string;
  from?: string;
  to?: string;
  limit: number;
  after: [string, string] | null;
}

/** Requests the caller may see, oldest first; a pinned token sees its employee's, a scoped one those in scope. */
export async function listLeaveRequests(
  uc: UseCaseContext,
  q: ListLeaveRequestsQuery,
): Promise<{ rows: PublicLeaveRequest[]; hasMore: boolean; last: LeaveRequestTable | null }> {
  const r = uc.store.repos;
  const t = uc.requireTenant();
  let employeeIds: string[] | undefined = q.employee_id ? [q.employee_id] : undefined;
  if (limitingToken(uc)) {
    const reach = await reachableEmployees(uc, r, todayIn(uc.now), employeeIds);
    employeeIds = reach.map((w) => w.row.id);
  }
  const rows = await r.listLeaveRequests(
    t.tenant.id,
    { status: q.status, employeeIds, from: q.from, to: q.to, after: q.after ?? undefined },
    q.limit + 1,
  );
  const page = rows.slice(0, q.limit);
  return {
    rows: await withBalances(uc, r, page),
    hasMore: rows.length > q.limit,
    last: page.at(-1) ?? null,
  };
}

/** Requests as answered, each pending one with the balance it draws on (see `PublicLeaveRequest.balance`). */
export async function withBalances(
  uc: UseCaseContext,
  r: Repos,
  rows: LeaveRequestTable[],
): Promise<PublicLeaveRequest[]> {
  const week = await companyWorkWeek(uc, r);
  const pending = rows.filter((row) => row.status === 'pending');
  const ids = [...new Set(pending.map((row) => row.employee_id))];
  const people = new Map(
    (ids.length ? await reachableEmployees(uc, r, todayIn(uc.now), ids) : []).map((w) => [w.row.id, w]),
  );
  const types = new Map((await leaveCatalogue(uc, r)).map((c) => [c.code, c]));
  return Promise.all(
    rows.map(async (row) => {
      const who = people.get(row.employee_id);
      const type = types.get(row.leave_type);
      if (row.status !== 'pending' || !who || !type) return publicLeaveRequest(row, week);
      let quantity: string;
      try {
        quantity = quantityOf(uc, type, who, { ...row, quantity: row.quantity ?? undefined });
      } catch {
        // A quantity the booking would refuse (hours on a pack kept in days): approval says so itself.
        return publicLeaveRequest(row, week);
      }
      const end = row.end_date ?? row.start_date;
      return publicLeaveRequest(row, week, await coverageOf(uc, r, who, type, quantity, end));
    }),
  );
}

type Decision = 'approved' | 'rejected' | 'cancelled';

async function decide(
  uc: UseCaseContext,
  r: Repos,
  id: string,
  to: Decision,
  note: string | undefined,
  evidenceId: string,
): Promise<Change<PublicLeaveRequest>> {
  const row = await requireLeaveRequest(uc, r, id);
  if (row.status !== 'pending')
    throw stateConflict(`The leave request is ${row.status}: only a pending request can be ${to}.`, {
      request_status: row.status,
    });
  const at = uc.now.toISOString();
  const patch: Partial<LeaveRequestTable> = {
    status: to,
    decision_note: note ?? null,
    decided_by: actorIdentity(uc.requireCaller()),
    decided_at: at,
    updated_at: at,
  };
  let booking: Awaited<ReturnType<typeof bookLeave>> | null = null;
  if (to === 'approved') {
    booking = await bookLeave(
      uc,
      r,
      {
        employee_id: row.employee_id,
        leave_type: row.leave_type,
        quantity: row.quantity ?? undefined,
        unit: row.unit,
        start_date: row.start_date,
        end_date: row.end_date,
        request_id: row.id,
      },
      evidenceId,
    );
    patch.evidence_id = evidenceId;
    patch.booking_id = booking.booking.id;
    patch.quantity = booking.receipt.quantity;
    patch.unit = booking.receipt.unit;
  }
  await r.updateLeaveRequest(row.tenant_id, row.id, patch);
  const updated = { ...row, ...patch };
  return {
    data: publicLeaveRequest(updated, await companyWorkWeek(uc, r)),
    evidence: {
      action: `leave_request.${to}`,
      resource: row.id,
      links: [row.employee_id, ...(booking?.receipt.pay_run_id ? [booking.receipt.pay_run_id] : [])],
      decision: {
        from_status: 'pending',
        to_status: to,
        note: note ?? null,
        ...(booking ? { booking: booking.receipt } : {}),
      },
    },
  };
}

export const approveLeaveRequest = (uc: UseCaseContext, r: Repos, id: string, note: string | undefined, ev: string) =>
  decide(uc, r, id, 'approved', note, ev);
export const rejectLeaveRequest = (uc: UseCaseContext, r: Repos, id: string, note: string | undefined, ev: string) =>
  decide(uc, r, id, 'rejected', note, ev);
export const cancelLeaveRequest = (uc: UseCaseContext, r: Repos, id: string, note: string | undefined, ev: string) =>
  decide(uc, r, id, 'cancelled', note, ev);
