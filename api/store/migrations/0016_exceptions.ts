// Migration 0016_exceptions. Released: never edited; a change is a new migration.
/* eslint-disable @typescript-eslint/no-explicit-any */
import { type Kysely, type Migration } from 'kysely';

export const migration: Migration = {
  // Acknowledgements of pay-run exceptions: one row per finding, replaced when acknowledged again.
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('pay_run_exception_acks')
      .addColumn('tenant_id', 'text', (c) => c.notNull())
      .addColumn('pay_run_id', 'text', (c) => c.notNull())
      .addColumn('exception_id', 'text', (c) => c.notNull())
      .addColumn('fingerprint', 'text', (c) => c.notNull())
      .addColumn('acknowledged_by', 'text', (c) => c.notNull())
      .addColumn('acknowledged_at', 'text', (c) => c.notNull())
      .addColumn('reason', 'text', (c) => c.notNull())
      .addColumn('evidence_id', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('pay_run_exception_acks_pk', ['tenant_id', 'pay_run_id', 'exception_id'])
      .execute();
  },
};
