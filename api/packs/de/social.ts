// Employee and employer social-insurance contributions for one pay period (KV, PV, RV, AV), including
// private health insurance, Minijob and Midijob (Übergangsbereich). Every contribution is rounded
// half-up to the cent on its own.
//
// Rules this module applies (and the choices where the statute leaves room):
// - Period scaling: ceilings and the Minijob/Midijob limits are monthly; a year is 12 months, a week
//   7/30 and a day 1/30 of a month (SV-Tage). Prorated ceilings are rounded to the cent. A month the
//   employment starts or ends in counts its SV-Tage, the calendar days employed (§ 223 Abs. 1-3 SGB V, § 54
//   Abs. 2 SGB XI, § 1 Abs. 1 Beitragsverfahrensverordnung: a full month 30 days, a part month its calendar
//   days), so its ceilings are the monthly ones × SV-Tage / 30.
// - Category: Minijob when the recurring earnings of the period, as a monthly amount, are above 0 and
//   at most the Minijob limit; Midijob up to 2,000; otherwise regular. Contributions are then taken on
//   all earnings of the period, recurring and one-off, up to the period's ceiling. Given the year to date
//   (DE-2026.3 pay runs), a regular employee's one-off payments are instead charged against the pro-rata
//   annual ceiling (§ 23a SGB IV, one-off-ceiling.ts), the March clause's share at the previous year's rates.
// - Care: employee 1.8% (Saxony 2.3%), employer 1.8% (Saxony 1.3%); childless +0.6% employee only;
//   otherwise -0.25% per child under 25 from the 2nd to the 5th, employee only.
// - Opt-outs: pension_insurance false / unemployment_insurance false mean no contribution either side.
// - Private health insurance: no statutory KV/PV. The employer subsidy (§257 SGB V, §61 SGB XI) is the
//   requested amount, by default half the premium, never more than half the premium nor the statutory
//   maximum: (7.3% + half the average Zusatzbeitrag) plus the employer's care rate, applied to the
//   monthly earnings up to the KV ceiling (2025: 471.32 + 99.23, 2026: 508.59 + 104.63 at the ceiling).
//   It is reported as an employer cost and stays outside gross and net.
// - Minijob: employer 13% health (statutory insured only), 15% pension and the 2% flat tax. The
//   minijobber is pension-insured unless exempt (pension_insurance false): the employee tops up to
//   18.6% of at least 175 EUR a month (Mindestbeitragsbemessungsgrundlage), i.e. total minus the
//   employer's 15%. The levies U1/U2/U3 are levies.ts's (DE-2026.3); accident insurance is not modelled.
// - Midijob (since 10/2022): total contribution on BE = F·G + (OG/(OG−G) − G/(OG−G)·F)·(AE−G), the
//   employee share on BE_AN = OG/(OG−G)·(AE−G), the employer pays total minus employee share; BE and
//   BE_AN are rounded to the cent. The childless surcharge is charged on BE to the employee alone; the
//   child reductions lower both the total and the employee rate, so the employer share is unaffected.

import { D, type Dec } from '../../lib/money.ts';
import type { PapYear } from './pap-types.ts';
import { SOCIAL_RATES, type SocialYear } from './social-rates.ts';
import { oneOffCeiling, type OneOffCeiling, type OneOffYearToDate } from './one-off-ceiling.ts';

export type DeFrequency = 'annual' | 'monthly' | 'weekly' | 'daily';
export type EmploymentCategory = 'regular' | 'minijob' | 'midijob';

export interface SocialInput {
  year: PapYear;
  frequency: DeFrequency;
  /** Recurring earnings of the period: decide the category. */
  regularGross: Dec;
  /** All earnings of the period: the contribution base. */
  gross: Dec;
  healthType: 'statutory' | 'private';
  /** Insurer's Zusatzbeitrag in percent (full rate, split half/half). */
  additionalRate: Dec;
  privatePremiumMonthly: Dec;
  /** Requested employer subsidy per month; null means half the premium. */
  employerSubsidyMonthly: Dec | null;
  childlessSurcharge: boolean;
  childrenUnder25: number;
  saxony: boolean;
  pensionInsured: boolean;
  unemploymentInsured: boolean;
  /** The year to date: one-off payments are charged against the pro-rata annual ceiling (§ 23a SGB IV). */
  annualCeiling?: OneOffYearToDate;
  /** The Zusatzbeitrag of the previous year, for a one-off payment the March clause places there. */
  previousAdditionalRate?: Dec;
  /** A month the employment starts or ends in: its SV-Tage (the calendar days employed). */
  svDays?: number;
}

