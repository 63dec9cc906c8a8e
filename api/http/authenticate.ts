// Bearer credentials: partner keys (hashed lookup) or embed/user tokens (signature, expiry,
// revocation from the in-memory list, which must be fresh). Cookies are never read.
import type { Request } from 'express';
import type { AppDeps } from './context.ts';
import type { Caller } from '../model/caller.ts';
import type { Config } from '../config.ts';
import { keyEnvironment, sameHash } from '../services/platform/partner-keys.ts';
import { sha256Hex } from '../lib/ids.ts';
import { AppError, forbidden, unauthorized } from '../lib/errors.ts';

export function bearerOf(req: Request): string | null {
  const h = req.get('authorization');
  if (!h) return null;
  const m = /^Bearer\s+(\S+)$/i.exec(h.trim());
  return m ? m[1] : null;
}

/**
 * What the rate limiter wants to hear about the request's bearer once it has been checked (it sits in front of
 * authentication, so it meets credentials before anyone has verified them). Kept in `res.locals`.
 */
export interface CredentialHooks {
  /** The credential is genuine: from now on it spends the budget of partner `partnerId`. May throw 429. */
  verified(partnerId: string, expiresAtMs: number | null): void;
  /** The credential was refused (401): forget anything remembered about it. */
  rejected(): void;
  /** Charges `units` more than the unit every request pays (and a verify's own budget). Throws 429 when spent. */
  charge(units: number, own?: 'verify'): void;
}
export const CREDENTIAL_HOOKS = 'payrailCredentialHooks';

export async function authenticate(req: Request, deps: AppDeps): Promise<Caller> {
  const hooks = req.res?.locals[CREDENTIAL_HOOKS] as CredentialHooks | undefined;
  let caller: Caller;
  try {
    caller = await verifyBearer(req, deps);
  } catch (err) {
    if (err instanceof AppError && err.status === 401) hooks?.rejected();
    throw err;
  }
  hooks?.verified(caller.partnerId, caller.kind === 'partner' ? null : caller.expiresAt * 1000);
  refuseUnboundCrossOrigin(req, caller, deps.config);
  return caller;
}

async function verifyBearer(req: Request, deps: AppDeps): Promise<Caller> {
  const bearer = bearerOf(req);
  if (!bearer) throw unauthorized('Send Authorization: Bearer <partner key or token>.');
  const env = keyEnvironment(bearer);
  if (env) {
    const hash = sha256Hex(bearer);
    let key = deps.cache.keys.get(hash);
    if (!key) {
      key = await deps.store.repos.findKeyByHash(hash);
      if (key && !key.revoked_at) deps.cache.keys.set(hash, key);
    }
    if (!key || !sameHash(key.key_hash, hash) || key.revoked_at) {
      throw unauthorized('The partner key is unknown or revoked.');
    }
    await deps.revocations.ensureCurrent();
    if (deps.revocations.isKeyRevoked(key.id)) throw unauthorized('The partner key is unknown or revoked.');
    return { kind: 'partner', partnerId: key.partner_id, keyId: key.id, environment: key.environment };
  }
  const caller = await deps.tokens.verify(bearer);
  await deps.revocations.ensureCurrent();
  if (deps.revocations.isRevoked(caller.keyId, caller.sessionId, caller.ancestors))
    throw unauthorized('The token has been revoked.');
  return caller;
}

/**
 * The origin a browser page of this API itself has: the configured public origin only. The `Host` a request names
 * is the client's to choose, so it never makes a foreign `Origin` the API's own.
 */
export const isOwnOrigin = (origin: string, config: Pick<Config, 'publicOrigin'>): boolean =>
  origin === config.publicOrigin;

/**
 * A browser page of another origin may call the API directly only with a token bound to its origin (SPEC
 * Authentication §6). A token without an origin binding, or a partner key (a server-side credential that
 * has no business in a browser), sent with a foreign `Origin` is refused. Requests without `Origin` —
 * servers, same-origin reads — are not affected; tokens that are origin-bound are checked by the pipeline.
 */
export function refuseUnboundCrossOrigin(req: Request, caller: Caller, config: Pick<Config, 'publicOrigin'>): void {
  const origin = req.get('origin');
  if (origin === undefined || isOwnOrigin(origin, config)) return;
  if (caller.kind === 'partner')
    throw forbidden(
      'Partner keys are server-side credentials and are refused from a browser origin: mint an origin-bound embed or user token.',
    );
  if (!caller.origin)
    throw forbidden(
      'Cross-origin browser calls need a token bound to the calling origin: mint it with `origin` set to that origin.',
    );
}
