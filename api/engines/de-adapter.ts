// DE side of the built-in engines: canonical employee + pay items → the DE pack's gross pay and period
// calculation. The pack computes everything (gross from the terms, taxes, contributions); this maps.
import {
  calculateDePay,
  deGrossPay,
  NO_DENOMINATION,
  ONE_OFF_EARNING_TYPES,
  validateDeEmployee,
  YearToDateMissing,
  type DeEmployeePayFacts,
  type DePartMonth,
  type DePackVersion,
  type DePayInput,
} from '../packs/de/index.ts';
import type { RuleViolation } from '../packs/types.ts';
import { hasPayRate, type CalcRequest, type EntryResult, type Readiness } from './types.ts';
import type { EmployeeData } from '../model/employee.ts';
import { deOf } from '../jurisdictions/index.ts';
import { dec, money } from '../lib/money.ts';
import { capabilityNotSupported, packValidationFailed, RecordsNeeded } from '../lib/errors.ts';
import { daysBetween } from '../lib/dates.ts';
import { UnsupportedInPack } from '../packs/errors.ts';
import { deAnnualWage, deLevySettings, deYearToDate, uncoveredDaysOf } from './de-year-to-date.ts';

/** No ELStAM tax class on file means class VI by law (§39c EStG), never a guess. */
export function dePayFacts(e: EmployeeData): DeEmployeePayFacts {
  const d = deOf(e).de;
  const h = d.health_insurance;
  return {
    tax_class: d.tax_class ?? 6,
    factor: d.factor ?? null,
    children: d.children ?? 0,
    church_tax: d.church_tax === true,
    state: d.state ?? undefined,
    birth_year: d.birth_year ?? (e.date_of_birth ? Number(e.date_of_birth.slice(0, 4)) : null),
    health_insurance: h
      ? {
          type: h.type ?? 'statutory',
          additional_rate: h.additional_rate ?? undefined,
          private_premium: h.private_premium,
          employer_subsidy: h.employer_subsidy,
        }
      : { type: 'statutory' },
    care_insurance: d.care_insurance ?? undefined,
    pension_insurance: d.pension_insurance !== false,
    unemployment_insurance: d.unemployment_insurance !== false,
    minijob_taxation: d.minijob_taxation ?? 'flat',
    annual_allowance: d.annual_allowance ?? null,
    annual_addition: d.annual_addition ?? null,
  };
}

function deFrequency(req: CalcRequest): 'monthly' | 'weekly' {
  if (req.frequency === 'monthly' || req.frequency === 'weekly') return req.frequency;
  throw packValidationFailed([
    {
      rule: `${req.packVersion}/period/frequency_unsupported`,
      path: 'pay_frequency',
      message: `German payroll runs monthly or weekly, not ${req.frequency}.`,
    },
  ]);
}

/** A starter's or leaver's part of the period: the calendar days employed of the period's. */
function partMonthOf(req: CalcRequest): DePartMonth | undefined {
  const p = req.partPeriod;
  if (!p) return undefined;
  return {
    days: daysBetween(p.from, p.to) + 1,
    of: daysBetween(p.period_start, p.period_end) + 1,
    from: p.from,
    to: p.to,
    starts: p.from > p.period_start,
    ends: p.to < p.period_end,
  };
}

export function calculateDe(req: CalcRequest): EntryResult {
  try {
    return calculateDeEntry(req);
  } catch (err) {
    if (err instanceof UnsupportedInPack)
      throw capabilityNotSupported(err.feature, req.packVersion, err.alternatives, err.message);
    throw err;
  }
}

function calculateDeEntry(req: CalcRequest): EntryResult {
  const e = req.employee;
  const version = req.packVersion as DePackVersion;
  const frequency = deFrequency(req);
  if (req.items.some((i) => i.kind === 'amount' && i.category === 'salary_sacrifice'))
    throw capabilityNotSupported(
      'deferred_compensation',
      req.packVersion,
      [],
      'Entgeltumwandlung (deferred compensation) is not in this pack yet.',
    );
  const part = partMonthOf(req);
  const gross = deGrossPay(version, frequency, e.employment, req.items, part);
  let deductions = dec(0);
  for (const i of req.items)
    if (i.kind === 'amount' && i.category === 'deduction') deductions = deductions.plus(i.amount!);
  const input: DePayInput = {
    frequency,
    earnings: gross.earnings.map(({ type, amount }) => ({ type, amount })),
    employee: dePayFacts(e),
    ...(part ? { part_month: { days: part.days } } : {}),
  };
  const uncovered = uncoveredDaysOf(req.items);
  if (req.context) {
    input.levies = deLevySettings(req.context.company, deOf(e).de.health_insurance?.insurer?.betriebsnummer ?? null);
    input.year_to_date = deYearToDate(version, req.context, e.employment.start_date ?? null, uncovered);
    // Only a one-off payment's wage tax reads the expected annual wage; regular pay is taxed by the period.
    if (input.earnings.some((x) => (ONE_OFF_EARNING_TYPES as readonly string[]).includes(x.type)))
      input.annual_wage = deAnnualWage(version, req.context, frequency);
  }
  const r = calculateOrHold(version, input);
  const net = dec(r.net).minus(deductions);
  if (net.isNegative())
    throw packValidationFailed([
      {
        rule: `${req.packVersion}/pay/deductions_exceed_net`,
        path: 'items',
        message: 'Deductions exceed the net pay.',
      },
    ]);
  return {
    currency: r.currency,
    gross: r.gross,
    tax: r.tax,
    super: null,
    social: r.social,
    net: money(net),
    lines: [
      ...gross.earnings,
      ...r.lines,
      ...(deductions.isZero() ? [] : [{ type: 'deduction', amount: money(deductions.neg()) }]),
    ],
    wage_types: r.wage_types,
    employer_costs: r.employer_costs,
    detail: {
      pap: r.pap,
      employment_category: r.employment_category,
      hourly_rate: gross.hourly_rate,
      ...(r.sv_bases ? { sv_bases: r.sv_bases } : {}),
      ...(r.levies_missing ? { levies_missing: r.levies_missing } : {}),
      ...(r.one_off_ceiling ? { one_off_ceiling: r.one_off_ceiling } : {}),
      ...(r.annual_wage ? { annual_wage: r.annual_wage } : {}),
      // The next periods' SV days leave these out (§ 23a Abs. 3 Satz 2 SGB IV).
      ...(r.sv_bases && uncovered > 0 ? { sv_days_uncovered: uncovered } : {}),
    },
  };
}

