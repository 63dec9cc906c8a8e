// The route registry: one declaration per route drives the router, validation, the OpenAPI document
// (requests and responses), the policy coverage check and the contract test.
import type { Request, Response } from 'express';
import type { z } from 'zod';
import type { RequestContext } from './context.ts';
import type { AnyJurisdiction } from '../jurisdictions/index.ts';
import type { FieldPolicy } from '../model/sensitive.ts';

export type Method = 'get' | 'post' | 'patch' | 'put' | 'delete';

export interface RouteResult {
  status?: number;
  body: unknown;
  headers?: Record<string, string>;
}

/**
 * What a route answers on success. `data` is the schema of the envelope's `data` (`{ data, evidence_id? }`),
 * `list` the schema of one row of a list envelope, `body` a whole body that is not an envelope, and
 * `contentType` a file (PDF, CSV, text) that has no JSON schema.
 */
export interface SuccessSpec {
  status: number;
  description: string;
  data?: z.ZodType;
  list?: z.ZodType;
  body?: z.ZodType;
  /** Members of the body beside `data` (for example `validation` on a pay-run preview). */
  extra?: Record<string, z.ZodType>;
  /** A file answer's media type (several when the route serves more than one kind of file). */
  contentType?: string | string[];
  /** The answer carries an `evidence_id` (governed writes and receipted reads). */
  evidence?: boolean;
}

interface RouteBase {
  method: Method;
  /** OpenAPI-style path: `/v1/tenants/{tenantId}/employees/{employeeId}`. */
  path: string;
  summary: string;
  tag: string;
  /** Accepts `text/csv` as well as JSON. */
  acceptsCsv?: boolean;
  /** The largest body the route reads, when more than the 1 MB every other route takes (a bulk hire). */
  bodyLimit?: '16mb';
  governed?: boolean;
  /** Money-moving: live keys must send an Idempotency-Key. */
  moneyMoving?: boolean;
  /** No credential needed (health, SDK, docs). */
  public?: boolean;
  /** Answered from the credential alone: a token addressing its own tenant id needs no tenant lookup. */
  fromCredential?: boolean;
  response: SuccessSpec;
  /** Further success answers (for example 202 while a job runs, or 200 on a replayed create). */
  alsoResponds?: SuccessSpec[];
  /**
   * Where the body may carry identifiers. By default nowhere, and no name Payrail sets either (the pipeline
   * checks every body, `model/sensitive.ts`); a body with intake fields (an employee, its settings, the
   * company bank) names its country's policy, and a draft check (`reported`) reports what intake refuses
   * instead of refusing the request.
   */
  intake?: ((j: AnyJurisdiction) => FieldPolicy) | 'reported';
  /** Error statuses this route can answer beyond those every route of its kind can (see openapi.ts). */
  errors?: number[];
}

export interface RouteDef extends RouteBase {
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** Erased here; `defineRoute` checks the handler against its schemas. */
  handler: (ctx: RequestContext<never, never, never>) => Promise<RouteResult | void>;
}

type Parsed<S> = S extends z.ZodType ? z.output<S> : Record<string, never>;

/** Declares a route whose handler sees `params`, `query` and `body` typed from their schemas. */
export function defineRoute<
  P extends z.ZodType | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
>(
  def: RouteBase & {
    params?: P;
    query?: Q;
    body?: B;
    handler: (
      ctx: RequestContext<P extends z.ZodType ? z.output<P> : Record<string, string>, Parsed<Q>, Parsed<B>>,
    ) => Promise<RouteResult | void>;
  },
): RouteDef {
  return def as unknown as RouteDef;
}

export const routeKey = (method: string, path: string) => `${method.toUpperCase()} ${path}`;

export const toExpressPath = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');

export function pathRegex(path: string): RegExp {
  const src = path
    .split(/(\{\w+\})/)
    .map((part) => (part.startsWith('{') ? '[^/]+' : part.replace(/[.*+?^$()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${src}/?$`);
}

export type Handler = (req: Request, res: Response) => Promise<void>;
