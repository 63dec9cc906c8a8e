// Gross pay for one period from the employment terms and the period's items: the salary's share of the
// year, or the hourly rate × hours (the timesheet's ordinary hours, else the contracted hours); overtime
// and paid-leave hours at the hourly rate; allowances, bonuses and holiday pay as given. These rules are
// part of the pack version, so a change to them ships as a new version.
//
// A salaried starter or leaver (a Teillohnzahlungszeitraum: employed for part of the month) is paid the month's
// salary × calendar days employed ÷ calendar days of the month, half-up to the cent: the calendar-day method
// ("kalendertägliche Berechnung", NWB Praxis-Leitfaden Lohn und Gehalt, VIII. Teillohnzahlungen). No statute fixes
// the method; a contract or collective agreement may choose another (the 30-day or the working-day method),
// which the pack does not read. Hourly pay is the hours paid already and is left alone. This holds for every
// version: a full month's salary for part of a month was a wrong number, not a rule of its year.

import { D, dec, money, sum, type Dec } from '../../lib/money.ts';
import type { DePackVersion } from './pay-types.ts';
import type { DeFrequency } from './social.ts';

export interface DeEmploymentTerms {
  annual_salary: string | null;
  hourly_rate: string | null;
  hours_per_week: string | null;
}

/** A pay item of the period: hours (ordinary, overtime, leave) or an amount (allowance, bonus, leave). */
export interface DePeriodItem {
  kind: 'hours' | 'amount' | 'days';
  category: string;
  hours?: string;
  amount?: string;
  multiplier?: string;
  /** An absence (`unpaid_absence`): its working days the employer does not pay, of the period's working days. */
  unpaid_days?: string;
  period_days?: string;
}

export interface DeGrossLine {
  type: string;
  amount: string;
  hours?: string;
  rate?: string;
  description?: string;
  /** A salary for part of the month: the calendar days paid of the month's, from and to. */
  part_period?: { basis: 'calendar_days'; days: number; of: number; from: string; to: string };
  /** A salary reduced for unpaid absence: the working days not paid, of the period's working days. */
  unpaid_absence?: { days: string; of: number };
}

/** The calendar days of the month the employee was employed (a starter or a leaver), and the month's days. */
export interface DePartMonth {
  days: number;
  of: number;
  from: string;
  to: string;
  /** Whether the employment starts or ends within the month (the line says "ab" or "bis"). */
  starts: boolean;
  ends: boolean;
}

export interface DeGross {
  /** Earnings in the order they arise: the salary or hours first, then the items. */
  earnings: DeGrossLine[];
  /** The hourly rate the hours were paid at (derived from the salary when there is no hourly rate). */
  hourly_rate: string;
}

interface GrossRules {
  /** Pay periods in a year, by frequency: an annual salary's share per period. */
  periodsPerYear: Record<DeFrequency, number>;
  /** Weeks in a year: a salary per hour is the annual salary over these weeks and the weekly hours. */
  weeksPerYear: number;
  /** Contracted weekly hours when the terms give none. */
  defaultWeeklyHours: string;
}

const RULES_2025: GrossRules = {
  periodsPerYear: { annual: 1, monthly: 12, weekly: 52, daily: 360 },
  weeksPerYear: 52,
  defaultWeeklyHours: '40',
};

const GROSS_RULES: Record<DePackVersion, GrossRules> = {
  'DE-2025.1': RULES_2025,
  'DE-2026.1': RULES_2025,
  'DE-2026.2': RULES_2025,
  'DE-2026.3': RULES_2025,
  'DE-2026.4': RULES_2025,
};

function rulesOf(version: DePackVersion): GrossRules {
  const rules = GROSS_RULES[version];
  if (!rules) throw new RangeError(`unknown DE pack version ${String(version)}`);
  return rules;
}

const positive = (v: string | null) => Number(v ?? 0) > 0;

/** An annual salary's share of one pay period. */
export function deSalaryShare(version: DePackVersion, annualSalary: string, frequency: DeFrequency): string {
  return money(dec(annualSalary).div(rulesOf(version).periodsPerYear[frequency]));
}

/** The hourly rate: the agreed one, or the annual salary over the year's weeks and the weekly hours. */
export function deHourlyRate(version: DePackVersion, terms: DeEmploymentTerms): Dec {
  const rules = rulesOf(version);
  if (positive(terms.hourly_rate)) return dec(terms.hourly_rate!);
  return dec(terms.annual_salary ?? 0)
    .div(rules.weeksPerYear)
    .div(dec(terms.hours_per_week ?? rules.defaultWeeklyHours));
}

