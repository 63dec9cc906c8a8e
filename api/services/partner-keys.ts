// Partners and their API keys. Only the SHA-256 of a key is stored; the key itself is shown once.
import crypto from 'node:crypto';
import type { Repos } from '../store/index.ts';
import { newId, sha256Hex } from '../lib/ids.ts';
import type { Environment } from './caller.ts';

export const newPartnerKey = (env: Environment) => `prk_${env}_${crypto.randomBytes(32).toString('base64url')}`;

export function keyEnvironment(key: string): Environment | null {
  if (key.startsWith('prk_sandbox_') || key.startsWith('ps_')) return 'sandbox';
  if (key.startsWith('prk_live_')) return 'live';
  return null;
}

export async function createPartner(r: Repos, name: string, env: Environment, now: Date) {
  const partner = { id: newId('par_'), name, created_at: now.toISOString() };
  await r.insertPartner(partner);
  const { key, record } = await createKey(r, partner.id, env, now);
  return { partner: { id: partner.id, name }, key, keyId: record.id };
}

export async function createKey(r: Repos, partnerId: string, env: Environment, now: Date) {
  const key = newPartnerKey(env);
  const record = {
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
  const record = {
    id: newId('key_'),
    partner_id: partnerId,
    environment: 'sandbox' as const,
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
  environment: string;
  key_hint: string;
  created_at: string;
  revoked_at: string | null;
}) => ({
  id: k.id,
  environment: k.environment,
  hint: k.key_hint,
  created_at: k.created_at,
  revoked_at: k.revoked_at,
  status: k.revoked_at ? 'revoked' : 'active',
});

/** Constant-time comparison of two hex digests. */
export function sameHash(a: string, b: string): boolean {
  const ba = Buffer.from(a, 'hex');
  const bb = Buffer.from(b, 'hex');
  return ba.length === bb.length && crypto.timingSafeEqual(ba, bb);
}
