// Migration 0007_jobs. Released: never edited; a change is a new migration.
/* eslint-disable @typescript-eslint/no-explicit-any */
import { type Kysely, type Migration } from 'kysely';

export const migration: Migration = {
  // Background work as rows any API process can claim, so a job outlives the process that started it: a
  // claim is a lease kept alive by heartbeats, and a job whose lease ran out is resumed by another process.
  // Runs left finalising by an earlier version (which kept its jobs in memory) get their job here.
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('jobs')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('ref', 'text', (c) => c.notNull())
      .addColumn('tenant_id', 'text', (c) => c.notNull())
      .addColumn('payload_json', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('owner', 'text')
      .addColumn('lease_until', 'text')
      .addColumn('attempts', 'integer', (c) => c.notNull())
      .addColumn('error', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('jobs_open').on('jobs').columns(['status', 'lease_until', 'created_at']).execute();
    await db.schema.createIndex('jobs_ref').on('jobs').columns(['kind', 'ref']).execute();
    const now = new Date().toISOString();
    const finalising = await db
      .selectFrom('pay_runs')
      .select(['id', 'tenant_id'])
      .where('status', '=', 'finalising')
      .execute();
    for (const run of finalising)
      await db
        .insertInto('jobs')
        .values({
          id: `job_${run.id}`,
          kind: 'finalise',
          ref: run.id,
          tenant_id: run.tenant_id,
          payload_json: '{}',
          status: 'queued',
          owner: null,
          lease_until: null,
          attempts: 0,
          error: null,
          created_at: now,
          updated_at: now,
        })
        .execute();
  },
};
