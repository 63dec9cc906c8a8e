// Per-employee period calculation: the one function behind both the stateless calculate endpoint and
// pay runs, so a preview and its finalised run are the same arithmetic.
//
// Product mapping onto the PAP: children → ZKF; childless_surcharge → PVZ; children_under_25 → PVA
// (min(max(n − 1, 0), 4)); state SN → PVS 1; private health → PKV 1 with PKPV = monthly premium, and
// the employer subsidy as PKPVAGZ (2026) or as PKV 2 (2025, whose PAP then deducts a typified subsidy
// itself); pension_insurance false → KRV 1; unemployment_insurance false → ALV 1 (2026); KVZ = the
// insurer's additional rate (the year's average when absent). birth_year gives ALTER1/AJAHR (aged 64
// before 1 January when born in year − 65 or earlier). annual_allowance/annual_addition give
// JFREIB/JHINZU and, pro rata by the PAP's own factors (1/12, 7/360, 1/360), LZZFREIB/LZZHINZU. JRE4 is
// ytd_regular_gross or the period's recurring pay annualised the same way.
//
// Minijob: the employer pays the 2% flat tax (reported as an employer cost), so no wage tax, Soli or
// church tax is deducted and the PAP does not run. Church tax = BK (and BKS) × 8% in BY and BW, 9%
// elsewhere, fractions of a cent dropped.

import { D, type Dec } from '../../lib/money.ts';
import { divDown, toScaled } from './bigdecimal.ts';
import { papCents } from './pap.ts';
import type { PapInput, PapYear } from './pap-types.ts';
import {
  DE_STATES,
  ONE_OFF_EARNING_TYPES,
  REGULAR_EARNING_TYPES,
  type DeAnnualWage,
  type DeDeductionType,
  type DeEmployerCostType,
  type DePackVersion,
  type DePayInput,
  type DePayResult,
  type DeAnnualWageYearToDate,
} from './pay-types.ts';
import { SOCIAL_RATES } from './social-rates.ts';
import { contributionMonths, socialContributions, type DeFrequency, type SocialResult } from './social.ts';
import { assertPartMonthCategory, assertPartMonthSupported, dailyWageCents } from './part-month.ts';
import { levies } from './levies.ts';
import { DE_WAGE_TYPES } from './wage-types.ts';

// DE-2026.2 adds the SEPA payment file and calculates exactly as DE-2026.1: the same statutory year.
// DE-2026.3 adds the employer's levies and one-off payments against the annual ceiling; DE-2026.4 adds the
// payslip PDF and calculates exactly as DE-2026.3.
export const PACK_YEARS: Record<DePackVersion, PapYear> = {
  'DE-2025.1': 2025,
  'DE-2026.1': 2026,
  'DE-2026.2': 2026,
  'DE-2026.3': 2026,
  'DE-2026.4': 2026,
};
/** The versions that charge U1, U2 and U3 and measure one-off payments against the annual ceiling. */
const LEVIES_AND_ANNUAL_CEILING = new Set<DePackVersion>(['DE-2026.3', 'DE-2026.4']);
/** Whether the version computes the employer's levies and § 23a SGB IV (what a run must give it). */
export const computesLevies = (version: string): boolean => LEVIES_AND_ANNUAL_CEILING.has(version as DePackVersion);
const LZZ: Record<DeFrequency, number> = { annual: 1, monthly: 2, weekly: 3, daily: 4 };
const REGULAR = new Set<string>(REGULAR_EARNING_TYPES);
const ONE_OFF = new Set<string>(ONE_OFF_EARNING_TYPES);
const STATES = new Set<string>(DE_STATES);

interface TaxCents {
  incomeTax: number;
  soli: number;
  church: number;
  pap: DePayResult['pap'];
  annual?: DeAnnualWage;
}

/** Exact decimal money (EUR) to integer cents. */
const toCents = (v: string | number, name: string): number => toScaled(v, 2, name);
const decCents = (v: Dec): number => v.times(100).toNumber();

