import { z } from 'zod';
import type { RouteDef } from '../http/route.ts';
import type { RequestContext } from '../http/context.ts';
import { tenantParams, isoDate } from '../schemas/common.ts';
import { createRunBody, entryBody, timesheetBody, timesheetRow, toPayItem } from '../schemas/pay-runs.ts';
import { decodeCursor, pageOf, pageQuery } from '../http/pagination.ts';
import {
  adjustEntry,
  approveRun,
  createRun,
  finaliseRun,
  notInRunMessage,
  periodOf,
  previewRun,
  recalculateEntry,
  refreshTotals,
  requireRun,
  requireStatus,
} from '../services/pay-runs.ts';
import { publicEntry, publicPayRun, resultOf, totalsOf } from '../services/pay-run-model.ts';
import { belongsIn, loadWorkforce } from '../services/pay-run-calc.ts';
import { scheduleFinaliseJob } from '../services/finalise-jobs.ts';
import { inScope } from '../services/cost-centres.ts';
import { isUnscoped } from '../services/caller.ts';
import { parseCsv } from '../lib/csv.ts';
import { issuesToErrors } from '../http/validate.ts';
import type { PayItem } from '../engines/types.ts';
import type { Repos } from '../store/index.ts';
import type { PayRunTable } from '../store/schema.ts';
import { badRequest, type FieldError } from '../lib/errors.ts';

const T = '/v1/tenants/{tenantId}';
const PR = `${T}/pay-runs/{payRunId}`;
const prParams = tenantParams.extend({ payRunId: z.string().regex(/^pr_[A-Za-z0-9_]+$/, 'Expected a pr_ id.') });
const reasonOnly = z.object({ governance_reason: z.string().optional() }).passthrough().optional();

/** Entries visible to the caller: data scope and employee pinning apply. */
export async function visibleEntries(ctx: RequestContext, runId: string) {
  const token = ctx.tokenCaller();
  const rows = await ctx.store.repos.listEntries(runId);
  return rows.filter(
    (e) =>
      !token ||
      ((!token.employeeId || e.employee_id === token.employeeId) &&
        (isUnscoped(token.scope) || inScope(token.scope, e.cost_centre_code, e.site))),
  );
}

function transition(
  path: string,
  summary: string,
  action: string,
  step: (
    ctx: RequestContext,
    r: Repos,
    run: Awaited<ReturnType<typeof requireRun>>,
    evidenceId: string,
  ) => Promise<{ data: unknown; decision?: Record<string, unknown>; after?: () => void }>,
  opts: { governed?: boolean; moneyMoving?: boolean } = {},
): RouteDef {
  return {
    method: 'post',
    path,
    tag: 'pay-runs',
    summary,
    params: prParams,
    body: reasonOnly,
    ...opts,
    handler: async (ctx) => {
      let after: (() => void) | undefined;
      const result = await ctx.commit(async (r, evidenceId) => {
        const run = await requireRun(ctx, r, ctx.params.payRunId);
        const out = await step(ctx, r, run, evidenceId);
        after = out.after;
        return { data: out.data, evidence: { action, resource: run.id, decision: out.decision } };
      });
      after?.();
      return result;
    },
  };
}

interface Validation {
  errorCount: number;
  warningCount: number;
  warnings: { employee_id: string; severity: string }[];
}

/**
 * Validation findings name employees and what they lack: a token pinned to one employee, or limited to
 * some cost centres or sites, sees only the findings about employees whose entries it may see, recounted.
 */
async function visibleValidation(ctx: RequestContext, runId: string, v: Validation | null): Promise<Validation | null> {
  const token = ctx.tokenCaller();
  if (!v || !token || (!token.employeeId && isUnscoped(token.scope))) return v;
  const visible = new Set((await visibleEntries(ctx, runId)).map((e) => e.employee_id));
  const warnings = v.warnings.filter((w) => visible.has(w.employee_id));
  return {
    errorCount: warnings.filter((w) => w.severity === 'error').length,
    warningCount: warnings.filter((w) => w.severity === 'warning').length,
    warnings,
  };
}

