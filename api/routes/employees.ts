import { z } from 'zod';
import type { RouteDef } from '../http/route.ts';
import type { RequestContext } from '../http/context.ts';
import { tenantParams } from '../schemas/common.ts';
import {
  asOfQuery,
  createEmployeeBody,
  endEmploymentBody,
  patchEmployeeBody,
  settingsBody,
} from '../schemas/employees.ts';
import { pageQuery, decodeCursor, encodeCursor } from '../http/pagination.ts';
import {
  createEmployee,
  dateParams,
  endEmployment,
  foldPatches,
  loadEmployeeData,
  reactivate,
  readEmployee,
  requireEmployeeRow,
  viewOf,
  writePatch,
} from '../services/employees.ts';
import { employeePatch, settingsPatch, settingsView, type SettingsKind } from '../services/employee-intake.ts';
import { codeMatches, inScope, loadResolver } from '../services/cost-centres.ts';
import { isUnscoped } from '../services/caller.ts';
import { todayIn } from '../lib/dates.ts';

const T = '/v1/tenants/{tenantId}';
const EMP = `${T}/employees/{employeeId}`;
const empParams = tenantParams.extend({ employeeId: z.string().regex(/^emp_[A-Za-z0-9_-]+$/, 'Expected an emp_ id.') });

async function listEmployees(ctx: RequestContext) {
  const q = ctx.query;
  const { asOf } = dateParams(ctx, q.as_of);
  const t = ctx.requireTenant();
  const token = ctx.tokenCaller();
  return ctx.receipt(async (r) => {
    const resolver = await loadResolver(r, t.tenant.id, ctx.deps.cache.resolvers);
    const scoped = !!token && !isUnscoped(token.scope);
    const receipt = (count: number, extra = {}) => ({
      action: 'employees.listed',
      resource: `${t.tenant.id}/employees`,
      decision: { count, as_of: asOf, ...extra },
    });
    const rows = await r.listEmployees(t.tenant.id, { ids: token?.employeeId ? [token.employeeId] : undefined });
    const patches = new Map<string, string[]>();
    for (const v of await r.versionsAsOf(t.tenant.id, asOf))
      (patches.get(v.employee_id) ?? patches.set(v.employee_id, []).get(v.employee_id)!).push(v.data_json);
    const firstPatch = async (id: string) => (await r.versionsOf(id, '9999-12-31')).slice(0, 1).map((v) => v.data_json);
    const all = [];
    for (const row of rows)
      all.push(viewOf(ctx, row, foldPatches(patches.get(row.id) ?? (await firstPatch(row.id))), resolver, asOf));
    // Fail closed: a scope on a dimension none of the rows carries cannot be enforced, so nothing is shown.
    if (
      scoped &&
      ((token!.scope.cost_centres !== '*' && !(resolver.hasAnyDimension && all.some((v) => v.cost_centre_code))) ||
        (token!.scope.sites !== '*' && !all.some((v) => v.site)))
    ) {
      return {
        data: [],
        extra: { has_more: false, next_cursor: null, scope_not_enforceable: true, total: 0, total_active: 0 },
        evidence: receipt(0, { scope_not_enforceable: true }),
      };
    }
    const views = [];
    for (const view of all) {
      if (q.cost_centre && !codeMatches(q.cost_centre, view.cost_centre_code)) continue;
      if (q.site && view.site !== q.site) continue;
      if (scoped && !inScope(token!.scope, view.cost_centre_code, view.site)) continue;
      views.push(view);
    }
    // The cursor is a position in this order: the names as of the read date, compared as the cursor compares them.
    const key = (v: { last_name: string; first_name: string; id: string }) =>
      [v.last_name, v.first_name, v.id].join('\u0000');
    views.sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
    const limit = q.limit ?? 50;
    const after = decodeCursor<[string, string, string]>(ctx.deps.secrets, q.cursor);
    const start = after ? views.findIndex((v) => key(v) > after.join('\u0000')) : 0;
    const page = start < 0 ? [] : views.slice(start, start + limit);
    const has_more = start >= 0 && start + limit < views.length;
    const last = page[page.length - 1];
    return {
      data: page,
      extra: {
        has_more,
        next_cursor: has_more ? encodeCursor(ctx.deps.secrets, [last.last_name, last.first_name, last.id]) : null,
        scope_not_enforceable: false,
        // Counts over every page, so a headcount never needs the whole list.
        total: views.length,
        total_active: views.filter((v) => v.status === 'active').length,
      },
      evidence: receipt(page.length),
    };
  });
}

