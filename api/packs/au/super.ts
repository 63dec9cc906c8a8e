// Superannuation guarantee for one pay. The calculator sees a single pay with no year-to-date
// history, so the maximum contribution base is pro-rated to the pay period: a quarterly base by
// the period's share of a 13-week quarter (weekly 1/13, fortnightly 2/13, monthly 1/3, quarterly 1),
// an annual base (payday super, from 1 July 2026) by 1/52, 1/26, 1/12 or 1/4.
import { D, dec, money, type Dec } from '../../lib/money.ts';
import { getAuVersion } from './registry.ts';
import type { MaximumContributionBase, PayFrequency } from './types.ts';
import { parseEarnings } from './parse.ts';

const SHARE_OF_QUARTER: Record<PayFrequency, [number, number]> = {
  weekly: [1, 13],
  fortnightly: [2, 13],
  monthly: [1, 3],
  quarterly: [1, 1],
};

const SHARE_OF_YEAR: Record<PayFrequency, [number, number]> = {
  weekly: [1, 52],
  fortnightly: [1, 26],
  monthly: [1, 12],
  quarterly: [1, 4],
};

/** The base for one pay period, half-up to the cent. */
export function periodContributionBase(base: MaximumContributionBase, frequency: PayFrequency): Dec {
  const [num, den] = (base.per === 'quarter' ? SHARE_OF_QUARTER : SHARE_OF_YEAR)[frequency];
  return dec(base.amount).times(num).div(den).toDecimalPlaces(2, D.ROUND_HALF_UP);
}

export interface SuperGuaranteeResult {
  /** OTE after the cap: what the SG rate was applied to. */
  contribution_base: string;
  capped: boolean;
  super_guarantee: string;
}

/** SG on ordinary time earnings (before any salary sacrifice), rounded half-up to the cent. */
export function superGuarantee(
  version: string,
  ordinaryTimeEarnings: string,
  frequency: PayFrequency,
): SuperGuaranteeResult {
  const data = getAuVersion(version);
  const ote = parseEarnings(ordinaryTimeEarnings, 'ordinary_time_earnings');
  const cap = periodContributionBase(data.maximumContributionBase, frequency);
  const base = D.min(ote, cap);
  return {
    contribution_base: money(base),
    capped: ote.gt(cap),
    super_guarantee: money(base.times(data.superGuaranteeRate)),
  };
}
