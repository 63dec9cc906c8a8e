import { z } from 'zod';
import { defineRoute, type RouteDef } from '../http/route.ts';
import { tenantParams } from '../schemas/common.ts';
import { decodeCursor, encodeCursor } from '../http/pagination.ts';
import {
  balanceRowSchema,
  balancesQuery,
  bookLeaveBody,
  bookingReceiptSchema,
  configureLeaveBody,
  leaveTermsQuery,
  leaveTermsSchema,
  configureLeaveFields,
  configureResultSchema,
  createLeaveRequestBody,
  createLeaveTypeBody,
  decideLeaveRequestBody,
  leaveRequestParams,
  leaveQuoteQuery,
  leaveQuoteSchema,
  leaveRequestSchema,
  leaveTypeRowSchema,
  leaveTypesQuery,
  listLeaveRequestsQuery,
  tenantLeaveTypeSchema,
} from '../schemas/leave.ts';
import {
  approveLeaveRequest,
  cancelLeaveRequest,
  createLeaveRequest,
  listLeaveRequests,
  rejectLeaveRequest,
  requireLeaveRequest,
  withBalances,
} from '../services/leave/leave-requests.ts';
import { quoteLeave } from '../services/leave/leave-quote.ts';
import { reachableEmployee } from '../services/leave/leave-people.ts';
import { todayIn } from '../lib/dates.ts';
import { badRequest } from '../lib/errors.ts';
import { createLeaveType, leaveCatalogue } from '../services/leave/leave-catalogue.ts';
import { balancesOf } from '../services/leave/leave-balances.ts';
import { configureLeave } from '../services/leave/leave-settings.ts';
import { leaveTermsOf } from '../services/leave/leave-terms.ts';
import { bookLeaveCommand } from '../services/leave/leave-commands.ts';
import { dateParams } from '../services/employees/employees.ts';

const T = '/v1/tenants/{tenantId}';
const REQ = `${T}/leave/requests/{id}`;

const decision = (
  action: 'approve' | 'reject' | 'cancel',
  summary: string,
  governed: boolean,
  run: typeof approveLeaveRequest,
): RouteDef =>
  defineRoute({
    method: 'post',
    path: `${REQ}/${action}`,
    tag: 'leave',
    summary,
    governed,
    moneyMoving: true,
    params: leaveRequestParams,
    body: decideLeaveRequestBody,
    response: { status: 200, description: 'The decided leave request', data: leaveRequestSchema, evidence: true },
    errors: action === 'approve' ? [409, 422, 501] : [409],
    handler: async (ctx) => ctx.commit((r, ev) => run(ctx, r, ctx.params.id, ctx.body.note, ev)),
  });

