// A leaver's final pay: the unused annual leave lines the pay carries and their Schedule 7 withholding
// (rules and sources in termination.ts). Kept apart from the calculator so the calculator reads as one pay.
import { D, money, type Dec } from '../../lib/money.ts';
import {
  assertPayoutSupported,
  assertTerminationSupported,
  payoutDetail,
  schedule7Withholding,
  SCHEDULE_7_SOURCE,
  UNUSED_LEAVE_DESCRIPTION,
  UNUSED_LEAVE_LOADING_DESCRIPTION,
  unusedLeavePayout,
  type UnusedLeavePayout,
} from './termination.ts';
import { quantityString } from './pay-earnings.ts';
import { getAuVersion } from './registry.ts';
import type { AuPayInput, AuPayLine, TaxScale } from './types.ts';

const PERIODS_IN_YEAR = { weekly: 52, fortnightly: 26, monthly: 12, quarterly: 4 } as const;

export interface TerminationPay {
  payout: UnusedLeavePayout;
  /** Earnings lines of the payout (leave, then its loading), reported as paid leave type U. */
  lines: AuPayLine[];
  /** Schedule 7 withholding on the payout, given the pay's other earnings and its Schedule 1 withholding. */
  withhold: (normal: Dec, schedule1: (earnings: Dec) => Dec) => Dec;
  detail: (withheld: Dec) => ReturnType<typeof payoutDetail>;
}

export function terminationPay(
  version: string,
  input: AuPayInput,
  scale: TaxScale,
  hourlyRate: Dec,
  ordinaryHours: Dec,
): TerminationPay {
  const t = input.termination!;
  assertTerminationSupported(t);
  const payout = unusedLeavePayout(
    version,
    t,
    hourlyRate,
    quantityString(ordinaryHours),
    input.employment.type,
    input.leave_rates,
  );
  if (payout.total.gt(0)) assertPayoutSupported(t, scale, input.tax.study_loan);
  const rates = getAuVersion(version).noTfnRates;
  // The marginal method spreads the payout over a year of pays; the no-TFN rate takes it as it is.
  const withholding =
    scale === 4
      ? undefined
      : {
          method: 'schedule_7_marginal' as const,
          periods: PERIODS_IN_YEAR[input.frequency],
          source: SCHEDULE_7_SOURCE,
        };
  const lines: AuPayLine[] = [];
  if (payout.leave.gt(0))
    lines.push({
      type: 'leave',
      amount: money(payout.leave),
      hours: quantityString(payout.hours),
      rate: quantityString(payout.rate),
      description: UNUSED_LEAVE_DESCRIPTION,
      leave_type: 'annual',
      paid_leave_type: 'U',
      ...(withholding ? { withholding } : {}),
    });
  if (payout.loading.gt(0))
    lines.push({
      type: 'leave',
      amount: money(payout.loading),
      hours: quantityString(payout.hours),
      rate: quantityString(payout.rate.times(t.leave_loading!.fraction)),
      description: UNUSED_LEAVE_LOADING_DESCRIPTION,
      leave_type: 'annual',
      paid_leave_type: 'U',
      ...(withholding ? { withholding } : {}),
    });
  return {
    payout,
    lines,
    withhold: (normal, schedule1) =>
      schedule7Withholding({
        normal: D.max(normal, 0),
        payout: payout.total,
        frequency: input.frequency,
        scale,
        withhold: schedule1,
        noTfnRate: input.tax.residency === 'foreign_resident' ? rates.foreignResident : rates.resident,
      }),
    detail: (withheld) => payoutDetail(payout, withheld, t),
  };
}
