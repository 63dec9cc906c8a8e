// Embed and user tokens: ES256 JWTs with a `kid`, signed by keys kept in the store so every
// process verifies the same tokens and keys can rotate without invalidating live tokens.
//
// A token is minted inside the transaction that records its session, so it is signed synchronously (node:crypto):
// an asynchronous signature would hold the transaction, and on the embedded database its one connection, open
// while the signature waits for the thread pool.
import crypto, { type JsonWebKey, type KeyObject } from 'node:crypto';
import { jwtVerify, decodeProtectedHeader, base64url, type JWTPayload } from 'jose';
import { z } from 'zod';
import type { Store } from '../../store/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import { unauthorized } from '../../lib/errors.ts';
import { decodeJson } from '../../lib/json-column.ts';
import type { Role, Scope, TokenCaller, Environment } from '../../model/caller.ts';

const ALG = 'ES256';
const ISSUER = 'payrail';
const AUDIENCE = 'payrail-api';
export const TOKEN_TTL_SECONDS = 15 * 60;

/** An EC P-256 key as `signing_keys` keeps it: the public half has x and y, the private one d as well. */
const publicJwk = z.looseObject({ kty: z.literal('EC'), crv: z.literal('P-256'), x: z.string(), y: z.string() });
const privateJwk = publicJwk.extend({ d: z.string() });
const importKey = (schema: typeof publicJwk, text: string, what: string, kind: 'public' | 'private'): KeyObject => {
  const key = decodeJson(schema, text, what) as JsonWebKey;
  return kind === 'public'
    ? crypto.createPublicKey({ key, format: 'jwk' })
    : crypto.createPrivateKey({ key, format: 'jwk' });
};

/** A compact JWS (RFC 7515) with ES256: the signature is r and s side by side, as JOSE has it (RFC 7518 §3.4). */
function signJwt(header: Record<string, unknown>, claims: JWTPayload, key: KeyObject): string {
  const input = `${base64url.encode(JSON.stringify(header))}.${base64url.encode(JSON.stringify(claims))}`;
  const signature = crypto.sign('sha256', Buffer.from(input), { key, dsaEncoding: 'ieee-p1363' });
  return `${input}.${base64url.encode(signature)}`;
}

export interface MintInput {
  kind: 'embed' | 'user';
  partnerId: string;
  keyId: string;
  environment: Environment;
  tenantId: string;
  components: string[];
  employeeId: string | null;
  origin: string | null;
  role: Role | null;
  scope: Scope;
  user: { id: string; name: string | null } | null;
  /** The delegation chain (user ids of the minting user tokens, nearest first); empty when a key mints. */
  delegatedBy?: string[];
  /** The sessions of the minting tokens, nearest first. */
  ancestors?: string[];
  /** The latest expiry allowed (seconds since the epoch): a child never outlives the token that minted it. */
  notAfter?: number;
}

/** RFC 8693's actor claim: the party acting, and who acted for it in turn. */
interface ActClaim {
  sub: string;
  act?: ActClaim;
}

const toAct = (chain: string[]): ActClaim | undefined =>
  chain.length ? { sub: chain[0], ...(chain.length > 1 ? { act: toAct(chain.slice(1)) } : {}) } : undefined;

function fromAct(act: unknown): string[] {
  const out: string[] = [];
  let node = act as ActClaim | undefined;
  while (node && typeof node === 'object' && typeof node.sub === 'string' && out.length < 64) {
    out.push(node.sub);
    node = node.act;
  }
  return out;
}

interface Claims extends JWTPayload {
  knd: 'embed' | 'user';
  par: string;
  pk: string;
  env: Environment;
  ten: string;
  cmp: string[];
  emp: string | null;
  org: string | null;
  rol: Role | null;
  scp: Scope;
  unm: string | null;
  /** Who minted this token (RFC 8693 `act`), present when a user token did. */
  act?: ActClaim;
  /** Ancestor sessions, nearest first, present when a user token minted this one. */
  anc?: string[];
}