export const leaveRoutes: RouteDef[] = [
  defineRoute({
    method: 'post',
    path: `${T}/leave/requests`,
    tag: 'leave',
    summary: 'Request leave for an employee (pending until decided; nothing reaches the pay yet)',
    moneyMoving: true,
    params: tenantParams,
    body: createLeaveRequestBody,
    response: { status: 201, description: 'The pending leave request', data: leaveRequestSchema, evidence: true },
    errors: [409, 422, 501],
    handler: async (ctx) => ctx.commit(async (r) => ({ status: 201, ...(await createLeaveRequest(ctx, r, ctx.body)) })),
  }),
  defineRoute({
    method: 'get',
    path: `${T}/leave/requests`,
    tag: 'leave',
    summary: 'List leave requests the caller may see, oldest first',
    params: tenantParams,
    query: listLeaveRequestsQuery,
    response: { status: 200, description: 'Leave requests', list: leaveRequestSchema },
    handler: async (ctx) => {
      const { limit = 50, cursor, ...filter } = ctx.query;
      const after = decodeCursor<[string, string]>(ctx.deps.secrets, cursor);
      const { rows, hasMore, last } = await listLeaveRequests(ctx, { ...filter, limit, after });
      return {
        body: {
          data: rows,
          has_more: hasMore,
          next_cursor: hasMore && last ? encodeCursor(ctx.deps.secrets, [last.created_at, last.id]) : null,
        },
      };
    },
  }),
  defineRoute({
    method: 'get',
    path: REQ,
    tag: 'leave',
    summary: 'Read a leave request',
    params: leaveRequestParams,
    response: { status: 200, description: 'The leave request', data: leaveRequestSchema },
    handler: async (ctx) => {
      const r = ctx.store.repos;
      return { body: { data: (await withBalances(ctx, r, [await requireLeaveRequest(ctx, r, ctx.params.id)]))[0] } };
    },
  }),
  defineRoute({
    method: 'get',
    path: `${T}/leave/quote`,
    tag: 'leave',
    summary:
      'What a leave request would come to (the quantity, and the balance it draws on and whether that covers it), ' +
      'checked as creating and approving it are; writes nothing',
    params: tenantParams,
    query: leaveQuoteQuery,
    response: { status: 200, description: 'The quote', data: leaveQuoteSchema },
    errors: [404, 422, 501],
    handler: async (ctx) => {
      const { employee_id, quantity, ...rest } = ctx.query;
      const id = employee_id ?? ctx.tokenCaller()?.employeeId;
      if (!id) throw badRequest('Name the employee.', [{ path: 'employee_id', message: 'Required.' }]);
      const input = { ...rest, employee_id: id, quantity: quantity === undefined ? undefined : String(quantity) };
      return { body: { data: await quoteLeave(ctx, ctx.store.repos, input) } };
    },
  }),
  decision('approve', 'Approve a pending leave request: books the absence into the pay', true, approveLeaveRequest),
  decision('reject', 'Reject a pending leave request', false, rejectLeaveRequest),
  decision('cancel', 'Withdraw a pending leave request', false, cancelLeaveRequest),
  defineRoute({
    method: 'get',
    path: `${T}/reference/leave-types`,
    tag: 'leave',
    summary:
      "The leave-type catalogue: the country's types and the tenant's own; with `employee_id` (or a token pinned to " +
      'an employee) only the types that employee may take (on AU a casual has no paid annual or personal leave)',
    params: tenantParams,
    query: leaveTypesQuery,
    response: { status: 200, description: 'Leave types', data: z.array(leaveTypeRowSchema) },
    errors: [404, 501],
    handler: async (ctx) => {
      const r = ctx.store.repos;
      const id = ctx.query.employee_id ?? ctx.tokenCaller()?.employeeId;
      const who = id ? (await reachableEmployee(ctx, r, id, todayIn(ctx.now))).data : undefined;
      return { body: { data: await leaveCatalogue(ctx, r, who) } };
    },
  }),
  defineRoute({
    method: 'post',
    path: `${T}/reference/leave-types`,
    tag: 'leave',
    summary: "Add the tenant's own leave type as an alias of a master type (AU)",
    governed: true,
    params: tenantParams,
    body: createLeaveTypeBody,
    response: { status: 201, description: 'The new leave type', data: tenantLeaveTypeSchema, evidence: true },
    errors: [409, 422, 501],
    handler: async (ctx) => ctx.commit(async (r) => ({ status: 201, ...(await createLeaveType(ctx, r, ctx.body)) })),
  }),
  defineRoute({
    method: 'get',
    path: `${T}/leave-balances`,
    tag: 'leave',
    summary: 'Leave balances per employee and type (with detail=true, the movements that make them)',
    params: tenantParams,
    query: balancesQuery,
    response: { status: 200, description: 'Balance rows', data: z.array(balanceRowSchema) },
    errors: [501],
    handler: async (ctx) => {
      ctx.requireCapability('leave_management', ['keep leave balances in the host system']);
      const { asOf } = dateParams(ctx, ctx.query.as_of);
      const rows = await balancesOf(ctx, ctx.store.repos, { employeeId: ctx.query.employee_id, asOf });
      const detail = ctx.query.detail === 'true';
      return { body: { data: rows.map(({ movements, ...row }) => (detail ? { ...row, movements } : row)) } };
    },
  }),
  defineRoute({
    method: 'get',
    path: `${T}/leave/terms`,
    tag: 'leave',
    summary:
      "One employee's leave terms (AU): yearly entitlements, whether the award or the contract gives annual leave " +
      'loading, the long service leave state',
    params: tenantParams,
    query: leaveTermsQuery,
    response: { status: 200, description: 'The terms in force today', data: leaveTermsSchema },
    errors: [404, 501],
    handler: async (ctx) => ({ body: { data: await leaveTermsOf(ctx, ctx.store.repos, ctx.query.employee_id) } }),
  }),
  defineRoute({
    method: 'post',
    path: `${T}/leave/configure`,
    tag: 'leave',
    summary: "Configure leave accrual and opening balances (AU): the tenant's defaults or one employee's",
    governed: true,
    moneyMoving: true,
    params: tenantParams,
    body: configureLeaveBody,
    response: { status: 201, description: 'Configured', data: configureResultSchema, evidence: true },
    errors: [422, 501],
    handler: async (ctx) =>
      ctx.commit(async (r, ev) => {
        const { governance_reason: _g, ...body } = ctx.body;
        const known = new Set(Object.keys(configureLeaveFields.shape));
        const extra = Object.fromEntries(Object.entries(body).filter(([k]) => !known.has(k)));
        const input = { ...configureLeaveFields.parse(body), extra };
        return { status: 201, ...(await configureLeave(ctx, r, input, ev)) };
      }),
  }),
  defineRoute({
    method: 'post',
    path: `${T}/leave/book`,
    tag: 'leave',
    summary: 'Book an absence: deducts the balance and rides the pay run covering its dates',
    governed: true,
    moneyMoving: true,
    params: tenantParams,
    body: bookLeaveBody,
    response: { status: 201, description: 'The booking receipt', data: bookingReceiptSchema, evidence: true },
    errors: [409, 422, 501],
    handler: async (ctx) =>
      ctx.commit(async (r, ev) => ({ status: 201, ...(await bookLeaveCommand(ctx, r, ctx.body, ev)) })),
  }),
];
