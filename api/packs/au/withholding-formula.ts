// The Schedule 1 / Schedule 8 arithmetic shared by PAYG, the study loan component and the Medicare
// levy adjustment: every period is converted to a weekly x, evaluated, then converted back.
import { D, dec, type Dec } from '../../lib/money.ts';
import type { CoefficientRow, PayFrequency } from './types.ts';

const wholeDollars = (v: Dec): Dec => v.toDecimalPlaces(0, D.ROUND_DOWN);
export const roundToDollar = (v: Dec): Dec => v.toDecimalPlaces(0, D.ROUND_HALF_UP);

const THIRTY_THREE_CENTS = new D('0.33');
const ONE_CENT = new D('0.01');
const NINETY_NINE_CENTS = new D('0.99');

/** Whole dollars of weekly-equivalent earnings, converted exactly as NAT 1004 prescribes. */
export function weeklyEquivalent(earnings: Dec, frequency: PayFrequency): Dec {
  switch (frequency) {
    case 'weekly':
      return wholeDollars(earnings);
    case 'fortnightly':
      return wholeDollars(earnings.div(2));
    case 'monthly': {
      // A month of 13/3 weeks makes thirds of a cent; $x.33 is nudged so it lands on the next dollar.
      const cents = earnings.minus(wholeDollars(earnings));
      const adjusted = cents.eq(THIRTY_THREE_CENTS) ? earnings.plus(ONE_CENT) : earnings;
      return wholeDollars(adjusted.times(3).div(13));
    }
    case 'quarterly':
      return wholeDollars(earnings.div(13));
  }
}

/** x in y = a * x - b: weekly whole dollars plus 99 cents. */
export const formulaX = (earnings: Dec, frequency: PayFrequency): Dec =>
  weeklyEquivalent(earnings, frequency).plus(NINETY_NINE_CENTS);

/** A whole-dollar weekly amount expressed for the pay period. */
export function fromWeekly(weeklyAmount: Dec, frequency: PayFrequency): Dec {
  switch (frequency) {
    case 'weekly':
      return weeklyAmount;
    case 'fortnightly':
      return weeklyAmount.times(2);
    case 'monthly':
      return roundToDollar(weeklyAmount.times(13).div(3));
    case 'quarterly':
      return weeklyAmount.times(13);
  }
}

export function rowFor(rows: readonly CoefficientRow[], x: Dec): CoefficientRow {
  return rows[rowIndex(parsedRows(rows), x)]!;
}

/** A coefficient row as Decimals: the tables are fixed per pack version, so each is parsed once, not per pay. */
interface ParsedRow {
  lessThan: Dec | null;
  a: Dec;
  b: Dec;
}

const parsedTables = new WeakMap<readonly CoefficientRow[], readonly ParsedRow[]>();

function parsedRows(rows: readonly CoefficientRow[]): readonly ParsedRow[] {
  let parsed = parsedTables.get(rows);
  if (!parsed) {
    parsed = rows.map((r) => ({ lessThan: r.lessThan === null ? null : new D(r.lessThan), a: dec(r.a), b: dec(r.b) }));
    parsedTables.set(rows, parsed);
  }
  return parsed;
}

function rowIndex(rows: readonly ParsedRow[], x: Dec): number {
  const i = rows.findIndex((r) => r.lessThan === null || x.lt(r.lessThan));
  if (i < 0) throw new Error('coefficient table has no open-ended last row');
  return i;
}

/** y = a * x - b rounded to the nearest dollar (50c up), with no earlier rounding; never negative. */
export function evaluateWeekly(rows: readonly CoefficientRow[], x: Dec): Dec {
  const parsed = parsedRows(rows);
  const { a, b } = parsed[rowIndex(parsed, x)]!;
  const y = a.times(x).minus(b);
  return y.lte(0) ? new D(0) : roundToDollar(y);
}

export const wholeDollarString = (v: Dec): string => v.toFixed(2);
