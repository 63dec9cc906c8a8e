// Who is calling: resolved once per request from the bearer credential.

export const ROLES = ['viewer', 'preparer', 'approver', 'admin'] as const;
export type Role = (typeof ROLES)[number];
export const roleRank = (r: Role): number => ROLES.indexOf(r);

export interface Scope {
  cost_centres: string[] | '*';
  sites: string[] | '*';
}
export const FULL_SCOPE: Scope = { cost_centres: '*', sites: '*' };
export const isUnscoped = (s: Scope) => s.cost_centres === '*' && s.sites === '*';

export type Environment = 'sandbox' | 'live';

export interface PartnerCaller {
  kind: 'partner';
  partnerId: string;
  keyId: string;
  environment: Environment;
}

export interface TokenCaller {
  kind: 'embed' | 'user';
  partnerId: string;
  keyId: string;
  environment: Environment;
  tenantId: string;
  sessionId: string;
  components: string[];
  employeeId: string | null;
  origin: string | null;
  role: Role | null;
  scope: Scope;
  user: { id: string; name: string | null } | null;
  expiresAt: number;
  /**
   * The delegation chain: the user ids of the user tokens this token was minted from, nearest minter first
   * (as OAuth token exchange's `act`). Empty for tokens a partner key minted: a key is not an identity, it
   * asserts the root user.
   */
  delegatedBy?: string[];
  /** The sessions this token was minted from, nearest first: revoking any of them revokes this token. */
  ancestors?: string[];
}

export type Caller = PartnerCaller | TokenCaller;

/** The actor as recorded in evidence and on pay runs (preparer / approver). */
export function actorOf(c: Caller) {
  if (c.kind === 'partner')
    return { kind: 'partner_key', key_id: c.keyId, user_id: null, role: null, session_id: null };
  return {
    kind: c.kind === 'embed' ? 'embed_token' : 'user_token',
    key_id: c.keyId,
    user_id: c.user?.id ?? null,
    // The name the partner gave the user when minting, so an audit trail can say who without an id.
    user_name: c.user?.name ?? null,
    role: c.role,
    session_id: c.sessionId,
    delegated_by: c.delegatedBy ?? [],
  };
}

/** A stable identity for segregation of duties: a user, or the credential acting without a user. */
export const actorIdentity = (c: Caller): string =>
  c.kind === 'partner' ? `key:${c.keyId}` : c.user ? `user:${c.user.id}` : `session:${c.sessionId}`;

/**
 * Every identity a caller acts as, for segregation of duties: its own (`actorIdentity`) and every user of its
 * delegation chain, since whoever minted a token acts through it.
 */
export const actorIdentities = (c: Caller): string[] => [
  actorIdentity(c),
  ...(c.kind === 'partner' ? [] : (c.delegatedBy ?? []).map((u) => `user:${u}`)),
];

/**
 * What a caller is allowed to see, as one string: two callers with the same visibility are shown the same
 * answers. A partner key sees its tenants whole; a token sees by its user (or, without one, as an anonymous
 * embed), role, data scope and employee pin. A refreshed token of the same user is the same caller; the
 * session, expiry and origin do not count.
 */
export function visibilityOf(c: Caller): string {
  if (c.kind === 'partner') return JSON.stringify(['partner', c.partnerId]);
  const dims = (v: string[] | '*') => (v === '*' ? '*' : [...new Set(v)].sort());
  return JSON.stringify([
    c.kind,
    c.tenantId,
    c.user?.id ?? null,
    c.role,
    dims(c.scope.cost_centres),
    dims(c.scope.sites),
    c.employeeId,
  ]);
}
