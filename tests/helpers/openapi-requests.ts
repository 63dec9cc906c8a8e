// Requests generated from the route registry, the policy table and the OpenAPI document, for suites that must
// cover every route the moment it is registered (the authorization matrix and the fuzzer): the operations with
// their parameters and request-body JSON schemas, path filling, and a deterministic sample body per schema.
import fc from 'fast-check';
import { buildOpenApi } from '../../api/http/openapi.ts';
import { POLICY, type Policy } from '../../api/http/policy.ts';
import { routeKey, type RouteDef } from '../../api/http/route.ts';
import { allRoutes } from '../../api/routes/index.ts';

// JSON Schema as zod emits it: a plain object walked dynamically.
export type JsonSchema = Record<string, any>;

export interface QueryParam {
  name: string;
  required: boolean;
  schema: JsonSchema;
}

export interface Operation {
  /** Upper-case HTTP method. */
  method: string;
  /** OpenAPI path template: `/v1/tenants/{tenantId}/employees/{employeeId}`. */
  path: string;
  key: string;
  route: RouteDef;
  policy: Policy | 'public';
  pathParams: string[];
  query: QueryParam[];
  /** The `application/json` request-body schema, or null when the operation takes no body. */
  body: JsonSchema | null;
  /** Also accepts `text/csv`. */
  csv: boolean;
  governed: boolean;
  moneyMoving: boolean;
  /** Status codes the operation documents. */
  documented: number[];
}

interface OpenApiParameter {
  name: string;
  in: string;
  required?: boolean;
  schema?: JsonSchema;
}
interface OpenApiOperation {
  parameters?: OpenApiParameter[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, unknown>;
  'x-governed'?: boolean;
  'x-money-moving'?: boolean;
}

export const pathParamsOf = (path: string) => [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);

/** Every operation of the service, in registry order, joined with its policy entry and its OpenAPI operation. */
export function operations(): Operation[] {
  const routes = allRoutes();
  const doc = buildOpenApi(routes);
  return routes.map((route) => {
    const method = route.method.toUpperCase();
    const key = routeKey(route.method, route.path);
    const op = (doc.paths as Record<string, Record<string, OpenApiOperation>>)[route.path][route.method];
    const content = op.requestBody?.content ?? {};
    return {
      method,
      path: route.path,
      key,
      route,
      policy: POLICY[key],
      pathParams: pathParamsOf(route.path),
      query: (op.parameters ?? [])
        .filter((p) => p.in === 'query')
        .map((p) => ({ name: p.name, required: !!p.required, schema: p.schema ?? {} })),
      body: content['application/json']?.schema ?? null,
      csv: !!content['text/csv'],
      governed: !!op['x-governed'],
      moneyMoving: !!op['x-money-moving'],
      documented: Object.keys(op.responses).map(Number),
    };
  });
}

/** The path with each `{param}` replaced by its (percent-encoded) value; throws on a parameter with no value. */
export function fillPath(path: string, values: Record<string, string>): string {
  return path.replace(/\{(\w+)\}/g, (_m, name: string) => {
    const v = values[name];
    if (v === undefined) throw new Error(`No value for path parameter {${name}} of ${path}: add one to the fixture.`);
    return encodeURIComponent(v);
  });
}

const isWrite = (method: string) => method !== 'GET' && method !== 'HEAD';
export { isWrite };

/** Whether a property named `name` appears anywhere in the schema (nested objects, array items, unions). */
export function mentionsProperty(schema: JsonSchema | null | undefined, name: string): boolean {
  if (!schema || typeof schema !== 'object') return false;
  if (schema.properties && Object.prototype.hasOwnProperty.call(schema.properties, name)) return true;
  const children: unknown[] = [
    ...Object.values(schema.properties ?? {}),
    schema.items,
    schema.additionalProperties,
    ...(schema.anyOf ?? []),
    ...(schema.oneOf ?? []),
    ...(schema.allOf ?? []),
    ...(schema.prefixItems ?? []),
  ];
  return children.some((c) => c && typeof c === 'object' && mentionsProperty(c as JsonSchema, name));
}

const DATE_NAME = /(^|_)(date|as_of|from|to|start|end|effective_from|period_start|period_end|payment_date)$/;

const typeOf = (s: JsonSchema): string | undefined =>
  Array.isArray(s.type) ? (s.type as string[]).find((t) => t !== 'null') : (s.type as string | undefined);

/** One string matching `pattern`, the same every time. */
export function stringMatching(pattern: string): string {
  return fc.sample(fc.stringMatching(new RegExp(pattern)), { seed: 1, numRuns: 1 })[0];
}

/**
 * A deterministic, plausible value for a JSON schema: required properties (plus any optional property named in
 * `hints`), the first enum member, dates for date-like names, and `hints[name]` wherever a property of that name
 * appears. Validation that the schema cannot express (zod refinements) is what the hints are for.
 */
export function sampleFromSchema(schema: JsonSchema, hints: Record<string, unknown> = {}, name?: string): unknown {
  if (name !== undefined && Object.prototype.hasOwnProperty.call(hints, name)) return hints[name];
  if (!schema || typeof schema !== 'object') return null;
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  const union = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (union?.length) {
    const pick = union.find((s) => typeOf(s) === 'object') ?? union.find((s) => typeOf(s) !== 'null') ?? union[0];
    return sampleFromSchema(pick, hints, name);
  }
  if (Array.isArray(schema.allOf)) {
    return sampleFromSchema(Object.assign({}, ...(schema.allOf as JsonSchema[])), hints, name);
  }
  switch (typeOf(schema) ?? (schema.properties ? 'object' : undefined)) {
    case 'object': {
      const out: Record<string, unknown> = {};
      const props = (schema.properties ?? {}) as Record<string, JsonSchema>;
      const required = new Set<string>(schema.required ?? []);
      for (const [k, s] of Object.entries(props)) {
        if (required.has(k) || Object.prototype.hasOwnProperty.call(hints, k)) out[k] = sampleFromSchema(s, hints, k);
      }
      return out;
    }
    case 'array': {
      const n = Math.max(1, schema.minItems ?? 1);
      return Array.from({ length: n }, () => sampleFromSchema(schema.items ?? {}, hints));
    }
    case 'string': {
      if (schema.format === 'email') return 'sam.sample@example.com';
      if (schema.format === 'date-time') return '2026-11-02T09:00:00.000Z';
      if (schema.format === 'date' || (name && DATE_NAME.test(name))) return '2026-11-02';
      if (schema.pattern) return stringMatching(schema.pattern);
      const min = schema.minLength ?? 1;
      return 'sample'.padEnd(min, 'x').slice(0, Math.max(min, Math.min(6, schema.maxLength ?? 6)));
    }
    case 'integer':
    case 'number':
      return schema.minimum ?? (typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum + 1 : 1);
    case 'boolean':
      return false;
    case 'null':
      return null;
    default:
      return 'sample';
  }
}
