// PAYG withholding from a pay that includes back pay, a commission, a bonus or a similar payment relating to
// more than one pay period: ATO, "Schedule 5 – Tax table for back payments, commissions, bonuses and similar
// payments" (NAT 7905), Method A. Withholding the whole amount as if one week or month had earned it would
// push it through the top rates; Method A spreads it over the pay periods it relates to:
//   1 normal gross earnings of the period, cents ignored      2 withholding on 1 (the Schedule 1 table)
//   3 the additional payments / periods, cents ignored         4 = 1 + 3
//   5 withholding on 4                                         6 = 5 - 2
//   7 = 6 x periods                                            8 = additional payments x the top marginal rate
//   9 the lesser of 7 and 8, cents ignored                    10 total withholding = 2 + 9
// The periods are those of the financial year (52 weekly, 26 fortnightly, 12 monthly) unless the payment is for
// a defined period shorter than 12 months: the schedule then lets step 3 divide by the periods it relates to.
// The study and training support loan component (Schedule 8) follows the same steps with its own table, so the
// loan is not over-withheld either. Without a TFN (scale 4) the no-TFN rate applies to the whole payment.
import { D, dec, type Dec } from '../../lib/money.ts';
import { AuPayInputError, UnsupportedInPack } from './errors.ts';
import { getAuVersion } from './registry.ts';
import type { PayFrequency, TaxScale } from './types.ts';

export const SCHEDULE_5_SOURCE = 'ATO Schedule 5 (NAT 7905), Method A';

/** Pay periods in a financial year (Schedule 5, "Pay periods per financial year"); no 53rd week or 27th fortnight. */
const PERIODS_IN_YEAR: Partial<Record<PayFrequency, number>> = { weekly: 52, fortnightly: 26, monthly: 12 };

const wholeDollars = (v: Dec): Dec => v.toDecimalPlaces(0, D.ROUND_DOWN);

/**
 * Whether a bonus-like line with no count of its own is spread: Schedule 5 has no quarterly pay, so a quarterly
 * pay withholds it with the quarter by the quarterly Schedule 1 table, as before.
 */
export const spreadsByDefault = (frequency: PayFrequency, amount: Dec): boolean =>
  PERIODS_IN_YEAR[frequency] !== undefined && !amount.isZero();

/**
 * The periods a line is spread over: the line's own count (a payment for a defined shorter period) or the
 * year's. Schedule 5 knows weekly, fortnightly and monthly pay only.
 */
export function spreadPeriods(frequency: PayFrequency, earnedOver: number | undefined, path: string): number {
  const year = PERIODS_IN_YEAR[frequency];
  if (!year)
    throw new UnsupportedInPack(
      'AU',
      'schedule_5_quarterly',
      'Schedule 5 (NAT 7905) defines withholding from bonuses and back pay for weekly, fortnightly and monthly pay ' +
        'only; for a quarterly pay give the line earned_over_periods 1 to withhold it with the quarter.',
    );
  if (earnedOver === undefined) return year;
  if (!Number.isInteger(earnedOver) || earnedOver < 1 || earnedOver > year)
    throw new AuPayInputError(
      path,
      `${path} must be a whole number of ${frequency} pay periods from 1 to ${year} (Schedule 5 spreads a payment ` +
        'over at most the pay periods of a financial year)',
    );
  return earnedOver;
}

export interface SpreadInput {
  /** Taxable earnings of the period without the spread payments. */
  normal: Dec;
  /** The spread payments of this pay, by the periods each is spread over. */
  additional: { amount: Dec; periods: number }[];
  /** Withholding (whole dollars) on an amount of earnings for the period: Schedule 1, or the Schedule 8 component. */
  withhold: (earnings: Dec) => Dec;
  /** Step 8's cap: the top marginal rate (PAYG only). */
  topRate?: string;
}

/** Steps 1-10 of Method A; payments spread over different periods are taken group by group. */
export function methodA({ normal, additional, withhold, topRate }: SpreadInput): Dec {
  const base = wholeDollars(normal);
  const onNormal = withhold(base);
  const groups = new Map<number, Dec>();
  for (const a of additional) groups.set(a.periods, (groups.get(a.periods) ?? new D(0)).plus(a.amount));
  let onAdditional = new D(0);
  for (const [periods, amount] of groups) {
    const share = wholeDollars(amount.div(periods));
    const spread = D.max(withhold(base.plus(share)).minus(onNormal), 0).times(periods);
    const capped = topRate ? D.min(spread, amount.times(topRate)) : spread;
    onAdditional = onAdditional.plus(wholeDollars(capped));
  }
  return onNormal.plus(onAdditional);
}

/** The top marginal rate of Schedule 5 step 8: 47 % for residents (with the Medicare levy), 45 % for foreign residents. */
export function topMarginalRate(version: string, scale: TaxScale): string {
  const rates = getAuVersion(version).noTfnRates;
  return dec(scale === 3 ? rates.foreignResident : rates.resident).toString();
}
