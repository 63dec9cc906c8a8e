// Employee routes: parse → call one employee use case → wrap (receipted reads, committed writes).
import { z } from 'zod';
import { defineRoute, type RouteDef } from '../http/route.ts';
import { tenantParams } from '../schemas/common.ts';
import {
  asOfQuery,
  bulkHireBody,
  bulkHireView,
  createEmployeeBody,
  employeeView,
  endEmploymentBody,
  patchEmployeeBody,
  readinessView,
  settingsBody,
  settingsView,
} from '../schemas/employees.ts';
import { decodeCursor, encodeCursor } from '../http/pagination.ts';
import { pageQuery } from '../schemas/common.ts';
import { badRequest } from '../lib/errors.ts';
import {
  employeeReadiness,
  employeeSettings,
  endEmployment,
  getEmployee,
  hireEmployee,
  reactivateEmployee,
  terminateEmployee,
  updateEmployee,
  updateEmployeeSettings,
} from '../services/employees/employees.ts';
import { listEmployees } from '../services/employees/employee-list.ts';
import type { SettingsKind } from '../services/employees/employee-intake.ts';
import { NO_IDENTIFIERS, assertClientFields, employeeBodyPolicy, settingsPolicy } from '../model/sensitive.ts';
import {
  BULK_HIRE_INLINE_MAX,
  bulkHireStatus,
  checkBulkHire,
  hireInBulk,
} from '../services/employees/employee-bulk.ts';
import { validateDraftEmployee, validateSettingsChange } from '../services/employees/draft-validation.ts';
import { draftEmployeeBody, validationView } from '../schemas/validation.ts';

const T = '/v1/tenants/{tenantId}';
const EMP = `${T}/employees/{employeeId}`;
const empParams = tenantParams.extend({ employeeId: z.string().regex(/^emp_[A-Za-z0-9_-]+$/, 'Expected an emp_ id.') });
const reasonOnly = z.object({ governance_reason: z.string().optional() }).optional();
const listPosition = z.tuple([z.string(), z.string(), z.string()]);

const employeeAnswer = (status: number, description: string) => ({
  status,
  description,
  data: employeeView,
  evidence: true,
});
/** Every write validates the employee it leaves behind against the pack: 422 with rule references. */
const WRITE_ERRORS = [422, 501];

/** A check that writes nothing: the violations the write would be refused with, all at once. */
const validationAnswer = (what: string) => ({
  status: 200,
  description: `whether ${what} would be accepted, and every rule and field it breaks (nothing is written)`,
  data: validationView,
});

function settingsRoutes(kind: SettingsKind, segment: string, summary: string): RouteDef[] {
  return [
    defineRoute({
      method: 'get',
      path: `${EMP}/${segment}`,
      tag: 'employees',
      summary: `${summary} (attested flags only)`,
      params: empParams,
      query: asOfQuery,
      response: {
        status: 200,
        description: `${summary} in force on \`as_of\` (today by default): attested flags and settings`,
        data: settingsView(kind),
      },
      errors: [501],
      handler: async (ctx) => ({
        body: { data: await employeeSettings(ctx, ctx.store.repos, ctx.params.employeeId, kind, ctx.query.as_of) },
      }),
    }),
    defineRoute({
      method: 'patch',
      path: `${EMP}/${segment}`,
      tag: 'employees',
      summary: `Update ${summary.toLowerCase()}`,
      governed: true,
      params: empParams,
      query: asOfQuery,
      body: settingsBody,
      intake: (j) => settingsPolicy(j, kind),
      response: employeeAnswer(200, 'the employee with the settings applied'),
      errors: WRITE_ERRORS,
      handler: async (ctx) =>
        ctx.commit((r) => updateEmployeeSettings(ctx, r, ctx.params.employeeId, kind, ctx.body, ctx.query.as_of)),
    }),
    defineRoute({
      method: 'post',
      path: `${EMP}/${segment}/validate`,
      tag: 'employees',
      summary: `Check a change of ${summary.toLowerCase()} without writing it`,
      params: empParams,
      body: z.record(z.string(), z.unknown()),
      intake: 'reported',
      response: validationAnswer('the change'),
      errors: [501],
      handler: async (ctx) => ({
        body: { data: await validateSettingsChange(ctx, ctx.store.repos, ctx.params.employeeId, kind, ctx.body) },
      }),
    }),
  ];
}

