import crypto from 'node:crypto';

// Ids are minted on every request: draw entropy in blocks rather than one system call per id.
const POOL_SIZE = 4096;
let pool = Buffer.alloc(0);
let offset = 0;

export function randomHex(bytes: number): string {
  if (offset + bytes > pool.length) {
    pool = crypto.randomBytes(Math.max(POOL_SIZE, bytes));
    offset = 0;
  }
  const out = pool.toString('hex', offset, offset + bytes);
  offset += bytes;
  return out;
}

/** New opaque id with one of the SPEC prefixes (`ten_`, `bnd_`, `pr_`, `cev_`, `ccm_`, ...). */
export const newId = (prefix: string, bytes = 12): string => `${prefix}${randomHex(bytes)}`;

// crypto.hash is the one-shot form: no Hash object per digest, which shows on every request (evidence, key lookups).
export const sha256Hex = (input: string | Uint8Array): string => crypto.hash('sha256', input, 'hex');

/** `emp_<16 hex>`: derived from tenant and the engine's own reference, so it is stable forever. */
export const employeeId = (tenantId: string, engineRef: string): string =>
  `emp_${sha256Hex(`${tenantId}:${engineRef}`).slice(0, 16)}`;