export interface Contributions {
  health: Dec;
  care: Dec;
  pension: Dec;
  unemployment: Dec;
}

export interface SocialResult {
  category: EmploymentCategory;
  employee: Contributions;
  employer: Contributions;
  /** Employer subsidy to private health and care insurance for the period. */
  privateSubsidy: Dec;
  /** The same subsidy as a monthly amount (PAP input PKPVAGZ). */
  privateSubsidyMonthly: Dec;
  minijobFlatTax: Dec;
  /** The wage charged this period per branch (the year to date of the next period adds it up). */
  bases: { kv_pv: Dec; rv_av: Dec };
  /** The pension-insurable wage of the period, one-off payments included: the Insolvenzgeldumlage's base. */
  insolvencyBase: Dec;
  /** How the period's one-off payments were measured against the annual ceiling, when they were. */
  oneOffCeiling?: OneOffCeiling;
}

const ZERO = new D(0);
const HUNDRED = new D(100);

/** Months per pay period. */
export function periodFactor(frequency: DeFrequency): Dec {
  switch (frequency) {
    case 'annual':
      return new D(12);
    case 'monthly':
      return new D(1);
    case 'weekly':
      return new D(7).div(30);
    case 'daily':
      return new D(1).div(30);
  }
}

const cents = (v: Dec): Dec => v.toDecimalPlaces(2, D.ROUND_HALF_UP);
const share = (base: Dec, percent: Dec | string): Dec => cents(base.times(percent).div(HUNDRED));
const min = (a: Dec, b: Dec): Dec => (a.lt(b) ? a : b);
const none = (): Contributions => ({ health: ZERO, care: ZERO, pension: ZERO, unemployment: ZERO });

interface Rates {
  employee: Contributions;
  employer: Contributions;
  /** Employee care rate before the childless surcharge (child reductions applied). */
  careEmployeeBase: Dec;
  careSurcharge: Dec;
}

function rates(r: SocialYear, input: SocialInput): Rates {
  const statutoryHealth = input.healthType === 'statutory';
  const health = statutoryHealth ? new D(r.healthGeneralHalf).plus(input.additionalRate.div(2)) : ZERO;
  const reductions = Math.min(Math.max(input.childrenUnder25 - 1, 0), 4);
  let careEmployeeBase = new D(input.saxony ? r.careEmployeeSaxony : r.careEmployee);
  if (!input.childlessSurcharge)
    careEmployeeBase = careEmployeeBase.minus(new D(r.careChildReduction).times(reductions));
  const careSurcharge = input.childlessSurcharge ? new D(r.careChildlessSurcharge) : ZERO;
  const careEmployer = new D(input.saxony ? r.careEmployerSaxony : r.careEmployer);
  const pension = input.pensionInsured ? new D(r.pensionHalf) : ZERO;
  const unemployment = input.unemploymentInsured ? new D(r.unemploymentHalf) : ZERO;
  return {
    employee: {
      health,
      care: statutoryHealth ? careEmployeeBase.plus(careSurcharge) : ZERO,
      pension,
      unemployment,
    },
    employer: { health, care: statutoryHealth ? careEmployer : ZERO, pension, unemployment },
    careEmployeeBase: statutoryHealth ? careEmployeeBase : ZERO,
    careSurcharge: statutoryHealth ? careSurcharge : ZERO,
  };
}

function categorise(r: SocialYear, regularMonthly: Dec): EmploymentCategory {
  if (regularMonthly.lte(0)) return 'regular';
  if (regularMonthly.lte(r.minijobLimitMonthly)) return 'minijob';
  if (regularMonthly.lte(r.midijobUpperMonthly)) return 'midijob';
  return 'regular';
}

function regularContributions(r: SocialYear, input: SocialInput, k: Dec, rt: Rates) {
  const healthBase = min(input.gross, cents(new D(r.ceilingHealthMonthly).times(k)));
  const pensionBase = min(input.gross, cents(new D(r.ceilingPensionMonthly).times(k)));
  return { ...onBases(healthBase, pensionBase, rt), healthBase, pensionBase };
}

