// Bulk hiring: many POST employees bodies in one governed request, each row hired through the same checks as a
// single hire (intake, site and cost centre, the pack's rules, the caller's scope) and written together: batched
// inserts and one batch of evidence appends, one record per employee. A row that fails answers its own errors
// and writes nothing; the other rows go on. A large import is written by a background job the caller polls:
// its rows are checked (and their identifiers sealed) in the request, so the job holds no raw identifier.
import { z } from 'zod';
import type { Repos } from '../../store/index.ts';
import type { JobTable } from '../../store/schema.ts';
import { RejectedRow, type CreateEmployeeBody } from '../../schemas/employees.ts';
import type { ViolationView } from '../../schemas/validation.ts';
import type { AppDeps } from '../platform/deps.ts';
import type { Change } from '../platform/unit-of-work.ts';
import type { Caller } from '../../model/caller.ts';
import type { JobClaim } from '../platform/jobs.ts';
import type { EmployeeView } from './employee-view.ts';
import { UseCaseContext, type RequestRecord } from '../platform/use-case.ts';
import { HireSetting, dateParams, prepareHire, viewOf, writeHires, type PreparedHire } from './employees.ts';
import { foldPatches } from '../../model/employee.ts';
import { newEvidenceId, unchainedRecord } from '../governance/evidence.ts';
import { actorIdentity, actorOf } from '../../model/caller.ts';
import { assertClientFields, employeeBodyPolicy, redactSensitive } from '../../model/sensitive.ts';
import { enqueueJob } from '../platform/jobs.ts';
import { resolveTenant } from '../platform/tenant-context.ts';
import { violationsOf } from './draft-validation.ts';
import { jurisdictionOf } from '../../jurisdictions/index.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import { decodeJson } from '../../lib/json-column.ts';
import { chainLock } from '../../store/lock-repo.ts';
import { newId } from '../../lib/ids.ts';
import { issuesToErrors } from '../../lib/errors.ts';

/** Up to this many rows are hired in the request itself; more are written by a job the caller polls (202). */
export const BULK_HIRE_INLINE_MAX = 500;
/** Rows the job writes to a transaction: each commits with its evidence and the job's progress. */
const JOB_CHUNK = 500;
export const BULK_HIRE_JOB = 'employee_bulk_hire';

export type BulkRow = CreateEmployeeBody | RejectedRow;

/** A row's outcome: the employee hired (with its evidence record), or why the row was refused. */
export type RowResult =
  | { row: number; status: 'created'; employee: EmployeeView; evidence_id: string }
  | {
      row: number;
      status: 'refused';
      error: { code: string; status: number; message: string; errors: ViolationView[] };
    };

export interface BulkHireAnswer {
  id: string;
  status: 'queued' | 'running' | 'succeeded' | 'failed';
  total: number;
  progress: number;
  created: number | null;
  refused: number | null;
  results: RowResult[] | null;
}

/** A refused row's answer: the error the single hire would have answered, its paths under the row's place. */
function refusal(row: number, err: unknown): RowResult {
  if (!(err instanceof AppError)) throw err;
  const at = (path: string) => ['employees', String(row), path].filter(Boolean).join('.');
  const errors = (violationsOf(err) ?? [{ path: '', message: err.message, rule: null }]).map((v) => ({
    ...v,
    path: at(v.path),
  }));
  return { row, status: 'refused', error: { code: err.code, status: err.status, message: err.message, errors } };
}

/** A row ready to write: its place, the hire, and its body (for its evidence). */
interface CheckedHire {
  row: number;
  hire: PreparedHire;
  body: CreateEmployeeBody;
}

export interface Checked {
  hires: CheckedHire[];
  refused: RowResult[];
}

/** Every row through the single hire's checks, in order; a row refused is answered, never written. */
async function checkRows(uc: UseCaseContext, rows: BulkRow[], setting: HireSetting, asOf?: string): Promise<Checked> {
  const j = jurisdictionOf(uc.requireTenant().tenant.jurisdiction);
  const out: Checked = { hires: [], refused: [] };
  for (let i = 0; i < rows.length; i++) {
    const body = rows[i];
    try {
      if (body instanceof RejectedRow) {
        // As on a single hire: an identifier in the wrong field is refused before the body's shape.
        assertClientFields(body.input, employeeBodyPolicy(j, 'create'));
        const errors = issuesToErrors(body.issues);
        throw badRequest(`The employee is invalid: ${errors.map((e) => `${e.path}: ${e.message}`).join('; ')}`, errors);
      }
      out.hires.push({ row: i, hire: await prepareHire(uc, body, setting, asOf), body });
    } catch (err) {
      out.refused.push(refusal(i, err));
    }
  }
  return out;
}