function settingsRoutes(kind: SettingsKind, segment: string, summary: string): RouteDef[] {
  return [
    {
      method: 'get',
      path: `${EMP}/${segment}`,
      tag: 'employees',
      summary: `${summary} (attested flags only)`,
      params: empParams,
      handler: async (ctx) => {
        const r = ctx.store.repos;
        await requireEmployeeRow(ctx, r, ctx.params.employeeId);
        const data = await loadEmployeeData(r, ctx.params.employeeId, todayIn(ctx.now));
        return { body: { data: settingsView(kind, data, ctx.requireTenant().tenant.jurisdiction) } };
      },
    },
    {
      method: 'patch',
      path: `${EMP}/${segment}`,
      tag: 'employees',
      summary: `Update ${summary.toLowerCase()}`,
      governed: true,
      params: empParams,
      query: asOfQuery,
      body: settingsBody,
      handler: async (ctx) => {
        const { writeFrom, asOf } = dateParams(ctx, ctx.query.as_of, ctx.body.effective_from);
        return ctx.commit(async (r) => {
          const row = await requireEmployeeRow(ctx, r, ctx.params.employeeId);
          const current = await loadEmployeeData(r, row.id, '9999-12-31');
          const updated = await writePatch(ctx, r, row, settingsPatch(ctx, kind, ctx.body, current), writeFrom);
          return {
            data: await readEmployee(ctx, r, updated.id, asOf),
            evidence: { action: `employee.${kind}_updated`, resource: row.id },
          };
        });
      },
    },
  ];
}

