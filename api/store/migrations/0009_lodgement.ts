// Migration 0009_lodgement. Released: never edited; a change is a new migration.
/* eslint-disable @typescript-eslint/no-explicit-any */
import { type Kysely, type Migration } from 'kysely';

export const migration: Migration = {
  // Statutory lodgements (single-touch payroll pay events, update events and finalisation declarations)
  // with their rail status, the payload as sent (TFNs sealed) and the rail's errors and warnings.
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('lodgements')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('tenant_id', 'text', (c) => c.notNull())
      .addColumn('pay_run_id', 'text')
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('attempt', 'integer', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('rail', 'text', (c) => c.notNull())
      .addColumn('pack_version', 'text', (c) => c.notNull())
      .addColumn('financial_year', 'text', (c) => c.notNull())
      .addColumn('employee_ids_json', 'text', (c) => c.notNull())
      .addColumn('payload_json', 'text', (c) => c.notNull())
      .addColumn('payload_sha256', 'text', (c) => c.notNull())
      .addColumn('errors_json', 'text', (c) => c.notNull())
      .addColumn('warnings_json', 'text', (c) => c.notNull())
      .addColumn('receipt_evidence_id', 'text', (c) => c.notNull())
      .addColumn('response_evidence_id', 'text')
      .addColumn('submitted_at', 'text', (c) => c.notNull())
      .addColumn('processed_at', 'text')
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('lodgements_by_run')
      .on('lodgements')
      .columns(['tenant_id', 'pay_run_id', 'attempt'])
      .execute();
    await db.schema.createIndex('lodgements_by_status').on('lodgements').columns(['status']).execute();
    // What was paid after finalise, and how: one row per employee of a run's bank file.
    await db.schema
      .createTable('payments')
      .addColumn('tenant_id', 'text', (c) => c.notNull())
      .addColumn('pay_run_id', 'text', (c) => c.notNull())
      .addColumn('employee_id', 'text', (c) => c.notNull())
      .addColumn('employee_name', 'text', (c) => c.notNull())
      .addColumn('amount', 'text', (c) => c.notNull())
      .addColumn('currency', 'text', (c) => c.notNull())
      .addColumn('method', 'text', (c) => c.notNull())
      .addColumn('account_last4', 'text')
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('return_reason', 'text')
      .addColumn('file_evidence_id', 'text', (c) => c.notNull())
      .addColumn('status_evidence_id', 'text')
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('payments_pk', ['pay_run_id', 'employee_id'])
      .execute();
  },
};