/**
 * The pay run as this caller may see it. Company totals are an aggregate of everyone's pay: a token
 * limited to one employee or some cost centres gets totals over the entries it may see instead.
 */
async function viewFor(ctx: RequestContext, run: PayRunTable, pendingEvidence?: string) {
  const refs = (await ctx.store.repos.evidenceLinksOf(run.tenant_id, run.id)).map((l) => l.evidence_id);
  // Inside a command the run's answer already lists the evidence record the command is writing.
  if (pendingEvidence && !refs.includes(pendingEvidence)) refs.push(pendingEvidence);
  const view = publicPayRun(run, refs);
  const token = ctx.tokenCaller();
  const validation = await visibleValidation(ctx, run.id, view.validation);
  if (!token || (!token.employeeId && isUnscoped(token.scope))) return { ...view, validation };
  const entries = await visibleEntries(ctx, run.id);
  const approval = view.approval ? { ...view.approval, totals: null } : null;
  return {
    ...view,
    validation,
    approval,
    totals: totalsOf(entries.map(resultOf), view.totals.currency),
    totals_scope: 'visible_entries',
  };
}

const latestRun = async (ctx: RequestContext, r: Repos, id: string, pendingEvidence: string) =>
  viewFor(ctx, (await r.getPayRun(ctx.requireTenant().tenant.id, id))!, pendingEvidence);

