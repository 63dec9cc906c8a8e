// Leave requests, the tenant's own leave types, leave settings, bookings and balance movements.
import type { Kysely } from 'kysely';
import type { Dialect } from './db.ts';
import { insertMany } from './sql-dialect.ts';
import type {
  Database,
  LeaveBookingTable,
  LeaveMovementTable,
  LeaveRequestStatus,
  LeaveRequestTable,
  LeaveSettingsTable,
  LeaveTypeTable,
} from './schema.ts';

export interface LeaveRequestFilter {
  status?: LeaveRequestStatus;
  employeeIds?: string[];
  /** Requests ending on or after this date. */
  from?: string;
  /** Requests starting on or before this date. */
  to?: string;
  /** Paging position: requests created after (created_at, id) in list order. */
  after?: [string, string];
}

export function leaveRepo(db: Kysely<Database>, dialect: Dialect) {
  return {
    async insertLeaveRequest(row: LeaveRequestTable) {
      await db.insertInto('leave_requests').values(row).execute();
    },
    async getLeaveRequest(tenantId: string, id: string): Promise<LeaveRequestTable | undefined> {
      return db
        .selectFrom('leave_requests')
        .selectAll()
        .where('tenant_id', '=', tenantId)
        .where('id', '=', id)
        .executeTakeFirst();
    },
    async updateLeaveRequest(tenantId: string, id: string, patch: Partial<LeaveRequestTable>) {
      await db
        .updateTable('leave_requests')
        .set(patch)
        .where('tenant_id', '=', tenantId)
        .where('id', '=', id)
        .execute();
    },
    /** Requests in creation order (oldest first), `limit` of them after the paging position. */
    async listLeaveRequests(tenantId: string, f: LeaveRequestFilter, limit: number): Promise<LeaveRequestTable[]> {
      let q = db.selectFrom('leave_requests').selectAll().where('tenant_id', '=', tenantId);
      if (f.status) q = q.where('status', '=', f.status);
      if (f.employeeIds) q = q.where('employee_id', 'in', f.employeeIds.length ? f.employeeIds : ['']);
      if (f.to) q = q.where('start_date', '<=', f.to);
      if (f.from) q = q.where((eb) => eb.or([eb('end_date', '>=', f.from!), eb('start_date', '>=', f.from!)]));
      if (f.after) {
        const [at, id] = f.after;
        q = q.where((eb) => eb.or([eb('created_at', '>', at), eb.and([eb('created_at', '=', at), eb('id', '>', id)])]));
      }
      return q.orderBy('created_at').orderBy('id').limit(limit).execute();
    },
    /** An employee's pending and approved requests touching [start, end]. */
    async liveLeaveRequestsOf(
      tenantId: string,
      employeeId: string,
      start: string,
      end: string,
    ): Promise<LeaveRequestTable[]> {
      return db
        .selectFrom('leave_requests')
        .selectAll()
        .where('tenant_id', '=', tenantId)
        .where('employee_id', '=', employeeId)
        .where('status', 'in', ['pending', 'approved'])
        .where('start_date', '<=', end)
        .execute()
        .then((rows) => rows.filter((r) => (r.end_date ?? r.start_date) >= start));
    },

    async listLeaveTypes(tenantId: string): Promise<LeaveTypeTable[]> {
      return db.selectFrom('leave_types').selectAll().where('tenant_id', '=', tenantId).orderBy('code').execute();
    },
    async insertLeaveType(row: LeaveTypeTable) {
      await db.insertInto('leave_types').values(row).execute();
    },

    async leaveSettingsOf(tenantId: string, employeeIds: string[]): Promise<LeaveSettingsTable[]> {
      return db
        .selectFrom('leave_settings')
        .selectAll()
        .where('tenant_id', '=', tenantId)
        .where('employee_id', 'in', employeeIds.length ? employeeIds : [''])
        .execute();
    },
    async putLeaveSettings(row: LeaveSettingsTable) {
      await db
        .insertInto('leave_settings')
        .values(row)
        .onConflict((oc) =>
          oc
            .columns(['tenant_id', 'employee_id'])
            .doUpdateSet({ data_json: row.data_json, updated_at: row.updated_at }),
        )
        .execute();
    },

    async insertLeaveBooking(row: LeaveBookingTable) {
      await db.insertInto('leave_bookings').values(row).execute();
    },
    /** Bookings not yet riding a pay run whose start date falls in [start, end]. */
    async unpaidLeaveBookings(tenantId: string, start: string, end: string): Promise<LeaveBookingTable[]> {
      return db
        .selectFrom('leave_bookings')
        .selectAll()
        .where('tenant_id', '=', tenantId)
        .where('pay_run_id', 'is', null)
        .where('start_date', '>=', start)
        .where('start_date', '<=', end)
        .orderBy('start_date')
        .orderBy('id')
        .execute();
    },
    async leaveBookingsOf(tenantId: string, employeeIds: string[], until?: string): Promise<LeaveBookingTable[]> {
      let q = db
        .selectFrom('leave_bookings')
        .selectAll()
        .where('tenant_id', '=', tenantId)
        .where('employee_id', 'in', employeeIds.length ? employeeIds : ['']);
      if (until) q = q.where('start_date', '<=', until);
      return q.orderBy('start_date').orderBy('id').execute();
    },
    /** Bookings riding a run, or (with no run) touching [start, end]: a whole run's leave in one read. */
    async leaveBookingsFor(
      tenantId: string,
      f: { payRunId: string } | { start: string; end: string },
    ): Promise<LeaveBookingTable[]> {
      let q = db.selectFrom('leave_bookings').selectAll().where('tenant_id', '=', tenantId);
      if ('payRunId' in f) q = q.where('pay_run_id', '=', f.payRunId);
      else q = q.where('start_date', '<=', f.end).where('end_date', '>=', f.start);
      return q.orderBy('start_date').orderBy('id').execute();
    },
    async attachLeaveBookings(tenantId: string, ids: string[], payRunId: string) {
      if (!ids.length) return;
      await db
        .updateTable('leave_bookings')
        .set({ pay_run_id: payRunId })
        .where('tenant_id', '=', tenantId)
        .where('id', 'in', ids)
        .execute();
    },
    /** Bookings riding a run that was deleted ride the next run covering their dates. */
    async detachLeaveBookings(tenantId: string, payRunId: string) {
      await db
        .updateTable('leave_bookings')
        .set({ pay_run_id: null })
        .where('tenant_id', '=', tenantId)
        .where('pay_run_id', '=', payRunId)
        .execute();
    },

    /** The movements a run made (its accruals and a leaver's payout), oldest first. */
    leaveMovementsOfRun: (tenantId: string, payRunId: string): Promise<LeaveMovementTable[]> =>
      db
        .selectFrom('leave_movements')
        .selectAll()
        .where('tenant_id', '=', tenantId)
        .where('pay_run_id', '=', payRunId)
        .orderBy('created_at')
        .orderBy('id')
        .execute(),
    async insertLeaveMovements(rows: LeaveMovementTable[]) {
      // A finalised run accrues several movements for each of its employees.
      await insertMany(db, dialect, 'leave_movements', rows);
    },
    /** Movements of these employees (all of the tenant's with no list) effective on or before `until`. */
    async leaveMovementsOf(
      tenantId: string,
      employeeIds: string[] | null,
      until: string,
    ): Promise<LeaveMovementTable[]> {
      let q = db
        .selectFrom('leave_movements')
        .selectAll()
        .where('tenant_id', '=', tenantId)
        .where('effective_date', '<=', until);
      if (employeeIds) q = q.where('employee_id', 'in', employeeIds.length ? employeeIds : ['']);
      return q.orderBy('effective_date').orderBy('created_at').orderBy('id').execute();
    },
  };
}