/** The pack's calculation; a year it cannot measure a one-off payment in is a rule the employer can meet. */
function calculateOrHold(version: DePackVersion, input: DePayInput) {
  try {
    return calculateDePay(version, input);
  } catch (err) {
    if (!(err instanceof YearToDateMissing)) throw err;
    throw new RecordsNeeded([
      {
        rule: `${version}/social/year_to_date_required`,
        path: 'year_to_date_openings',
        message:
          `A one-off payment is charged against the year's ceiling, and part of ${err.year} is not on record ` +
          `for this employee (no finalised pay run and no opening figures). Record the year-to-date opening ` +
          `figures for ${err.year} first.`,
      },
    ]);
  }
}

export function validateDe(packVersion: string, e: EmployeeData): RuleViolation[] {
  const out: RuleViolation[] = [];
  if (!hasPayRate(e.employment)) {
    out.push({
      rule: `${packVersion}/employee/salary_required`,
      path: 'employment.annual_salary',
      message: 'German employees need an annual_salary (or an hourly_rate).',
    });
  }
  const d = deOf(e).de;
  return out.concat(
    validateDeEmployee(
      packVersion,
      {
        // A class sent as null is no class from I to VI: refused, as a cleared class always was.
        tax_class: d.tax_class === null ? 0 : d.tax_class,
        factor: d.factor,
        children: d.children,
        church_tax: d.church_tax,
        state: d.state,
        health_insurance: d.health_insurance,
      },
      { path: 'statutory.de' },
    ),
  );
}

const noDenomination = (d: string | null | undefined) => !d || d === NO_DENOMINATION;

/** Requirements the statutory outputs need, by the output that cannot be drawn up without them. */
const OUTPUT_NEEDS: Record<string, string[]> = {
  church_tax_denomination: ['lohnsteuer-anmeldung'],
  health_insurer: ['beitragsnachweis'],
};

const hasAddress = (a: EmployeeData['address']) => !!a?.line1?.trim() && !!a.locality?.trim() && !!a.postcode?.trim();

export function deReadiness(e: EmployeeData): Readiness {
  const s = deOf(e);
  const d = s.de;
  const missing = {
    // The DEÜV registration carries the birth date and the home address (§ 28a (3) SGB IV).
    personal: [
      !e.first_name && 'first_name',
      !e.last_name && 'last_name',
      !e.date_of_birth && 'date_of_birth',
      !hasAddress(e.address) && 'address',
    ],
    employment: [!hasPayRate(e.employment) && 'pay_rate', !e.employment.start_date && 'start_date'],
    tax: [
      !d.tax_class && 'tax_class',
      d.tax_id_attested !== true && 'tax_id',
      d.church_tax === true && noDenomination(d.church_tax_denomination) && 'church_tax_denomination',
    ],
    bank: [s.bank.iban_attested !== true && 'iban'],
    social: [
      !d.health_insurance && 'health_insurance',
      // Privately insured employees still pay pension and unemployment contributions through a Krankenkasse
      // the employer names (the collecting office, § 28i SGB IV), so every profile needs one.
      d.health_insurance && !d.health_insurance.insurer && 'health_insurer',
      // Someone who was never insured in Germany has no number yet: the registration asks the pension
      // insurance for one with the birth details (§ 28a (3) SGB IV), so nothing is outstanding meanwhile.
      d.svnr_attested !== true && d.no_insurance_number_yet !== true && 'social_security_number',
    ],
  };
  const tabs = Object.fromEntries(
    Object.entries(missing).map(([k, v]) => {
      const m = v.filter((x): x is string => typeof x === 'string');
      return [k, { status: m.length ? 'incomplete' : 'complete', missing: m }];
    }),
  ) as Readiness['tabs'];
  const unverified = Object.values(tabs).flatMap((t) => t.missing);
  // Without a tax class, class VI is withheld lawfully; without a pay rate or an IBAN nobody can be paid.
  const blocking = ['pay_rate', 'iban'].filter((m) => unverified.includes(m));
  // Pay goes out without these, but a statutory output cannot be drawn up: say which one waits for them.
  const neededFor = Object.fromEntries(Object.entries(OUTPUT_NEEDS).filter(([m]) => unverified.includes(m)));
  return {
    jurisdiction: 'DE',
    tabs,
    blocks_finalise: blocking.length > 0,
    unverified_requirements: unverified,
    blocking,
    ...(Object.keys(neededFor).length ? { needed_for: neededFor } : {}),
  };
}
