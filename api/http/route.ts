// The route registry: one declaration per route drives the router, validation, the OpenAPI document
// and the policy coverage check.
import type { Request, Response } from 'express';
import type { z } from 'zod';
import type { RequestContext } from './context.ts';

export type Method = 'get' | 'post' | 'patch' | 'put' | 'delete';

export interface RouteResult {
  status?: number;
  body: unknown;
  headers?: Record<string, string>;
}

export interface RouteDef {
  method: Method;
  /** OpenAPI-style path: `/v1/tenants/{tenantId}/employees/{employeeId}`. */
  path: string;
  summary: string;
  tag: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** Accepts `text/csv` as well as JSON. */
  acceptsCsv?: boolean;
  governed?: boolean;
  /** Money-moving: live keys must send an Idempotency-Key. */
  moneyMoving?: boolean;
  /** No credential needed (health, SDK, docs). */
  public?: boolean;
  /** Answered from the credential alone: a token addressing its own tenant id needs no tenant lookup. */
  fromCredential?: boolean;
  response?: { status: number; description: string; contentType?: string };
  handler: (ctx: RequestContext) => Promise<RouteResult | void>;
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
