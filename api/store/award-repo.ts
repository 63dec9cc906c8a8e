// Employees' award assignments (AU award interpretation).
import type { Kysely, Transaction } from 'kysely';
import type { Database, EmployeeAwardTable } from './schema.ts';

export function awardRepo(db: Kysely<Database> | Transaction<Database>) {
  return {
    employeeAward: (tenantId: string, employeeId: string) =>
      db
        .selectFrom('employee_awards')
        .selectAll()
        .where('tenant_id', '=', tenantId)
        .where('employee_id', '=', employeeId)
        .executeTakeFirst(),
    employeeAwardsOf: (tenantId: string, employeeIds: string[]) =>
      employeeIds.length
        ? db
            .selectFrom('employee_awards')
            .selectAll()
            .where('tenant_id', '=', tenantId)
            .where('employee_id', 'in', employeeIds)
            .execute()
        : Promise.resolve([] as EmployeeAwardTable[]),
    async saveEmployeeAward(row: EmployeeAwardTable) {
      await db
        .deleteFrom('employee_awards')
        .where('tenant_id', '=', row.tenant_id)
        .where('employee_id', '=', row.employee_id)
        .execute();
      await db.insertInto('employee_awards').values(row).execute();
    },
  };
}
