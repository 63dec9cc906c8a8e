// A Teillohnzahlungszeitraum: the employment starts or ends within the month (or the week of a weekly payroll),
// so the period's pay covers only the calendar days employed.
//
// - Wage tax: the daily table, not the monthly one. The pay is divided by the calendar days employed
//   ("Steuertage": every calendar day, weekends and holidays included), the wage tax, solidarity surcharge and
//   church tax of that daily wage are taken from the daily table (PAP LZZ 4) and each is multiplied by the days
//   (R 39b.5 Abs. 2 LStR; Haufe, "Teillohnzahlungszeitraum: Berechnung der Lohnsteuer"; NWB Praxis-Leitfaden Lohn
//   und Gehalt, IX. Anteilige Berechnung der Lohnsteuer: the daily wage to the cent, e.g. 1,947.83 / 22 = 88.54).
// - Social insurance: the SV-Tage are the same calendar days, and the ceilings are pro-rated to them (social.ts).
//
// What the pack does not calculate for a part month answers 501 rather than a guessed figure: one-off payments
// (their tax needs the expected annual wage with earlier employers' pay, § 39b Abs. 3 EStG), Minijobs and Midijobs
// (the Minijob limit is not pro-rated while the Übergangsbereich is measured on the wage projected to 30 days,
// rules the pack does not carry for a part month) and private health insurance (the employer's subsidy for part
// of a month).
import { D } from '../../lib/money.ts';
import { UnsupportedInPack } from '../errors.ts';
import type { EmploymentCategory } from './social.ts';

const unsupported = (feature: string, message: string, alternatives: string[]) =>
  new UnsupportedInPack('DE', feature, message, alternatives);

const OUTSIDE =
  'Finalise this run leaving the employee out, and pay their first or last month outside Payrail; ' +
  'every full month is calculated here.';

/** Refuses (501) the part months whose figures need rules the pack does not carry, before any is worked out. */
export function assertPartMonthSupported(facts: { oneOffCents: number; healthType: 'statutory' | 'private' }): void {
  if (facts.oneOffCents !== 0)
    throw unsupported(
      'partial_month_one_off_payment',
      'A one-off payment in a month the employment starts or ends in is taxed on the expected annual wage, ' +
        'earlier employers’ pay included (§ 39b Abs. 3 EStG): the DE pack does not work it out for a part month.',
      ['Pay a starter’s one-off payment in their first full month’s pay run.', OUTSIDE],
    );
  if (facts.healthType === 'private')
    throw unsupported(
      'partial_month_private_health_insurance',
      'The employer’s subsidy to private health and care insurance for part of a month is not calculated by ' +
        'the DE pack.',
      [OUTSIDE],
    );
}

/** Refuses (501) a Minijob or Midijob in a part month, once the contributions say which it is. */
export function assertPartMonthCategory(category: EmploymentCategory): void {
  if (category === 'regular') return;
  throw unsupported(
    category === 'minijob' ? 'partial_month_minijob' : 'partial_month_midijob',
    `A ${category === 'minijob' ? 'Minijob' : 'Midijob (Übergangsbereich)'} that starts or ends within the ` +
      'month is not calculated by the DE pack: the Minijob limit is not pro-rated for a part month, while the ' +
      'Übergangsbereich is measured on the pay projected to 30 days.',
    [OUTSIDE],
  );
}

/** The daily wage of a part month in cents: the month's recurring pay over the calendar days employed, to the cent. */
export const dailyWageCents = (regularCents: number, days: number): number =>
  new D(regularCents).div(days).toDecimalPlaces(0, D.ROUND_HALF_UP).toNumber();
