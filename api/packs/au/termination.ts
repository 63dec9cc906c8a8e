// Unused annual leave paid when employment ends, and how it is withheld and reported.
//
// - Fair Work Act 2009 s 90(2): if, when the employment ends, the employee has a period of untaken paid annual
//   leave, the employer must pay the amount that would have been payable had the employee taken that leave. So the
//   payout is the balance (as at the end date, this pay's accrual included) at the ordinary hourly rate, plus the
//   annual leave loading wherever the loading would have been paid on leave taken (the employee's terms, or an
//   award that grants it: the General Retail Industry Award, per the Fair Work Ombudsman's page "Payment for
//   annual leave & annual leave loading", Retail Award: 17.5 % on top of the base rate).
// - Withholding: ATO, "Schedule 7 – Tax table for unused leave payments on termination of employment" (NAT 3351,
//   payments from 13 October 2020), with the ATO's "Withholding from unused leave payments on termination of
//   employment" (QC 19081), Table 6, for a normal termination (resignation, dismissal, retirement, end of
//   contract, transfer). Leave accrued after 17 August 1993 is withheld at marginal rates:
//     1 withholding on the normal gross earnings of the pay (the Schedule 1 table of the pay's scale)
//     2 the unused leave payment / the pay periods of a financial year (52, 26 or 12), cents ignored
//     3 withholding on 1's earnings + 2                       4 = 3 - 1, times the periods of the year
//   A post-17 August 1993 payment under $300 is withheld at the lesser of that amount and 32 % of the payment,
//   cents ignored. Without a TFN, 47 % (45 % for a foreign resident) of the payment, cents ignored.
// - Reporting: STP Phase 2 paid leave type U ("unused leave on termination"), not ordinary time earnings (ATO,
//   "List of payments that are ordinary time earnings": lump sum payments of unused leave on termination are not
//   OTE), so no super guarantee is due on it.
//
// What the pack does not calculate answers 501 (UnsupportedInPack) with alternatives, never a zero:
// genuine redundancy, invalidity and approved early retirement (lump sum A type R at 32 %, the tax-free part as
// lump sum D, the redundancy payment as an employment termination payment under Schedule 11), a death (paid to the
// estate, not withheld and not reported for the employee), leave accrued before 18 August 1993 (lump sum A type T,
// and before 16 August 1978 lump sum B), long service leave (whether any is payable depends on the state's law and
// the years of service) and the study loan component on the payout.
import { D, dec, money, type Dec } from '../../lib/money.ts';
import { UnsupportedInPack } from './errors.ts';
import { accrualRatesFor, accrueNesLeave, type EmploymentType } from './leave.ts';
import type { LeaveAccrualRates } from './types.ts';
import type { AuTermination, PayFrequency, TaxScale } from './types.ts';

export const SCHEDULE_7_SOURCE = 'ATO Schedule 7 (NAT 3351), normal termination, marginal rates';
export const UNUSED_LEAVE_DESCRIPTION = 'Unused annual leave paid on termination';
export const UNUSED_LEAVE_LOADING_DESCRIPTION = 'Annual leave loading on unused annual leave';
/** Schedule 7: below this the post-17 August 1993 payment is withheld at no more than 32 %. */
const SMALL_PAYMENT = '300';
const SMALL_PAYMENT_RATE = '0.32';
/** Leave accrued before this date is withheld as lump sum A (or B before 16 August 1978). */
const POST_1993_FROM = '1993-08-18';

const PERIODS_IN_YEAR: Partial<Record<PayFrequency, number>> = { weekly: 52, fortnightly: 26, monthly: 12 };

const unsupported = (feature: string, message: string, alternatives: string[]) =>
  new UnsupportedInPack('AU', feature, message, alternatives);

const MANUAL_ALTERNATIVE =
  'Work out the final pay outside Payrail with the ATO rules named here, then pay the employee in this run with ' +
  'amounts the pack can withhold, and report the rest through an STP update event.';