export const employeeRoutes: RouteDef[] = [
  defineRoute({
    method: 'get',
    path: `${T}/employees`,
    tag: 'employees',
    summary: 'List employees (data-scoped, receipted)',
    params: tenantParams,
    query: z.object({
      ...pageQuery,
      as_of: asOfQuery.shape.as_of,
      cost_centre: z.string().optional(),
      site: z.string().optional(),
      q: z.string().max(100).optional(),
    }),
    response: {
      status: 200,
      description: 'a page of employees in name order',
      list: employeeView,
      extra: {
        evidence_id: z.string(),
        scope_not_enforceable: z.boolean(),
        total: z.number().int(),
        total_active: z.number().int(),
      },
    },
    errors: [501],
    handler: async (ctx) => {
      const secrets = ctx.deps.secrets;
      const cursor = decodeCursor<unknown>(secrets, ctx.query.cursor);
      const after = cursor === null ? null : listPosition.safeParse(cursor);
      if (after && !after.success)
        throw badRequest('The cursor is invalid.', [{ path: 'cursor', message: 'Invalid cursor.' }]);
      return ctx.receipt(async (r) => {
        const page = await listEmployees(ctx, r, { ...ctx.query, after: after?.data ?? null });
        return {
          data: page.data,
          extra: {
            has_more: page.has_more,
            next_cursor: page.next ? encodeCursor(secrets, page.next) : null,
            scope_not_enforceable: page.scope_not_enforceable,
            total: page.total,
            total_active: page.total_active,
          },
          evidence: page.evidence,
        };
      });
    },
  }),
  defineRoute({
    method: 'post',
    path: `${T}/employees`,
    tag: 'employees',
    summary: 'Create an employee',
    governed: true,
    moneyMoving: true,
    params: tenantParams,
    query: asOfQuery,
    body: createEmployeeBody,
    intake: (j) => employeeBodyPolicy(j, 'create'),
    response: employeeAnswer(201, 'the employee'),
    errors: WRITE_ERRORS,
    handler: async (ctx) =>
      ctx.commit(async (r) => ({ status: 201, ...(await hireEmployee(ctx, r, ctx.body, ctx.query.as_of)) })),
  }),
  defineRoute({
    method: 'post',
    path: `${T}/employees/bulk`,
    tag: 'employees',
    summary:
      'Hire many employees at once: each row is a POST employees body, checked and answered on its own (a row that ' +
      'fails is answered with its errors and writes nothing; the other rows go on), under one governance reason, ' +
      `with one evidence record per employee. Up to ${BULK_HIRE_INLINE_MAX} rows are answered at once; more are ` +
      'written by a job: 202, then poll GET employees/bulk/{bulkId}. Idempotent as a whole with an Idempotency-Key.',
    governed: true,
    moneyMoving: true,
    params: tenantParams,
    query: asOfQuery,
    body: bulkHireBody,
    bodyLimit: '16mb',
    // Each row goes through the hire's intake (identifiers only in their own fields) and is refused on its own.
    intake: 'reported',
    response: {
      status: 200,
      description: 'every row answered in order: created (the employee and its evidence record) or refused',
      data: bulkHireView,
      evidence: true,
    },
    alsoResponds: [
      {
        status: 202,
        description: `more than ${BULK_HIRE_INLINE_MAX} rows: checked, and being written by a job (poll its id)`,
        data: bulkHireView,
        evidence: true,
      },
    ],
    errors: [501],
    handler: async (ctx) => {
      assertClientFields({ governance_reason: ctx.body.governance_reason }, NO_IDENTIFIERS);
      const rows = ctx.body.employees;
      const checked = await checkBulkHire(ctx, ctx.store.repos, rows, ctx.query.as_of);
      const out = await ctx.commit((r) => hireInBulk(ctx, r, rows, checked, ctx.query.as_of));
      if (out.status === 202) ctx.deps.jobs.kick();
      return out;
    },
  }),
  defineRoute({
    method: 'get',
    path: `${T}/employees/bulk/{bulkId}`,
    tag: 'employees',
    summary: 'A bulk hire: its progress, and every row answered in order once it has succeeded (its sender only)',
    params: tenantParams.extend({ bulkId: z.string().regex(/^bulk_[A-Za-z0-9_-]+$/, 'Expected a bulk_ id.') }),
    response: { status: 200, description: 'the bulk hire as far as it has got', data: bulkHireView },
    handler: async (ctx) => ({ body: { data: await bulkHireStatus(ctx, ctx.store.repos, ctx.params.bulkId) } }),
  }),
  defineRoute({
    method: 'post',
    path: `${T}/employees/validate`,
    tag: 'employees',
    summary: 'Check a draft employee (personal, employment, statutory, bank, pension) without creating it',
    params: tenantParams,
    body: draftEmployeeBody,
    intake: 'reported',
    response: validationAnswer('the draft'),
    errors: [501],
    handler: async (ctx) => ({ body: { data: await validateDraftEmployee(ctx, ctx.store.repos, ctx.body) } }),
  }),
  defineRoute({
    method: 'get',
    path: EMP,
    tag: 'employees',
    summary: 'Get an employee (receipted)',
    params: empParams,
    query: asOfQuery,
    response: employeeAnswer(200, 'the employee as of `as_of` (today by default)'),
    errors: [501],
    handler: async (ctx) => ctx.receipt((r) => getEmployee(ctx, r, ctx.params.employeeId, ctx.query.as_of)),
  }),
  defineRoute({
    method: 'patch',
    path: EMP,
    tag: 'employees',
    summary: 'Update an employee (effective-dated where the pack supports it)',
    governed: true,
    params: empParams,
    query: asOfQuery,
    body: patchEmployeeBody,
    intake: (j) => employeeBodyPolicy(j, 'update'),
    response: employeeAnswer(200, 'the employee as of `as_of` (today by default)'),
    errors: WRITE_ERRORS,
    handler: async (ctx) => ctx.commit((r) => updateEmployee(ctx, r, ctx.params.employeeId, ctx.body, ctx.query.as_of)),
  }),
  defineRoute({
    method: 'delete',
    path: EMP,
    tag: 'employees',
    summary: 'Terminate an employee (irreversible)',
    governed: true,
    params: empParams,
    query: asOfQuery,
    body: reasonOnly,
    response: employeeAnswer(200, 'the terminated employee as of `as_of` (today by default)'),
    errors: [409, 422, 501],
    handler: async (ctx) => ctx.commit((r) => terminateEmployee(ctx, r, ctx.params.employeeId, ctx.query.as_of)),
  }),
  defineRoute({
    method: 'post',
    path: `${EMP}/end-employment`,
    tag: 'employees',
    summary: 'End employment on a date (future dates schedule a leaver)',
    governed: true,
    params: empParams,
    query: asOfQuery,
    body: endEmploymentBody,
    response: employeeAnswer(200, 'the employee as of `as_of` (today by default)'),
    errors: [422, 501],
    handler: async (ctx) => ctx.commit((r) => endEmployment(ctx, r, ctx.params.employeeId, ctx.body, ctx.query.as_of)),
  }),
  defineRoute({
    method: 'post',
    path: `${EMP}/reactivate`,
    tag: 'employees',
    summary: 'Reactivate an end-dated employee',
    governed: true,
    params: empParams,
    query: asOfQuery,
    body: reasonOnly,
    response: employeeAnswer(200, 'the employee as of `as_of` (today by default)'),
    errors: [422, 501],
    handler: async (ctx) => ctx.commit((r) => reactivateEmployee(ctx, r, ctx.params.employeeId, ctx.query.as_of)),
  }),
  ...(['readiness', 'completeness'] as const).map((segment) =>
    defineRoute({
      method: 'get',
      path: `${EMP}/${segment}`,
      tag: 'employees',
      params: empParams,
      query: asOfQuery,
      summary: segment === 'readiness' ? 'Readiness verdicts per tab' : 'Readiness (legacy alias)',
      response: {
        status: 200,
        description: 'readiness verdicts as of `as_of` (today by default), never field values',
        data: readinessView,
      },
      errors: [501],
      handler: async (ctx) => ({
        body: { data: await employeeReadiness(ctx, ctx.store.repos, ctx.params.employeeId, ctx.query.as_of) },
      }),
    }),
  ),
  ...settingsRoutes('tax', 'tax-settings', 'Tax settings'),
  ...settingsRoutes('bank', 'bank-accounts', 'Bank account'),
  ...settingsRoutes('pension', 'pension', 'Retirement fund'),
];
