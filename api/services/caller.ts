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
    role: c.role,
    session_id: c.sessionId,
  };
}

/** A stable identity for segregation of duties: a user, or the credential acting without a user. */
export const actorIdentity = (c: Caller): string =>
  c.kind === 'partner' ? `key:${c.keyId}` : c.user ? `user:${c.user.id}` : `session:${c.sessionId}`;
