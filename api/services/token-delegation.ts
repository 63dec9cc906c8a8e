// Minting embed and user tokens, and the delegation rules that bound them: a token names known
// components, may be pinned only to an employee of its tenant, and a token minted by an admin user
// token has an equal or lower role, an equal or narrower data scope and component allowlist, and its
// issuer's origin. Also the caller context (`/me`), decoded from the credential alone.
import type { UseCaseContext } from './use-case.ts';
import type { EmbedTokenInput, UserTokenInput } from '../schemas/platform.ts';
import { FULL_SCOPE, roleRank, type Caller, type Role, type Scope } from './caller.ts';
import { assertKnownComponents } from './components.ts';
import { randomHex } from '../lib/ids.ts';
import { badRequest, forbidden } from '../lib/errors.ts';

export type { EmbedTokenInput, UserTokenInput } from '../schemas/platform.ts';

/** Live keys bind every token to an origin; a pinned employee must be one of the tenant's. */
async function checkMintCommon(uc: UseCaseContext, caller: Caller, employeeId?: string, origin?: string) {
  if (caller.environment === 'live' && !origin) {
    throw badRequest('origin is required when minting with a live key.', [
      { path: 'origin', message: 'Required in live mode.' },
    ]);
  }
  if (employeeId && !(await uc.store.repos.getEmployee(uc.requireTenant().tenant.id, employeeId))) {
    throw badRequest(`Unknown employee ${employeeId}.`, [
      { path: 'employee_id', message: 'No such employee in this tenant.' },
    ]);
  }
}

const within = (wanted: string[] | '*', own: string[] | '*') =>
  own === '*' || (wanted !== '*' && wanted.every((w) => own.includes(w)));

/** The requested scope, each omitted dimension defaulting to the issuer's own; never wider than it. */
export function delegatedScope(caller: Caller, requested: Partial<Scope> | undefined): Scope {
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

/** What a user token minted by `caller` may carry: role, components and origin within the issuer's own. */
export function delegatedGrant(
  caller: Caller,
  requested: { role: Role; components?: string[]; origin?: string },
): { components: string[]; origin: string | null } {
  // Delegation defaults to the issuer's own allowlist, so an admin with a narrow one can mint without restating it.
  const components = requested.components ?? (caller.kind === 'partner' ? ['*'] : caller.components);
  if (caller.kind === 'partner') return { components, origin: requested.origin ?? null };
  if (!caller.role || roleRank(requested.role) > roleRank(caller.role))
    throw forbidden('An admin may mint only tokens of an equal or lower role.');
  if (
    !caller.components.includes('*') &&
    (components.includes('*') || !components.every((x) => caller.components.includes(x)))
  ) {
    throw forbidden('A delegated token cannot allow components its issuer does not have.');
  }
  if (caller.origin && requested.origin && requested.origin !== caller.origin)
    throw forbidden("A delegated token stays bound to its issuer's origin.");
  return { components, origin: requested.origin ?? caller.origin };
}

/** An embed token (15 minutes) for the SDK components, minted by a partner key. */
export async function mintEmbedToken(uc: UseCaseContext, input: EmbedTokenInput) {
  const c = uc.requireCaller();
  assertKnownComponents(input.components);
  await checkMintCommon(uc, c, input.employee_id, input.origin);
  const minted = await uc.deps.tokens.mint({
    kind: 'embed',
    partnerId: c.partnerId,
    keyId: c.keyId,
    environment: c.environment,
    tenantId: uc.requireTenant().tenant.id,
    components: input.components,
    employeeId: input.employee_id ?? null,
    origin: input.origin ?? null,
    role: null,
    scope: FULL_SCOPE,
    user: null,
  });
  return { token: minted.token, expires_in: minted.expires_in };
}

/** A user token: an embed token plus a role and a data scope, minted by a partner key or an admin user token. */
export async function mintUserToken(uc: UseCaseContext, input: UserTokenInput) {
  const c = uc.requireCaller();
  if (input.components) assertKnownComponents(input.components);
  const inherited = c.kind !== 'partner' ? (c.origin ?? undefined) : undefined;
  await checkMintCommon(uc, c, input.employee_id, input.origin ?? inherited);
  const { components, origin } = delegatedGrant(c, input);
  const scope = delegatedScope(c, input.scope);
  const user = { id: input.user_id ?? `usr_${randomHex(8)}`, name: input.user_name ?? null };
  const minted = await uc.deps.tokens.mint({
    kind: 'user',
    partnerId: c.partnerId,
    keyId: c.keyId,
    environment: c.environment,
    tenantId: uc.requireTenant().tenant.id,
    components,
    employeeId: input.employee_id ?? null,
    origin,
    role: input.role,
    scope,
    user,
  });
  return {
    token: minted.token,
    expires_in: minted.expires_in,
    role: input.role,
    scope,
    user_id: user.id,
    session_id: minted.session_id,
  };
}

/** The caller context as `GET /me` shows it: a partner key is an unscoped admin. */
export function callerContext(c: Caller) {
  if (c.kind === 'partner') {
    return {
      mode: 'partner' as const,
      user: null,
      role: 'admin' as const,
      scope: FULL_SCOPE,
      components: ['*'],
      employee_id: null,
      environment: c.environment,
    };
  }
  return {
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
  };
}