export const employeeRoutes: RouteDef[] = [
  {
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
    }),
    handler: listEmployees,
  },
  {
    method: 'post',
    path: `${T}/employees`,
    tag: 'employees',
    summary: 'Create an employee',
    governed: true,
    moneyMoving: true,
    params: tenantParams,
    query: asOfQuery,
    body: createEmployeeBody,
    response: { status: 201, description: 'employee' },
    handler: async (ctx) => {
      const { writeFrom, asOf } = dateParams(ctx, ctx.query.as_of, ctx.body.effective_from);
      const from = ctx.body.effective_from && writeFrom !== '0001-01-01' ? writeFrom : '0001-01-01';
      return ctx.commit(async (r) => {
        const { row } = await createEmployee(ctx, r, employeePatch(ctx, ctx.body), from);
        return {
          status: 201,
          data: await readEmployee(ctx, r, row.id, asOf),
          evidence: { action: 'employee.created', resource: row.id },
        };
      });
    },
  },
  {
    method: 'get',
    path: EMP,
    tag: 'employees',
    summary: 'Get an employee (receipted)',
    params: empParams,
    query: asOfQuery,
    handler: async (ctx) => {
      const { asOf } = dateParams(ctx, ctx.query.as_of);
      return ctx.receipt(async (r) => ({
        data: await readEmployee(ctx, r, ctx.params.employeeId, asOf),
        evidence: { action: 'employee.read', resource: ctx.params.employeeId, decision: { as_of: asOf } },
      }));
    },
  },
  {
    method: 'patch',
    path: EMP,
    tag: 'employees',
    summary: 'Update an employee (effective-dated where the pack supports it)',
    governed: true,
    params: empParams,
    query: asOfQuery,
    body: patchEmployeeBody,
    handler: async (ctx) => {
      const { writeFrom, asOf } = dateParams(ctx, ctx.query.as_of, ctx.body.effective_from);
      return ctx.commit(async (r) => {
        const row = await requireEmployeeRow(ctx, r, ctx.params.employeeId);
        await writePatch(ctx, r, row, employeePatch(ctx, ctx.body), writeFrom);
        return {
          data: await readEmployee(ctx, r, row.id, asOf),
          evidence: { action: 'employee.updated', resource: row.id, decision: { effective_from: writeFrom } },
        };
      });
    },
  },
  {
    method: 'delete',
    path: EMP,
    tag: 'employees',
    summary: 'Terminate an employee (irreversible)',
    governed: true,
    params: empParams,
    body: z.object({ governance_reason: z.string().optional() }).optional(),
    handler: async (ctx) =>
      ctx.commit(async (r) => {
        const row = await requireEmployeeRow(ctx, r, ctx.params.employeeId);
        await endEmployment(ctx, r, row, todayIn(ctx.now), null, true);
        return {
          data: await readEmployee(ctx, r, row.id, todayIn(ctx.now)),
          evidence: { action: 'employee.terminated', resource: row.id },
        };
      }),
  },
  {
    method: 'post',
    path: `${EMP}/end-employment`,
    tag: 'employees',
    summary: 'End employment on a date (future dates schedule a leaver)',
    governed: true,
    params: empParams,
    body: endEmploymentBody,
    handler: async (ctx) =>
      ctx.commit(async (r) => {
        const row = await requireEmployeeRow(ctx, r, ctx.params.employeeId);
        const date = ctx.body.effective_date ?? todayIn(ctx.now);
        await endEmployment(ctx, r, row, date, ctx.body.reason_code ?? null, false);
        return {
          data: await readEmployee(ctx, r, row.id, todayIn(ctx.now)),
          evidence: {
            action: 'employee.employment_ended',
            resource: row.id,
            decision: { effective_date: date, reason_code: ctx.body.reason_code ?? null },
          },
        };
      }),
  },
  {
    method: 'post',
    path: `${EMP}/reactivate`,
    tag: 'employees',
    summary: 'Reactivate an end-dated employee',
    governed: true,
    params: empParams,
    body: z.object({ governance_reason: z.string().optional() }).optional(),
    handler: async (ctx) =>
      ctx.commit(async (r) => {
        const row = await requireEmployeeRow(ctx, r, ctx.params.employeeId);
        await reactivate(ctx, r, row);
        return {
          data: await readEmployee(ctx, r, row.id, todayIn(ctx.now)),
          evidence: { action: 'employee.reactivated', resource: row.id },
        };
      }),
  },
  ...(['readiness', 'completeness'] as const).map((segment): RouteDef => ({
    method: 'get',
    path: `${EMP}/${segment}`,
    tag: 'employees',
    params: empParams,
    summary: segment === 'readiness' ? 'Readiness verdicts per tab' : 'Readiness (legacy alias)',
    handler: async (ctx) => {
      const r = ctx.store.repos;
      await requireEmployeeRow(ctx, r, ctx.params.employeeId);
      const t = ctx.requireTenant();
      const data = await loadEmployeeData(r, ctx.params.employeeId, todayIn(ctx.now));
      const readiness = t.engine
        ? t.engine.readiness(t.binding.pack_version, data)
        : {
            jurisdiction: t.tenant.jurisdiction,
            tabs: {},
            blocks_finalise: true,
            unverified_requirements: ['engine_unavailable'],
          };
      return { body: { data: readiness } };
    },
  })),
  ...settingsRoutes('tax', 'tax-settings', 'Tax settings'),
  ...settingsRoutes('bank', 'bank-accounts', 'Bank account'),
  ...settingsRoutes('pension', 'pension', 'Retirement fund'),
];