const dayMonth = (iso: string) => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.`;

/** The salary line's words for part of a month: "Gehalt für 17 von 31 Kalendertagen (ab 15.10.)". */
function partMonthDescription(p: DePartMonth): string {
  const when =
    p.starts && p.ends
      ? `${dayMonth(p.from)} bis ${dayMonth(p.to)}`
      : p.starts
        ? `ab ${dayMonth(p.from)}`
        : `bis ${dayMonth(p.to)}`;
  return `Gehalt für ${p.days} von ${p.of} Kalendertagen (${when})`;
}

/** The period's earnings; deductions and other items are not earnings and are left to the caller. */
export function deGrossPay(
  version: DePackVersion,
  frequency: DeFrequency,
  terms: DeEmploymentTerms,
  items: DePeriodItem[],
  part?: DePartMonth,
): DeGross {
  const rules = rulesOf(version);
  const rate = deHourlyRate(version, terms);
  const weeksPerPeriod = dec(rules.weeksPerYear).div(rules.periodsPerYear[frequency]);
  const periodHours = dec(terms.hours_per_week ?? rules.defaultWeeklyHours).mul(weeksPerPeriod);
  const earnings: DeGrossLine[] = [];
  const timesheetHours = items.filter((i) => i.kind === 'hours' && i.category === 'ordinary').map((i) => i.hours!);
  // Unpaid absence (unpaid leave, sickness past six weeks of continued pay) reduces the period's pay pro
  // rata by working days (the Bundesarbeitsgericht's working-day method, e.g. BAG 5 AZR 569/10); with a
  // timesheet the hours worked are what is paid, so it changes nothing.
  const unpaid = items.filter((i) => i.kind === 'days' && i.category === 'unpaid_absence');
  const unpaidShare = (base: Dec): Dec =>
    unpaid.reduce(
      (acc, i) => acc.plus(base.mul(i.unpaid_days ?? 0).div(Math.max(1, Number(i.period_days ?? 1)))),
      dec(0),
    );
  if (positive(terms.annual_salary) && !positive(terms.hourly_rate)) {
    const share = dec(deSalaryShare(version, terms.annual_salary!, frequency));
    const paid = part ? dec(money(share.mul(part.days).div(part.of))) : share;
    // The days not paid, counted in the first absence's working days (one period's absences share them).
    const of = Math.max(1, Number(unpaid[0]?.period_days ?? 1));
    const unpaidDays = unpaid.reduce(
      (acc, i) =>
        acc.plus(
          dec(i.unpaid_days ?? 0)
            .mul(of)
            .div(Math.max(1, Number(i.period_days ?? 1))),
        ),
      dec(0),
    );
    earnings.push({
      type: 'salary',
      amount: money(D.max(paid.minus(unpaidShare(share)), 0)),
      ...(unpaidDays.gt(0) ? { unpaid_absence: { days: unpaidDays.toDecimalPlaces(4).toString(), of } } : {}),
      ...(part
        ? {
            description: partMonthDescription(part),
            part_period: {
              basis: 'calendar_days' as const,
              days: part.days,
              of: part.of,
              from: part.from,
              to: part.to,
            },
          }
        : {}),
    });
  } else {
    const hours = timesheetHours.length ? sum(timesheetHours) : periodHours;
    const paidHours = timesheetHours.length ? hours : D.max(hours.minus(unpaidShare(hours)), 0);
    earnings.push({
      type: 'hourly',
      amount: money(rate.mul(paidHours)),
      hours: paidHours.toFixed(2),
      rate: money(rate),
    });
  }
  for (const i of items) {
    if (i.kind === 'hours' && i.category === 'overtime')
      earnings.push({
        type: 'overtime',
        amount: money(rate.mul(i.hours!).mul(i.multiplier ?? 1)),
        hours: i.hours,
        rate: money(rate),
      });
    // Paid leave in hours is paid at the agreed hourly rate; salaried leave is in the salary already.
    if (i.kind === 'hours' && i.category === 'leave' && terms.hourly_rate)
      earnings.push({ type: 'hourly', amount: money(rate.mul(i.hours!)), hours: i.hours, rate: money(rate) });
    if (i.kind === 'amount') {
      if (i.category === 'allowance') earnings.push({ type: 'allowance', amount: money(i.amount!) });
      else if (i.category === 'bonus') earnings.push({ type: 'bonus', amount: money(i.amount!) });
      else if (i.category === 'leave') earnings.push({ type: 'holiday_pay', amount: money(i.amount!) });
    }
  }
  return { earnings, hourly_rate: money(rate) };
}
