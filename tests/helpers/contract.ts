// The contract check behind every API test call: each answer must be one the OpenAPI document
// describes (its status is documented for the operation, and a JSON body matches the schema), and each
// (operation, status) seen is recorded so `tests/contract/coverage.ts` can tell which operations no test calls.
import fs from 'node:fs';
import path from 'node:path';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import { buildOpenApi } from '../../api/http/openapi.ts';
import { pathRegex } from '../../api/http/route.ts';
import { allRoutes } from '../../api/routes/index.ts';

interface Operation {
  method: string;
  path: string;
  regex: RegExp;
  literal: number;
  responses: Record<string, { content?: Record<string, { schema?: object }> }>;
}

const routes = allRoutes();
export const openApi = buildOpenApi(routes);

const components = openApi.components.schemas;
const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
ajv.addSchema({ $id: 'payrail:components', $defs: components });

const operations: Operation[] = Object.entries(openApi.paths)
  .flatMap(([p, ops]) =>
    Object.entries(ops).map(([method, op]) => ({
      method: method.toUpperCase(),
      path: p,
      regex: pathRegex(p),
      // A path with more fixed text wins over one with a parameter in its place (`/employees/validate`).
      literal: p.replace(/\{\w+\}/g, '').length,
      responses: (op as { responses: Operation['responses'] }).responses,
    })),
  )
  .sort((a, b) => b.literal - a.literal);

const validators = new Map<string, ValidateFunction>();
function validatorFor(key: string, schema: object): ValidateFunction {
  let v = validators.get(key);
  if (!v) {
    const text = JSON.stringify(schema).replaceAll('"#/components/schemas/', '"payrail:components#/$defs/');
    v = ajv.compile(JSON.parse(text));
    validators.set(key, v);
  }
  return v;
}

const recordDir = process.env.PAYRAIL_CONTRACT_DIR ?? path.resolve('test-results/contract');
const recordFile = path.join(recordDir, `${process.pid}.jsonl`);
let dirReady = false;

function record(op: Operation, status: number) {
  if (!dirReady) {
    fs.mkdirSync(recordDir, { recursive: true });
    dirReady = true;
  }
  fs.appendFileSync(recordFile, `${JSON.stringify([op.method, op.path, status])}\n`);
}

/** Checks one answer against the document; answers a description of the breach, or null. */
export function contractBreach(method: string, url: string, status: number, contentType: string | null, text: string) {
  const pathname = new URL(url, 'http://x').pathname;
  const op = operations.find((o) => o.method === method.toUpperCase() && o.regex.test(pathname));
  if (!op) return null; // not an operation: unknown paths and methods are the router's 404 and 405
  record(op, status);
  const documented = op.responses[String(status)];
  if (!documented) return `${method} ${op.path} answered ${status}, which its OpenAPI operation does not document`;
  const type = (contentType ?? '').split(';')[0].trim();
  const schema = documented.content?.[type]?.schema ?? (type ? undefined : null);
  if (schema === undefined)
    return `${method} ${op.path} ${status} answered ${type}, which its OpenAPI operation does not document`;
  if (!schema || type !== 'application/json') return null;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return `${method} ${op.path} ${status} answered invalid JSON`;
  }
  const validate = validatorFor(`${op.method} ${op.path} ${status}`, schema);
  if (validate(body)) return null;
  const errors = (validate.errors ?? [])
    .slice(0, 5)
    .map((e) => `${e.instancePath || '(body)'} ${e.message}${e.params ? ` ${JSON.stringify(e.params)}` : ''}`);
  return `${method} ${op.path} ${status} does not match its OpenAPI schema:\n  ${errors.join('\n  ')}`;
}
