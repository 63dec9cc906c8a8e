// Asynchronous finalisation (the DE engine): the run shows `finalising` with job progress while
// each entry is committed with its own evidence record; entries become readable when it completes.
// The job is a row in the store's job table (services/platform/jobs.ts): any API process runs it, and one that takes
// it over from a process that died continues after the entries already committed.
// Every step, the completion and a failure each go through the unit of work with their evidence.
import { z } from 'zod';
import type { AppDeps } from '../platform/deps.ts';
import type { Repos } from '../../store/index.ts';
import { chainLock } from '../../store/lock-repo.ts';
import { decodeJson } from '../../lib/json-column.ts';
import { ClaimLost, enqueueJob, type JobClaim } from '../platform/jobs.ts';
import { UseCaseContext } from '../platform/use-case.ts';
import { runCommand } from '../platform/unit-of-work.ts';
import { appendEvidence, newEvidenceId } from '../governance/evidence.ts';
import { jobOfRun, resultOf, totalsOfRun, type Job } from './pay-run-model.ts';
import type { PayRunTable } from '../../store/schema.ts';

/** The pause between a finalise job's chunk transactions. */
const WRITERS_TURN_MS = 2;

const payloadSchema = z.object({ mock: z.boolean().optional() });

/** Queues the finalise job of a run the use case is committing as `finalising` (in the same transaction). */
export function queueFinaliseJob(uc: UseCaseContext, r: Repos, runId: string): Promise<void> {
  const t = uc.requireTenant();
  return enqueueJob(r, { kind: 'finalise', ref: runId, tenantId: t.tenant.id, payload: { mock: t.mock } }, uc.now);
}

function jobContext(deps: AppDeps, run: PayRunTable, job: Job, mock: boolean) {
  const actor = {
    kind: 'engine_job',
    job_id: job.id,
    key_id: null,
    user_id: null,
    role: null,
    session_id: null,
  };
  const uc = new UseCaseContext({
    deps,
    request: { method: 'JOB', path: `finalise/${run.id}`, body: { job: job.id } },
  });
  return { uc, actor, chain: { chain: run.tenant_id, mock } };
}

/**
 * Commits a finalising run's entries chunk by chunk, then the run. Resumable: a process that takes the job over
 * continues after the entries already committed, and each chunk commits only while the claim is still held.
 */
export async function runFinaliseJob(deps: AppDeps, claim: JobClaim): Promise<void> {
  const { store, clock } = deps;
  const runId = claim.job.ref;
  const mock =
    decodeJson(payloadSchema, claim.job.payload_json, `job ${claim.job.id} payload`).mock ??
    (await store.repos.listBindings(claim.job.tenant_id)).some((b) => b.engine === 'mock');
  const run = await store.repos.getPayRun(claim.job.tenant_id, runId);
  const job = run && run.status === 'finalising' ? jobOfRun(run) : null;
  if (!run || !job) {
    await store.transaction((r) => claim.finish(r, 'succeeded'));
    return;
  }
  const { uc, actor, chain } = jobContext(deps, run, job, mock);
  const locks = [chainLock(run.tenant_id)];
  try {
    const pending = (await store.repos.listEntries(runId)).filter((e) => !e.evidence_id);
    let done = job.total - pending.length;
    const CHUNK = deps.config.finaliseChunk;
    for (let i = 0; i < pending.length; i += CHUNK) {
      // One transaction per chunk: each entry's record is part of the chunk's change.
      await store.transaction(async (r) => {
        await claim.hold(r);
        for (const e of pending.slice(i, i + CHUNK)) {
          const res = resultOf(e);
          const id = newEvidenceId(mock);
          const seq = await appendEvidence(
            r,
            {
              ...chain,
              action: 'pay_run_entry.committed',
              resource: `${runId}/${e.employee_id}`,
              actor,
              reason: null,
              request: { pay_run_id: runId, employee_id: e.employee_id },
              response: res,
              decision: { gross: res.gross, tax: res.tax, social: res.social, net: res.net },
              at: clock.now(),
            },
            id,
          );
          await r.insertEvidenceLinks([
            {
              evidence_id: id,
              tenant_id: run.tenant_id,
              resource_id: `${runId}/${e.employee_id}`,
              seq,
              action: 'pay_run_entry.committed',
            },
          ]);
          await r.setEntryEvidence(runId, e.employee_id, id);
        }
        done += Math.min(CHUNK, pending.length - i);
        await r.updatePayRun(run.tenant_id, runId, {
          job_json: JSON.stringify({ ...job, progress: done }),
          updated_at: clock.now().toISOString(),
        });
      }, locks);
      // Other writers get a turn between chunks: on SQLite a writer that finds the database busy sleeps before it
      // tries again, and chunks committed back to back would keep it waiting until the whole job is done.
      await new Promise((resolve) => setTimeout(resolve, WRITERS_TURN_MS));
    }
    await runCommand(uc, async (r) => {
      await claim.hold(r);
      await claim.finish(r, 'succeeded');
      const at = clock.now().toISOString();
      const completed = { ...job, status: 'succeeded', progress: job.total, completed_at: at };
      await r.updatePayRun(run.tenant_id, runId, {
        status: 'finalised',
        finalised_at: at,
        updated_at: at,
        job_json: JSON.stringify(completed),
      });
      return {
        data: { status: 'finalised' },
        evidence: {
          ...chain,
          actor,
          action: 'pay_run.finalised',
          resource: runId,
          decision: { totals: totalsOfRun(run), job: job.id },
        },
      };
    });
  } catch (err) {
    if (err instanceof ClaimLost) throw err;
    const error = 'The engine job failed; finalise again to retry.';
    await runCommand(uc, async (r) => {
      await claim.finish(r, 'failed', error);
      await r.updatePayRun(run.tenant_id, runId, {
        status: 'approved',
        updated_at: clock.now().toISOString(),
        job_json: JSON.stringify({ ...job, status: 'failed', error }),
      });
      return {
        data: { status: 'approved' },
        evidence: {
          ...chain,
          actor,
          action: 'pay_run.finalise_failed',
          resource: runId,
          decision: { job: job.id, error },
        },
      };
    });
    throw err;
  }
}
