// Pay-run routes: parse, call one use case, wrap the answer. Every answer that carries a run carries
// its `allowed_actions` for the caller; the policy table's verdict on each action reaches the use case
// as a gate, and the rules that depend on the run (state, segregation of duties, scope) live there.
import { z } from 'zod';
import { defineRoute, routeKey, type Method, type RouteDef } from '../http/route.ts';
import type { RequestContext } from '../http/context.ts';
import { POLICY, enforcePolicy } from '../http/policy.ts';
import { governanceReason } from '../http/governance.ts';
import { decodeCursor, encodeCursor } from '../http/pagination.ts';
import { pageQuery } from '../schemas/common.ts';
import { isoDate, tenantParams } from '../schemas/common.ts';
import {
  createRunBody,
  deleteAnswer,
  entryAnswer,
  entryBody,
  entrySchema,
  finaliseBody,
  payRunAnswer,
  payRunSchema,
  payRunStatus,
  previewAnswer,
  timesheetAnswer,
  timesheetBody,
} from '../schemas/pay-runs.ts';
import { entryItems } from '../services/setup/pay-items.ts';
import {
  adjustPayRunEntry,
  approvePayRun,
  calculatePayRunEntry,
  createPayRun,
  deletePayRun,
  finalisePayRun,
  getPayRun,
  listPayRuns,
  payRunEntries,
  previewPayRun,
  voidPayRun,
  type ActionGate,
  type PayRunAction,
  type Step,
} from '../services/pay-runs/pay-runs.ts';
import { runSearchTerms } from '../services/pay-runs/pay-run-search.ts';
import { importTimesheets } from '../services/pay-runs/timesheet-import.ts';
import { PAY_RUN_ACTIONS } from '../schemas/pay-runs.ts';
import type { Repos } from '../store/index.ts';

// Kept where the payslip routes have always found it.
export { visibleEntries } from '../services/pay-runs/pay-run-scope.ts';

const T = '/v1/tenants/{tenantId}';
const PR = `${T}/pay-runs/{payRunId}`;
const prParams = tenantParams.extend({ payRunId: z.string().regex(/^pr_[A-Za-z0-9_]+$/, 'Expected a pr_ id.') });
const reasonOnly = z.looseObject({ governance_reason: z.string().optional() }).optional();

/** The operations behind each action of the vocabulary; an action is open when the caller may call all of them. */
const ACTION_ROUTES: Record<PayRunAction, [Method, string][]> = {
  preview: [['post', `${PR}/preview`]],
  adjust: [
    ['post', `${PR}/entries`],
    ['post', `${PR}/timesheets`],
  ],
  approve: [['post', `${PR}/approve`]],
  finalise: [['post', `${PR}/finalise`]],
  void: [['post', `${PR}/void`]],
  delete: [['delete', PR]],
  payment_file: [
    ['post', `${PR}/payment-file`],
    ['post', `${PR}/payment-file/reissue`],
  ],
  super_batch: [
    ['post', `${PR}/super-batch`],
    ['post', `${PR}/super-file`],
  ],
  confirm_payments: [['post', `${PR}/payments/confirm`]],
  submit: [['post', `${PR}/submit`]],
  acknowledge_exceptions: [['post', `${PR}/exceptions/{exceptionId}/acknowledge`]],
};

/** Whether the policy table lets the caller's credential, role and component allowlist call an operation. */
function permits(ctx: RequestContext, [method, path]: [Method, string]): boolean {
  const policy = POLICY[routeKey(method, path)];
  if (!policy || policy === 'public') return false;
  try {
    enforcePolicy(policy, method.toUpperCase(), ctx.requireCaller(), {});
    return true;
  } catch {
    return false;
  }
}

/** The policy table's verdict on the caller's credential, role and component allowlist, per action. */
export function policyGate(ctx: RequestContext): ActionGate {
  const verdicts = new Map<PayRunAction, boolean>();
  for (const action of PAY_RUN_ACTIONS)
    verdicts.set(
      action,
      ACTION_ROUTES[action].every((op) => permits(ctx, op)),
    );
  return (action) => verdicts.get(action) ?? false;
}

/** The governance reason sent with an ungoverned step (checked as a governed one's), or null. */
function reasonIfSent(ctx: RequestContext<unknown, unknown, { governance_reason?: string } | undefined>) {
  const header = ctx.req.get('x-governance-reason');
  return ctx.body?.governance_reason === undefined && header === undefined ? null : governanceReason(ctx.body, header);
}

/** Commits a step and, once committed, runs what it leaves for afterwards (a background job). */
async function commitStep<T>(ctx: RequestContext, step: (r: Repos, evidenceId: string) => Promise<Step<T>>) {
  let after: (() => void) | undefined;
  const result = await ctx.commit(async (r, evidenceId) => {
    const out = await step(r, evidenceId);
    after = out.afterCommit;
    return out;
  });
  after?.();
  return result;
}

