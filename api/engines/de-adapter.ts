// DE side of the built-in engines: canonical employee + pay items → the DE pack's period calculator.
import {
  calculateDePay,
  validateDeEmployee,
  type DePackVersion,
  type DePayInput,
  type DeEmployeePayFacts,
} from '../packs/de/index.ts';
import type { RuleViolation } from '../packs/types.ts';
import { hasPayRate, type CalcRequest, type EntryResult, type Readiness } from './types.ts';
import type { EmployeeData } from '../services/employee-model.ts';
import { dec, money, sum } from '../lib/money.ts';
import { capabilityNotSupported, packValidationFailed } from '../lib/errors.ts';

const WEEKS_PER_MONTH = dec(52).div(12);

/** No ELStAM tax class on file means class VI by law (§39c EStG), never a guess. */
export function dePayFacts(e: EmployeeData): DeEmployeePayFacts {
  const d = e.de as Record<string, any>;
  return {
    tax_class: (Number(d.tax_class) || 6) as DeEmployeePayFacts['tax_class'],
    factor: d.factor ?? null,
    children: d.children === undefined ? 0 : Number(d.children),
    church_tax: d.church_tax === true,
    state: d.state ?? undefined,
    birth_year: d.birth_year ?? (e.date_of_birth ? Number(e.date_of_birth.slice(0, 4)) : null),
    health_insurance: d.health_insurance ?? { type: 'statutory' },
    care_insurance: d.care_insurance ?? undefined,
    pension_insurance: d.pension_insurance !== false,
    unemployment_insurance: d.unemployment_insurance !== false,
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

export function hourlyRateOf(e: EmployeeData) {
  if (Number(e.employment.hourly_rate ?? 0) > 0) return dec(e.employment.hourly_rate!);
  const hours = dec(e.employment.hours_per_week ?? '40');
  return dec(e.employment.annual_salary ?? 0)
    .div(52)
    .div(hours);
}

export function calculateDe(req: CalcRequest): EntryResult {
  const e = req.employee;
  const frequency = deFrequency(req);
  const rate = hourlyRateOf(e);
  const periodHours = dec(e.employment.hours_per_week ?? '40').mul(frequency === 'monthly' ? WEEKS_PER_MONTH : 1);
  const earnings: { type: string; amount: string; hours?: string; rate?: string }[] = [];
  const timesheetHours = req.items.filter((i) => i.kind === 'hours' && i.category === 'ordinary').map((i) => i.hours!);
  if (Number(e.employment.annual_salary ?? 0) > 0 && !(Number(e.employment.hourly_rate ?? 0) > 0)) {
    earnings.push({
      type: 'salary',
      amount: money(dec(e.employment.annual_salary!).div(frequency === 'monthly' ? 12 : 52)),
    });
  } else {
    const hours = timesheetHours.length ? sum(timesheetHours) : periodHours;
    earnings.push({ type: 'hourly', amount: money(rate.mul(hours)), hours: hours.toFixed(2), rate: money(rate) });
  }
  let deductions = dec(0);
  for (const i of req.items) {
    if (i.kind === 'hours' && i.category === 'overtime')
      earnings.push({
        type: 'overtime',
        amount: money(rate.mul(i.hours!).mul(i.multiplier ?? 1)),
        hours: i.hours,
        rate: money(rate),
      });
    if (i.kind === 'hours' && i.category === 'leave' && e.employment.hourly_rate)
      earnings.push({ type: 'hourly', amount: money(rate.mul(i.hours!)), hours: i.hours, rate: money(rate) });
    if (i.kind === 'amount') {
      if (i.category === 'allowance') earnings.push({ type: 'allowance', amount: money(i.amount!) });
      else if (i.category === 'bonus') earnings.push({ type: 'bonus', amount: money(i.amount!) });
      else if (i.category === 'leave') earnings.push({ type: 'holiday_pay', amount: money(i.amount!) });
      else if (i.category === 'deduction') deductions = deductions.plus(i.amount!);
      else if (i.category === 'salary_sacrifice') {
        throw capabilityNotSupported(
          'deferred_compensation',
          req.packVersion,
          [],
          'Entgeltumwandlung (deferred compensation) is not in this pack yet.',
        );
      }
    }
  }
  const input: DePayInput = {
    frequency,
    earnings: earnings.map(({ type, amount }) => ({ type, amount })),
    employee: dePayFacts(e),
  };
  const r = calculateDePay(req.packVersion as DePackVersion, input);
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
    currency: 'EUR',
    gross: r.gross,
    tax: r.tax,
    super: null,
    social: r.social,
    net: money(net),
    lines: [
      ...earnings,
      ...r.lines,
      ...(deductions.isZero() ? [] : [{ type: 'deduction', amount: money(deductions.neg()) }]),
    ],
    wage_types: r.wage_types,
    employer_costs: r.employer_costs,
    detail: { pap: r.pap, employment_category: r.employment_category, hourly_rate: money(rate) },
  };
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
  const d = e.de as Record<string, any>;
  return out.concat(
    validateDeEmployee(
      packVersion,
      {
        tax_class: d.tax_class === undefined ? undefined : Number(d.tax_class),
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

export function deReadiness(e: EmployeeData): Readiness {
  const d = e.de as Record<string, any>;
  const missing = {
    personal: [!e.first_name && 'first_name', !e.last_name && 'last_name', !e.date_of_birth && 'date_of_birth'],
    employment: [!hasPayRate(e.employment) && 'pay_rate', !e.employment.start_date && 'start_date'],
    tax: [!d.tax_class && 'tax_class', d.tax_id_attested !== true && 'tax_id'],
    bank: [e.bank.iban_attested !== true && 'iban'],
    social: [!d.health_insurance && 'health_insurance', d.svnr_attested !== true && 'social_security_number'],
  };
  const tabs = Object.fromEntries(
    Object.entries(missing).map(([k, v]) => {
      const m = v.filter(Boolean) as string[];
      return [k, { status: m.length ? 'incomplete' : 'complete', missing: m }];
    }),
  ) as Readiness['tabs'];
  const unverified = Object.values(tabs).flatMap((t) => t.missing);
  // Without a tax class, class VI is withheld lawfully; without a pay rate or an IBAN nobody can be paid.
  return {
    jurisdiction: 'DE',
    tabs,
    blocks_finalise: unverified.includes('pay_rate') || unverified.includes('iban'),
    unverified_requirements: unverified,
  };
}
