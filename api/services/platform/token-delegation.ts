// Minting embed and user tokens, and the delegation rules that bound them: a token names known
// components, may be pinned only to an employee of its tenant, and a token minted by an admin user
// token has an equal or lower role, an equal or narrower data scope and component allowlist, and its
// issuer's origin. A minted token carries its delegation chain (the users whose tokens minted it) and
// its ancestor sessions, never outlives its parent, and every session is recorded with its owner and
// parent. Also the caller context (`/me`), decoded from the credential alone.
import type { Repos } from '../../store/index.ts';
import type { Change } from './unit-of-work.ts';
import type { UseCaseContext } from './use-case.ts';
import type { MintInput } from './tokens.ts';
import type { EmbedTokenInput, UserTokenInput } from '../../schemas/platform.ts';
import { FULL_SCOPE, roleRank, type Caller, type Role, type Scope } from '../../model/caller.ts';
import { assertKnownComponents } from '../../model/components.ts';
import { reachableEmployeeRow } from '../employees/employees.ts';
import { randomHex } from '../../lib/ids.ts';
import { badRequest, forbidden } from '../../lib/errors.ts';

export type { EmbedTokenInput, UserTokenInput } from '../../schemas/platform.ts';

/**
 * Live keys bind every token to an origin; a pinned employee must be one of the tenant's that the issuer reaches
 * (a scoped admin cannot pin outside its scope, and hears the same for an employee it does not reach as for one
 * that does not exist).
 */
async function checkMintCommon(uc: UseCaseContext, caller: Caller, employeeId?: string, origin?: string) {
  if (caller.environment === 'live' && !origin) {
    throw badRequest('origin is required when minting with a live key.', [
      { path: 'origin', message: 'Required in live mode.' },
    ]);
  }
  if (employeeId && !(await reachableEmployeeRow(uc, uc.store.repos, employeeId))) {
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

/** How many generations of tokens minted by tokens may follow the token a partner key minted. */
export const MAX_DELEGATION_DEPTH = 8;

/**
 * What a token minted by `caller` inherits from it: the delegation chain (the minting user joins it unless
 * it mints for itself), the ancestor sessions and the parent's expiry. A partner key passes on nothing: it is
 * not an identity, it asserts the root user.
 */
export function lineageOf(
  caller: Caller,
  userId: string | null,
): Pick<MintInput, 'delegatedBy' | 'ancestors' | 'notAfter'> & { parentId: string | null } {
  if (caller.kind === 'partner') return { delegatedBy: [], ancestors: [], parentId: null };
  const ancestors = [caller.sessionId, ...(caller.ancestors ?? [])];
  if (ancestors.length > MAX_DELEGATION_DEPTH)
    throw forbidden(`Tokens may mint tokens at most ${MAX_DELEGATION_DEPTH} generations deep.`);
  const inherited = caller.delegatedBy ?? [];
  const minter = caller.user?.id ?? null;
  const delegatedBy = minter && minter !== userId ? [minter, ...inherited] : inherited;
  return { delegatedBy, ancestors, notAfter: caller.expiresAt, parentId: caller.sessionId };
}

/** Signs a token and records its session: owned by the minting partner, child of the minting token's session. */
export async function issueToken(r: Repos, uc: UseCaseContext, input: MintInput, parentId: string | null) {
  const minted = await uc.deps.tokens.mint(input);
  await r.insertSession({
    id: minted.session_id,
    partner_id: input.partnerId,
    key_id: input.keyId,
    tenant_id: input.tenantId,
    parent_id: parentId,
    kind: input.kind,
    user_id: input.user?.id ?? null,
    created_at: uc.now.toISOString(),
    expires_at: new Date(minted.expires_at * 1000).toISOString(),
  });
  return minted;
}

/** An embed token (15 minutes) for the SDK components, minted by a partner key. */
export async function mintEmbedToken(
  uc: UseCaseContext,
  r: Repos,
  input: EmbedTokenInput,
): Promise<Change<{ token: string; expires_in: number }>> {
  const c = uc.requireCaller();
  assertKnownComponents(input.components);
  await checkMintCommon(uc, c, input.employee_id, input.origin);
  const minted = await issueToken(
    r,
    uc,
    {
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
    },
    null,
  );
  return { data: { token: minted.token, expires_in: minted.expires_in } };
}

/**
 * A user token: an embed token plus a role and a data scope, minted by a partner key or an admin user token.
 * A token minted by a token expires with it at the latest and carries its minter in its delegation chain.
 */
export async function mintUserToken(uc: UseCaseContext, r: Repos, input: UserTokenInput) {
  const c = uc.requireCaller();
  if (input.components) assertKnownComponents(input.components);
  const inherited = c.kind !== 'partner' ? (c.origin ?? undefined) : undefined;
  await checkMintCommon(uc, c, input.employee_id, input.origin ?? inherited);
  const { components, origin } = delegatedGrant(c, input);
  const scope = delegatedScope(c, input.scope);
  const user = { id: input.user_id ?? `usr_${randomHex(8)}`, name: input.user_name ?? null };
  const { parentId, ...lineage } = lineageOf(c, user.id);
  const minted = await issueToken(
    r,
    uc,
    {
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
      ...lineage,
    },
    parentId,
  );
  return {
    data: {
      token: minted.token,
      expires_in: minted.expires_in,
      role: input.role,
      scope,
      user_id: user.id,
      session_id: minted.session_id,
    },
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
    delegated_by: c.delegatedBy ?? [],
    expires_at: new Date(c.expiresAt * 1000).toISOString(),
  };
}
