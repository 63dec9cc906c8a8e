import { z } from 'zod';
import type { RouteDef } from '../http/route.ts';
import { COMPONENTS } from '../http/policy.ts';
import { FULL_SCOPE, ROLES, roleRank, type Caller, type Scope } from '../services/caller.ts';
import { randomHex } from '../lib/ids.ts';
import { badRequest, forbidden } from '../lib/errors.ts';
import { originPattern, tenantParams } from '../schemas/common.ts';
import type { RequestContext } from '../http/context.ts';

const componentList = z
  .array(z.string())
  .min(1)
  .superRefine((names, c) => {
    const bad = names.filter((n) => n !== '*' && !(COMPONENTS as readonly string[]).includes(n));
    if (bad.length)
      c.addIssue({
        code: 'custom',
        message: `Unknown component(s) ${bad.join(', ')}. Valid: ${COMPONENTS.join(', ')} or "*".`,
      });
  });
const scopeList = z.union([z.literal('*'), z.array(z.string().min(1)).max(500)]);
const employeeRef = z.string().regex(/^emp_[A-Za-z0-9_-]+$/, 'Expected an emp_ id.');

const embedBody = z.strictObject({
  components: componentList,
  employee_id: employeeRef.optional(),
  origin: originPattern.optional(),
});
const userBody = z.strictObject({
  role: z.enum(ROLES).default('viewer'),
  scope: z.strictObject({ cost_centres: scopeList.optional(), sites: scopeList.optional() }).optional(),
  components: componentList.optional(),
  employee_id: employeeRef.optional(),
  origin: originPattern.optional(),
  user_id: z.string().min(1).max(100).optional(),
  user_name: z.string().min(1).max(200).optional(),
});

async function checkMintCommon(ctx: RequestContext, employeeId: string | undefined, origin: string | undefined) {
  if (ctx.caller!.environment === 'live' && !origin) {
    throw badRequest('origin is required when minting with a live key.', [
      { path: 'origin', message: 'Required in live mode.' },
    ]);
  }
  if (employeeId && !(await ctx.store.repos.getEmployee(ctx.requireTenant().tenant.id, employeeId))) {
    throw badRequest(`Unknown employee ${employeeId}.`, [
      { path: 'employee_id', message: 'No such employee in this tenant.' },
    ]);
  }
}

const within = (wanted: string[] | '*', own: string[] | '*') =>
  own === '*' || (wanted !== '*' && wanted.every((w) => own.includes(w)));

function delegatedScope(caller: Caller, requested: Partial<Scope> | undefined): Scope {
  const own = caller.kind === 'partner' ? FULL_SCOPE : caller.scope;
  const scope: Scope = {
    cost_centres: requested?.cost_centres ?? own.cost_centres,
    sites: requested?.sites ?? own.sites,
  };
  if (!within(scope.cost_centres, own.cost_centres) || !within(scope.sites, own.sites)) {
    throw forbidden('A delegated token cannot have a wider data scope than its issuer.');
  }
  return scope;
}

export const tokenRoutes: RouteDef[] = [
  {
    method: 'post',
    path: '/v1/tenants/{tenantId}/embed/token',
    tag: 'tokens',
    summary: 'Mint an embed token (15 minutes) for the SDK components',
    params: tenantParams,
    body: embedBody,
    response: { status: 201, description: 'token' },
    handler: async (ctx) => {
      const c = ctx.requireCaller();
      await checkMintCommon(ctx, ctx.body.employee_id, ctx.body.origin);
      const minted = await ctx.deps.tokens.mint({
        kind: 'embed',
        partnerId: c.partnerId,
        keyId: c.keyId,
        environment: c.environment,
        tenantId: ctx.requireTenant().tenant.id,
        components: ctx.body.components,
        employeeId: ctx.body.employee_id ?? null,
        origin: ctx.body.origin ?? null,
        role: null,
        scope: FULL_SCOPE,
        user: null,
      });
      return { status: 201, body: { data: { token: minted.token, expires_in: minted.expires_in } } };
    },
  },
  {
    method: 'post',
    path: '/v1/tenants/{tenantId}/users/token',
    tag: 'tokens',
    summary: 'Mint a user token: an embed token plus a role and a data scope',
    params: tenantParams,
    body: userBody.optional(),
    response: { status: 201, description: 'token' },
    handler: async (ctx) => {
      const c = ctx.requireCaller();
      const b = userBody.parse(ctx.body ?? {});
      await checkMintCommon(
        ctx,
        b.employee_id,
        b.origin ?? (c.kind !== 'partner' ? (c.origin ?? undefined) : undefined),
      );
      // Delegation defaults to the issuer's own allowlist, so an admin with a narrow one can mint without restating it.
      const components = b.components ?? (c.kind === 'partner' ? ['*'] : c.components);
      let origin = b.origin ?? null;
      if (c.kind !== 'partner') {
        if (!c.role || roleRank(b.role) > roleRank(c.role))
          throw forbidden('An admin may mint only tokens of an equal or lower role.');
        if (
          !c.components.includes('*') &&
          (components.includes('*') || !components.every((x) => c.components.includes(x)))
        ) {
          throw forbidden('A delegated token cannot allow components its issuer does not have.');
        }
        if (c.origin && origin && origin !== c.origin)
          throw forbidden("A delegated token stays bound to its issuer's origin.");
        origin = origin ?? c.origin;
      }
      const scope = delegatedScope(c, b.scope);
      const user = { id: b.user_id ?? `usr_${randomHex(8)}`, name: b.user_name ?? null };
      const minted = await ctx.deps.tokens.mint({
        kind: 'user',
        partnerId: c.partnerId,
        keyId: c.keyId,
        environment: c.environment,
        tenantId: ctx.requireTenant().tenant.id,
        components,
        employeeId: b.employee_id ?? null,
        origin,
        role: b.role,
        scope,
        user,
      });
      return {
        status: 201,
        body: {
          data: {
            token: minted.token,
            expires_in: minted.expires_in,
            role: b.role,
            scope,
            user_id: user.id,
            session_id: minted.session_id,
          },
        },
      };
    },
  },
  {
    method: 'get',
    path: '/v1/tenants/{tenantId}/me',
    tag: 'tokens',
    summary: 'The caller, decoded from the credential',
    params: tenantParams,
    fromCredential: true,
    handler: async (ctx) => {
      const c = ctx.requireCaller();
      if (c.kind === 'partner') {
        return {
          body: {
            data: {
              mode: 'partner',
              user: null,
              role: 'admin',
              scope: FULL_SCOPE,
              components: ['*'],
              employee_id: null,
              environment: c.environment,
            },
          },
        };
      }
      return {
        body: {
          data: {
            mode: c.kind,
            user: c.user,
            role: c.role,
            scope: c.scope,
            components: c.components,
            employee_id: c.employeeId,
            environment: c.environment,
            origin: c.origin,
            session_id: c.sessionId,
            expires_at: new Date(c.expiresAt * 1000).toISOString(),
          },
        },
      };
    },
  },
];
