// Migration 0026_payment_files. Released: never edited; a change is a new migration.
/* eslint-disable @typescript-eslint/no-explicit-any */
import { type Kysely, type Migration } from 'kysely';

export const migration: Migration = {
  // A run's bank file is one document: its exact bytes (sealed, as they carry full account numbers) are kept
  // so that asking again answers the same file, and a re-issue names the file it supersedes.
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('payment_files')
      .addColumn('evidence_id', 'text', (c) => c.primaryKey())
      .addColumn('tenant_id', 'text', (c) => c.notNull())
      .addColumn('pay_run_id', 'text', (c) => c.notNull())
      .addColumn('seq', 'integer', (c) => c.notNull())
      .addColumn('format', 'text', (c) => c.notNull())
      .addColumn('message_id', 'text')
      .addColumn('balancing_debit', 'integer', (c) => c.notNull())
      .addColumn('body_enc', 'text', (c) => c.notNull())
      .addColumn('sha256', 'text', (c) => c.notNull())
      .addColumn('generated_at', 'text', (c) => c.notNull())
      .addColumn('superseded_by', 'text')
      .addColumn('superseded_at', 'text')
      .execute();
    await db.schema
      .createIndex('payment_files_by_run')
      .on('payment_files')
      .columns(['tenant_id', 'pay_run_id', 'seq'])
      .unique()
      .execute();
  },
};
