import { Decimal } from 'decimal.js';

// One Decimal configuration for every money calculation in Payrail: enough precision for
// statutory intermediate steps, and half-up as the default rounding to the cent.
export const D = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });
export type Dec = InstanceType<typeof D>;
export type MoneyInput = string | number | Dec;

/** A Decimal of this configuration is immutable, so it is used as it is rather than copied. */
export const dec = (v: MoneyInput): Dec => (v instanceof D ? v : new D(v as Decimal.Value));

/** An amount already written as money: whole cents, no leading zeros, never "-0.00". */
const MONEY_TEXT = /^-?(0|[1-9]\d*)\.\d\d$/;

/**
 * `d` as its plain digits, padded to at least `minPlaces` decimals, when it has at most `maxPlaces` and
 * prints without an exponent: the text toFixed gives for it, without toFixed's rounding work. Else null.
 */
export function paddedText(d: Dec, minPlaces: number, maxPlaces: number): string | null {
  if (!d.isFinite()) return null;
  const plain = d.toString();
  if (plain.includes('e')) return null;
  const dot = plain.indexOf('.');
  const places = dot < 0 ? 0 : plain.length - dot - 1;
  if (places > maxPlaces) return null;
  return places >= minPlaces ? plain : `${dot < 0 ? `${plain}.` : plain}${'0'.repeat(minPlaces - places)}`;
}

/** Half-up to the cent, as a 2-decimal string: the only form money takes on the wire (never "-0.00"). */
export const money = (v: MoneyInput): string => {
  // Most amounts a pay prints are whole cents already: they are written out as they stand, and only the
  // rest is rounded by toFixed (several times the cost).
  if (typeof v === 'string' && MONEY_TEXT.test(v) && v !== '-0.00') return v;
  const d = dec(v);
  const text = paddedText(d, 2, 2) ?? d.toFixed(2, D.ROUND_HALF_UP);
  return text === '-0.00' ? '0.00' : text;
};

/**
 * The exact sum. Amounts written as money (most of what is summed: the lines of a pay, the entries of a run) are
 * added as whole cents, which are exact integers up to 2^53, and parsed once as the total: a Decimal per amount
 * is most of the cost of a pay's arithmetic. Anything else, or a total too large for that, takes Decimal.
 */
export function sum(values: readonly MoneyInput[]): Dec {
  // Adding to zero, as the sum of one always did: a lone -0 comes back as 0.
  if (values.length < 2) return values.length ? ZERO.plus(dec(values[0]!)) : ZERO;
  let cents = 0;
  for (const v of values) {
    const c = typeof v === 'string' ? centsOfMoneyText(v) : null;
    if (c === null) return decimalSum(values);
    cents += c;
    // Past 2^53 an integer sum rounds, even one that later comes back down: Decimal then takes the whole sum.
    if (!Number.isSafeInteger(cents)) return decimalSum(values);
  }
  return new D(centsText(cents));
}

const ZERO = new D(0);

const decimalSum = (values: readonly MoneyInput[]): Dec => values.reduce<Dec>((acc, v) => acc.plus(dec(v)), ZERO);

/** Up to 12 digits of whole dollars: cents below 10^14, well inside the exact integers of a double. */
const MAX_MONEY_TEXT = 15;

/** "-12.34" as -1234; null for anything not written as money or too long to stay exact. */
function centsOfMoneyText(v: string): number | null {
  const negative = v.charCodeAt(0) === 45; // '-'
  if (v.length > MAX_MONEY_TEXT + (negative ? 1 : 0) || !MONEY_TEXT.test(v)) return null;
  const body = negative ? v.slice(1) : v;
  const c = Number(body.slice(0, -3)) * 100 + Number(body.slice(-2));
  return negative ? -c : c;
}

/** -1234 as "-12.34". */
function centsText(cents: number): string {
  const digits = String(Math.abs(cents)).padStart(3, '0');
  return `${cents < 0 ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

export const isMoneyString = (v: string): boolean => /^-?\d+(\.\d{1,2})?$/.test(v);
