// Decimal-string inputs, checked once at the edge so that no calculation ever sees a float or NaN.
import { D, dec, money, type Dec } from '../../lib/money.ts';
import { AuPayInputError } from './errors.ts';

const MONEY_RE = /^\d+(\.\d{1,2})?$/;
const QUANTITY_RE = /^\d+(\.\d{1,6})?$/;

/** A non-negative amount with at most 2 decimals: the statutory formulas are defined on cents. */
export function parseEarnings(value: string, path = 'earnings'): Dec {
  if (typeof value !== 'string' || !MONEY_RE.test(value)) {
    throw new AuPayInputError(
      path,
      `${path} must be a non-negative amount with at most 2 decimals, got ${String(value)}`,
    );
  }
  return dec(value);
}

/**
 * `parseEarnings(money(value))` for an amount calculated within a pay: the same cents, without printing and
 * re-parsing them. Anything the string form would reject, or turn into "0.00", takes that path.
 */
export function earningsFrom(value: Dec, path = 'earnings'): Dec {
  if (value.isNeg() || !value.isFinite()) return parseEarnings(money(value), path);
  return value.toDecimalPlaces(2, D.ROUND_HALF_UP);
}

/** A non-negative quantity (hours, rates, multipliers) with at most 6 decimals. */
export function parseQuantity(value: string, path: string): Dec {
  if (typeof value !== 'string' || !QUANTITY_RE.test(value)) {
    throw new AuPayInputError(path, `${path} must be a non-negative decimal string, got ${String(value)}`);
  }
  return dec(value);
}
