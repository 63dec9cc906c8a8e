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

export const sum = (values: MoneyInput[]): Dec => values.reduce<Dec>((acc, v) => acc.plus(dec(v)), new D(0));

export const isMoneyString = (v: string): boolean => /^-?\d+(\.\d{1,2})?$/.test(v);
