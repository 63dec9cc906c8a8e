// Year-to-date opening figures: one row per employee, written once.
import type { Kysely } from 'kysely';
import type { Database, YearToDateOpeningTable } from './schema.ts';

export function openingRepo(db: Kysely<Database>) {
  return {
    getOpening: (tenantId: string, employeeId: string) =>
      db
        .selectFrom('year_to_date_openings')
        .selectAll()
        .where('tenant_id', '=', tenantId)
        .where('employee_id', '=', employeeId)
        .executeTakeFirst(),
    /** The openings of a tax year for many employees (those dated before `before`). */
    openingsOfYear: (tenantId: string, employeeIds: string[], taxYearStart: string, before: string) =>
      db
        .selectFrom('year_to_date_openings')
        .selectAll()
        .where('tenant_id', '=', tenantId)
        .where('employee_id', 'in', employeeIds.length ? employeeIds : [''])
        .where('tax_year_start', '=', taxYearStart)
        .where('as_at', '<', before)
        .execute(),
    async insertOpening(row: YearToDateOpeningTable) {
      await db.insertInto('year_to_date_openings').values(row).execute();
    },
  };
}
