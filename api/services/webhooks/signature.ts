// The `Payrail-Signature` header, as Stripe's: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.rawbody">`, with one
// `v1` per secret that signs (two while a rotated-out secret is in its grace period). A receiver computes the
// HMAC with its secret, accepts if any `v1` matches, and refuses a `t` too far from its own clock (a replay).
import crypto from 'node:crypto';

export const SIGNATURE_HEADER = 'Payrail-Signature';
/** How far a receiver should let `t` differ from its clock (the README's advice). */
export const REPLAY_TOLERANCE_SECONDS = 300;

export const newSigningSecret = () => `whsec_${crypto.randomBytes(32).toString('base64url')}`;

const hmac = (secret: string, t: number, body: string) =>
  crypto.createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');

export function signatureHeader(secrets: readonly string[], t: number, body: string): string {
  return [`t=${t}`, ...secrets.map((s) => `v1=${hmac(s, t, body)}`)].join(',');
}

/** A receiver's check (the host example and tests use it; the README shows the same in a few lines). */
export function verifySignature(
  header: string | undefined,
  body: string,
  secret: string,
  nowSeconds: number,
  tolerance = REPLAY_TOLERANCE_SECONDS,
): boolean {
  if (!header) return false;
  const parts = header.split(',').map((p) => p.split('=', 2) as [string, string]);
  const t = Number(parts.find(([k]) => k === 't')?.[1]);
  if (!Number.isInteger(t) || Math.abs(nowSeconds - t) > tolerance) return false;
  const expected = Buffer.from(hmac(secret, t, body), 'hex');
  return parts.some(([k, v]) => {
    if (k !== 'v1' || !/^[0-9a-f]{64}$/.test(v ?? '')) return false;
    return crypto.timingSafeEqual(Buffer.from(v, 'hex'), expected);
  });
}
