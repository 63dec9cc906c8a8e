// Superannuation guarantee for one pay. The maximum contribution base is a limit on an employee's qualifying
// earnings over a whole quarter (Superannuation Guarantee (Administration) Act 1992 s 15; before Payday Super)
// or, from 1 July 2026 (Payday Super), a whole financial year: no SG is required on what is paid above it in
// that quarter or year. So a pay uses what is left of the base after the earnings already paid in the quarter
// or year (from the employee's finalised pay, and the opening figures of an employer that moved to Payrail);
// a big bonus early in the quarter is covered in full, the pays after the base is reached get none.
import { D, dec, money, type Dec } from '../../lib/money.ts';
import { getAuVersion } from './registry.ts';
import type { AuPayInput, AuVersionData } from './types.ts';
import { parseEarnings } from './parse.ts';

export type EarningsToDate = NonNullable<AuPayInput['to_date']>['qualifying_earnings'];

const NONE: EarningsToDate = { quarter: '0', year: '0' };

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
  toDate: EarningsToDate = NONE,
): SuperGuaranteeResult {
  const { limit, rate, per } = termsOf(version);
  const ote = parseEarnings(ordinaryTimeEarnings, 'ordinary_time_earnings');
  const already = per === 'quarter' ? toDate.quarter : toDate.year;
  const left = already === '0' ? limit : D.max(limit.minus(already), 0);
  const base = D.min(ote, left);
  return {
    contribution_base: money(base),
    capped: ote.gt(left),
    super_guarantee: money(base.times(rate)),
  };
}

// The version's base and rate, parsed once: every employee of every run reads them.
const terms = new WeakMap<AuVersionData, { limit: Dec; rate: Dec; per: 'quarter' | 'year' }>();
function termsOf(version: string) {
  const data = getAuVersion(version);
  let t = terms.get(data);
  if (!t) {
    const { amount, per } = data.maximumContributionBase;
    terms.set(data, (t = { limit: dec(amount), rate: dec(data.superGuaranteeRate), per }));
  }
  return t;
}
