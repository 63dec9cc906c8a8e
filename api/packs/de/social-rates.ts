// Social-insurance parameters per calendar year (reference: de.md; percentages as decimal strings).
// A new year adds an entry; a released year's entry is never edited.

import type { PapYear } from './pap-types.ts';

export interface SocialYear {
  /** General health rate, each side (7.3% of 14.6%). */
  healthGeneralHalf: string;
  /** Average Zusatzbeitrag, used when the insurer's rate is not known and for the PKV subsidy cap. */
  healthAverageAdditional: string;
  careEmployee: string;
  careEmployer: string;
  careEmployeeSaxony: string;
  careEmployerSaxony: string;
  careChildlessSurcharge: string;
  /** Reduction per child from the 2nd to the 5th child under 25. */
  careChildReduction: string;
  pensionHalf: string;
  unemploymentHalf: string;
  /** Beitragsbemessungsgrenze KV/PV per month. */
  ceilingHealthMonthly: string;
  /** Beitragsbemessungsgrenze RV/AV per month (unified east/west). */
  ceilingPensionMonthly: string;
  minijobLimitMonthly: string;
  midijobUpperMonthly: string;
  /** Faktor F of the Übergangsbereich. */
  midijobFactor: string;
  minijobEmployerHealth: string;
  minijobEmployerPension: string;
  /** Full pension rate a pension-insured minijobber tops up to (employee pays the difference). */
  minijobPensionFull: string;
  /** Mindestbeitragsbemessungsgrundlage in the minijob pension insurance, per month. */
  minijobPensionMinimumBase: string;
  minijobFlatTax: string;
  /**
   * Insolvenzgeldumlage (U3), percent of the pension-insurable wage including one-off payments, up to the RV
   * ceiling (§ 358 Abs. 2 SGB III); the statutory rate of § 360 SGB III where no ordinance sets another.
   */
  insolvencyLevy: string;
  /** The Minijob-Zentrale's U1 and U2 rates (Aufwendungsausgleichsgesetz), percent of the minijob's wage. */
  minijobU1: string;
  minijobU2: string;
}

export const SOCIAL_RATES: Record<PapYear, SocialYear> = {
  2025: {
    healthGeneralHalf: '7.3',
    healthAverageAdditional: '2.5',
    careEmployee: '1.8',
    careEmployer: '1.8',
    careEmployeeSaxony: '2.3',
    careEmployerSaxony: '1.3',
    careChildlessSurcharge: '0.6',
    careChildReduction: '0.25',
    pensionHalf: '9.3',
    unemploymentHalf: '1.3',
    ceilingHealthMonthly: '5512.50',
    ceilingPensionMonthly: '8050',
    minijobLimitMonthly: '556',
    midijobUpperMonthly: '2000',
    midijobFactor: '0.6683',
    minijobEmployerHealth: '13',
    minijobEmployerPension: '15',
    minijobPensionFull: '18.6',
    minijobPensionMinimumBase: '175',
    minijobFlatTax: '2',
    // 0.15 %: no ordinance for 2025, so § 360 SGB III's rate (AOK, "Insolvenzgeldumlage": BMAS notice of
    // 18 December 2024). Minijob-Zentrale 2025: U1 1.1 %, U2 0.22 % (minijobs-aktuell.de, "Minijob-Zentrale
    // senkt U1 Beiträge 2026", the 2025 example).
    insolvencyLevy: '0.15',
    minijobU1: '1.1',
    minijobU2: '0.22',
  },
  2026: {
    healthGeneralHalf: '7.3',
    healthAverageAdditional: '2.9',
    careEmployee: '1.8',
    careEmployer: '1.8',
    careEmployeeSaxony: '2.3',
    careEmployerSaxony: '1.3',
    careChildlessSurcharge: '0.6',
    careChildReduction: '0.25',
    pensionHalf: '9.3',
    unemploymentHalf: '1.3',
    ceilingHealthMonthly: '5812.50',
    ceilingPensionMonthly: '8450',
    minijobLimitMonthly: '603',
    midijobUpperMonthly: '2000',
    midijobFactor: '0.6619',
    minijobEmployerHealth: '13',
    minijobEmployerPension: '15',
    minijobPensionFull: '18.6',
    minijobPensionMinimumBase: '175',
    minijobFlatTax: '2',
    // 0.15 % unchanged in 2026 (NWB, "Insolvenzgeldumlage: Keine Änderung im Jahr 2026"; § 360 SGB III sets
    // 0.15 % unless an ordinance under § 361 SGB III sets another, as for 2023 and 2024: viactiv.de,
    // "Insolvenzgeldumlage"). No BMAS ordinance or Minijob-Zentrale notice for 2026 was at hand to confirm.
    // Minijob-Zentrale from 1 January 2026: U1 0.8 % (down from 1.1 %), U2 0.22 %, U3 0.15 %
    // (minijobs-aktuell.de, "Minijob-Zentrale senkt U1 Beiträge 2026").
    insolvencyLevy: '0.15',
    minijobU1: '0.8',
    minijobU2: '0.22',
  },
};
