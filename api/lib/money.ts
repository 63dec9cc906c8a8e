import { Decimal } from 'decimal.js';

// One Decimal configuration for every money calculation in Payrail: enough precision for
// statutory intermediate steps, and half-up as the default rounding to the cent.
export const D = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });
export type Dec = InstanceType<typeof D>;
export type MoneyInput = string | number | Dec;

export const dec = (v: MoneyInput): Dec => new D(v as Decimal.Value);

/** Half-up to the cent, as a 2-decimal string: the only form money takes on the wire. */
export const money = (v: MoneyInput): string => dec(v).toDecimalPlaces(2, D.ROUND_HALF_UP).toFixed(2);

export const sum = (values: MoneyInput[]): Dec => values.reduce<Dec>((acc, v) => acc.plus(dec(v)), new D(0));

export const isMoneyString = (v: string): boolean => /^-?\d+(\.\d{1,2})?$/.test(v);
