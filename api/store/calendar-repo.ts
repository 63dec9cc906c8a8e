// Pay schedules, the stored part of the payroll calendar (holidays come from the packs).
import type { Kysely } from 'kysely';
import type { Database, PayScheduleTable } from './schema.ts';

export function calendarRepo(db: Kysely<Database>) {
  return {
    /** A tenant's pay schedules, oldest first (archived ones only when asked). */
    listPaySchedules: (tenantId: string, includeArchived: boolean) => {
      let q = db.selectFrom('pay_schedules').selectAll().where('tenant_id', '=', tenantId);
      if (!includeArchived) q = q.where('status', '=', 'active');
      return q.orderBy('created_at').orderBy('id').execute();
    },
    getPaySchedule: (tenantId: string, id: string) =>
      db
        .selectFrom('pay_schedules')
        .selectAll()
        .where('tenant_id', '=', tenantId)
        .where('id', '=', id)
        .executeTakeFirst(),
    async insertPaySchedule(row: PayScheduleTable) {
      await db.insertInto('pay_schedules').values(row).execute();
    },
    async updatePaySchedule(tenantId: string, id: string, patch: Partial<PayScheduleTable>) {
      await db.updateTable('pay_schedules').set(patch).where('tenant_id', '=', tenantId).where('id', '=', id).execute();
    },
  };
}