/**
 * Writes checked hires with one evidence record each (`employee.created`, as a single hire records it) and
 * answers their rows' results. The view is the one a read as of `asOf` gives, built from what is written.
 */
async function writeRows(
  uc: UseCaseContext,
  r: Repos,
  hires: CheckedHire[],
  setting: HireSetting,
  asOf: string,
  decision: Record<string, unknown>,
): Promise<RowResult[]> {
  if (!hires.length) return [];
  await writeHires(
    uc,
    r,
    hires.map((h) => h.hire),
    setting,
  );
  const t = uc.requireTenant();
  const actor = uc.caller ? actorOf(uc.caller) : { kind: 'system' };
  const results: RowResult[] = [];
  const records = hires.map(({ row, hire, body }) => {
    const id = newEvidenceId(t.mock);
    // The employee its one patch makes, as checked (a read folds the same patch to the same employee).
    const result: RowResult = {
      row,
      status: 'created',
      employee: viewOf(uc, hire.row, hire.data, setting.resolver, asOf),
      evidence_id: id,
    };
    results.push(result);
    return unchainedRecord(
      {
        chain: t.tenant.id,
        mock: t.mock,
        action: 'employee.created',
        resource: hire.row.id,
        actor,
        reason: uc.reason,
        request: { method: uc.request.method, path: uc.request.path, body: redactSensitive(body) },
        response: result,
        decision: { ...decision, row },
        at: uc.now,
      },
      id,
    );
  });
  const seqs = await r.appendEvidence(records);
  await r.insertEvidenceLinks(
    records.map((rec, k) => ({
      evidence_id: rec.id,
      tenant_id: t.tenant.id,
      resource_id: rec.resource,
      seq: seqs[k],
      action: 'employee.created',
    })),
  );
  return results;
}

const byRow = (a: RowResult, b: RowResult) => a.row - b.row;

function answerOf(id: string, total: number, results: RowResult[]): BulkHireAnswer {
  const created = results.filter((x) => x.status === 'created').length;
  return {
    id,
    status: 'succeeded',
    total,
    progress: total,
    created,
    refused: results.length - created,
    results: results.sort(byRow),
  };
}

/** What the job is given: the request the rows came in, and (beside the job) the checked rows. */
const jobPayload = z.object({
  caller: z.custom<Caller>((v) => typeof v === 'object' && v !== null),
  reason: z.string().nullable(),
  request: z.object({ method: z.string(), path: z.string() }),
  as_of: z.string(),
  rows: z.number().int(),
});
/** The checked rows: the hires (identifiers already sealed, bodies redacted) and the rows refused. */
const jobInput = z.object({
  hires: z.array(z.custom<CheckedHire>((v) => typeof v === 'object' && v !== null)),
  refused: z.array(z.custom<RowResult>((v) => typeof v === 'object' && v !== null)),
});

/**
 * The rows through the single hire's checks, before the write's transaction: checking (and sealing) thousands of
 * rows takes seconds, which the write lock need not wait for. Writes nothing.
 */
export async function checkBulkHire(uc: UseCaseContext, r: Repos, rows: BulkRow[], asOfQuery?: string) {
  dateParams(uc, asOfQuery);
  return checkRows(uc, rows, await HireSetting.load(uc, r), asOfQuery);
}

/**
 * POST employees/bulk (with the rows checked by `checkBulkHire`): up to BULK_HIRE_INLINE_MAX rows hired at once (200, every row's result in order);
 * more are checked now and written by a job (202, the job to poll).
 */
export async function hireInBulk(
  uc: UseCaseContext,
  r: Repos,
  rows: BulkRow[],
  checked: Checked,
  asOfQuery?: string,
): Promise<Change<BulkHireAnswer> & { status: number }> {
  const { asOf } = dateParams(uc, asOfQuery);
  const id = newId('bulk_', 12);
  if (rows.length <= BULK_HIRE_INLINE_MAX) {
    // Placed by the rules as they stand inside the transaction (another process may have changed them since).
    const setting = await HireSetting.load(uc, r);
    const created = await writeRows(uc, r, checked.hires, setting, asOf, { bulk: id });
    const answer = answerOf(id, rows.length, [...created, ...checked.refused]);
    return {
      status: 200,
      data: answer,
      evidence: {
        action: 'employee.bulk_hired',
        resource: id,
        decision: { rows: rows.length, created: answer.created, refused: answer.refused },
      },
    };
  }
  const t = uc.requireTenant();
  const payload: z.input<typeof jobPayload> = {
    caller: uc.requireCaller(),
    reason: uc.reason,
    request: { method: uc.request.method, path: uc.request.path },
    as_of: asOf,
    rows: rows.length,
  };
  const input: z.input<typeof jobInput> = {
    hires: checked.hires.map((h) => ({ ...h, body: redactSensitive(h.body) as CreateEmployeeBody })),
    refused: checked.refused,
  };
  // Refused rows are answered already: the job's progress starts there.
  const progress = { total: rows.length, progress: checked.refused.length };
  await enqueueJob(r, { kind: BULK_HIRE_JOB, ref: id, tenantId: t.tenant.id, payload, input, ...progress }, uc.now);
  return {
    status: 202,
    data: {
      id,
      status: 'queued',
      total: rows.length,
      progress: checked.refused.length,
      created: null,
      refused: null,
      results: null,
    },
    evidence: { action: 'employee.bulk_hire_queued', resource: id, decision: { rows: rows.length } },
  };
}

