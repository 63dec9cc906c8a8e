// The six-character STP Phase 2 tax treatment code: category, option, study loan, Medicare levy
// surcharge, Medicare levy exemption, Medicare levy reduction. A character is `X` unless a choice
// applies to the withholding actually calculated.
import { scaleHasMedicareAdjustment } from './medicare.ts';
import type { TaxDeclaration, TaxScale } from './types.ts';

function categoryAndOption(tax: TaxDeclaration): string {
  if (!tax.tfn_provided) return tax.residency === 'foreign_resident' ? 'NF' : 'NA';
  if (tax.residency === 'foreign_resident') return 'FF';
  return tax.tax_free_threshold ? 'RT' : 'RN';
}

function reductionCharacter(tax: TaxDeclaration, scale: TaxScale): string {
  if (!tax.medicare_adjustment || !scaleHasMedicareAdjustment(scale)) return 'X';
  const { children } = tax.medicare_adjustment;
  // 0 = spouse only, 1-9 children, A = ten or more.
  return children >= 10 ? 'A' : String(children);
}

export function taxTreatmentCode(tax: TaxDeclaration, scale: TaxScale): string {
  const studyLoan = tax.study_loan && tax.tfn_provided ? 'S' : 'X';
  // Medicare levy surcharge variations are not captured by this pack.
  const surcharge = 'X';
  const exemption = scale === 5 ? 'F' : scale === 6 ? 'H' : 'X';
  return `${categoryAndOption(tax)}${studyLoan}${surcharge}${exemption}${reductionCharacter(tax, scale)}`;
}
