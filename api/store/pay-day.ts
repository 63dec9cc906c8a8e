// The day a run's pay counts on in a year to date, as an SQL expression over `pay_runs`.
import { sql } from 'kysely';
import type { PayDay } from '../model/pay-day.ts';

/**
 * `date_paid`: the day people were actually paid where finalise recorded one (`paid_on`), else the payment
 * date. Where income is taxed when it is paid (AU), that day decides the year it belongs to.
 */
export const payDayOf = (on: PayDay) =>
  on === 'date_paid'
    ? sql<string>`coalesce(pay_runs.paid_on, pay_runs.payment_date)`
    : sql<string>`pay_runs.payment_date`;