const add = (a: Contributions, b: Contributions): Contributions => ({
  health: a.health.plus(b.health),
  care: a.care.plus(b.care),
  pension: a.pension.plus(b.pension),
  unemployment: a.unemployment.plus(b.unemployment),
});

/**
 * Recurring pay up to the period's ceiling, and the one-off payments as far as the pro-rata annual ceiling
 * leaves room (§ 23a SGB IV): in this period's base, or (March clause) on their own at the previous year's rates.
 */
function annualCeilingContributions(r: SocialYear, input: SocialInput, k: Dec, rt: Rates, ytd: OneOffYearToDate) {
  const oneOff = input.gross.minus(input.regularGross);
  const regularHealth = min(input.regularGross, cents(new D(r.ceilingHealthMonthly).times(k)));
  const regularPension = min(input.regularGross, cents(new D(r.ceilingPensionMonthly).times(k)));
  const ceiling = oneOffCeiling(
    input.year,
    oneOff,
    { kv_pv: regularHealth, rv_av: regularPension },
    ytd,
    input.healthType === 'statutory',
  );
  const liable = { kv: new D(ceiling.kv_pv.liable), rv: new D(ceiling.rv_av.liable) };
  if (ceiling.attributed_to === 'current_year') {
    const healthBase = regularHealth.plus(liable.kv);
    const pensionBase = regularPension.plus(liable.rv);
    return { ...onBases(healthBase, pensionBase, rt), healthBase, pensionBase, ceiling, previousPension: ZERO };
  }
  const now = onBases(regularHealth, regularPension, rt);
  const previous: SocialInput = {
    ...input,
    year: ceiling.year as PapYear,
    additionalRate:
      input.previousAdditionalRate ?? new D(SOCIAL_RATES[ceiling.year as PapYear].healthAverageAdditional),
  };
  const then = onBases(liable.kv, liable.rv, rates(SOCIAL_RATES[ceiling.year as PapYear], previous));
  return {
    employee: add(now.employee, then.employee),
    employer: add(now.employer, then.employer),
    healthBase: regularHealth,
    pensionBase: regularPension,
    ceiling,
    previousPension: liable.rv,
  };
}

function onBases(healthBase: Dec, pensionBase: Dec, rt: Rates) {
  const employee: Contributions = {
    health: share(healthBase, rt.employee.health),
    care: share(healthBase, rt.employee.care),
    pension: share(pensionBase, rt.employee.pension),
    unemployment: share(pensionBase, rt.employee.unemployment),
  };
  const employer: Contributions = {
    health: share(healthBase, rt.employer.health),
    care: share(healthBase, rt.employer.care),
    pension: share(pensionBase, rt.employer.pension),
    unemployment: share(pensionBase, rt.employer.unemployment),
  };
  return { employee, employer };
}

/** Übergangsbereich bases BE (total) and BE_AN (employee share) for the period. */
export function midijobBases(year: PapYear, gross: Dec, k: Dec): { total: Dec; employee: Dec } {
  const r = SOCIAL_RATES[year];
  const G = new D(r.minijobLimitMonthly).times(k);
  const OG = new D(r.midijobUpperMonthly).times(k);
  const F = new D(r.midijobFactor);
  const span = OG.minus(G);
  const above = gross.minus(G);
  const total = F.times(G).plus(OG.div(span).minus(G.div(span).times(F)).times(above));
  return { total: cents(total), employee: cents(OG.div(span).times(above)) };
}

function midijobContributions(year: PapYear, input: SocialInput, k: Dec, rt: Rates) {
  const be = midijobBases(year, input.gross, k);
  const split = (ee: Dec, er: Dec) => {
    const total = share(be.total, ee.plus(er));
    const employee = share(be.employee, ee);
    return { employee, employer: total.minus(employee) };
  };
  const health = split(rt.employee.health, rt.employer.health);
  const care = split(rt.careEmployeeBase, rt.employer.care);
  const pension = split(rt.employee.pension, rt.employer.pension);
  const unemployment = split(rt.employee.unemployment, rt.employer.unemployment);
  return {
    employee: {
      health: health.employee,
      care: care.employee.plus(share(be.total, rt.careSurcharge)),
      pension: pension.employee,
      unemployment: unemployment.employee,
    },
    employer: {
      health: health.employer,
      care: care.employer,
      pension: pension.employer,
      unemployment: unemployment.employer,
    },
  };
}

