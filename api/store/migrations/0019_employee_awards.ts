// Migration 0019_employee_awards. Released: never edited; a change is a new migration.
/* eslint-disable @typescript-eslint/no-explicit-any */
import { type Kysely, type Migration } from 'kysely';

export const migration: Migration = {
  // The modern award, classification and work state an employee is paid under (AU award interpretation).
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('employee_awards')
      .addColumn('tenant_id', 'text', (c) => c.notNull())
      .addColumn('employee_id', 'text', (c) => c.notNull())
      .addColumn('award_code', 'text', (c) => c.notNull())
      .addColumn('classification', 'text', (c) => c.notNull())
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('assigned_by', 'text', (c) => c.notNull())
      .addColumn('assigned_at', 'text', (c) => c.notNull())
      .addColumn('evidence_id', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('employee_awards_pk', ['tenant_id', 'employee_id'])
      .execute();
  },
};
