// Durable background jobs: enqueued inside the transaction that makes them necessary, claimed by any process.
import type { Kysely, Transaction } from 'kysely';
import type { Database, JobDocumentTable, JobTable } from './schema.ts';
import type { Dialect } from './db.ts';

export function jobRepo(db: Kysely<Database> | Transaction<Database>, dialect: Dialect) {
  return {
    async insertJob(job: JobTable) {
      await db.insertInto('jobs').values(job).execute();
    },
    /** The open (queued or running) job of this kind for `ref`, if any. */
    openJob: (kind: string, ref: string) =>
      db
        .selectFrom('jobs')
        .selectAll()
        .where('kind', '=', kind)
        .where('ref', '=', ref)
        .where('status', 'in', ['queued', 'running'])
        .executeTakeFirst(),
    /**
     * Claims the oldest job that is queued or whose claim has lapsed, for `owner` until `leaseUntil`. Call inside a
     * transaction. On PostgreSQL the row is locked and rows other processes are claiming are skipped, so two
     * processes never claim one job; on SQLite the transaction already holds the only write lock.
     */
    async claimJob(owner: string, now: string, leaseUntil: string): Promise<JobTable | undefined> {
      let q = db
        .selectFrom('jobs')
        .selectAll()
        .where((eb) =>
          eb.or([eb('status', '=', 'queued'), eb.and([eb('status', '=', 'running'), eb('lease_until', '<', now)])]),
        )
        .orderBy('created_at')
        .limit(1);
      if (dialect === 'postgres') q = q.forUpdate().skipLocked();
      const job = await q.executeTakeFirst();
      if (!job) return undefined;
      const claimed = {
        status: 'running' as const,
        owner,
        lease_until: leaseUntil,
        attempts: job.attempts + 1,
        updated_at: now,
      };
      await db.updateTable('jobs').set(claimed).where('id', '=', job.id).execute();
      return { ...job, ...claimed };
    },
    /** Extends `owner`'s claim; false when the claim is no longer its own (it lapsed and another process took it). */
    async renewJob(id: string, owner: string, now: string, leaseUntil: string): Promise<boolean> {
      const r = await db
        .updateTable('jobs')
        .set({ lease_until: leaseUntil, updated_at: now })
        .where('id', '=', id)
        .where('owner', '=', owner)
        .where('status', '=', 'running')
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },
    /** A tenant's job of this kind for `ref` (the latest), for its caller to poll. */
    jobByRef: (tenantId: string, kind: string, ref: string) =>
      db
        .selectFrom('jobs')
        .selectAll()
        .where('tenant_id', '=', tenantId)
        .where('kind', '=', kind)
        .where('ref', '=', ref)
        .orderBy('created_at', 'desc')
        .executeTakeFirst(),
    /** Records how far `owner`'s job has got, inside the step that got it there. */
    async setJobProgress(id: string, owner: string, progress: number, now: string) {
      await db
        .updateTable('jobs')
        .set({ progress, updated_at: now })
        .where('id', '=', id)
        .where('owner', '=', owner)
        .execute();
    },
    async putJobDocument(jobId: string, name: JobDocumentTable['name'], body: string) {
      await db.insertInto('job_documents').values({ job_id: jobId, name, body }).execute();
    },
    jobDocument: async (jobId: string, name: JobDocumentTable['name']) =>
      (
        await db
          .selectFrom('job_documents')
          .select('body')
          .where('job_id', '=', jobId)
          .where('name', '=', name)
          .executeTakeFirst()
      )?.body,
    async endJob(id: string, owner: string, status: 'succeeded' | 'failed', error: string | null, now: string) {
      await db
        .updateTable('jobs')
        .set({ status, error, lease_until: null, updated_at: now })
        .where('id', '=', id)
        .where('owner', '=', owner)
        .execute();
    },
  };
}