export const payRunRoutes: RouteDef[] = [
  {
    method: 'get',
    path: `${T}/pay-runs`,
    tag: 'pay-runs',
    summary: 'List pay runs (newest period first)',
    params: tenantParams,
    query: z.object({
      ...pageQuery,
      status: z.enum(['draft', 'previewed', 'approved', 'finalising', 'finalised', 'lodged', 'voided']).optional(),
      from: isoDate.optional(),
      to: isoDate.optional(),
    }),
    handler: async (ctx) => {
      const limit = ctx.query.limit ?? 50;
      const after = decodeCursor<[string, string]>(ctx.deps.secrets, ctx.query.cursor);
      const rows = await ctx.store.repos.listPayRuns(ctx.requireTenant().tenant.id, {
        ...ctx.query,
        after,
        limit: limit + 1,
      });
      const page = pageOf(
        ctx.deps.secrets,
        rows,
        limit,
        (p) => p,
        (p) => [p.period_start, p.id],
      );
      return { body: { ...page, data: await Promise.all(page.data.map((p) => viewFor(ctx, p))) } };
    },
  },
  {
    method: 'post',
    path: `${T}/pay-runs`,
    tag: 'pay-runs',
    summary: 'Create a draft pay run: the engine pulls in every employee active in the period',
    params: tenantParams,
    body: createRunBody,
    governed: true,
    moneyMoving: true,
    response: { status: 201, description: 'draft pay run' },
    handler: async (ctx) =>
      ctx.commit(async (r, evidenceId) => {
        const run = await createRun(ctx, r, ctx.body);
        const view = publicPayRun(run, [evidenceId]);
        return {
          status: 201,
          data: { pay_run: view },
          evidence: {
            action: 'pay_run.created',
            resource: run.id,
            decision: {
              totals: view.totals,
              period: [run.period_start, run.period_end],
              payment_date: run.payment_date,
            },
          },
        };
      }),
  },
  {
    method: 'get',
    path: PR,
    tag: 'pay-runs',
    summary: 'Get a pay run (with its finalise job, if any)',
    params: prParams,
    handler: async (ctx) => ({
      body: { data: await viewFor(ctx, await requireRun(ctx, ctx.store.repos, ctx.params.payRunId)) },
    }),
  },
  {
    method: 'delete',
    path: PR,
    tag: 'pay-runs',
    summary: 'Delete a draft or previewed pay run',
    governed: true,
    params: prParams,
    body: reasonOnly,
    handler: async (ctx) =>
      ctx.commit(async (r) => {
        const run = await requireRun(ctx, r, ctx.params.payRunId);
        requireStatus(run, ['draft', 'previewed'], 'delete');
        await r.deletePayRun(run.tenant_id, run.id);
        return {
          data: { id: run.id, deleted: true, status: 'deleted' },
          evidence: { action: 'pay_run.deleted', resource: run.id, decision: { totals: JSON.parse(run.totals_json) } },
        };
      }),
  },
  transition(
    `${PR}/preview`,
    'Preview: totals and validation, no engine change',
    'pay_run.previewed',
    async (ctx, r, run, evidenceId) => {
      const { validation } = await previewRun(ctx, r, run);
      const fresh = await latestRun(ctx, r, run.id, evidenceId);
      return {
        data: { pay_run: fresh, validation: fresh.validation },
        decision: { totals: fresh.totals, errorCount: validation.errorCount },
      };
    },
  ),
  transition(
    `${PR}/approve`,
    'Approve: records who approved which totals and why',
    'pay_run.approved',
    async (ctx, r, run, evidenceId) => {
      const { approval } = await approveRun(ctx, r, run);
      return {
        data: { pay_run: await latestRun(ctx, r, run.id, evidenceId) },
        decision: { totals: approval.totals, approved_by: approval.approved_by },
      };
    },
    { governed: true },
  ),
  transition(
    `${PR}/finalise`,
    'Finalise: lock amounts (asynchronous engine job on DE)',
    'pay_run.finalise_committed',
    async (ctx, r, run, evidenceId) => {
      const updated = await finaliseRun(ctx, r, run);
      const t = ctx.requireTenant();
      return {
        data: { pay_run: await latestRun(ctx, r, run.id, evidenceId) },
        decision: { totals: JSON.parse(run.totals_json), mode: t.engine!.finaliseMode },
        after: updated.status === 'finalising' ? () => scheduleFinaliseJob(ctx.deps, run.id, t.mock) : undefined,
      };
    },
    { governed: true, moneyMoving: true },
  ),
  transition(
    `${PR}/void`,
    'Void a finalised pay run',
    'pay_run.voided',
    async (ctx, r, run, evidenceId) => {
      requireStatus(run, ['finalised', 'lodged'], 'void');
      const at = ctx.now.toISOString();
      await r.updatePayRun(run.tenant_id, run.id, { status: 'voided', voided_at: at, updated_at: at });
      return {
        data: { pay_run: await latestRun(ctx, r, run.id, evidenceId) },
        decision: { totals: JSON.parse(run.totals_json) },
      };
    },
    { governed: true, moneyMoving: true },
  ),
  {
    method: 'get',
    path: `${PR}/entries`,
    tag: 'pay-runs',
    summary: 'Per-employee results (data-scoped)',
    params: prParams,
    handler: async (ctx) => {
      const run = await requireRun(ctx, ctx.store.repos, ctx.params.payRunId);
      requireStatus(run, ['draft', 'previewed', 'approved', 'finalised', 'lodged', 'voided'], 'read the entries of');
      return { body: { data: (await visibleEntries(ctx, run.id)).map(publicEntry) } };
    },
  },
  {
    method: 'post',
    path: `${PR}/entries`,
    tag: 'pay-runs',
    summary: "Add or change an employee's items on a draft; recalculates that employee",
    params: prParams,
    body: entryBody,
    moneyMoving: true,
    handler: async (ctx) =>
      ctx.commit(async (r, evidenceId) => {
        const run = await requireRun(ctx, r, ctx.params.payRunId);
        const out = await adjustEntry(
          ctx,
          r,
          run,
          ctx.body.employee_id,
          ctx.body.items.map((i: z.infer<typeof entryBody>['items'][number]) => toPayItem(i)),
          ctx.body.replace === true,
        );
        await r.setEntryEvidence(run.id, out.entry.employee_id, evidenceId);
        const entry = publicEntry({ ...out.entry, evidence_id: evidenceId });
        return {
          data: { entry, pay_run: await viewFor(ctx, out.run, evidenceId) },
          evidence: {
            action: 'pay_run.entry_adjusted',
            resource: `${run.id}/${out.entry.employee_id}`,
            links: [run.id],
            decision: { items: ctx.body.items, gross: entry.gross, net: entry.net },
          },
        };
      }),
  },
  {
    method: 'post',
    path: `${PR}/timesheets`,
    tag: 'pay-runs',
    summary: 'Import timesheet rows (JSON or text/csv); all rows validated before any applies',
    params: prParams,
    acceptsCsv: true,
    body: z.union([timesheetBody, z.string()]),
    moneyMoving: true,
    handler: async (ctx) =>
      ctx.commit(async (r, evidenceId) => {
        const run = await requireRun(ctx, r, ctx.params.payRunId);
        requireStatus(run, ['draft'], 'import timesheets into');
        // A blank CSV cell is an absent field (so a blank type means ordinary hours), never an empty string.
        const raw =
          typeof ctx.body === 'string'
            ? parseCsv(ctx.body).map((row) => Object.fromEntries(Object.entries(row).filter(([, v]) => v !== '')))
            : ctx.body.rows;
        if (!raw.length)
          throw badRequest('The timesheet has no rows.', [{ path: 'rows', message: 'At least one row is required.' }]);
        const period = periodOf(run);
        const named = await loadWorkforce(ctx, r, period, [
          ...new Set(raw.map((x: any) => String(x?.employee_id ?? ''))),
        ] as string[]);
        const entries = new Map((await r.listEntries(run.id)).map((e) => [e.employee_id, e]));
        const known = new Set(named.map((w) => w.row.id));
        const payable = new Set(
          named.filter((w) => entries.has(w.row.id) || belongsIn(w, period)).map((w) => w.row.id),
        );
        const errors: FieldError[] = [];
        const rows = raw.map((x: unknown, i: number) => {
          const parsed = timesheetRow.safeParse(x);
          if (!parsed.success) {
            errors.push(...issuesToErrors(parsed.error.issues, `rows[${i}]`));
            return null;
          }
          const row = parsed.data;
          if (!known.has(row.employee_id))
            errors.push({ path: `rows[${i}].employee_id`, message: 'No such employee in this tenant.' });
          else if (!payable.has(row.employee_id))
            errors.push({ path: `rows[${i}].employee_id`, message: notInRunMessage(period) });
          if (row.date < run.period_start || row.date > run.period_end)
            errors.push({
              path: `rows[${i}].date`,
              message: `Outside the pay period ${run.period_start} to ${run.period_end}.`,
            });
          return row;
        });
        if (errors.length)
          throw badRequest(
            `${new Set(errors.map((e) => e.path.split('.')[0])).size} timesheet row(s) are invalid; nothing was applied.`,
            errors,
          );
        const byEmployee = new Map<string, PayItem[]>();
        for (const row of rows) {
          const item = toPayItem(
            {
              type: row!.type === 'ordinary' ? 'ordinary_hours' : row!.type,
              hours: row!.hours,
              multiplier: row!.multiplier,
            },
            'timesheet',
            row!.date,
          );
          (byEmployee.get(row!.employee_id) ?? byEmployee.set(row!.employee_id, []).get(row!.employee_id)!).push(item);
        }
        // Each employee's earlier timesheet rows give way to the new ones; the totals are summed once at the end.
        const who = named.filter((w) => byEmployee.has(w.row.id));
        for (const w of who) {
          const existing = entries.get(w.row.id);
          const items = [
            ...(existing ? (JSON.parse(existing.items_json) as PayItem[]) : []).filter((i) => i.source !== 'timesheet'),
            ...byEmployee.get(w.row.id)!,
          ];
          await recalculateEntry(ctx, r, run, w, items, evidenceId);
        }
        const latest = await refreshTotals(ctx, r, run);
        return {
          data: { imported: rows.length, employees: who.length, pay_run: await viewFor(ctx, latest, evidenceId) },
          evidence: {
            action: 'pay_run.timesheets_imported',
            resource: run.id,
            decision: { rows: rows.length, employees: who.length, totals: JSON.parse(latest.totals_json) },
          },
        };
      }),
  },
];
