// Decimal-string inputs, checked once at the edge so that no calculation ever sees a float or NaN.
import { dec, type Dec } from '../../lib/money.ts';
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

/** A non-negative quantity (hours, rates, multipliers) with at most 6 decimals. */
export function parseQuantity(value: string, path: string): Dec {
  if (typeof value !== 'string' || !QUANTITY_RE.test(value)) {
    throw new AuPayInputError(path, `${path} must be a non-negative decimal string, got ${String(value)}`);
  }
  return dec(value);
}