function minijobContributions(r: SocialYear, input: SocialInput, k: Dec) {
  const employer = none();
  const employee = none();
  if (input.healthType === 'statutory') employer.health = share(input.gross, r.minijobEmployerHealth);
  employer.pension = share(input.gross, r.minijobEmployerPension);
  if (input.pensionInsured) {
    const base = input.gross.gt(new D(r.minijobPensionMinimumBase).times(k))
      ? input.gross
      : cents(new D(r.minijobPensionMinimumBase).times(k));
    const total = share(base, r.minijobPensionFull);
    employee.pension = total.gt(employer.pension) ? total.minus(employer.pension) : ZERO;
  }
  return { employee, employer, flatTax: share(input.gross, r.minijobFlatTax) };
}

function privateSubsidyMonthly(r: SocialYear, input: SocialInput, k: Dec): Dec {
  if (input.healthType !== 'private' || input.privatePremiumMonthly.lte(0)) return ZERO;
  const half = input.privatePremiumMonthly.div(2);
  const monthly = input.gross.div(k);
  const capBase = min(monthly.gt(0) ? monthly : ZERO, new D(r.ceilingHealthMonthly));
  const healthRate = new D(r.healthGeneralHalf).plus(new D(r.healthAverageAdditional).div(2));
  const careRate = input.saxony ? r.careEmployerSaxony : r.careEmployer;
  const cap = share(capBase, healthRate).plus(share(capBase, careRate));
  const requested = input.employerSubsidyMonthly ?? half;
  const subsidy = cents(min(min(requested, half), cap));
  return subsidy.gt(0) ? subsidy : ZERO;
}

/** Months the period's contributions are measured over: SV-Tage / 30 for a part month, else the frequency's. */
export const contributionMonths = (frequency: DeFrequency, svDays?: number): Dec =>
  svDays === undefined ? periodFactor(frequency) : new D(svDays).div(30);

export function socialContributions(input: SocialInput): SocialResult {
  const r = SOCIAL_RATES[input.year];
  const k = contributionMonths(input.frequency, input.svDays);
  const category = categorise(r, input.regularGross.div(k));
  const rt = rates(r, input);
  if (category === 'minijob') {
    const { employee, employer, flatTax } = minijobContributions(r, input, k);
    return {
      category,
      employee,
      employer,
      minijobFlatTax: flatTax,
      privateSubsidy: ZERO,
      privateSubsidyMonthly: ZERO,
      bases: { kv_pv: input.gross, rv_av: input.gross },
      insolvencyBase: input.gross,
    };
  }
  const inTransition =
    category === 'midijob' &&
    input.gross.gt(new D(r.minijobLimitMonthly).times(k)) &&
    input.gross.lte(new D(r.midijobUpperMonthly).times(k));
  const subsidyMonthly = privateSubsidyMonthly(r, input, k);
  const common = {
    category,
    privateSubsidy: cents(subsidyMonthly.times(k)),
    privateSubsidyMonthly: subsidyMonthly,
    minijobFlatTax: ZERO,
  };
  if (inTransition) {
    const c = midijobContributions(input.year, input, k, rt);
    const be = midijobBases(input.year, input.gross, k).total;
    // The levies of the Übergangsbereich are on the actual wage, not the reduced base.
    return { ...common, ...c, bases: { kv_pv: be, rv_av: be }, insolvencyBase: input.gross };
  }
  const oneOff = input.gross.minus(input.regularGross);
  if (input.annualCeiling && oneOff.gt(0)) {
    const c = annualCeilingContributions(r, input, k, rt, input.annualCeiling);
    return {
      ...common,
      employee: c.employee,
      employer: c.employer,
      bases: { kv_pv: c.healthBase, rv_av: c.pensionBase },
      insolvencyBase: c.pensionBase.plus(c.previousPension),
      oneOffCeiling: c.ceiling,
    };
  }
  const c = regularContributions(r, input, k, rt);
  return {
    ...common,
    employee: c.employee,
    employer: c.employer,
    bases: { kv_pv: c.healthBase, rv_av: c.pensionBase },
    insolvencyBase: c.pensionBase,
  };
}
