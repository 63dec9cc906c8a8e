// AU side of the built-in engines: canonical employee + pay items → the AU pack's calculator.
import {
  calculateAuPay,
  AuPayInputError,
  UnsupportedInPack,
  type AuPayItem,
  type AuPayInput,
} from '../packs/au/index.ts';
import { hasPayRate, type CalcRequest, type EntryResult, type Readiness } from './types.ts';
import type { EmployeeData } from '../model/employee.ts';
import { auOf } from '../jurisdictions/index.ts';
import { superFundAttested } from '../jurisdictions/au/model.ts';
import { declarationOn, declarationStateOf, thresholdAnswered } from '../jurisdictions/au/declaration.ts';
import { capabilityNotSupported, packValidationFailed } from '../lib/errors.ts';
import { addressViolations } from '../packs/au/stp/pay-event.ts';

export function toAuInput(req: CalcRequest): AuPayInput {
  const e = req.employee;
  const t = auOf(e).tax;
  const children = t.medicare_adjustment_children;
  const declaration = declarationOn(t, e.employment.start_date, req.paymentDate);
  return {
    frequency: req.frequency,
    payment_date: req.paymentDate,
    employment: {
      type: e.employment.type,
      annual_salary: e.employment.annual_salary,
      hourly_rate: e.employment.hourly_rate,
      hours_per_week: e.employment.hours_per_week,
    },
    tax: {
      tfn_provided: declaration.ordinary_scale,
      // Question 9 unanswered is not a claim: the threshold applies only when the answer is yes.
      tax_free_threshold: t.tax_free_threshold === true,
      residency: t.residency ?? 'resident',
      medicare_levy_exemption: t.medicare_levy_exemption ?? 'none',
      study_loan: t.study_loan === true,
      medicare_adjustment: typeof children === 'number' ? { children } : null,
    },
    ...(req.earningsToDate ? { to_date: { qualifying_earnings: req.earningsToDate } } : {}),
    ...(req.leaver ? { termination: req.leaver } : {}),
    ...(req.leaveRates ? { leave_rates: req.leaveRates } : {}),
    ...(req.partPeriod ? { part_period: req.partPeriod } : {}),
    items: req.items.map((i): AuPayItem =>
      i.kind === 'hours'
        ? {
            kind: 'hours',
            category: i.category as 'ordinary',
            hours: i.hours!,
            multiplier: i.multiplier,
            ...(i.leave_type ? { leave_type: i.leave_type } : {}),
            ...(i.loading ? { loading: i.loading } : {}),
            ...(i.cash_out ? { cash_out: true } : {}),
            ...(i.category === 'leave' && i.code ? { code: i.base_code ?? i.code } : {}),
            ...(i.rate ? { rate: i.rate, clause: i.clause, award_line: i.award_line } : {}),
            ...(i.rate && i.award_line === 'casual_loading' && i.amount ? { amount: i.amount } : {}),
            description: i.description,
          }
        : {
            kind: 'amount',
            category: i.category as 'allowance',
            amount: i.amount!,
            // The pack knows its own pay items: a tenant's item is paid as the one it is built on.
            code: i.base_code ?? i.code,
            description: i.description,
            ...(i.earned_over_periods !== undefined ? { earned_over_periods: i.earned_over_periods } : {}),
            ...(i.paid_to ? { paid_to: i.paid_to } : {}),
          },
    ),
  };
}

export function calculateAu(req: CalcRequest): EntryResult {
  try {
    const r = calculateAuPay(req.packVersion, toAuInput(req));
    return {
      currency: 'AUD',
      gross: r.gross,
      tax: r.tax,
      super: r.super_total,
      social: null,
      net: r.net,
      lines: r.lines,
      wage_types: null,
      employer_costs: [{ type: 'super_guarantee', amount: r.super_guarantee }],
      detail: {
        scale: r.scale,
        tax_treatment_code: r.tax_treatment_code,
        hourly_rate: r.hourly_rate,
        ordinary_hours: r.ordinary_hours,
        ordinary_time_earnings: r.ordinary_time_earnings,
        taxable_gross: r.taxable_gross,
        payg: r.payg,
        study_loan: r.study_loan,
        super_guarantee: r.super_guarantee,
        salary_sacrifice: r.salary_sacrifice,
        ...(r.salary_sacrifice_other ? { salary_sacrifice_other: r.salary_sacrifice_other } : {}),
        ...(r.personal_super ? { personal_super: r.personal_super } : {}),
        deductions: r.deductions,
        leave_accrued: r.leave_accrued,
        ...(r.termination ? { termination_payout: r.termination } : {}),
      },
    };
  } catch (err) {
    if (err instanceof UnsupportedInPack)
      throw capabilityNotSupported(err.feature, req.packVersion, err.alternatives, err.message);
    if (err instanceof AuPayInputError) {
      throw packValidationFailed([
        { rule: `${req.packVersion}/pay/${err.path.replace(/\W+/g, '_')}`, path: err.path, message: err.message },
      ]);
    }
    throw err;
  }
}

/** Requirements the pay event checks for each payee (packs/au/stp/pay-event.ts, payeeViolations). */
const AU_OUTPUT_NEEDS = ['date_of_birth', 'address', 'tfn_declaration', 'tfn_resubmission'];

export function auReadiness(e: EmployeeData): Readiness {
  const s = auOf(e);
  const declaration = declarationStateOf(s.tax);
  const missing = {
    // A pay event names each payee's birth date and home address: without them the first lodgement fails.
    personal: [
      !e.first_name && 'first_name',
      !e.last_name && 'last_name',
      !e.date_of_birth && 'date_of_birth',
      addressViolations(e.address).length > 0 && 'address',
    ],
    employment: [!hasPayRate(e.employment) && 'pay_rate', !e.employment.start_date && 'start_date'],
    // Outstanding, not blocking: until the declaration (or the TFN applied for) arrives, the no-TFN rate
    // applies. A TFN attested before TFNs were sealed cannot be reported: the employee must give it again.
    tax: [
      declaration === 'not_received' && 'tfn_declaration',
      declaration === 'applied_for' && 'tfn_applied_for',
      (declaration === 'not_quoted' || declaration === 'invalid_quoted') && 'tfn_not_quoted',
      s.tax.tfn_attested === true && !s.tax.tfn_enc && 'tfn_resubmission',
      declaration !== 'not_received' && !thresholdAnswered(s.tax) && 'tax_free_threshold_question',
    ],
    bank: [s.bank.attested !== true && 'bank_account'],
    super: [!superFundAttested(s.pension) && 'super_fund'],
  };
  const tabs = Object.fromEntries(
    Object.entries(missing).map(([k, v]) => {
      const m = v.filter(Boolean) as string[];
      return [k, { status: m.length ? 'incomplete' : 'complete', missing: m }];
    }),
  ) as Readiness['tabs'];
  const unverified = Object.values(tabs).flatMap((t) => t.missing);
  // No-TFN withholding and a missing birth date still pay correctly; no account, rate or fund cannot.
  const blocking = ['pay_rate', 'bank_account', 'super_fund'].filter((m) => unverified.includes(m));
  // Pay goes out without these, but the single-touch payroll pay event that reports it is refused.
  const neededFor = Object.fromEntries(
    AU_OUTPUT_NEEDS.filter((m) => unverified.includes(m)).map((m) => [m, ['stp_pay_event']]),
  );
  return {
    jurisdiction: 'AU',
    tabs,
    blocks_finalise: blocking.length > 0,
    unverified_requirements: unverified,
    blocking,
    ...(Object.keys(neededFor).length ? { needed_for: neededFor } : {}),
  };
}
