import { z } from 'zod';
import { defineRoute, type RouteDef } from '../http/route.ts';
import { buildOpenApi } from '../http/openapi.ts';
import { capabilityNotSupported } from '../lib/errors.ts';
import { healthSchema, openApiDocumentSchema } from '../schemas/utility.ts';

export function utilityRoutes(all: () => RouteDef[]): RouteDef[] {
  return [
    defineRoute({
      method: 'get',
      path: '/health',
      tag: 'utility',
      summary: 'Service health',
      public: true,
      response: { status: 200, description: 'The service is up and its database takes writes', body: healthSchema },
      alsoResponds: [
        {
          status: 503,
          description: 'The database is unreachable, or reachable but cannot take writes (`read_only`)',
          body: healthSchema,
        },
      ],
      handler: async (ctx) => {
        // A store that answers reads but cannot commit a write is not healthy: every change would fail.
        const database = (await ctx.store.writable())
          ? 'reachable'
          : (await ctx.store.ping())
            ? 'read_only'
            : 'unreachable';
        const ok = database === 'reachable';
        return {
          status: ok ? 200 : 503,
          body: { status: ok ? 'ok' : 'degraded', version: ctx.deps.config.serviceVersion, database },
        };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/v1/openapi.json',
      tag: 'utility',
      summary: 'OpenAPI 3.1 description of this API',
      public: true,
      response: { status: 200, description: 'The OpenAPI document', body: openApiDocumentSchema },
      handler: async () => ({ body: buildOpenApi(all()) }),
    }),
    defineRoute({
      method: 'post',
      path: '/v1/calculate',
      tag: 'calculation',
      summary: 'Unscoped calculate (not supported: use the tenant-scoped route)',
      body: z.unknown(),
      response: {
        status: 200,
        description: 'Never answered: the route is not supported and always answers 501',
        body: z.never(),
      },
      errors: [501],
      handler: async () => {
        throw capabilityNotSupported(
          'stateless_calculate',
          null,
          ['POST /v1/tenants/{tenantId}/calculate'],
          'The unscoped calculate route is not supported. Use POST /v1/tenants/{tenantId}/calculate.',
        );
      },
    }),
  ];
}
