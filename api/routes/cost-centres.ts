import { z } from 'zod';
import type { RouteDef } from '../http/route.ts';
import { tenantParams } from '../schemas/common.ts';
import type { RequestContext } from '../http/context.ts';
import type { Repos } from '../store/index.ts';
import type { EmployeeTable } from '../store/schema.ts';
import { encodeMatch, inScope, loadResolver, publicCostCentre, publicMapping } from '../services/cost-centres.ts';
import { loadEmployeeData, requireEmployeeRow } from '../services/employees.ts';
import { isUnscoped } from '../services/caller.ts';
import { AppError, conflict, forbidden, notFound, stateConflict } from '../lib/errors.ts';
import { newId } from '../lib/ids.ts';
import { todayIn } from '../lib/dates.ts';

const T = '/v1/tenants/{tenantId}';
const code = z
  .string()
  .regex(/^[A-Z0-9][A-Z0-9-]*$/, 'Uppercase letters, digits and dashes, starting with a letter or digit.')
  .max(50);
const nullableText = z.string().max(200).nullable().optional();
const ccParams = tenantParams.extend({ code });
const empParams = tenantParams.extend({ employeeId: z.string().regex(/^emp_[A-Za-z0-9_-]+$/) });
const unprocessable = (path: string, message: string) =>
  new AppError(422, 'unprocessable_entity', message, { errors: [{ path, message }] });

/** Would `parent` (or one of its ancestors) be `code` itself? Then the hierarchy would loop. */
async function wouldLoop(r: Repos, tenantId: string, code: string, parent: string): Promise<boolean> {
  const seen = new Set<string>();
  for (let at: string | null = parent; at; at = (await r.getCostCentre(tenantId, at))?.parent_code ?? null) {
    if (at === code) return true;
    if (seen.has(at)) return false;
    seen.add(at);
  }
  return false;
}

/** A data-scoped caller may not move an employee to where its own scope no longer reaches. */
async function assertStaysInScope(ctx: RequestContext, r: Repos, row: EmployeeTable, explicit: string | null) {
  const token = ctx.tokenCaller();
  if (!token || isUnscoped(token.scope)) return;
  const resolver = await loadResolver(r, row.tenant_id);
  const data = await loadEmployeeData(ctx, r, row.id, todayIn(ctx.now));
  const cc = resolver.costCentreOf(explicit, data);
  if (!inScope(token.scope, cc, resolver.siteOf(data.site, cc)))
    throw forbidden('This change would move the employee outside your data scope.');
}