function answerOfJob(job: JobTable, result: string | undefined): BulkHireAnswer {
  const results = job.status === 'succeeded' && result ? (JSON.parse(result) as RowResult[]) : null;
  const created = results ? results.filter((x) => x.status === 'created').length : null;
  return {
    id: job.ref,
    status: job.status,
    total: job.total ?? 0,
    progress: job.progress ?? 0,
    created,
    refused: results && created !== null ? results.length - created : null,
    results,
  };
}

/** GET employees/bulk/{id}: a large import's progress, and every row's result once it is written. */
export async function bulkHireStatus(uc: UseCaseContext, r: Repos, id: string): Promise<BulkHireAnswer> {
  const job = await r.jobByRef(uc.requireTenant().tenant.id, BULK_HIRE_JOB, id);
  // The rows' answers are the caller's who sent them (their views are what that caller may see).
  const sender = job && (JSON.parse(job.payload_json) as { caller?: Caller }).caller;
  if (!job || !sender || actorIdentity(sender) !== actorIdentity(uc.requireCaller()))
    throw notFound('Bulk hire not found.');
  return answerOfJob(job, job.status === 'succeeded' ? await r.jobDocument(job.id, 'result') : undefined);
}

/**
 * The job: the checked rows written chunk by chunk, each chunk with its evidence and the job's progress, then
 * every row's result. Resumable: a process that takes the job over continues after the rows already written.
 */
export async function runBulkHireJob(deps: AppDeps, claim: JobClaim): Promise<void> {
  const p = {
    ...decodeJson(jobPayload, claim.job.payload_json, `job ${claim.job.id} payload`),
    ...decodeJson(
      jobInput,
      (await deps.store.repos.jobDocument(claim.job.id, 'input')) ?? '',
      `job ${claim.job.id} input`,
    ),
  };
  const tenant = await resolveTenant(deps.store.repos, p.caller, claim.job.tenant_id);
  const uc = new UseCaseContext({
    deps,
    caller: p.caller,
    tenant,
    reason: p.reason,
    request: p.request as RequestRecord,
  });
  const locks = [chainLock(claim.job.tenant_id)];
  const results: RowResult[] = [...p.refused];
  // Progress counts refused rows first, then the hires written.
  const from = Math.max(0, (claim.job.progress ?? 0) - p.refused.length);
  if (from > 0) {
    // Rows an earlier claim wrote: their results are what was written then.
    const rows = p.hires.slice(0, from);
    const setting = await HireSetting.load(uc, deps.store.repos);
    for (const { row, hire } of rows) {
      const links = await deps.store.repos.evidenceLinksOf(claim.job.tenant_id, hire.row.id);
      const data = foldPatches([hire.version.data_json], tenant.tenant.jurisdiction);
      results.push({
        row,
        status: 'created',
        employee: viewOf(uc, hire.row, data, setting.resolver, p.as_of),
        evidence_id: links[0]?.evidence_id ?? '',
      });
    }
  }
  for (let i = from; i < p.hires.length; i += JOB_CHUNK) {
    await deps.store.transaction(async (r) => {
      await claim.hold(r);
      const setting = await HireSetting.load(uc, r);
      const chunk = p.hires.slice(i, i + JOB_CHUNK);
      results.push(...(await writeRows(uc, r, chunk, setting, p.as_of, { bulk: claim.job.ref, job: claim.job.id })));
      const progress = p.refused.length + i + chunk.length;
      await r.setJobProgress(claim.job.id, claim.job.owner!, progress, deps.clock.now().toISOString());
    }, locks);
  }
  const answer = answerOf(claim.job.ref, p.rows, results);
  await deps.store.transaction(async (r) => {
    await claim.hold(r);
    await r.setJobProgress(claim.job.id, claim.job.owner!, p.rows, deps.clock.now().toISOString());
    await r.putJobDocument(claim.job.id, 'result', JSON.stringify(answer.results));
    await claim.finish(r, 'succeeded');
  });
}
