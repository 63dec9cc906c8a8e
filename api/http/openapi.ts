// OpenAPI 3.1 built from the same route registry and zod schemas that validate requests and describe
// answers: every operation documents its success body and the error envelope of each status it can return.
import { z } from 'zod';
import type { RouteDef, SuccessSpec } from './route.ts';
import { eventSchema } from '../schemas/webhooks.ts';
import { EVENT_TYPES } from '../model/webhook-event-types.ts';
import { SIGNATURE_HEADER } from '../services/webhooks/signature.ts';

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
          items: {
            type: 'object',
            required: ['path', 'message'],
            properties: { path: { type: 'string' }, message: { type: 'string' } },
          },
        },
      },
    },
  },
};

const ERROR_TEXT: Record<number, string> = {
  400: 'Invalid request: `errors` lists each field (`bad_request`), or a governance reason is missing',
  401: 'No valid credential',
  403: 'The credential may not do this (role, component allowlist, data scope or origin)',
  404: 'Not found, or another partner’s tenant',
  409: 'Conflict: the resource is in another state (`state_conflict`), an Idempotency-Key was reused with another body, or open exceptions hold an approval back (`exceptions_open`)',
  413: 'Request body too large',
  422: 'A statutory or jurisdiction rule failed (`pack_validation_failed` with rule references)',
  429:
    'Rate limited (`rate_limited`): the partner’s budget of cost units (or the client address’s, before authentication) ' +
    'is spent, chain verifications are over their own limit, or too many expensive requests of this tenant are ' +
    'queued; see `Retry-After`',
  501: 'The tenant’s pack or engine lacks the capability (`CAPABILITY_NOT_SUPPORTED`)',
  502: 'Upstream unavailable',
  503:
    'Service unavailable: the database or the revocation list cannot be read, the process holds as many ' +
    'connections as it serves, or an expensive request waited too long behind its tenant’s others ' +
    '(`service_unavailable`); see `Retry-After`',
};

/** Answers that say when to retry. */
const RETRY_AFTER = {
  'Retry-After': { description: 'Seconds to wait before retrying', schema: { type: 'integer', minimum: 1 } },
};
const RETRIED = new Set([429, 503]);

export function jsonSchema(schema: z.ZodType, io: 'input' | 'output' = 'input'): Record<string, unknown> {
  const s = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Record<string, unknown>;
  delete s.$schema;
  return s;
}

/** The error statuses every route of this kind can answer, plus the route's own. */
export function errorStatuses(route: RouteDef): number[] {
  // Every route: a malformed request (400), the rate limit, which budgets unauthenticated callers by address (429),
  // and the connection cap, which refuses a connection past it before its request is read (503). Credentials are
  // checked against the revocation list too, which fails closed when it cannot be read (503 as well).
  const out = new Set<number>([...(route.errors ?? []), 400, 429, 503]);
  if (!route.public) [401, 403].forEach((s) => out.add(s));
  if (route.path.includes('{')) out.add(404);
  if (route.method !== 'get' && route.method !== 'delete') out.add(413);
  if (route.method === 'post') out.add(409);
  return [...out].sort();
}

function successContent(spec: SuccessSpec): Record<string, unknown> {
  if (spec.contentType) {
    const types = Array.isArray(spec.contentType) ? spec.contentType : [spec.contentType];
    const fileSchema = (type: string) =>
      !type.startsWith('text/') && type !== 'application/xml'
        ? { type: 'string', format: 'binary' }
        : { type: 'string' };
    const files = Object.fromEntries(types.map((type) => [type, { schema: fileSchema(type) }]));
    // A JSON answer that can also be had as a file (a report as CSV) documents both.
    return spec.data || spec.list || spec.body ? { ...jsonContent(spec), ...files } : files;
  }
  return jsonContent(spec);
}

function jsonContent(spec: SuccessSpec): Record<string, unknown> {
  let schema: Record<string, unknown>;
  if (spec.body) schema = jsonSchema(spec.body, 'output');
  else if (spec.list)
    schema = {
      type: 'object',
      required: ['data', 'has_more', 'next_cursor'],
      properties: {
        data: { type: 'array', items: jsonSchema(spec.list, 'output') },
        has_more: { type: 'boolean' },
        next_cursor: { type: ['string', 'null'] },
        ...Object.fromEntries(Object.entries(spec.extra ?? {}).map(([k, v]) => [k, jsonSchema(v, 'output')])),
      },
      additionalProperties: false,
    };
  else
    schema = {
      type: 'object',
      required: ['data', ...(spec.evidence ? ['evidence_id'] : [])],
      properties: {
        data: spec.data ? jsonSchema(spec.data, 'output') : {},
        evidence_id: { type: ['string', 'null'] },
        ...Object.fromEntries(Object.entries(spec.extra ?? {}).map(([k, v]) => [k, jsonSchema(v, 'output')])),
      },
      additionalProperties: false,
    };
  return { 'application/json': { schema } };
}

