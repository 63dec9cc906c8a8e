// OpenAPI 3.1 built from the same route registry and zod schemas that validate requests.
import { z } from 'zod';
import type { RouteDef } from './route.ts';

const ERROR_SCHEMA = {
  type: 'object',
  required: ['error'],
  properties: {
    error: {
      type: 'object',
      required: ['code', 'message', 'status'],
      properties: {
        code: { type: 'string' },
        message: { type: 'string' },
        status: { type: 'integer' },
        errors: {
          type: 'array',
          items: { type: 'object', properties: { path: { type: 'string' }, message: { type: 'string' } } },
        },
      },
    },
  },
};

function jsonSchema(schema: z.ZodType, io: 'input' | 'output' = 'input'): Record<string, unknown> {
  try {
    const s = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Record<string, unknown>;
    delete s.$schema;
    return s;
  } catch {
    return {};
  }
}

function parametersOf(route: RouteDef) {
  const params: Record<string, unknown>[] = [];
  for (const name of route.path.match(/\{(\w+)\}/g) ?? []) {
    params.push({ name: name.slice(1, -1), in: 'path', required: true, schema: { type: 'string' } });
  }
  if (route.query) {
    const s = jsonSchema(route.query) as { properties?: Record<string, unknown>; required?: string[] };
    for (const [name, schema] of Object.entries(s.properties ?? {})) {
      params.push({ name, in: 'query', required: s.required?.includes(name) ?? false, schema });
    }
  }
  if (route.governed)
    params.push({
      name: 'x-governance-reason',
      in: 'header',
      required: false,
      schema: { type: 'string', minLength: 3, maxLength: 500 },
    });
  if (route.method === 'post')
    params.push({ name: 'Idempotency-Key', in: 'header', required: false, schema: { type: 'string', maxLength: 255 } });
  return params;
}

export function buildOpenApi(routes: RouteDef[]) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const ok = route.response ?? { status: route.method === 'post' ? 201 : 200, description: 'Success' };
    const op: Record<string, unknown> = {
      operationId: `${route.method}${route.path.replace(/[{}]/g, '').replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ? c.toUpperCase() : ''))}`,
      summary: route.summary,
      tags: [route.tag],
      parameters: parametersOf(route),
      responses: {
        [String(ok.status)]: {
          description: ok.description,
          content: { [ok.contentType ?? 'application/json']: { schema: {} } },
        },
        default: {
          description: 'Error envelope',
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
        },
      },
      ...(route.public ? { security: [] } : {}),
      ...(route.governed ? { 'x-governed': true } : {}),
      ...(route.moneyMoving ? { 'x-money-moving': true } : {}),
    };
    if (route.body && route.method !== 'get') {
      const content: Record<string, unknown> = { 'application/json': { schema: jsonSchema(route.body) } };
      if (route.acceptsCsv) content['text/csv'] = { schema: { type: 'string' } };
      op.requestBody = { required: false, content };
    }
    (paths[route.path] ??= {})[route.method] = op;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Payrail API',
      version: '0.1.0',
      description: 'Embedded payroll: tenants, packs, employees, pay runs and an evidence chain on every write.',
    },
    servers: [{ url: '/' }],
    security: [{ bearer: [] }],
    components: {
      securitySchemes: {
        bearer: {
          type: 'http',
          scheme: 'bearer',
          description: 'Partner key (prk_sandbox_…, prk_live_…), embed token or user token.',
        },
      },
      schemas: { Error: ERROR_SCHEMA },
    },
    paths,
  };
}
