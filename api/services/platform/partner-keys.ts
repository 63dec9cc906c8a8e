// Partners and their API keys, and the revocation of keys and single token sessions. Only the SHA-256
// of a key is stored; the key itself is shown once. Partner-level records chain under the partner id.
import crypto from 'node:crypto';
import type { Repos } from '../../store/index.ts';
import type { PartnerKeyTable } from '../../store/schema.ts';
import type { Change } from './unit-of-work.ts';
import type { UseCaseContext } from './use-case.ts';
import type { Environment, PartnerCaller } from '../../model/caller.ts';
import { newId, sha256Hex } from '../../lib/ids.ts';
import { forbidden, notFound, stateConflict } from '../../lib/errors.ts';

export const newPartnerKey = (env: Environment) => `prk_${env}_${crypto.randomBytes(32).toString('base64url')}`;

export function keyEnvironment(key: string): Environment | null {
  if (key.startsWith('prk_sandbox_') || key.startsWith('ps_')) return 'sandbox';
  if (key.startsWith('prk_live_')) return 'live';
  return null;
}

/** The calling partner; partner routes admit nothing else, so anything else is refused. */
export function partnerCaller(uc: UseCaseContext): PartnerCaller {
  const c = uc.requireCaller();
  if (c.kind !== 'partner') throw forbidden('This route accepts a partner key only.');
  return c;
}

// ---- write steps (run inside a unit of work, or a plain transaction by fixtures and the seed)

export async function createPartner(r: Repos, name: string, env: Environment, now: Date) {
  const partner = { id: newId('par_'), name, created_at: now.toISOString() };
  await r.insertPartner(partner);
  const { key, record } = await createKey(r, partner.id, env, now);
  return { partner: { id: partner.id, name }, key, keyId: record.id };
}

export async function createKey(r: Repos, partnerId: string, env: Environment, now: Date) {
  const key = newPartnerKey(env);
  const record: PartnerKeyTable = {
    id: newId('key_'),
    partner_id: partnerId,
    environment: env,
    key_hash: sha256Hex(key),
    key_hint: `${key.slice(0, env === 'live' ? 9 : 12)}…${key.slice(-4)}`,
    created_at: now.toISOString(),
    revoked_at: null,
  };
  await r.insertKey(record);
  return { key, record };
}

/** Legacy `ps_` keys are inserted by operators through the same hashed path. */
export async function importLegacyKey(r: Repos, partnerId: string, key: string, now: Date) {
  const record: PartnerKeyTable = {
    id: newId('key_'),
    partner_id: partnerId,
    environment: 'sandbox',
    key_hash: sha256Hex(key),
    key_hint: `${key.slice(0, 3)}…${key.slice(-4)}`,
    created_at: now.toISOString(),
    revoked_at: null,
  };
  await r.insertKey(record);
  return record;
}

export const publicKey = (k: {
  id: string;
  environment: Environment;
  key_hint: string;
  created_at: string;
  revoked_at: string | null;
}) => ({
  id: k.id,
  environment: k.environment,
  hint: k.key_hint,
  created_at: k.created_at,
  revoked_at: k.revoked_at,
  status: k.revoked_at ? ('revoked' as const) : ('active' as const),
});
export type PublicKey = ReturnType<typeof publicKey>;

// ---- use cases

export interface PartnerRef {
  partnerId: string;
  environment: Environment;
}

/** A new partner with its first key (operators only); the key is in the answer and nowhere else. */
export async function registerPartner(
  uc: UseCaseContext,
  r: Repos,
  input: { name: string; environment: Environment },
): Promise<Change<{ partner: { id: string; name: string }; key: string; key_id: string }>> {
  const out = await createPartner(r, input.name, input.environment, uc.now);
  return {
    data: { partner: out.partner, key: out.key, key_id: out.keyId },
    evidence: {
      chain: out.partner.id,
      action: 'partner.created',
      resource: out.partner.id,
      links: [out.keyId],
      decision: { name: input.name, environment: input.environment, key_id: out.keyId },
    },
  };
}

/** Another key of the partner's environment, shown once. */
export async function mintPartnerKey(
  uc: UseCaseContext,
  r: Repos,
  owner: PartnerRef,
): Promise<Change<PublicKey & { key: string }>> {
  const { key, record } = await createKey(r, owner.partnerId, owner.environment, uc.now);
  return {
    data: { ...publicKey(record), key },
    evidence: { chain: owner.partnerId, action: 'partner_key.created', resource: record.id },
  };
}

/** An operator's import of a legacy `ps_` key (sandbox). */
export async function importLegacyPartnerKey(
  uc: UseCaseContext,
  r: Repos,
  input: { partnerId: string; key: string },
): Promise<Change<PublicKey>> {
  const record = await importLegacyKey(r, input.partnerId, input.key, uc.now);
  return {
    data: publicKey(record),
    evidence: { chain: input.partnerId, action: 'partner_key.imported', resource: record.id },
  };
}

export async function listPartnerKeys(uc: UseCaseContext, partnerId: string): Promise<PublicKey[]> {
  return (await uc.store.repos.listKeys(partnerId)).map(publicKey);
}

/**
 * Revokes a key (and with it every token it minted). A partner revoking its own keys sees only its
 * own (another's is 404) and keeps at least one active key; an operator (no `owner`) may revoke any.
 * Revoking a revoked key changes nothing but is recorded again.
 */
export async function revokePartnerKey(
  uc: UseCaseContext,
  r: Repos,
  input: { keyId: string; owner?: string },
): Promise<Change<PublicKey>> {
  const own = input.owner ? await r.listKeys(input.owner) : null;
  const key = own ? own.find((k) => k.id === input.keyId) : await r.getKey(input.keyId);
  if (!key) throw notFound('Key not found.');
  const at = uc.now.toISOString();
  if (!key.revoked_at) {
    if (own && own.filter((k) => !k.revoked_at).length <= 1)
      throw stateConflict('You cannot revoke your last active key; mint its replacement first.');
    await r.revokeKey(key.id, at);
    await r.addRevocation('key', key.id, at);
  }
  return {
    data: publicKey({ ...key, revoked_at: key.revoked_at ?? at }),
    evidence: { chain: key.partner_id, action: 'partner_key.revoked', resource: key.id },
  };
}

/**
 * Revokes one embed or user token session (its `jti`) and every session minted from it, however deep. A
 * partner revokes only sessions its keys minted: another partner's session, or an unknown one, is 404.
 * Tokens also carry their ancestor sessions, so a descendant is refused even before its own row is read.
 */
export async function revokeSession(
  uc: UseCaseContext,
  r: Repos,
  input: { partnerId: string; sessionId: string },
): Promise<Change<{ session_id: string; revoked: true }> & { revokedSessions: string[] }> {
  const session = await r.getSession(input.sessionId);
  if (!session || session.partner_id !== input.partnerId) throw notFound('Session not found.');
  const at = uc.now.toISOString();
  const descendants = await r.descendantSessions(session.id);
  for (const id of [session.id, ...descendants]) await r.addRevocation('session', id, at);
  return {
    data: { session_id: session.id, revoked: true },
    evidence: {
      chain: input.partnerId,
      action: 'session.revoked',
      resource: session.id,
      links: descendants,
      decision: { tenant_id: session.tenant_id, descendants: descendants.length },
    },
    revokedSessions: [session.id, ...descendants],
  };
}

/** Constant-time comparison of two hex digests. */
export function sameHash(a: string, b: string): boolean {
  const ba = Buffer.from(a, 'hex');
  const bb = Buffer.from(b, 'hex');
  return ba.length === bb.length && crypto.timingSafeEqual(ba, bb);
}