export const costCentreRoutes: RouteDef[] = [
  {
    method: 'get',
    path: `${T}/cost-centres`,
    tag: 'cost-centres',
    summary: 'List cost centres',
    params: tenantParams,
    query: z.object({ include_archived: z.enum(['true', 'false']).optional() }),
    handler: async (ctx) => ({
      body: {
        data: (
          await ctx.store.repos.listCostCentres(ctx.requireTenant().tenant.id, ctx.query.include_archived === 'true')
        ).map(publicCostCentre),
      },
    }),
  },
  {
    method: 'post',
    path: `${T}/cost-centres`,
    tag: 'cost-centres',
    summary: 'Create a cost centre',
    governed: true,
    params: tenantParams,
    body: z.strictObject({
      code,
      name: z.string().trim().min(1).max(200),
      parent_code: code.nullable().optional(),
      gl_account: nullableText,
      site: nullableText,
      status: z.enum(['active', 'archived']).optional(),
      governance_reason: z.string().optional(),
    }),
    response: { status: 201, description: 'cost centre' },
    handler: async (ctx) =>
      ctx.commit(async (r) => {
        const tenantId = ctx.requireTenant().tenant.id;
        const b = ctx.body;
        if (await r.getCostCentre(tenantId, b.code))
          throw conflict('duplicate_code', `Cost centre ${b.code} already exists.`);
        if (b.parent_code && !(await r.getCostCentre(tenantId, b.parent_code)))
          throw unprocessable('parent_code', `Unknown parent cost centre ${b.parent_code}.`);
        const at = ctx.now.toISOString();
        const row = {
          tenant_id: tenantId,
          code: b.code,
          name: b.name,
          parent_code: b.parent_code ?? null,
          gl_account: b.gl_account ?? null,
          site: b.site ?? null,
          status: b.status ?? 'active',
          created_at: at,
          updated_at: at,
        } as const;
        await r.insertCostCentre(row);
        return {
          status: 201,
          data: publicCostCentre(row),
          evidence: { action: 'cost_centre.created', resource: b.code },
        };
      }),
  },
  {
    method: 'patch',
    path: `${T}/cost-centres/{code}`,
    tag: 'cost-centres',
    summary: 'Update a cost centre (status moves between active and archived)',
    governed: true,
    params: ccParams,
    body: z.strictObject({
      name: z.string().trim().min(1).max(200).optional(),
      parent_code: code.nullable().optional(),
      gl_account: nullableText,
      site: nullableText,
      status: z.enum(['active', 'archived']).optional(),
      governance_reason: z.string().optional(),
    }),
    handler: async (ctx) =>
      ctx.commit(async (r) => {
        const tenantId = ctx.requireTenant().tenant.id;
        const existing = await r.getCostCentre(tenantId, ctx.params.code);
        if (!existing) throw notFound('Cost centre not found.');
        const { governance_reason: _g, ...patch } = ctx.body;
        if (patch.parent_code) {
          if (patch.parent_code === existing.code)
            throw unprocessable('parent_code', 'A cost centre cannot be its own parent.');
          if (!(await r.getCostCentre(tenantId, patch.parent_code)))
            throw unprocessable('parent_code', `Unknown parent cost centre ${patch.parent_code}.`);
          if (await wouldLoop(r, tenantId, existing.code, patch.parent_code)) {
            throw unprocessable(
              'parent_code',
              `${patch.parent_code} sits below ${existing.code}: the hierarchy cannot loop.`,
            );
          }
        }
        await r.updateCostCentre(tenantId, existing.code, { ...patch, updated_at: ctx.now.toISOString() });
        const updated = (await r.getCostCentre(tenantId, existing.code))!;
        return {
          data: publicCostCentre(updated),
          evidence: {
            action: 'cost_centre.updated',
            resource: existing.code,
            decision: { from_status: existing.status, to_status: updated.status },
          },
        };
      }),
  },
  {
    method: 'delete',
    path: `${T}/cost-centres/{code}`,
    tag: 'cost-centres',
    summary: 'Archive a cost centre',
    governed: true,
    params: ccParams,
    handler: async (ctx) =>
      ctx.commit(async (r) => {
        const tenantId = ctx.requireTenant().tenant.id;
        const existing = await r.getCostCentre(tenantId, ctx.params.code);
        if (!existing) throw notFound('Cost centre not found.');
        if (existing.status === 'archived') throw stateConflict('The cost centre is already archived.');
        await r.updateCostCentre(tenantId, existing.code, { status: 'archived', updated_at: ctx.now.toISOString() });
        return {
          data: { code: existing.code, status: 'archived' },
          evidence: { action: 'cost_centre.archived', resource: existing.code },
        };
      }),
  },
  {
    method: 'put',
    path: `${T}/employees/{employeeId}/cost-centre`,
    tag: 'cost-centres',
    summary: 'Assign an employee to a cost centre',
    governed: true,
    params: empParams,
    body: z.strictObject({ cost_centre_code: code, governance_reason: z.string().optional() }),
    handler: async (ctx) =>
      ctx.commit(async (r) => {
        const tenantId = ctx.requireTenant().tenant.id;
        const row = await requireEmployeeRow(ctx, r, ctx.params.employeeId);
        const cc = await r.getCostCentre(tenantId, ctx.body.cost_centre_code);
        if (!cc || cc.status !== 'active')
          throw unprocessable('cost_centre_code', `No active cost centre ${ctx.body.cost_centre_code}.`);
        await assertStaysInScope(ctx, r, row, cc.code);
        await r.updateEmployee(tenantId, row.id, { cost_centre_code: cc.code, updated_at: ctx.now.toISOString() });
        return {
          data: { employee_id: row.id, cost_centre_code: cc.code },
          evidence: {
            action: 'employee.cost_centre_assigned',
            resource: row.id,
            decision: { cost_centre_code: cc.code },
          },
        };
      }),
  },
  {
    method: 'delete',
    path: `${T}/employees/{employeeId}/cost-centre`,
    tag: 'cost-centres',
    summary: 'Remove an explicit cost-centre assignment',
    governed: true,
    params: empParams,
    handler: async (ctx) =>
      ctx.commit(async (r) => {
        const row = await requireEmployeeRow(ctx, r, ctx.params.employeeId);
        await assertStaysInScope(ctx, r, row, null);
        await r.updateEmployee(row.tenant_id, row.id, { cost_centre_code: null, updated_at: ctx.now.toISOString() });
        return {
          data: { employee_id: row.id, cost_centre_code: null },
          evidence: { action: 'employee.cost_centre_removed', resource: row.id },
        };
      }),
  },
  {
    method: 'get',
    path: `${T}/cost-centre-mappings`,
    tag: 'cost-centres',
    summary: 'List cost-centre mapping rules',
    params: tenantParams,
    query: z.object({ source: z.enum(['employee', 'pay_item']).optional() }),
    handler: async (ctx) => ({
      body: {
        data: (await ctx.store.repos.listMappings(ctx.requireTenant().tenant.id, ctx.query.source)).map(publicMapping),
      },
    }),
  },
  {
    method: 'post',
    path: `${T}/cost-centre-mappings`,
    tag: 'cost-centres',
    summary: 'Create a mapping rule (lower priority wins; * is a catch-all)',
    governed: true,
    params: tenantParams,
    response: { status: 201, description: 'mapping' },
    body: z.strictObject({
      source: z.enum(['employee', 'pay_item']),
      attribute: z.string().min(1).max(200),
      match_value: z.union([z.string().min(1).max(200), z.number()]),
      cost_centre_code: code,
      priority: z.number().int().min(0).default(100),
      governance_reason: z.string().optional(),
    }),
    handler: async (ctx) =>
      ctx.commit(async (r) => {
        const tenantId = ctx.requireTenant().tenant.id;
        if (!(await r.getCostCentre(tenantId, ctx.body.cost_centre_code)))
          throw unprocessable('cost_centre_code', `Unknown cost centre ${ctx.body.cost_centre_code}.`);
        const row = {
          id: newId('ccm_'),
          tenant_id: tenantId,
          source: ctx.body.source,
          attribute: ctx.body.attribute,
          match_value: encodeMatch(ctx.body.match_value),
          cost_centre_code: ctx.body.cost_centre_code,
          priority: ctx.body.priority,
          created_at: ctx.now.toISOString(),
        };
        await r.insertMapping(row);
        return {
          status: 201,
          data: publicMapping(row),
          evidence: { action: 'cost_centre_mapping.created', resource: row.id },
        };
      }),
  },
  {
    method: 'delete',
    path: `${T}/cost-centre-mappings/{id}`,
    tag: 'cost-centres',
    summary: 'Delete a mapping rule',
    governed: true,
    params: tenantParams.extend({ id: z.string().regex(/^ccm_[a-f0-9]+$/) }),
    handler: async (ctx) =>
      ctx.commit(async (r) => {
        const tenantId = ctx.requireTenant().tenant.id;
        if (!(await r.getMapping(tenantId, ctx.params.id))) throw notFound('Mapping rule not found.');
        await r.deleteMapping(tenantId, ctx.params.id);
        return {
          data: { id: ctx.params.id, deleted: true },
          evidence: { action: 'cost_centre_mapping.deleted', resource: ctx.params.id },
        };
      }),
  },
];
