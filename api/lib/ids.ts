import crypto from 'node:crypto';

export const randomHex = (bytes: number): string => crypto.randomBytes(bytes).toString('hex');

/** New opaque id with one of the SPEC prefixes (`ten_`, `bnd_`, `pr_`, `cev_`, `ccm_`, ...). */
export const newId = (prefix: string, bytes = 12): string => `${prefix}${randomHex(bytes)}`;

export const sha256Hex = (input: string | Uint8Array): string => crypto.createHash('sha256').update(input).digest('hex');

/** `emp_<16 hex>`: derived from tenant and the engine's own reference, so it is stable forever. */
export const employeeId = (tenantId: string, engineRef: string): string =>
  `emp_${sha256Hex(`${tenantId}:${engineRef}`).slice(0, 16)}`;