export class TokenService {
  private keys = new Map<string, KeyObject>();
  private signing: { kid: string; key: KeyObject } | null = null;
  private loadedAt = 0;

  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
  ) {}

  async init(): Promise<void> {
    await this.loadKeys();
    if (!this.signing) await this.rotate();
  }

  private async loadKeys(): Promise<void> {
    this.loadedAt = Date.now();
    const rows = await this.store.repos.listSigningKeys();
    for (const row of rows) {
      if (!this.keys.has(row.kid))
        this.keys.set(row.kid, importKey(publicJwk, row.public_jwk, `signing_keys.public_jwk of ${row.kid}`, 'public'));
    }
    const active = rows.filter((r) => !r.retired_at).at(-1);
    if (active && this.signing?.kid !== active.kid) {
      const what = `signing_keys.private_jwk of ${active.kid}`;
      this.signing = { kid: active.kid, key: importKey(privateJwk, active.private_jwk, what, 'private') };
    }
  }

  /** New signing key; older keys stay valid for verification until their tokens expire. */
  async rotate(): Promise<string> {
    const { privateKey, publicKey } = crypto.generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const kid = newId('sk_', 8);
    const now = this.clock.now().toISOString();
    await this.store.transaction(async (r) => {
      await r.insertSigningKey({
        kid,
        alg: ALG,
        private_jwk: JSON.stringify(privateKey.export({ format: 'jwk' })),
        public_jwk: JSON.stringify(publicKey.export({ format: 'jwk' })),
        created_at: now,
        retired_at: null,
      });
      await r.retireSigningKeys(kid, now);
    });
    this.keys.set(kid, publicKey);
    this.signing = { kid, key: privateKey };
    return kid;
  }

  async mint(input: MintInput): Promise<{ token: string; expires_in: number; session_id: string; expires_at: number }> {
    if (!this.signing) await this.init();
    // Another process (the CLI) may have rotated: pick up the newest signing key within half a minute.
    else if (Date.now() - this.loadedAt > 30_000) await this.loadKeys();
    const now = Math.floor(this.clock.now().getTime() / 1000);
    const sessionId = newId('ses_', 12);
    const claims: Claims = {
      knd: input.kind,
      par: input.partnerId,
      pk: input.keyId,
      env: input.environment,
      ten: input.tenantId,
      cmp: input.components,
      emp: input.employeeId,
      org: input.origin,
      rol: input.role,
      scp: input.scope,
      unm: input.user?.name ?? null,
    };
    const act = toAct(input.delegatedBy ?? []);
    if (act) claims.act = act;
    if (input.ancestors?.length) claims.anc = input.ancestors;
    const exp = Math.min(now + TOKEN_TTL_SECONDS, input.notAfter ?? Infinity);
    const { kid, key } = this.signing!;
    const token = signJwt(
      { alg: ALG, kid, typ: 'JWT' },
      {
        ...claims,
        iss: ISSUER,
        aud: AUDIENCE,
        sub: input.user?.id ?? `embed:${sessionId}`,
        jti: sessionId,
        iat: now,
        nbf: now,
        exp,
      },
      key,
    );
    return { token, expires_in: exp - now, session_id: sessionId, expires_at: exp };
  }

  async verify(token: string): Promise<TokenCaller> {
    let kid: string | undefined;
    try {
      const header = decodeProtectedHeader(token);
      if (header.alg !== ALG || typeof header.kid !== 'string') throw new Error('alg');
      kid = header.kid;
    } catch {
      throw unauthorized('The token is malformed or uses an unaccepted algorithm.');
    }
    if (!this.keys.has(kid)) await this.loadKeys(); // another process may have rotated
    const key = this.keys.get(kid);
    if (!key) throw unauthorized('The token was signed by an unknown key.');
    let payload: Claims;
    try {
      ({ payload } = (await jwtVerify(token, key, {
        algorithms: [ALG],
        issuer: ISSUER,
        audience: AUDIENCE,
        currentDate: this.clock.now(),
        requiredClaims: ['exp', 'nbf', 'jti'],
      })) as { payload: Claims });
    } catch {
      throw unauthorized('The token is invalid or expired.');
    }
    return {
      kind: payload.knd,
      partnerId: payload.par,
      keyId: payload.pk,
      environment: payload.env,
      tenantId: payload.ten,
      sessionId: payload.jti!,
      components: payload.cmp ?? [],
      employeeId: payload.emp ?? null,
      origin: payload.org ?? null,
      role: payload.rol ?? null,
      scope: payload.scp,
      expiresAt: payload.exp!,
      delegatedBy: fromAct(payload.act),
      ancestors: Array.isArray(payload.anc) ? payload.anc.filter((a) => typeof a === 'string') : [],
      user:
        payload.knd === 'user' && payload.sub && !payload.sub.startsWith('embed:')
          ? { id: payload.sub, name: payload.unm ?? null }
          : null,
    };
  }
}
