// Pay items: the pack's earning, allowance and deduction types and the tenant's own, built on them.
import { defineRoute, type RouteDef } from '../http/route.ts';
import { tenantParams } from '../schemas/common.ts';
import {
  createPayItemBody,
  listPayItemsQuery,
  payItemParams,
  payItemSchema,
  updatePayItemBody,
} from '../schemas/pay-items.ts';
import { createPayItem, getPayItem, listPayItems, updatePayItem } from '../services/setup/pay-items.ts';

const T = '/v1/tenants/{tenantId}';

export const payItemRoutes: RouteDef[] = [
  defineRoute({
    method: 'get',
    path: `${T}/pay-items`,
    tag: 'pay-items',
    summary:
      "Pay items: the pack's earnings, allowances and deductions (AU: STP Phase 2 category, OTE, super, tax; " +
      "DE: Lohnart, tax, social insurance), then the tenant's own (archived ones with include_archived=true)",
    params: tenantParams,
    query: listPayItemsQuery,
    response: { status: 200, description: 'every pay item, on one page', list: payItemSchema },
    errors: [501],
    handler: async (ctx) => ({
      body: {
        data: await listPayItems(ctx, { kind: ctx.query.kind, includeArchived: ctx.query.include_archived === 'true' }),
        has_more: false,
        next_cursor: null,
      },
    }),
  }),
  defineRoute({
    method: 'post',
    path: `${T}/pay-items`,
    tag: 'pay-items',
    summary: "Create the tenant's own pay item on a pack pay item (paid and reported as that one)",
    governed: true,
    params: tenantParams,
    body: createPayItemBody,
    response: { status: 201, description: 'the new pay item', data: payItemSchema, evidence: true },
    errors: [409, 501],
    handler: async (ctx) => ctx.commit(async (r) => ({ status: 201, ...(await createPayItem(ctx, r, ctx.body)) })),
  }),
  defineRoute({
    method: 'get',
    path: `${T}/pay-items/{code}`,
    tag: 'pay-items',
    summary: 'One pay item',
    params: payItemParams,
    response: { status: 200, description: 'the pay item', data: payItemSchema },
    errors: [501],
    handler: async (ctx) => ({ body: { data: await getPayItem(ctx, ctx.params.code) } }),
  }),
  defineRoute({
    method: 'patch',
    path: `${T}/pay-items/{code}`,
    tag: 'pay-items',
    summary: "Rename, archive or restore the tenant's own pay item (409 pack_item_read_only for the pack's)",
    governed: true,
    params: payItemParams,
    body: updatePayItemBody,
    response: { status: 200, description: 'the updated pay item', data: payItemSchema, evidence: true },
    errors: [409, 501],
    handler: async (ctx) => ctx.commit((r) => updatePayItem(ctx, r, ctx.params.code, ctx.body)),
  }),
];
