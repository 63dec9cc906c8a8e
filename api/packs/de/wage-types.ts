// The DE pack's statutory wage-type codes (Lohnarten) on pay-run entries: one per tax and per employee
// social-insurance contribution. Codes are the German abbreviations payroll offices use, with -AN for
// the employee share, so a Beitragsnachweis or Lohnsteueranmeldung line maps to exactly one code.

import type { DeDeductionType } from './pay-types.ts';

export const DE_WAGE_TYPES: Record<DeDeductionType, { code: string; name: string }> = {
  income_tax: { code: 'LST', name: 'Lohnsteuer' },
  solidarity_surcharge: { code: 'SOLZ', name: 'Solidaritätszuschlag' },
  church_tax: { code: 'KIST', name: 'Kirchensteuer' },
  health_insurance: { code: 'KV-AN', name: 'Krankenversicherung Arbeitnehmeranteil' },
  care_insurance: { code: 'PV-AN', name: 'Pflegeversicherung Arbeitnehmeranteil' },
  pension_insurance: { code: 'RV-AN', name: 'Rentenversicherung Arbeitnehmeranteil' },
  unemployment_insurance: { code: 'AV-AN', name: 'Arbeitslosenversicherung Arbeitnehmeranteil' },
};
