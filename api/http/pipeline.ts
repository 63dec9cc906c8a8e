// One request pipeline for every route: authenticate → charge the request's cost → resolve tenant → policy →
// origin → read the body → data scope → intake → validate → governance reason → idempotency → the tenant's lane
// for expensive work → handler → envelope. Nothing reads a body before its credential has been checked.
import type { Request, Response, NextFunction } from 'express';
import { RequestContext, type AppDeps } from './context.ts';
import { routeKey, type RouteDef, type RouteResult } from './route.ts';
import { POLICY, enforcePolicy } from './policy.ts';
import { authenticate, CREDENTIAL_HOOKS, type CredentialHooks } from './authenticate.ts';
import { costOf } from './cost.ts';
import { ClientGone, type TenantLanes } from './lanes.ts';
import { parseWith } from './validate.ts';
import { checkIntake, checkScopeFirst } from './intake.ts';
import { governanceReason, reasonRequired } from './governance.ts';
import { checkIdempotency, storeFailure } from './idempotency.ts';
import { resolveTenant } from '../services/platform/tenant-context.ts';
import { AppError, forbidden, notFound } from '../lib/errors.ts';

export function send(res: Response, result: RouteResult): void {
  for (const [k, v] of Object.entries(result.headers ?? {})) res.setHeader(k, v);
  res.statusCode = result.status ?? 200;
  const { body } = result;
  if (body instanceof Uint8Array || typeof body === 'string') {
    res.send(Buffer.isBuffer(body) ? body : typeof body === 'string' ? body : Buffer.from(body));
    return;
  }
  // JSON is written directly: Express's res.json adds nothing an answer of Payrail uses (no ETag, no JSONP).
  const text = JSON.stringify(body);
  if (!res.hasHeader('Content-Type')) res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(text));
  res.end(text);
}

function checkOrigin(ctx: RequestContext): void {
  const token = ctx.tokenCaller();
  if (!token?.origin) return;
  const origin = ctx.req.get('origin');
  if (origin === undefined) {
    if (ctx.req.method !== 'GET')
      throw forbidden('Writes with an origin-bound token must come from its browser origin.');
    return;
  }
  if (origin !== token.origin) throw forbidden('This token is bound to another origin.');
}

/** What the app hands every route's pipeline: the body reader and the tenants' lanes for expensive work. */
export interface Guards {
  readBody: (req: Request, res: Response, limit?: '16mb') => Promise<void>;
  lanes: TenantLanes;
}

export function pipeline(route: RouteDef, deps: AppDeps, guards: Guards) {
  const policy = POLICY[routeKey(route.method, route.path)];
  if (!policy) throw new Error(`No policy entry for ${routeKey(route.method, route.path)}`);

  return async (req: Request, res: Response, next: NextFunction) => {
    const ctx = new RequestContext<unknown, unknown, unknown>(req, res, deps, route);
    try {
      const rawParams = req.params as Record<string, string>;
      const cost = costOf(route, req.query, deps.config.costs);
      if (policy !== 'public') {
        ctx.caller = await authenticate(req, deps);
        (res.locals[CREDENTIAL_HOOKS] as CredentialHooks | undefined)?.charge(cost.units - 1, cost.ownLimit);
        const ownTenant =
          route.fromCredential && ctx.caller.kind !== 'partner' && ctx.caller.tenantId === rawParams.tenantId;
        if (rawParams.tenantId && !ownTenant) {
          ctx.tenant = await resolveTenant(deps.store.repos, ctx.caller, rawParams.tenantId, deps.cache);
          // Sandbox and live are separate worlds: a sandbox credential must not drive a live tenant past live rules.
          if (ctx.tenant.tenant.environment !== ctx.caller.environment) throw notFound('Tenant not found.');
        }
        enforcePolicy(policy, req.method, ctx.caller, rawParams);
        checkOrigin(ctx);
      }
      await guards.readBody(req, res, route.bodyLimit);
      if (policy !== 'public') await checkScopeFirst(ctx, rawParams);
      checkIntake(ctx);
      // Parameters are validated only after isolation: a stranger's tenant is 404 whatever the rest of the path holds.
      ctx.params = route.params ? parseWith(route.params, rawParams, 'params') : { ...rawParams };
      ctx.query = route.query ? parseWith(route.query, req.query, 'query') : req.query;
      const rawBody =
        req.body === undefined ||
        (typeof req.body === 'object' && req.body !== null && !Object.keys(req.body).length && req.method === 'GET')
          ? {}
          : req.body;
      ctx.body = route.body ? parseWith(route.body, rawBody ?? {}, 'body') : rawBody;
      if (reasonRequired(route, ctx.caller)) ctx.reason = governanceReason(req.body, req.get('x-governance-reason'));
      const replay = await checkIdempotency(ctx);
      if (replay) return send(res, replay);
      const lane = cost.lane ? `${ctx.tenant?.tenant.id ?? ctx.caller?.partnerId ?? 'public'}|${cost.lane}` : null;
      const release = lane ? await guards.lanes.enter(lane, res) : null;
      let result: RouteResult | void;
      try {
        result = await route.handler(ctx as unknown as RequestContext<never, never, never>);
      } finally {
        release?.();
      }
      if (result) send(res, result);
    } catch (err) {
      if (err instanceof ClientGone) return;
      if (err instanceof AppError) await storeFailure(ctx, err).catch(() => undefined);
      next(err);
    }
  };
}