function parametersOf(route: RouteDef) {
  const params: Record<string, unknown>[] = [];
  const pathSchema = route.params
    ? (jsonSchema(route.params) as { properties?: Record<string, unknown> }).properties
    : undefined;
  for (const name of route.path.match(/\{(\w+)\}/g) ?? []) {
    const key = name.slice(1, -1);
    params.push({ name: key, in: 'path', required: true, schema: pathSchema?.[key] ?? { type: 'string' } });
  }
  if (route.query) {
    const s = jsonSchema(route.query) as { properties?: Record<string, unknown>; required?: string[] };
    for (const [name, schema] of Object.entries(s.properties ?? {})) {
      params.push({ name, in: 'query', required: s.required?.includes(name) ?? false, schema });
    }
  }
  if (route.governed || route.moneyMoving)
    params.push({
      name: 'x-governance-reason',
      in: 'header',
      required: false,
      description: route.governed
        ? 'The governance reason (or `governance_reason` in the body): required.'
        : 'The governance reason (or `governance_reason` in the body): required of embed and user tokens.',
      schema: { type: 'string', minLength: 3, maxLength: 500 },
    });
  if (route.method === 'post')
    params.push({ name: 'Idempotency-Key', in: 'header', required: false, schema: { type: 'string', maxLength: 255 } });
  return params;
}

const operationId = (route: RouteDef) =>
  `${route.method}${route.path.replace(/[{}]/g, '').replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ? c.toUpperCase() : ''))}`;

export function buildOpenApi(routes: RouteDef[]) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const responses: Record<string, unknown> = {};
    for (const spec of [route.response, ...(route.alsoResponds ?? [])]) {
      responses[String(spec.status)] = { description: spec.description, content: successContent(spec) };
    }
    for (const status of errorStatuses(route)) {
      const envelope = { $ref: '#/components/schemas/Error' };
      const own = responses[String(status)] as
        { description: string; content: Record<string, { schema: unknown }> } | undefined;
      // A route's own answer with an error status (health's 503) may also be the envelope (the connection cap's).
      const schema = own ? { oneOf: [own.content['application/json'].schema, envelope] } : envelope;
      responses[String(status)] = {
        description: own ? `${own.description}. ${ERROR_TEXT[status]}` : (ERROR_TEXT[status] ?? 'Error'),
        ...(RETRIED.has(status) ? { headers: RETRY_AFTER } : {}),
        content: { 'application/json': { schema } },
      };
    }
    const op: Record<string, unknown> = {
      operationId: operationId(route),
      summary: route.summary,
      tags: [route.tag],
      parameters: parametersOf(route),
      responses,
      ...(route.public ? { security: [] } : {}),
      // `tokens`: a money-moving write that embed and user tokens must give a reason for.
      ...(route.governed ? { 'x-governed': true } : route.moneyMoving ? { 'x-governed': 'tokens' } : {}),
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
    webhooks: webhookDocs(),
  };
}

/** Each event type's delivery (OpenAPI 3.1 `webhooks`): the same body for all, signed in `Payrail-Signature`. */
function webhookDocs(): Record<string, unknown> {
  const body = jsonSchema(eventSchema, 'output') as { properties?: Record<string, unknown> };
  return Object.fromEntries(
    EVENT_TYPES.map((type) => [
      type,
      {
        post: {
          summary: `${type}: an evidence record \`${type}\` was committed`,
          parameters: [
            {
              name: SIGNATURE_HEADER,
              in: 'header',
              required: true,
              description:
                't=<unix seconds>,v1=<hex HMAC-SHA256 of "t.rawbody" with the endpoint secret> (a second v1 while a rotated-out secret is in its grace period)',
              schema: { type: 'string' },
            },
          ],
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: { ...body, properties: { ...(body.properties ?? {}), type: { const: type } } },
              },
            },
          },
          responses: { '2XX': { description: 'Received: any other answer, or none within 10 s, is retried' } },
        },
      },
    ]),
  );
}