/** Refuses (501) the leavers whose final pay needs rules the pack does not carry, whatever leave is left. */
export function assertTerminationSupported(t: AuTermination): void {
  const reason = t.cessation;
  if (reason === 'R' || reason === 'I')
    throw unsupported(
      'termination_genuine_redundancy',
      'A final pay for a genuine redundancy, invalidity or early retirement scheme is not calculated by the AU ' +
        'pack: unused leave is withheld at 32 % as lump sum A (type R) (ATO Schedule 7), the tax-free part of a ' +
        'redundancy payment is lump sum D and the rest an employment termination payment (ATO Schedule 11).',
      [
        MANUAL_ALTERNATIVE,
        'If the employee resigned, was dismissed or their contract ended, record that reason on the end of ' +
          'employment instead: the final pay is then calculated.',
      ],
    );
  if (reason === 'D')
    throw unsupported(
      'termination_death',
      'Unused leave of an employee who has died is paid to the estate without withholding and is not reported ' +
        'for the employee (ATO, "Withholding from unused leave payments on termination of employment"); the AU ' +
        'pack does not pay it.',
      ['Pay the estate outside the pay run; pay any wages owed for days worked as a manual entry line.'],
    );
  if (dec(t.long_service_hours).gt(0))
    throw unsupported(
      'termination_long_service_leave',
      `${dec(t.long_service_hours).toFixed(2)} hours of long service leave are on record. Whether any is payable ` +
        'on leaving depends on the state or territory law and the years of service, which the AU pack does not ' +
        'carry; it never pays it as zero without saying so.',
      [
        'Work out what the state’s law makes payable, book that many hours of long service leave ending on the ' +
          'last day of employment so this pay includes them, and correct the long service leave balance for ' +
          'the rest.',
        MANUAL_ALTERNATIVE,
      ],
    );
}

/** Refuses (501) an unused leave payout the pack cannot withhold: leave that may predate 1993, a study loan. */
export function assertPayoutSupported(t: AuTermination, scale: TaxScale, studyLoan: boolean): void {
  if (!t.start_date || t.start_date < POST_1993_FROM)
    throw unsupported(
      'termination_pre_1993_leave',
      t.start_date
        ? `Employed since ${t.start_date}: part of the unused leave may have accrued before 18 August 1993, which ` +
            'ATO Schedule 7 withholds at 32 % as lump sum A (lump sum B before 16 August 1978); the AU pack does ' +
            'not split it.'
        : 'No start date is recorded, so the pack cannot tell whether the unused leave accrued before 18 August ' +
            '1993 (withheld by ATO Schedule 7 as a lump sum).',
      [
        ...(t.start_date ? [] : ['Record the employee’s start date: the final pay is then calculated.']),
        MANUAL_ALTERNATIVE,
      ],
    );
  if (studyLoan && scale !== 4)
    throw unsupported(
      'termination_study_loan',
      'The employee repays a study and training support loan: the AU pack does not work out the Schedule 8 ' +
        'component on unused leave paid on termination.',
      [MANUAL_ALTERNATIVE],
    );
}

export interface UnusedLeavePayout {
  /** Hours paid out: the balance as at the end date, this pay's accrual included. */
  hours: Dec;
  leave: Dec;
  loading: Dec;
  total: Dec;
  rate: Dec;
}

const cents = (v: Dec) => v.toDecimalPlaces(2, D.ROUND_HALF_UP);

/** The unused annual leave the final pay carries (nothing when the balance is not above zero). */
export function unusedLeavePayout(
  version: string,
  t: AuTermination,
  hourlyRate: Dec,
  ordinaryHours: string,
  type: EmploymentType,
  rates?: LeaveAccrualRates,
): UnusedLeavePayout {
  const accrued = t.accrues
    ? accrueNesLeave(version, ordinaryHours, type, {
        rates: rates ?? accrualRatesFor(version, { shiftWorker: t.shift_worker }),
      }).annual
    : 0;
  const hours = D.max(dec(t.annual_leave_hours).plus(accrued), 0).toDecimalPlaces(4, D.ROUND_HALF_UP);
  const leave = cents(hours.times(hourlyRate));
  const loading = t.leave_loading ? cents(hours.times(hourlyRate).times(t.leave_loading.fraction)) : new D(0);
  return { hours, leave, loading, total: leave.plus(loading), rate: hourlyRate };
}

