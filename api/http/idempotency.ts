// Idempotency keys, scoped per partner and kept 24 hours. The record is written in the same
// transaction as the effect; a completed 4xx is stored too, so a retry gets the same answer. A record
// keeps what its first caller could see (its visibility): a replay by a caller who sees differently
// (another user, role, data scope or employee pin) is refused rather than shown the first answer.
import type { Repos } from '../store/index.ts';
import { idempotencyLock } from '../store/lock-repo.ts';
import type { RequestContext } from './context.ts';
import type { RouteResult } from './route.ts';
import { canonicalJson } from '../lib/canonical-json.ts';
import { sha256Hex } from '../lib/ids.ts';
import { AppError, badRequest, conflict } from '../lib/errors.ts';
import { visibilityOf } from '../model/caller.ts';

export const RETENTION_MS = 24 * 60 * 60 * 1000;
const REPLAYED_HEADERS = [
  'content-type',
  'location',
  'content-disposition',
  'x-payrail-sha256',
  'x-payrail-evidence-id',
];

/** A file answer (a bank file's account numbers, a super file's TFNs) is kept sealed, as the files themselves are. */
const SEALED_FILE = '__sealed_file';

const storedBody = (ctx: RequestContext, body: unknown): string =>
  typeof body === 'string'
    ? JSON.stringify({ [SEALED_FILE]: ctx.deps.secrets.encrypt(body) })
    : JSON.stringify(withoutCredentials(body));

function replayedBody(ctx: RequestContext, stored: string): unknown {
  const v = JSON.parse(stored) as unknown;
  const sealed = v && typeof v === 'object' ? (v as Record<string, unknown>)[SEALED_FILE] : undefined;
  return typeof sealed === 'string' ? ctx.deps.secrets.decrypt(sealed) : v;
}

export function fingerprintOf(method: string, path: string, body: unknown): string {
  return sha256Hex(`${method} ${path}\n${canonicalJson(body ?? null)}`);
}

/** Returns a stored response to replay, or null to proceed. Throws on a mismatched body. */
export async function checkIdempotency(ctx: RequestContext): Promise<RouteResult | null> {
  const caller = ctx.caller;
  if (!caller || ctx.req.method !== 'POST') return null;
  const header = ctx.req.get('idempotency-key');
  if (header === undefined) {
    if (caller.environment === 'live' && ctx.route.moneyMoving) {
      throw badRequest('The Idempotency-Key header is required on live write requests.', [
        { path: 'headers.idempotency-key', message: 'Required on live write requests.' },
      ]);
    }
    return null;
  }
  if (!/^[\x21-\x7e]{1,255}$/.test(header)) {
    throw badRequest('Idempotency-Key must be 1-255 visible ASCII characters.', [
      { path: 'headers.idempotency-key', message: 'Invalid key.' },
    ]);
  }
  ctx.idempotencyKey = header;
  ctx.fingerprint = fingerprintOf(ctx.req.method, ctx.req.path, ctx.req.body);
  const stored = await ctx.store.repos.getIdempotency(caller.partnerId, header);
  if (!stored || ctx.now.getTime() - Date.parse(stored.created_at) >= RETENTION_MS) return null;
  if (stored.fingerprint !== ctx.fingerprint) {
    throw conflict('idempotency_replay_mismatch', 'This Idempotency-Key was used with a different request.');
  }
  // The effect happened once, for its first caller; its answer is that caller's view, so nobody who
  // would see differently is shown it.
  if (stored.visibility !== visibilityOf(caller)) {
    throw conflict(
      'idempotency_replay_mismatch',
      'This Idempotency-Key was used by a caller with a different view (user, role, data scope or employee); use a new key.',
    );
  }
  return {
    status: stored.status,
    body: replayedBody(ctx, stored.body),
    headers: { ...JSON.parse(stored.headers_json), 'idempotent-replay': 'true' },
  };
}

// Partner keys, signed tokens and webhook signing secrets are shown once and only their hashes are kept: the stored copy of a
// response (and so its replay) carries null in their place.
const CREDENTIAL = /^prk_(sandbox|live)_[A-Za-z0-9_-]{32,}$|^eyJ[\w-]*\.[\w-]+\.[\w-]+$|^whsec_[A-Za-z0-9_-]{32,}$/;

export function withoutCredentials(value: unknown): unknown {
  if (typeof value === 'string') return CREDENTIAL.test(value) ? null : value;
  if (Array.isArray(value)) return value.map(withoutCredentials);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, withoutCredentials(v)]),
    );
  }
  return value;
}

export async function storeIdempotent(r: Repos, ctx: RequestContext, result: RouteResult): Promise<void> {
  const headers = Object.fromEntries(
    Object.entries(result.headers ?? {}).filter(([k]) => REPLAYED_HEADERS.includes(k.toLowerCase())),
  );
  await r.putIdempotency({
    partner_id: ctx.caller!.partnerId,
    key: ctx.idempotencyKey!,
    fingerprint: ctx.fingerprint,
    status: result.status ?? 200,
    body: storedBody(ctx, result.body),
    headers_json: JSON.stringify(headers),
    created_at: ctx.now.toISOString(),
    visibility: visibilityOf(ctx.caller!),
  });
}

/**
 * A completed client error is remembered too (not auth, rate or replay failures: those say nothing of the request),
 * unless the key already holds an answer: the first call to complete keeps it, so a retry that raced a success and
 * failed against its effect cannot replace that success.
 */
export async function storeFailure(ctx: RequestContext, err: AppError): Promise<void> {
  if (!ctx.idempotencyKey || !ctx.caller) return;
  if (
    err.status < 400 ||
    err.status >= 500 ||
    [401, 403, 429].includes(err.status) ||
    err.code === 'idempotency_replay_mismatch'
  )
    return;
  await ctx.store.transaction(
    async (r) => {
      const stored = await r.getIdempotency(ctx.caller!.partnerId, ctx.idempotencyKey!);
      if (stored && ctx.now.getTime() - Date.parse(stored.created_at) < RETENTION_MS) return;
      await storeIdempotent(r, ctx, { status: err.status, body: err.toBody() });
    },
    [idempotencyLock(ctx.caller.partnerId, ctx.idempotencyKey)],
  );
}
