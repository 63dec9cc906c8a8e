// Asynchronous finalisation (the DE engine): the run shows `finalising` with job progress while
// each entry is committed with its own evidence record; entries become readable when it completes.
// A process that stops mid-job resumes it at boot, continuing after the entries already committed.
// Every step, the completion and a failure each go through the unit of work with their evidence.
import type { AppDeps } from './deps.ts';
import { UseCaseContext } from './use-case.ts';
import { runCommand } from './unit-of-work.ts';
import { appendEvidence, newEvidenceId } from './evidence.ts';
import { jobOfRun, resultOf, totalsOfRun, type Job } from './pay-run-model.ts';
import type { PayRunTable } from '../store/schema.ts';

const CHUNK = 200;
const running = new Set<string>();

/** Starts the finalise job of a run the use case has just committed as `finalising`. */
export function scheduleFinaliseJob(uc: UseCaseContext, runId: string): void {
  scheduleJob(uc.deps, runId, uc.requireTenant().mock);
}

function scheduleJob(deps: AppDeps, runId: string, mock: boolean): void {
  if (running.has(runId)) return;
  running.add(runId);
  setImmediate(() => {
    runFinaliseJob(deps, runId, mock)
      .catch((err) => deps.logger.error({ err, pay_run_id: runId }, 'finalise job failed'))
      .finally(() => running.delete(runId));
  });
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

async function runFinaliseJob(deps: AppDeps, runId: string, mock: boolean): Promise<void> {
  const { store, clock } = deps;
  const run = (await store.repos.runsInStatus('finalising')).find((p) => p.id === runId);
  const job = run && jobOfRun(run);
  if (!run || !job) return;
  const { uc, actor, chain } = jobContext(deps, run, job, mock);
  try {
    const pending = (await store.repos.listEntries(runId)).filter((e) => !e.evidence_id);
    let done = job.total - pending.length;
    for (let i = 0; i < pending.length; i += CHUNK) {
      // One transaction per chunk: each entry's record is part of the chunk's change.
      await store.transaction(async (r) => {
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
      });
    }
    await runCommand(uc, async (r) => {
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
    const error = 'The engine job failed; finalise again to retry.';
    await runCommand(uc, async (r) => {
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

export async function resumeFinaliseJobs(deps: AppDeps, isMock: (tenantId: string) => Promise<boolean>): Promise<void> {
  for (const run of await deps.store.repos.runsInStatus('finalising'))
    scheduleJob(deps, run.id, await isMock(run.tenant_id));
}
