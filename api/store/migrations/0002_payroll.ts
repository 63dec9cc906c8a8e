// Migration 0002_payroll. Released: never edited; a change is a new migration.
/* eslint-disable @typescript-eslint/no-explicit-any */
import { type Kysely, type Migration, sql } from 'kysely';

export const migration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('cost_centres')
      .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
      .addColumn('code', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('parent_code', 'text')
      .addColumn('gl_account', 'text')
      .addColumn('site', 'text')
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('cost_centres_pk', ['tenant_id', 'code'])
      .execute();
    await db.schema
      .createTable('cost_centre_mappings')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
      .addColumn('source', 'text', (c) => c.notNull())
      .addColumn('attribute', 'text', (c) => c.notNull())
      .addColumn('match_value', 'text', (c) => c.notNull())
      .addColumn('cost_centre_code', 'text', (c) => c.notNull())
      .addColumn('priority', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('employees')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
      .addColumn('engine_ref', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('first_name', 'text', (c) => c.notNull())
      .addColumn('last_name', 'text', (c) => c.notNull())
      .addColumn('cost_centre_code', 'text')
      .addColumn('site', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('employees_tenant')
      .on('employees')
      .columns(['tenant_id', 'last_name', 'first_name', 'id'])
      .execute();
    await db.schema
      .createTable('employee_versions')
      .addColumn('employee_id', 'text', (c) => c.notNull().references('employees.id'))
      .addColumn('tenant_id', 'text', (c) => c.notNull())
      .addColumn('effective_from', 'text', (c) => c.notNull())
      .addColumn('seq', 'integer', (c) => c.notNull())
      .addColumn('data_json', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('employee_versions_pk', ['employee_id', 'effective_from', 'seq'])
      .execute();
    await db.schema
      .createIndex('employee_versions_tenant')
      .on('employee_versions')
      .columns(['tenant_id', 'effective_from'])
      .execute();
    await db.schema
      .createTable('company')
      .addColumn('tenant_id', 'text', (c) => c.primaryKey().references('tenants.id'))
      .addColumn('data_json', 'text', (c) => c.notNull())
      .addColumn('bank_json', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('pay_runs')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('pay_frequency', 'text', (c) => c.notNull())
      .addColumn('period_start', 'text', (c) => c.notNull())
      .addColumn('period_end', 'text', (c) => c.notNull())
      .addColumn('payment_date', 'text', (c) => c.notNull())
      .addColumn('pack_version', 'text', (c) => c.notNull())
      .addColumn('totals_json', 'text', (c) => c.notNull())
      .addColumn('prepared_by', 'text', (c) => c.notNull())
      .addColumn('approved_by', 'text')
      .addColumn('approval_json', 'text')
      .addColumn('job_json', 'text')
      .addColumn('validation_json', 'text')
      .addColumn('evidence_refs_json', 'text', (c) => c.notNull())
      .addColumn('finalised_at', 'text')
      .addColumn('voided_at', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('pay_runs_tenant').on('pay_runs').columns(['tenant_id', 'period_start']).execute();
    await db.schema
      .createTable('pay_run_entries')
      .addColumn('pay_run_id', 'text', (c) => c.notNull().references('pay_runs.id').onDelete('cascade'))
      .addColumn('employee_id', 'text', (c) => c.notNull())
      .addColumn('tenant_id', 'text', (c) => c.notNull())
      .addColumn('employee_name', 'text', (c) => c.notNull())
      .addColumn('cost_centre_code', 'text')
      .addColumn('site', 'text')
      .addColumn('items_json', 'text', (c) => c.notNull())
      .addColumn('input_json', 'text', (c) => c.notNull())
      .addColumn('result_json', 'text', (c) => c.notNull())
      .addColumn('evidence_id', 'text')
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('pay_run_entries_pk', ['pay_run_id', 'employee_id'])
      .execute();
    await db.schema
      .createIndex('pay_run_entries_employee')
      .on('pay_run_entries')
      .columns(['tenant_id', 'employee_id'])
      .execute();
    await sql`select 1`.execute(db);
  },
};
