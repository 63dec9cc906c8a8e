// PAYG withholding under Schedule 1 (NAT 1004), scales 1-6, and the choice of scale from the
// employee's TFN declaration.
import { D, dec, type Dec } from '../../lib/money.ts';
import { UnsupportedInPack } from './errors.ts';
import { scaleHasMedicareAdjustment, weeklyMedicareAdjustment } from './medicare.ts';
import { getAuVersion } from './registry.ts';
import type { AuVersionData, PayFrequency, Residency, TaxDeclaration, TaxScale } from './types.ts';
import { evaluateWeekly, formulaX, fromWeekly, wholeDollarString } from './withholding-formula.ts';
import { parseEarnings } from './parse.ts';

/** Working holiday makers have their own schedule, which this pack does not carry. */
export function assertResidencySupported(residency: Residency): void {
  if (residency === 'working_holiday_maker') {
    throw new UnsupportedInPack(
      'AU',
      'working_holiday_maker',
      'Working holiday maker withholding (Schedule 15) is not supported by the AU pack',
      ['pay the working holiday maker through a payroll that withholds by Schedule 15 and reports income type WHM'],
    );
  }
}

export type ScaleDeclaration = Pick<
  TaxDeclaration,
  'tfn_provided' | 'residency' | 'tax_free_threshold' | 'medicare_levy_exemption'
>;

export function selectScale(declaration: ScaleDeclaration): TaxScale {
  assertResidencySupported(declaration.residency);
  if (!declaration.tfn_provided) return 4;
  if (declaration.residency === 'foreign_resident') return 3;
  if (!declaration.tax_free_threshold) return 1;
  if (declaration.medicare_levy_exemption === 'full') return 5;
  if (declaration.medicare_levy_exemption === 'half') return 6;
  return 2;
}

export interface PaygInput {
  earnings: string;
  frequency: PayFrequency;
  scale: TaxScale;
  residency: Residency;
  /** Applies the Medicare levy adjustment (scales 2 and 6) when the employee has claimed it. */
  medicare_adjustment?: { children: number } | null;
}

/** Scale 4 works on the period amount directly; cents are ignored in the earnings and in the result. */
function noTfnWithholding(data: AuVersionData, earnings: Dec, residency: Residency): Dec {
  const rates = noTfnRatesOf(data);
  const rate = residency === 'foreign_resident' ? rates.foreignResident : rates.resident;
  return earnings.toDecimalPlaces(0, D.ROUND_DOWN).times(rate).toDecimalPlaces(0, D.ROUND_DOWN);
}

const parsedNoTfnRates = new WeakMap<AuVersionData, { resident: Dec; foreignResident: Dec }>();

/** A version's figures never change, so its rates are parsed once rather than on every pay. */
function noTfnRatesOf(data: AuVersionData): { resident: Dec; foreignResident: Dec } {
  let rates = parsedNoTfnRates.get(data);
  if (!rates) {
    rates = { resident: dec(data.noTfnRates.resident), foreignResident: dec(data.noTfnRates.foreignResident) };
    parsedNoTfnRates.set(data, rates);
  }
  return rates;
}

function periodWithholding(data: AuVersionData, earnings: Dec, input: Omit<PaygInput, 'earnings'>): Dec {
  if (input.scale === 4) return noTfnWithholding(data, earnings, input.residency);

  const x = formulaX(earnings, input.frequency);
  let weekly = evaluateWeekly(data.schedule1[input.scale], x);
  if (input.medicare_adjustment && scaleHasMedicareAdjustment(input.scale)) {
    const adjustment = weeklyMedicareAdjustment(
      data.medicareAdjustment,
      input.scale,
      x,
      input.medicare_adjustment.children,
    );
    weekly = D.max(weekly.minus(adjustment), 0);
  }
  return fromWeekly(weekly, input.frequency);
}

/** Withholding for the period in whole dollars, e.g. "468.00". */
export function paygWithholding(version: string, input: PaygInput): string {
  assertResidencySupported(input.residency);
  const data = getAuVersion(version);
  return wholeDollarString(periodWithholding(data, parseEarnings(input.earnings), input));
}

/**
 * paygWithholding for earnings the calculator already holds as a Decimal of whole cents
 * (`earningsFrom`), so a pay does not print and re-parse every amount it withholds on.
 */
export function paygWithholdingOn(version: string, earnings: Dec, input: Omit<PaygInput, 'earnings'>): Dec {
  assertResidencySupported(input.residency);
  return periodWithholding(getAuVersion(version), earnings, input);
}
