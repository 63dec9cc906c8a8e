// Asynchronous finalisation (the DE engine): the run shows `finalising` with job progress while
// each entry is committed with its own evidence record; entries become readable when it completes.
// A process that stops mid-job resumes it at boot, continuing after the entries already committed.
import type { AppDeps } from '../http/context.ts';
import { appendEvidence } from './evidence.ts';
import { resultOf } from './pay-run-model.ts';

const CHUNK = 200;
const running = new Set<string>();

export function scheduleFinaliseJob(deps: AppDeps, runId: string, mock: boolean): void {
  if (running.has(runId)) return;
  running.add(runId);
  setImmediate(() => {
    runFinaliseJob(deps, runId, mock)
      .catch((err) => deps.logger.error({ err, pay_run_id: runId }, 'finalise job failed'))
      .finally(() => running.delete(runId));
  });
}

async function runFinaliseJob(deps: AppDeps, runId: string, mock: boolean): Promise<void> {
  const { store, clock } = deps;
  const run = (await store.repos.runsInStatus('finalising')).find((p) => p.id === runId);
  if (!run) return;
  const job = JSON.parse(run.job_json ?? '{}');
  const actor = {
    kind: 'engine_job',
    job_id: job.id ?? null,
    key_id: null,
    user_id: null,
    role: null,
    session_id: null,
  };
  try {
    const pending = (await store.repos.listEntries(runId)).filter((e) => !e.evidence_id);
    let done = job.total - pending.length;
    for (let i = 0; i < pending.length; i += CHUNK) {
      await store.transaction(async (r) => {
        for (const e of pending.slice(i, i + CHUNK)) {
          const res = resultOf(e);
          const id = await appendEvidence(r, {
            chain: run.tenant_id,
            mock,
            action: 'pay_run_entry.committed',
            resource: `${runId}/${e.employee_id}`,
            actor,
            reason: null,
            request: { pay_run_id: runId, employee_id: e.employee_id },
            response: res,
            decision: { gross: res.gross, tax: res.tax, social: res.social, net: res.net },
            at: clock.now(),
          });
          await r.setEntryEvidence(runId, e.employee_id, id);
        }
        done += Math.min(CHUNK, pending.length - i);
        await r.updatePayRun(run.tenant_id, runId, {
          job_json: JSON.stringify({ ...job, progress: done }),
          updated_at: clock.now().toISOString(),
        });
      });
    }
    await store.transaction(async (r) => {
      const at = clock.now().toISOString();
      const id = await appendEvidence(r, {
        chain: run.tenant_id,
        mock,
        action: 'pay_run.finalised',
        resource: runId,
        actor,
        reason: null,
        request: { job: job.id },
        response: { status: 'finalised' },
        decision: { totals: JSON.parse(run.totals_json), job: job.id },
        at: clock.now(),
      });
      await r.updatePayRun(run.tenant_id, runId, {
        status: 'finalised',
        finalised_at: at,
        updated_at: at,
        job_json: JSON.stringify({ ...job, status: 'succeeded', progress: job.total, completed_at: at }),
        evidence_refs_json: JSON.stringify([...JSON.parse(run.evidence_refs_json), id]),
      });
    });
  } catch (err) {
    await store.repos.updatePayRun(run.tenant_id, runId, {
      status: 'approved',
      updated_at: clock.now().toISOString(),
      job_json: JSON.stringify({ ...job, status: 'failed', error: 'The engine job failed; finalise again to retry.' }),
    });
    throw err;
  }
}

export async function resumeFinaliseJobs(deps: AppDeps, isMock: (tenantId: string) => Promise<boolean>): Promise<void> {
  for (const run of await deps.store.repos.runsInStatus('finalising'))
    scheduleFinaliseJob(deps, run.id, await isMock(run.tenant_id));
}
