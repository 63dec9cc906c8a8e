// The one per-employee AU pay calculation. The engine calls it for both preview and finalise, so a
// finalised pay can never differ from the preview it was approved from.
import { D, dec, money, sum, type Dec } from '../../lib/money.ts';
import { AuPayInputError } from './errors.ts';
import { accrueLeave } from './leave.ts';
import { scaleHasMedicareAdjustment } from './medicare.ts';
import { buildEarnings, quantityString } from './pay-earnings.ts';
import { paygWithholdingOn, selectScale } from './payg.ts';
import { earningsFrom } from './parse.ts';
import { studyLoanComponentOn } from './study-loan.ts';
import { methodA, topMarginalRate } from './schedule5.ts';
import { superGuarantee } from './super.ts';
import { terminationPay } from './termination-pay.ts';
import { taxTreatmentCode } from './tax-treatment.ts';
import type { AuPayInput, AuPayLine, AuPayResult, TaxDeclaration, TaxScale } from './types.ts';

/**
 * An employee who claims the low-family-income Medicare levy reduction is also exempt from
 * compulsory study loan withholding (Medicare levy variation declaration, NAT 0929).
 */
const studyLoanApplies = (tax: TaxDeclaration, scale: TaxScale): boolean =>
  tax.study_loan && scale !== 4 && !(tax.medicare_adjustment && scaleHasMedicareAdjustment(scale));

export function calculateAuPay(version: string, input: AuPayInput): AuPayResult {
  const { tax, frequency } = input;
  // Throws UnsupportedInPack for working holiday makers before anything is calculated.
  const scale = selectScale(tax);
  const earnings = buildEarnings(input.employment, frequency, input.items, input.part_period);

  if (earnings.salarySacrifice.gt(earnings.gross)) {
    throw new AuPayInputError('items', 'salary sacrifice cannot exceed gross pay');
  }
  // The final pay of a leaver adds the unused annual leave (Fair Work Act s 90(2)), withheld by Schedule 7.
  const final = input.termination
    ? terminationPay(version, input, scale, earnings.hourlyRate, earnings.ordinaryHours)
    : null;
  const payout = final?.payout.total ?? new D(0);
  const taxableGross = earnings.gross.minus(earnings.salarySacrifice);
  const taxable = money(taxableGross.plus(payout));

  // Withholding never exceeds what is being paid; PAYG takes precedence over the loan component.
  const paygOn = (amount: Dec) =>
    paygWithholdingOn(version, earningsFrom(amount), {
      frequency,
      scale,
      residency: tax.residency,
      medicare_adjustment: tax.medicare_adjustment,
    });
  const studyOn = (amount: Dec) =>
    studyLoanComponentOn(version, earningsFrom(amount), { frequency, scale, payment_date: input.payment_date });
  // Bonuses and back pay for more than one period: Schedule 5 Method A. Without a TFN the no-TFN rate takes
  // the whole payment, as Schedule 5 says.
  const spreadTotal = D.min(sum(earnings.spread.map((s) => s.amount)), taxableGross);
  const spread = earnings.spread.length > 0 && scale !== 4 && spreadTotal.gt(0);
  const normal = taxableGross.minus(spreadTotal);
  const withheld = (on: (amount: Dec) => Dec, topRate?: string) =>
    spread ? methodA({ normal, additional: earnings.spread, withhold: on, topRate }) : on(taxableGross);
  const paygFull = withheld(paygOn, spread ? topMarginalRate(version, scale) : undefined);
  // Schedule 7 step 1 is the withholding on the normal earnings of a regular pay period: a final pay paid after
  // the employee's last period pays none, so it is their regular pay.
  const onPayout = final ? final.withhold(earnings.regularPay ?? normal, paygOn) : new D(0);
  const payg = D.min(paygFull, taxableGross).plus(onPayout);
  const studyFull = studyLoanApplies(tax, scale) ? withheld(studyOn) : new D(0);
  const studyLoan = D.min(studyFull, taxableGross.plus(payout).minus(payg));
  const totalTax = payg.plus(studyLoan);

  const deductions = sum(earnings.deductions.map((d) => d.amount));
  const personalSuper = earnings.personalSuper;
  if (deductions.gt(taxableGross.plus(payout).minus(totalTax))) {
    throw new AuPayInputError('items', 'post-tax deductions cannot exceed pay after tax');
  }
  const net = taxableGross.plus(payout).minus(totalTax).minus(deductions);
  const sg = superGuarantee(version, money(earnings.ordinaryTimeEarnings), input.to_date?.qualifying_earnings);

  const lines: AuPayLine[] = [...earnings.lines, ...(final?.lines ?? [])];
  if (earnings.superSacrifice.gt(0))
    lines.push({
      type: 'salary_sacrifice',
      amount: money(earnings.superSacrifice.neg()),
      description: 'Salary sacrifice to super',
    });
  for (const s of earnings.otherSacrifice)
    lines.push({
      type: 'salary_sacrifice_other',
      amount: money(negate(s.amount)),
      description: s.description,
      ...(s.paid_to ? { paid_to: s.paid_to } : {}),
    });
  lines.push({
    type: 'payg_withholding',
    amount: money(negate(payg)),
    description: spread
      ? `PAYG withholding (scale ${scale}; bonus and back pay spread by Schedule 5)`
      : `PAYG withholding (scale ${scale})`,
  });
  if (tax.study_loan && scale !== 4)
    lines.push({
      type: 'study_loan',
      amount: money(negate(studyLoan)),
      description: 'Study and training support loan',
    });
  for (const d of earnings.deductions) {
    lines.push({
      type: d.personalSuper ? 'personal_super' : 'deduction',
      amount: money(negate(d.amount)),
      description: d.description,
      ...(d.paid_to ? { paid_to: d.paid_to } : {}),
    });
  }
  lines.push({
    type: 'super_guarantee',
    amount: sg.super_guarantee,
    description: sg.capped ? 'Super guarantee (maximum contribution base reached)' : 'Super guarantee',
  });

  const ordinaryHours = quantityString(earnings.ordinaryHours);
  return {
    scale,
    tax_treatment_code: taxTreatmentCode(tax, scale),
    hourly_rate: quantityString(earnings.hourlyRate),
    ordinary_hours: ordinaryHours,
    gross: money(earnings.gross.plus(payout)),
    ordinary_time_earnings: money(earnings.ordinaryTimeEarnings),
    taxable_gross: taxable,
    payg: money(payg),
    study_loan: money(studyLoan),
    tax: money(totalTax),
    super_guarantee: sg.super_guarantee,
    salary_sacrifice: money(earnings.superSacrifice),
    ...(earnings.otherSacrifice.length
      ? { salary_sacrifice_other: money(earnings.salarySacrifice.minus(earnings.superSacrifice)) }
      : {}),
    ...(personalSuper.gt(0) ? { personal_super: money(personalSuper) } : {}),
    // What goes into the fund: the employer's guarantee, salary sacrificed into super and personal contributions.
    super_total: money(dec(sg.super_guarantee).plus(earnings.superSacrifice).plus(personalSuper)),
    deductions: money(deductions),
    net: money(net),
    lines,
    leave_accrued: accrueLeave(version, ordinaryHours, input.employment.type, input.leave_rates),
    ...(final ? { termination: final.detail(onPayout) } : {}),
  };
}

/** -0 would print as "-0.00" on a payslip. */
const negate = (v: Dec): Dec => (v.isZero() ? new D(0) : v.neg());
