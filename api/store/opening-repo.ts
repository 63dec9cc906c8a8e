// Year-to-date opening figures: one row per employee and tax year, written once.
import type { Kysely } from 'kysely';
import type { Database, YearToDateOpeningTable } from './schema.ts';

export function openingRepo(db: Kysely<Database>) {
  return {
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
    /** Employees' openings of the tax years starting within the dates, earliest year first. */
    yearToDateOpenings: (tenantId: string, employeeIds: string[], fromYearStart: string, toYearStart: string) =>
      db
        .selectFrom('year_to_date_openings')
        .selectAll()
        .where('tenant_id', '=', tenantId)
        .where('employee_id', 'in', employeeIds.length ? employeeIds : [''])
        .where('tax_year_start', '>=', fromYearStart)
        .where('tax_year_start', '<=', toYearStart)
        .orderBy('tax_year_start')
        .execute(),
    async insertOpening(row: YearToDateOpeningTable) {
      await db.insertInto('year_to_date_openings').values(row).execute();
    },
  };
}
