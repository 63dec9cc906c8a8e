// Migration 0032_job_progress. Released: never edited; a change is a new migration.
import type { Migration } from 'kysely';

export const migration: Migration = {
  // A job that reports how far it has got (a bulk hire: rows answered of the rows sent), for its caller to poll.
  // Jobs that keep their progress elsewhere (finalise, on the pay run) leave it null. A job's large input and
  // result (a bulk hire's checked rows and every row's answer, megabytes) are kept beside the job, not in its
  // row: the row is rewritten at every lease renewal and progress step, and a large row would be rewritten whole.
  async up(db) {
    await db.schema.alterTable('jobs').addColumn('progress', 'integer').execute();
    await db.schema.alterTable('jobs').addColumn('total', 'integer').execute();
    await db.schema
      .createTable('job_documents')
      .addColumn('job_id', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('body', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('job_documents_pk', ['job_id', 'name'])
      .execute();
  },
};
