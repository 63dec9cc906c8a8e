import { z } from 'zod';
import { defineRoute, type RouteDef } from '../http/route.ts';
import { tenantParams } from '../schemas/common.ts';
import { createSiteBody, listSitesQuery, siteParams, siteSchema, updateSiteBody } from '../schemas/sites.ts';
import { createSite, getSite, listSites, updateSite } from '../services/setup/sites.ts';

const T = '/v1/tenants/{tenantId}';

export const siteRoutes: RouteDef[] = [
  defineRoute({
    method: 'get',
    path: `${T}/sites`,
    tag: 'sites',
    summary: 'List sites (a site-scoped token sees its own sites only)',
    params: tenantParams,
    query: listSitesQuery,
    response: {
      status: 200,
      description: 'Sites in code order (archived ones with include_archived=true)',
      data: z.array(siteSchema),
    },
    handler: async (ctx) => ({
      body: { data: await listSites(ctx, { includeArchived: ctx.query.include_archived === 'true' }) },
    }),
  }),
  defineRoute({
    method: 'post',
    path: `${T}/sites`,
    tag: 'sites',
    summary: 'Create a site',
    governed: true,
    params: tenantParams,
    body: createSiteBody,
    response: { status: 201, description: 'The new site', data: siteSchema, evidence: true },
    errors: [409, 422],
    handler: async (ctx) => ctx.commit(async (r) => ({ status: 201, ...(await createSite(ctx, r, ctx.body)) })),
  }),
  defineRoute({
    method: 'get',
    path: `${T}/sites/{siteCode}`,
    tag: 'sites',
    summary: 'One site',
    params: siteParams,
    response: { status: 200, description: 'The site', data: siteSchema },
    handler: async (ctx) => ({ body: { data: await getSite(ctx, ctx.params.siteCode) } }),
  }),
  defineRoute({
    method: 'patch',
    path: `${T}/sites/{siteCode}`,
    tag: 'sites',
    summary: 'Update a site (status archives or restores it)',
    governed: true,
    params: siteParams,
    body: updateSiteBody,
    response: { status: 200, description: 'The updated site', data: siteSchema, evidence: true },
    errors: [422],
    handler: async (ctx) => ctx.commit((r) => updateSite(ctx, r, ctx.params.siteCode, ctx.body)),
  }),
];
