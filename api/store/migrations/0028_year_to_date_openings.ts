// Migration 0028_year_to_date_openings. Released: never edited; a change is a new migration.
/* eslint-disable @typescript-eslint/no-explicit-any */
import { type Kysely, type Migration } from 'kysely';

export const migration: Migration = {
  // Year-to-date figures an employer brings from its previous payroll when it moves mid-year: one per employee
  // and tax year.
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('year_to_date_openings')
      .addColumn('tenant_id', 'text', (c) => c.notNull())
      .addColumn('employee_id', 'text', (c) => c.notNull())
      .addColumn('tax_year_start', 'text', (c) => c.notNull())
      .addColumn('as_at', 'text', (c) => c.notNull())
      .addColumn('figures_json', 'text', (c) => c.notNull())
      .addColumn('evidence_id', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('year_to_date_openings_pk', ['tenant_id', 'employee_id', 'tax_year_start'])
      .execute();
  },
};
