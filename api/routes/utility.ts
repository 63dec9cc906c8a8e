import { z } from 'zod';
import type { RouteDef } from '../http/route.ts';
import { buildOpenApi } from '../http/openapi.ts';
import { capabilityNotSupported } from '../lib/errors.ts';

export function utilityRoutes(all: () => RouteDef[]): RouteDef[] {
  return [
    {
      method: 'get',
      path: '/health',
      tag: 'utility',
      summary: 'Service health',
      public: true,
      handler: async (ctx) => {
        const database = await ctx.store.ping();
        return {
          status: database ? 200 : 503,
          body: {
            status: database ? 'ok' : 'degraded',
            version: ctx.deps.config.serviceVersion,
            database: database ? 'reachable' : 'unreachable',
          },
        };
      },
    },
    {
      method: 'get',
      path: '/v1/openapi.json',
      tag: 'utility',
      summary: 'OpenAPI 3.1 description of this API',
      public: true,
      handler: async () => ({ body: buildOpenApi(all()) }),
    },
    {
      method: 'post',
      path: '/v1/calculate',
      tag: 'calculation',
      summary: 'Unscoped calculate (not supported: use the tenant-scoped route)',
      body: z.unknown(),
      handler: async () => {
        throw capabilityNotSupported(
          'stateless_calculate',
          null,
          ['POST /v1/tenants/{tenantId}/calculate'],
          'The unscoped calculate route is not supported. Use POST /v1/tenants/{tenantId}/calculate.',
        );
      },
    },
  ];
}
