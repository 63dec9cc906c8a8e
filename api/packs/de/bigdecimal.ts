// java.math.BigDecimal rounding, reproduced on scaled integers held in plain JS numbers.
//
// The PAP is specified as Java BigDecimal code. Every value it rounds has a small, fixed number of
// decimals (cents, whole euros, rates with up to six decimals), so each value can be held exactly as
// an integer multiple of its smallest unit. That keeps the wage-tax hot path free of decimal.js
// allocations while staying bit-exact: integer +, -, * are exact below 2^53, and every division
// below goes through a remainder so it never relies on a rounded floating-point quotient.
//
// BigDecimal vocabulary: ROUND_DOWN truncates toward zero, ROUND_UP rounds away from zero.

import type { Dec } from '../../lib/money.ts';

const MAX_EXACT = Number.MAX_SAFE_INTEGER;

/** n / d rounded toward zero (BigDecimal ROUND_DOWN); d > 0, both integers. */
export function divDown(n: number, d: number): number {
  return (n - (n % d)) / d;
}

/** n / d rounded away from zero (BigDecimal ROUND_UP); d > 0, both integers. */
export function divUp(n: number, d: number): number {
  const r = n % d;
  if (r === 0) return (n - r) / d;
  return (n - r) / d + (n > 0 ? 1 : -1);
}

/** setScale(.., ROUND_DOWN) on a scaled integer: truncate toward zero to a multiple of `unit`. */
export const truncTo = (n: number, unit: number): number => divDown(n, unit) * unit;

/** setScale(.., ROUND_UP) on a scaled integer: round away from zero to a multiple of `unit`. */
export const roundUpTo = (n: number, unit: number): number => divUp(n, unit) * unit;

function bigDiv(num: bigint, d: bigint, up: boolean): number {
  const q = num / d; // BigInt division truncates toward zero
  if (!up || num % d === 0n) return Number(q);
  return Number(num > 0n ? q + 1n : q - 1n);
}

/** a * b / d with ROUND_DOWN, exact even when a * b leaves the safe-integer range. */
export function mulDivDown(a: number, b: number, d: number): number {
  const p = a * b;
  if (p <= MAX_EXACT && p >= -MAX_EXACT) return divDown(p, d);
  // Products in the tariff zones routinely pass 2^53; split a so both partial products stay exact.
  if (a >= 0 && b >= 0 && d % 1_000_000 === 0) {
    const s = 1_000_000;
    const t = d / s;
    const ah = Math.floor(a / s);
    const al = a - ah * s;
    const hi = ah * b;
    if (hi <= MAX_EXACT) {
      const q = Math.floor(hi / t);
      const r = hi - q * t;
      const low = r * s + al * b;
      if (low <= MAX_EXACT) return q + Math.floor(low / d);
    }
  }
  return bigDiv(BigInt(a) * BigInt(b), BigInt(d), false);
}

/** a * b / d with ROUND_UP, exact even when a * b leaves the safe-integer range. */
export function mulDivUp(a: number, b: number, d: number): number {
  const p = a * b;
  if (p <= MAX_EXACT && p >= -MAX_EXACT) return divUp(p, d);
  return bigDiv(BigInt(a) * BigInt(b), BigInt(d), true);
}

/** (a * d - p) / d with ROUND_DOWN for an integer a and a product p = x * y, exact at any size. */
export function subProductDivDown(a: number, x: number, y: number, d: number): number {
  const ad = a * d;
  const p = x * y;
  const n = ad - p;
  if (Math.abs(ad) <= MAX_EXACT && Math.abs(p) <= MAX_EXACT && Math.abs(n) <= MAX_EXACT) return divDown(n, d);
  const big = BigInt(a) * BigInt(d) - BigInt(x) * BigInt(y);
  return bigDiv(big, BigInt(d), false);
}

/** A decimal value as integer units at a scale: value = units / 10^scale. */
export interface Scaled {
  units: number;
  scale: number;
}

const DECIMAL_RE = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/;

/**
 * Parses a decimal (number, numeric string or Decimal) the way BigDecimal.valueOf(double) and
 * new BigDecimal(String) read it: exactly, from its shortest decimal representation.
 */
export function parseDecimal(value: number | string | Dec, name: string): Scaled {
  if (typeof value === 'number' && Number.isSafeInteger(value)) return { units: value, scale: 0 };
  const text = typeof value === 'object' ? value.toFixed() : String(value).trim();
  const m = DECIMAL_RE.exec(text);
  if (!m || (m[2] === '' && (m[3] ?? '') === '')) throw new RangeError(`${name}: not a decimal number: ${text}`);
  const frac = m[3] ?? '';
  let digits = (m[2] + frac).replace(/^0+(?=\d)/, '');
  let scale = frac.length - Number(m[4] ?? 0);
  if (scale < 0) {
    digits += '0'.repeat(-scale);
    scale = 0;
  }
  while (scale > 0 && digits.endsWith('0')) {
    digits = digits.slice(0, -1);
    scale--;
  }
  const units = Number(digits === '' ? '0' : digits) * (m[1] === '-' ? -1 : 1);
  if (!Number.isSafeInteger(units)) throw new RangeError(`${name}: too many significant digits: ${text}`);
  return { units: units === 0 ? 0 : units, scale };
}

/** The value as an exact integer number of 10^-scale units; RangeError when it has more decimals. */
export function toScaled(value: number | string | Dec, scale: number, name: string): number {
  if (typeof value === 'number' && Number.isSafeInteger(value)) {
    const v = value * 10 ** scale;
    if (Number.isSafeInteger(v)) return v;
  }
  const p = parseDecimal(value, name);
  if (p.scale > scale) throw new RangeError(`${name}: at most ${scale} decimals allowed: ${String(value)}`);
  const v = p.units * 10 ** (scale - p.scale);
  if (!Number.isSafeInteger(v)) throw new RangeError(`${name}: out of range: ${String(value)}`);
  return v;
}
