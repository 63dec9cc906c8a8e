// Medicare levy adjustment for employees who claim the low-family-income reduction on a Medicare
// levy variation declaration. Only scales 2 and 6 carry an adjustment.
import { D, dec, type Dec } from '../../lib/money.ts';
import { AuPayInputError } from './errors.ts';
import { getAuVersion } from './registry.ts';
import type { MedicareAdjustmentConstants, PayFrequency, TaxScale } from './types.ts';
import { formulaX, fromWeekly, roundToDollar, wholeDollarString } from './withholding-formula.ts';
import { parseEarnings } from './parse.ts';

export const scaleHasMedicareAdjustment = (scale: TaxScale): scale is 2 | 6 => scale === 2 || scale === 6;

function checkChildren(children: number): void {
  if (!Number.isInteger(children) || children < 0) {
    throw new AuPayInputError('tax.medicare_adjustment.children', 'children must be a whole number, 0 or more');
  }
}

/** Weekly family threshold, to the cent. */
export function weeklyFamilyThreshold(constants: MedicareAdjustmentConstants, children: number): Dec {
  return dec(constants.familyThresholdBase)
    .plus(dec(constants.familyThresholdPerChild).times(children))
    .div(52)
    .toDecimalPlaces(2, D.ROUND_HALF_UP);
}

/** Weekly adjustment in whole dollars for the formula x (weekly earnings + 99 cents). */
export function weeklyMedicareAdjustment(
  constants: MedicareAdjustmentConstants,
  scale: TaxScale,
  x: Dec,
  children: number,
): Dec {
  checkChildren(children);
  if (!scaleHasMedicareAdjustment(scale)) return new D(0);
  const band = scale === 2 ? constants.scale2 : constants.scale6;
  const wft = weeklyFamilyThreshold(constants, children);
  const shadeOutPoint = wft.times(band.shadeInRate).div(band.shadeOutRate).toDecimalPlaces(0, D.ROUND_DOWN);
  let adjustment: Dec;
  if (x.lt(band.shadeInFrom)) adjustment = new D(0);
  else if (x.lt(band.flatFrom)) adjustment = x.minus(band.shadeInFrom).times(band.shadeInRate);
  else if (x.lte(wft)) adjustment = x.times(band.flatRate);
  else if (x.lt(shadeOutPoint)) adjustment = wft.times(band.flatRate).minus(x.minus(wft).times(band.shadeOutRate));
  else adjustment = new D(0);
  return adjustment.lte(0) ? new D(0) : roundToDollar(adjustment);
}

export interface MedicareAdjustmentInput {
  earnings: string;
  frequency: PayFrequency;
  scale: TaxScale;
  children: number;
}

/** The adjustment for the pay period, whole dollars ("12.00"), converted like the withholding itself. */
export function medicareLevyAdjustment(version: string, input: MedicareAdjustmentInput): string {
  const data = getAuVersion(version);
  const x = formulaX(parseEarnings(input.earnings), input.frequency);
  const weekly = weeklyMedicareAdjustment(data.medicareAdjustment, input.scale, x, input.children);
  return wholeDollarString(fromWeekly(weekly, input.frequency));
}
