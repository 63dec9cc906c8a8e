import { Decimal } from 'decimal.js';

// One Decimal configuration for every money calculation in Payrail: enough precision for
// statutory intermediate steps, and half-up as the default rounding to the cent.
export const D = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });
export type Dec = InstanceType<typeof D>;
export type MoneyInput = string | number | Dec;

/** A Decimal of this configuration is immutable, so it is used as it is rather than copied. */
export const dec = (v: MoneyInput): Dec => (v instanceof D ? v : new D(v as Decimal.Value));

/** Half-up to the cent, as a 2-decimal string: the only form money takes on the wire (never "-0.00"). */
export const money = (v: MoneyInput): string => {
  const text = dec(v).toFixed(2, D.ROUND_HALF_UP);
  return text === '-0.00' ? '0.00' : text;
};

export const sum = (values: MoneyInput[]): Dec => values.reduce<Dec>((acc, v) => acc.plus(dec(v)), new D(0));

export const isMoneyString = (v: string): boolean => /^-?\d+(\.\d{1,2})?$/.test(v);