function formatCents(c: number): string {
  const sign = c < 0 ? '-' : '';
  const abs = Math.abs(c);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Annual amount → period share, and period amount → year, by the PAP's own LZZ factors. */
function annualToPeriod(annual: number, lzz: number): number {
  if (lzz === 1) return annual;
  if (lzz === 2) return divDown(annual, 12);
  if (lzz === 3) return divDown(annual * 7, 360);
  return divDown(annual, 360);
}
function periodToAnnual(period: number, lzz: number): number {
  if (lzz === 1) return period;
  if (lzz === 2) return period * 12;
  if (lzz === 3) return divDown(period * 360, 7);
  return period * 360;
}

function churchRate(state: string | undefined): number {
  if (state === undefined || !STATES.has(state)) throw new RangeError('church tax needs the employee’s Land (state)');
  return state === 'BY' || state === 'BW' ? 8 : 9;
}

function wageTax(
  year: PapYear,
  lzz: number,
  regular: number,
  oneOff: number,
  input: DePayInput,
  social: SocialResult,
  kvz: string,
): TaxCents {
  const e = input.employee;
  const health = e.health_insurance ?? { type: 'statutory' as const };
  const isPrivate = health.type === 'private';
  const pap: Partial<PapInput> = {
    LZZ: lzz,
    RE4: regular,
    STKL: e.tax_class,
    ZKF: e.children ?? 0,
    R: e.church_tax ? 1 : 0,
    KVZ: isPrivate ? 0 : kvz,
    PVZ: e.care_insurance?.childless_surcharge ? 1 : 0,
    PVA: Math.min(Math.max((e.care_insurance?.children_under_25 ?? 0) - 1, 0), 4),
    PVS: e.state === 'SN' ? 1 : 0,
    KRV: e.pension_insurance === false ? 1 : 0,
  };
  if (e.factor !== undefined && e.factor !== null) {
    pap.af = 1;
    pap.f = e.factor;
  }
  if (isPrivate) {
    const subsidy = decCents(social.privateSubsidyMonthly);
    pap.PKV = year === 2025 && subsidy > 0 ? 2 : 1;
    pap.PKPV = health.private_premium === undefined ? 0 : toCents(health.private_premium, 'private_premium');
    if (year >= 2026) pap.PKPVAGZ = subsidy;
  }
  if (year >= 2026 && e.unemployment_insurance === false) pap.ALV = 1;
  if (e.birth_year !== undefined && e.birth_year !== null && e.birth_year + 65 <= year) {
    pap.ALTER1 = 1;
    pap.AJAHR = e.birth_year + 65;
  }
  if (e.annual_allowance) {
    pap.JFREIB = toCents(e.annual_allowance, 'annual_allowance');
    pap.LZZFREIB = annualToPeriod(pap.JFREIB, lzz);
  }
  if (e.annual_addition) {
    pap.JHINZU = toCents(e.annual_addition, 'annual_addition');
    pap.LZZHINZU = annualToPeriod(pap.JHINZU, lzz);
  }
  let annual: DeAnnualWage | undefined;
  if (oneOff !== 0) {
    pap.SONSTB = oneOff;
    if (input.annual_wage) annual = expectedAnnualWage(regular, input.annual_wage);
    pap.JRE4 = annual
      ? toCents(annual.expected_annual_wage, 'annual_wage')
      : e.ytd_regular_gross
        ? toCents(e.ytd_regular_gross, 'ytd_regular_gross')
        : periodToAnnual(regular, lzz);
  }
  const out = papCents(year, pap);
  const rate = e.church_tax ? churchRate(e.state) : 0;
  const church = e.church_tax ? divDown(out.BK * rate, 100) + divDown(out.BKS * rate, 100) : 0;
  return {
    incomeTax: out.LSTLZZ + out.STS,
    soli: out.SOLZLZZ + out.SOLZS,
    church,
    pap: {
      LZZ: lzz,
      RE4: String(regular),
      STKL: e.tax_class,
      LSTLZZ: String(out.LSTLZZ),
      SOLZLZZ: String(out.SOLZLZZ),
      BK: String(out.BK),
      STS: String(out.STS),
      SOLZS: String(out.SOLZS),
      BKS: String(out.BKS),
      ...(oneOff !== 0 ? { JRE4: String(pap.JRE4) } : {}),
    },
    ...(annual ? { annual } : {}),
  };
}

/**
 * § 39b Abs. 3 Satz 1 EStG: the expected annual wage without the one-off payment is the recurring pay to the
 * end of the period plus what is expected for the rest of the year, with the year's earlier one-off payments
 * added (PAP, input JRE4). What was paid is on record (opening figures, finalised runs); the periods not on
 * record carry this period's recurring pay, which for time with an earlier employer is Satz 2's projection.
 * The projection is cut to the cent, as the PAP cuts its own annualisation.
 */
function expectedAnnualWage(regular: number, ytd: DeAnnualWageYearToDate): DeAnnualWage {
  const onRecord = toCents(ytd.on_record, 'annual_wage.on_record');
  const projected = new D(regular).times(ytd.periods_projected).floor().toNumber();
  const total = onRecord + projected;
  return {
    rule: 'EStG § 39b Abs. 3',
    expected_annual_wage: formatCents(total),
    on_record: formatCents(onRecord),
    regular_this_period: formatCents(regular),
    periods_projected: ytd.periods_projected,
    projected: formatCents(projected),
    explanation:
      `Expected annual wage ${formatCents(total)}: ${formatCents(onRecord)} paid in the year before this ` +
      `period on record, plus this period's recurring pay ${formatCents(regular)} for ${ytd.periods_projected} ` +
      `pay periods not on record (${formatCents(projected)}).`,
  };
}

/** A part month's taxes: the daily table's wage tax, solidarity surcharge and church tax, each times the days. */
const dailyTableTax = (days: number, daily: TaxCents): TaxCents => ({
  incomeTax: daily.incomeTax * days,
  soli: daily.soli * days,
  church: daily.church * days,
  pap: { ...daily.pap, days },
});

export function calculateDePay(version: DePackVersion, input: DePayInput): DePayResult {
  const year = PACK_YEARS[version];
  if (year === undefined) throw new RangeError(`unknown DE pack version ${String(version)}`);
  const lzz = LZZ[input.frequency];
  if (lzz === undefined) throw new RangeError(`unsupported frequency ${String(input.frequency)}`);
  // A forecast without ELStAM data (stateless calculate) is computed in class I, as gross-to-net
  // calculators do; a class that is given must be valid.
  const e = { ...input.employee, tax_class: input.employee.tax_class ?? 1 };
  if (!Number.isInteger(e.tax_class) || e.tax_class < 1 || e.tax_class > 6)
    throw new RangeError('tax_class must be 1-6');

  let regular = 0;
  let oneOff = 0;
  for (const [i, earning] of input.earnings.entries()) {
    const amount = toCents(earning.amount, `earnings[${i}].amount`);
    if (REGULAR.has(earning.type)) regular += amount;
    else if (ONE_OFF.has(earning.type)) oneOff += amount;
    else throw new RangeError(`earnings[${i}].type: unknown earning type ${earning.type}`);
  }
  const gross = regular + oneOff;

  const health = e.health_insurance ?? { type: 'statutory' as const };
  const healthType = health.type ?? 'statutory';
  if (healthType !== 'statutory' && healthType !== 'private')
    throw new RangeError(`unknown health insurance type ${String(healthType)}`);
  const kvz = String(health.additional_rate ?? SOCIAL_RATES[year].healthAverageAdditional);
  // A month the employment starts or ends in: its calendar days are the SV-Tage and the wage tax's days.
  const partDays = input.part_month?.days;
  if (partDays !== undefined) {
    if (!Number.isInteger(partDays) || partDays < 1 || partDays > 31)
      throw new RangeError('part_month.days must be 1-31');
    assertPartMonthSupported({ oneOffCents: oneOff, healthType });
  }
  const newer = LEVIES_AND_ANNUAL_CEILING.has(version);
  const previousYear = (year - 1) as PapYear;
  const social = socialContributions({
    year,
    frequency: input.frequency,
    regularGross: new D(regular).div(100),
    gross: new D(gross).div(100),
    healthType,
    additionalRate: new D(kvz),
    privatePremiumMonthly: new D(health.private_premium ?? 0),
    employerSubsidyMonthly: health.employer_subsidy === undefined ? null : new D(health.employer_subsidy),
    childlessSurcharge: e.care_insurance?.childless_surcharge === true,
    childrenUnder25: e.care_insurance?.children_under_25 ?? 0,
    saxony: e.state === 'SN',
    pensionInsured: e.pension_insurance !== false,
    unemploymentInsured: e.unemployment_insurance !== false,
    ...(newer && input.year_to_date ? { annualCeiling: input.year_to_date } : {}),
    ...(health.additional_rate !== undefined && health.additional_rate !== null
      ? { previousAdditionalRate: new D(health.additional_rate) }
      : SOCIAL_RATES[previousYear]
        ? { previousAdditionalRate: new D(SOCIAL_RATES[previousYear].healthAverageAdditional) }
        : {}),
    ...(partDays !== undefined ? { svDays: partDays } : {}),
  });
  if (partDays !== undefined) assertPartMonthCategory(social.category);
  const levy = newer
    ? levies(
        SOCIAL_RATES[year],
        social.category === 'minijob',
        new D(regular).div(100),
        social.insolvencyBase,
        contributionMonths(input.frequency, partDays),
        input.levies,
      )
    : null;

  const flatTaxed = social.category === 'minijob' && e.minijob_taxation !== 'individual';
  if (e.minijob_taxation !== undefined && e.minijob_taxation !== 'flat' && e.minijob_taxation !== 'individual')
    throw new RangeError(`minijob_taxation must be flat or individual`);
  const tax: TaxCents = flatTaxed
    ? {
        incomeTax: 0,
        soli: 0,
        church: 0,
        pap: {
          LZZ: lzz,
          RE4: String(regular),
          STKL: e.tax_class,
          LSTLZZ: '0',
          SOLZLZZ: '0',
          BK: '0',
          STS: '0',
          SOLZS: '0',
          BKS: '0',
        },
      }
    : partDays !== undefined
      ? dailyTableTax(
          partDays,
          wageTax(year, 4, dailyWageCents(regular, partDays), 0, { ...input, employee: e }, social, kvz),
        )
      : wageTax(
          year,
          lzz,
          regular,
          oneOff,
          // Versions before DE-2026.3 annualise the period's recurring pay, as they always did.
          { ...input, employee: e, ...(newer ? {} : { annual_wage: undefined }) },
          social,
          kvz,
        );

  const deductions: [DeDeductionType, number][] = [
    ['income_tax', tax.incomeTax],
    ['solidarity_surcharge', tax.soli],
    ['church_tax', tax.church],
    ['health_insurance', decCents(social.employee.health)],
    ['care_insurance', decCents(social.employee.care)],
    ['pension_insurance', decCents(social.employee.pension)],
    ['unemployment_insurance', decCents(social.employee.unemployment)],
  ];
  const costs: [DeEmployerCostType, number][] = [
    ['health_insurance', decCents(social.employer.health)],
    ['care_insurance', decCents(social.employer.care)],
    ['pension_insurance', decCents(social.employer.pension)],
    ['unemployment_insurance', decCents(social.employer.unemployment)],
    ['private_insurance_subsidy', decCents(social.privateSubsidy)],
    ['minijob_flat_tax', flatTaxed ? decCents(social.minijobFlatTax) : 0],
    ['u1_levy', levy ? decCents(levy.u1) : 0],
    ['u2_levy', levy ? decCents(levy.u2) : 0],
    ['insolvency_levy', levy ? decCents(levy.u3) : 0],
  ];
  const taxTotal = tax.incomeTax + tax.soli + tax.church;
  const socialTotal = deductions.slice(3).reduce((s, [, c]) => s + c, 0);
  const present = deductions.filter(([, c]) => c !== 0);

  return {
    pack: version,
    currency: 'EUR',
    gross: formatCents(gross),
    net: formatCents(gross - taxTotal - socialTotal),
    tax: formatCents(taxTotal),
    social: formatCents(socialTotal),
    lines: present.map(([type, c]) => ({ type, amount: formatCents(-c) })),
    employer_costs: costs.filter(([, c]) => c !== 0).map(([type, c]) => ({ type, amount: formatCents(c) })),
    wage_types: present.map(([type, c]) => ({ ...DE_WAGE_TYPES[type], amount: formatCents(c) })),
    pap: tax.pap,
    employment_category: social.category,
    ...(newer
      ? {
          sv_bases: { kv_pv: social.bases.kv_pv.toFixed(2), rv_av: social.bases.rv_av.toFixed(2) },
          levies_missing: levy!.missing,
          ...(social.oneOffCeiling ? { one_off_ceiling: social.oneOffCeiling } : {}),
          ...(tax.annual ? { annual_wage: tax.annual } : {}),
        }
      : {}),
  };
}