export interface Schedule7Input {
  /** Taxable earnings of the pay without the unused leave (and without amounts spread by Schedule 5). */
  normal: Dec;
  payout: Dec;
  frequency: PayFrequency;
  scale: TaxScale;
  /** Schedule 1 withholding (whole dollars) on an amount of the pay's earnings. */
  withhold: (earnings: Dec) => Dec;
  /** The no-TFN rate (scale 4): 47 % resident, 45 % foreign resident. */
  noTfnRate: string;
}

const wholeDollars = (v: Dec): Dec => v.toDecimalPlaces(0, D.ROUND_DOWN);

/** Withholding on post-17 August 1993 unused leave of a normal termination (Schedule 7), in whole dollars. */
export function schedule7Withholding({ normal, payout, frequency, scale, withhold, noTfnRate }: Schedule7Input): Dec {
  if (payout.lte(0)) return new D(0);
  if (scale === 4) return wholeDollars(wholeDollars(payout).times(noTfnRate));
  const periods = PERIODS_IN_YEAR[frequency];
  if (!periods)
    throw new UnsupportedInPack(
      'AU',
      'schedule_7_quarterly',
      'ATO Schedule 7 spreads unused leave over 52 weekly, 26 fortnightly or 12 monthly pays; the AU pack does ' +
        'not withhold it from a quarterly pay.',
      ['Pay the final pay, unused leave included, in a weekly, fortnightly or monthly run.'],
    );
  const base = wholeDollars(normal);
  const share = wholeDollars(payout.div(periods));
  const marginal = D.max(withhold(base.plus(share)).minus(withhold(base)), 0).times(periods);
  const capped = payout.lt(SMALL_PAYMENT) ? D.min(marginal, wholeDollars(payout.times(SMALL_PAYMENT_RATE))) : marginal;
  return D.min(capped, wholeDollars(payout));
}

/** What the result's detail says of the payout, for the officer and for closing the balance at finalise. */
export const payoutDetail = (p: UnusedLeavePayout, withheld: Dec, t: AuTermination) => ({
  end_date: t.end_date,
  annual_leave_hours: p.hours.toFixed(4),
  amount: money(p.total),
  loading: money(p.loading),
  loading_basis: t.leave_loading?.basis ?? null,
  withheld: money(withheld),
  paid_leave_type: 'U' as const,
  source: SCHEDULE_7_SOURCE,
});

/**
 * Awards whose annual leave loading is paid on leave taken, so also on leave paid out when employment ends
 * (Fair Work Act 2009 s 90(2): the amount the employee would have been paid had the leave been taken; the Federal
 * Court holds that this includes an award's loading, Centennial Northern Mining Services v CFMEU (No 2) [2015] FCA
 * 136). Other awards pay it through the employee's leave-loading setting until their text is cited here.
 * - General Retail Industry Award 2020: 17.5 % on top of the base rate (Fair Work Ombudsman, "Payment for annual
 *   leave & annual leave loading", Retail Award).
 * - Hospitality Industry (General) Award 2020: 17.5 % annual leave loading, cl. 30 Annual leave (Fair Work
 *   Commission, MA000009 as made, PR716643, and the consolidated award at library.fairwork.gov.au, krn=MA000009).
 */
export const AWARD_LEAVE_LOADING: Readonly<Record<string, { fraction: string; basis: string }>> = {
  MA000004: {
    fraction: '0.175',
    basis: 'General Retail Industry Award 2020 (MA000004): 17.5 % annual leave loading, paid on leaving as on leave',
  },
  MA000009: {
    fraction: '0.175',
    basis:
      'Hospitality Industry (General) Award 2020 (MA000009) cl. 30: 17.5 % annual leave loading, paid on leaving as ' +
      'on leave',
  },
};

/** The loading an employee's own terms give (the leave-loading setting): most awards' 17.5 %. */
export const TERMS_LEAVE_LOADING = {
  fraction: '0.175',
  basis: 'The employee’s terms give a 17.5 % annual leave loading, paid on leaving as on leave',
} as const;
