// Migration 0008_leave. Released: never edited; a change is a new migration.
/* eslint-disable @typescript-eslint/no-explicit-any */
import { type Kysely, type Migration } from 'kysely';

export const migration: Migration = {
  // Leave: requests (a control-plane object with its decision), the tenant's own leave types (aliases
  // of a master type), per-employee leave settings, bookings (absences, effective-dated) and the
  // movements every balance is the sum of (opening, accrual, taken), each carrying its evidence id.
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('leave_requests')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
      .addColumn('employee_id', 'text', (c) => c.notNull())
      .addColumn('employee_name', 'text', (c) => c.notNull())
      .addColumn('leave_type', 'text', (c) => c.notNull())
      .addColumn('start_date', 'text', (c) => c.notNull())
      .addColumn('end_date', 'text')
      .addColumn('quantity', 'text')
      .addColumn('unit', 'text', (c) => c.notNull())
      .addColumn('reason', 'text')
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('decision_note', 'text')
      .addColumn('decided_by', 'text')
      .addColumn('decided_at', 'text')
      .addColumn('evidence_id', 'text')
      .addColumn('booking_id', 'text')
      .addColumn('requested_by', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('leave_requests_tenant')
      .on('leave_requests')
      .columns(['tenant_id', 'created_at', 'id'])
      .execute();
    await db.schema
      .createIndex('leave_requests_employee')
      .on('leave_requests')
      .columns(['tenant_id', 'employee_id', 'start_date'])
      .execute();
    await db.schema
      .createTable('leave_types')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
      .addColumn('code', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('master_code', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('leave_types_code', ['tenant_id', 'code'])
      .execute();
    await db.schema
      .createTable('leave_settings')
      .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
      .addColumn('employee_id', 'text', (c) => c.notNull())
      .addColumn('data_json', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('leave_settings_pk', ['tenant_id', 'employee_id'])
      .execute();
    await db.schema
      .createTable('leave_bookings')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
      .addColumn('employee_id', 'text', (c) => c.notNull())
      .addColumn('leave_type', 'text', (c) => c.notNull())
      .addColumn('type_code', 'text', (c) => c.notNull())
      .addColumn('unit', 'text', (c) => c.notNull())
      .addColumn('quantity', 'text', (c) => c.notNull())
      .addColumn('start_date', 'text', (c) => c.notNull())
      .addColumn('end_date', 'text', (c) => c.notNull())
      .addColumn('pay_run_id', 'text')
      .addColumn('request_id', 'text')
      .addColumn('evidence_id', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('leave_bookings_employee')
      .on('leave_bookings')
      .columns(['tenant_id', 'employee_id', 'start_date'])
      .execute();
    await db.schema
      .createTable('leave_movements')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
      .addColumn('employee_id', 'text', (c) => c.notNull())
      .addColumn('leave_type', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('unit', 'text', (c) => c.notNull())
      .addColumn('quantity', 'text', (c) => c.notNull())
      .addColumn('effective_date', 'text', (c) => c.notNull())
      .addColumn('pay_run_id', 'text')
      .addColumn('booking_id', 'text')
      .addColumn('evidence_id', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('leave_movements_employee')
      .on('leave_movements')
      .columns(['tenant_id', 'employee_id', 'effective_date'])
      .execute();
  },
};