/** A step's answer: the run as the caller now sees it (403 covers segregation of duties and data scope). */
const runAnswer = (description: string) => ({ status: 200, description, data: payRunAnswer, evidence: true });

export const payRunRoutes: RouteDef[] = [
  defineRoute({
    method: 'get',
    path: `${T}/pay-runs`,
    tag: 'pay-runs',
    summary: 'List pay runs (newest period first)',
    params: tenantParams,
    query: z.object({
      ...pageQuery,
      status: payRunStatus.optional(),
      from: isoDate.optional(),
      to: isoDate.optional(),
      /** Search words: each must match the status, frequency, a month of the period or part of a date. */
      q: z.string().max(100).optional(),
    }),
    response: {
      status: 200,
      description: 'pay runs as the caller sees them',
      list: payRunSchema,
      extra: {
        allowed_actions: z
          .array(z.enum(['create']))
          .describe('What the caller may do beside the runs listed: `create`, a new pay run.'),
      },
    },
    handler: async (ctx) => {
      const { limit = 50, cursor, status, from, to, q } = ctx.query;
      const after = decodeCursor<[string, string]>(ctx.deps.secrets, cursor);
      const search = runSearchTerms(q);
      const { runs, hasMore } = await listPayRuns(ctx, { status, from, to, after, search }, limit, policyGate(ctx));
      const last = runs[runs.length - 1];
      return {
        body: {
          data: runs,
          has_more: hasMore,
          next_cursor: hasMore ? encodeCursor(ctx.deps.secrets, [last.period_start, last.id]) : null,
          allowed_actions: permits(ctx, ['post', `${T}/pay-runs`]) ? ['create'] : [],
        },
      };
    },
  }),
  defineRoute({
    method: 'post',
    path: `${T}/pay-runs`,
    tag: 'pay-runs',
    summary:
      'Create a draft pay run: the engine pulls in every employee active in the period; anyone it cannot ' +
      'calculate is a blocking validation finding, out of the totals until fixed',
    params: tenantParams,
    body: createRunBody,
    governed: true,
    moneyMoving: true,
    response: { status: 201, description: 'draft pay run', data: payRunAnswer, evidence: true },
    errors: [422, 501],
    handler: async (ctx) =>
      ctx.commit(async (r, evidenceId) => ({
        status: 201,
        ...(await createPayRun(ctx, r, ctx.body, evidenceId, policyGate(ctx))),
      })),
  }),
  defineRoute({
    method: 'get',
    path: PR,
    tag: 'pay-runs',
    summary: 'Get a pay run (with its finalise job, if any)',
    params: prParams,
    response: { status: 200, description: 'pay run as the caller sees it', data: payRunSchema },
    handler: async (ctx) => ({ body: { data: await getPayRun(ctx, ctx.params.payRunId, policyGate(ctx)) } }),
  }),
  defineRoute({
    method: 'delete',
    path: PR,
    tag: 'pay-runs',
    summary: 'Delete a draft or previewed pay run',
    governed: true,
    params: prParams,
    body: reasonOnly,
    response: { status: 200, description: 'deleted', data: deleteAnswer, evidence: true },
    errors: [409],
    handler: async (ctx) => ctx.commit((r) => deletePayRun(ctx, r, ctx.params.payRunId)),
  }),
  defineRoute({
    method: 'post',
    path: `${PR}/preview`,
    tag: 'pay-runs',
    summary:
      'Preview: recalculate every employee from the data in force; totals and validation (an approved run ' +
      'returns to previewed, its approval withdrawn)',
    params: prParams,
    body: reasonOnly,
    response: { status: 200, description: 'previewed run and its validation', data: previewAnswer, evidence: true },
    errors: [409],
    handler: async (ctx) => {
      // Ungoverned, except that withdrawing an approval (previewing an approved run) needs a reason.
      ctx.reason ??= reasonIfSent(ctx);
      return ctx.commit((r, evidenceId) => previewPayRun(ctx, r, ctx.params.payRunId, evidenceId, policyGate(ctx)));
    },
  }),
  defineRoute({
    method: 'post',
    path: `${PR}/approve`,
    tag: 'pay-runs',
    summary:
      'Approve: records who approved which figures (a digest of every entry and the totals) and why ' +
      '(never by whoever prepared the run). 409 exceptions_open lists the error-severity exceptions not yet ' +
      'acknowledged',
    params: prParams,
    body: reasonOnly,
    governed: true,
    response: runAnswer('approved run'),
    errors: [409],
    handler: async (ctx) =>
      ctx.commit((r, evidenceId) => approvePayRun(ctx, r, ctx.params.payRunId, evidenceId, policyGate(ctx))),
  }),
  defineRoute({
    method: 'post',
    path: `${PR}/finalise`,
    tag: 'pay-runs',
    summary:
      'Finalise: recalculate and lock amounts (asynchronous engine job on DE). 409 approval_stale names who ' +
      'changed since approval; 422 pay_run_blocked names who cannot be calculated or paid, unless ' +
      'exclude_blocked: true finalises without them (listed in `excluded`)',
    params: prParams,
    body: finaliseBody,
    governed: true,
    moneyMoving: true,
    response: runAnswer('finalised run, or finalising with its job'),
    errors: [409, 422],
    handler: async (ctx) =>
      commitStep(ctx, (r, evidenceId) =>
        finalisePayRun(ctx, r, ctx.params.payRunId, evidenceId, policyGate(ctx), {
          excludeBlocked: ctx.body?.exclude_blocked === true,
          paidOn: ctx.body?.paid_on,
        }),
      ),
  }),
  defineRoute({
    method: 'post',
    path: `${PR}/void`,
    tag: 'pay-runs',
    summary: 'Void a finalised or lodged pay run',
    params: prParams,
    body: reasonOnly,
    governed: true,
    moneyMoving: true,
    response: runAnswer('voided run'),
    errors: [409],
    handler: async (ctx) =>
      ctx.commit((r, evidenceId) => voidPayRun(ctx, r, ctx.params.payRunId, evidenceId, policyGate(ctx))),
  }),
  defineRoute({
    method: 'get',
    path: `${PR}/entries`,
    tag: 'pay-runs',
    summary: 'Per-employee results (data-scoped), by name; every row unless `limit` asks for a page',
    params: prParams,
    query: z.object(pageQuery),
    response: { status: 200, description: 'entries the caller may see', list: entrySchema },
    errors: [409],
    handler: async (ctx) => {
      const { limit, cursor } = ctx.query;
      const after = decodeCursor<[string, string]>(ctx.deps.secrets, cursor);
      const page = limit !== undefined || after ? { limit: limit ?? 50, after } : undefined;
      const { entries, hasMore } = await payRunEntries(ctx, ctx.params.payRunId, page);
      const last = entries[entries.length - 1];
      return {
        body: {
          data: entries,
          has_more: hasMore,
          next_cursor: hasMore ? encodeCursor(ctx.deps.secrets, [last.employee_name, last.employee_id]) : null,
        },
      };
    },
  }),
  defineRoute({
    method: 'post',
    path: `${PR}/entries`,
    tag: 'pay-runs',
    summary:
      "Add or change an employee's items on a draft (a previewed run returns to draft); recalculates that employee",
    params: prParams,
    body: entryBody,
    moneyMoving: true,
    response: { status: 200, description: 'the entry and the run', data: entryAnswer, evidence: true },
    errors: [422, 501],
    handler: async (ctx) =>
      ctx.commit(async (r, evidenceId) =>
        adjustPayRunEntry(
          ctx,
          r,
          ctx.params.payRunId,
          {
            employee_id: ctx.body.employee_id,
            items: await entryItems(ctx, r, ctx.body.items),
            replace: ctx.body.replace === true,
            replaceEntryItems: ctx.body.replace_entry_items === true,
            sent: ctx.body.items,
          },
          evidenceId,
          policyGate(ctx),
        ),
      ),
  }),
  defineRoute({
    method: 'post',
    path: `${PR}/entries/calculate`,
    tag: 'pay-runs',
    summary:
      "What an employee's entry would be with these items (same body as POST entries), saving nothing: " +
      'for showing the result before saving',
    params: prParams,
    body: entryBody,
    response: { status: 200, description: 'the entry as it would be; nothing is saved', data: entrySchema },
    errors: [409, 422, 501],
    handler: async (ctx) => {
      const r = ctx.store.repos;
      const items = await entryItems(ctx, r, ctx.body.items);
      const entry = await calculatePayRunEntry(ctx, r, ctx.params.payRunId, {
        employee_id: ctx.body.employee_id,
        items,
        replace: ctx.body.replace === true,
        replaceEntryItems: ctx.body.replace_entry_items === true,
      });
      return { body: { data: entry } };
    },
  }),
  defineRoute({
    method: 'post',
    path: `${PR}/timesheets`,
    tag: 'pay-runs',
    summary:
      'Import timesheet rows (JSON or text/csv) into a draft (a previewed run returns to draft); all rows ' +
      'validated before any applies',
    params: prParams,
    acceptsCsv: true,
    body: z.union([timesheetBody, z.string()]),
    moneyMoving: true,
    response: { status: 200, description: 'rows imported and the run', data: timesheetAnswer, evidence: true },
    errors: [422, 501],
    handler: async (ctx) =>
      ctx.commit((r, evidenceId) =>
        importTimesheets(ctx, r, ctx.params.payRunId, ctx.body, evidenceId, policyGate(ctx)),
      ),
  }),
];
