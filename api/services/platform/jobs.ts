// Background jobs from the store's job table: any API process may claim any job, so work outlives the process
// that started it. A claim is a lease the runner renews while the job runs; a job whose process died is claimed
// again by another once its lease lapses, and resumes where the committed work ends (handlers are written to be
// resumed: each step commits with a check that the claim is still this process's).
import type { Logger } from 'pino';
import type { Repos, Store } from '../../store/index.ts';
import type { JobTable } from '../../store/schema.ts';
import { newId } from '../../lib/ids.ts';
import { Poller } from '../../lib/poller.ts';
import type { AppDeps } from './deps.ts';

/** Thrown by a step that finds its claim taken over: the job is someone else's now, so stop without a trace. */
export class ClaimLost extends Error {
  constructor(jobId: string) {
    super(`job ${jobId} was claimed by another process`);
  }
}

/** What a handler holds while it runs a job. */
export interface JobClaim {
  job: JobTable;
  /**
   * Renews the claim inside the step's transaction, so the step commits only while the job is still this
   * process's; throws ClaimLost otherwise (or when this process is stopping and hands the job back).
   */
  hold(r: Repos): Promise<void>;
  /** Marks the job finished, inside the transaction that records its outcome. */
  finish(r: Repos, status: 'succeeded' | 'failed', error?: string): Promise<void>;
}

export type JobHandler = (deps: AppDeps, claim: JobClaim) => Promise<void>;

export interface JobOptions {
  pollMs: number;
  leaseMs: number;
  logger: Logger;
}

/** Queues a job inside the caller's transaction, unless one is already open for the same kind and ref. */
export async function enqueueJob(
  r: Repos,
  job: {
    kind: string;
    ref: string;
    tenantId: string;
    payload?: Record<string, unknown>;
    total?: number;
    progress?: number;
    /** A large input (megabytes), kept beside the job's row rather than in its payload. */
    input?: unknown;
  },
  at: Date,
): Promise<void> {
  if (await r.openJob(job.kind, job.ref)) return;
  const now = at.toISOString();
  const id = newId('job_', 12);
  if (job.input !== undefined) await r.putJobDocument(id, 'input', JSON.stringify(job.input));
  await r.insertJob({
    id,
    kind: job.kind,
    ref: job.ref,
    tenant_id: job.tenantId,
    payload_json: JSON.stringify(job.payload ?? {}),
    status: 'queued',
    owner: null,
    lease_until: null,
    attempts: 0,
    error: null,
    // A job that reports its progress on itself (a bulk hire) starts at none of its total.
    ...(job.total === undefined ? {} : { progress: job.progress ?? 0, total: job.total }),
    created_at: now,
    updated_at: now,
  });
}

/** Claims and runs queued jobs. Once stopped, a job in progress hands itself back at its next step, for another process to resume. */
export class JobRunner extends Poller {
  /** This process, as the owner of the jobs it claims. */
  readonly owner = newId('wrk_', 8);
  private readonly handlers = new Map<string, JobHandler>();

  constructor(
    private readonly store: Store,
    private readonly deps: () => AppDeps,
    private readonly opts: JobOptions,
  ) {
    super(opts.pollMs);
  }

  register(kind: string, handler: JobHandler): void {
    this.handlers.set(kind, handler);
  }

  protected passFailed(err: unknown): void {
    this.opts.logger.error({ err }, 'background job pass failed; retrying at the next poll');
  }

  private lease(): { now: string; until: string } {
    const now = Date.now();
    return { now: new Date(now).toISOString(), until: new Date(now + this.opts.leaseMs).toISOString() };
  }

  protected async drain(): Promise<void> {
    while (!this.stopping) {
      let job: JobTable | undefined;
      try {
        const { now, until } = this.lease();
        job = await this.store.transaction((r) => r.claimJob(this.owner, now, until));
      } catch (err) {
        this.opts.logger.error({ err }, 'could not claim a background job; retrying at the next poll');
        return;
      }
      if (!job) return;
      await this.run(job);
    }
  }

  private async run(job: JobTable): Promise<void> {
    const handler = this.handlers.get(job.kind);
    const log = this.opts.logger.child({ job_id: job.id, kind: job.kind, ref: job.ref, attempt: job.attempts });
    let lost = false;
    // Renew the lease between steps too, so one long step cannot let it lapse.
    const heartbeat = setInterval(
      () => {
        const { now, until } = this.lease();
        this.store.repos.renewJob(job.id, this.owner, now, until).then(
          (ok) => (lost ||= !ok),
          (err: unknown) => log.warn({ err }, 'job heartbeat failed'),
        );
      },
      Math.max(50, Math.floor(this.opts.leaseMs / 3)),
    );
    heartbeat.unref();
    const claim: JobClaim = {
      job,
      hold: async (r) => {
        if (this.stopping) {
          // Hand the job back at once rather than leave it until the lease lapses.
          await this.store.repos.renewJob(job.id, this.owner, this.lease().now, this.lease().now);
          throw new ClaimLost(job.id);
        }
        const { now, until } = this.lease();
        if (lost || !(await r.renewJob(job.id, this.owner, now, until))) throw new ClaimLost(job.id);
      },
      finish: (r, status, error) => r.endJob(job.id, this.owner, status, error ?? null, this.lease().now),
    };
    try {
      if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
      await handler(this.deps(), claim);
    } catch (err) {
      if (err instanceof ClaimLost) log.info('job handed over to another process');
      else {
        log.error({ err }, 'background job failed');
        await this.store.repos.endJob(job.id, this.owner, 'failed', String(err), this.lease().now).catch(() => {});
      }
    } finally {
      clearInterval(heartbeat);
    }
  }
}
