// Income-tax tariff of § 32a EStG as the PAP computes it (methods UPTAB25 / UPTAB26).
// X arrives in cents (the PAP's X has at most two decimals); ST leaves in cents, always whole euros.

import { divDown, mulDivDown } from './bigdecimal.ts';

/** One year's tariff, amounts in cents, coefficients exactly as the XML writes them. */
export interface TariffConstants {
  /** Grundfreibetrag (GFB). */
  GFB: number;
  /** First X of zone 3 (`X < 17444` ends zone 2 in 2025). */
  ZONE3_FROM: number;
  /** Zone-3 origin subtracted from X before dividing by 10,000 (17443 in 2025). */
  ZONE3_ORIGIN: number;
  /** First X of zone 4. */
  ZONE4_FROM: number;
  /** First X of zone 5 (277826 both years). */
  ZONE5_FROM: number;
  /** Zone-2 coefficient in hundredths (932.30 → 93230). */
  ZONE2_COEF: number;
  /** Zone-3 coefficient in hundredths (176.64 → 17664). */
  ZONE3_COEF: number;
  /** Zone-3 constant (1015.13). */
  ZONE3_CONST: number;
  /** Zone-4 deduction (10911.92). */
  ZONE4_MINUS: number;
  /** Zone-5 deduction (19246.67). */
  ZONE5_MINUS: number;
}

// Y carries six decimals and RW * Y twelve more; RW is kept at scale 1e8, RW * Y is cut to cents.
const Y_TO_CENTS = 1_000_000_000_000;
const LINEAR_1400 = 1400 * 100_000_000;
const LINEAR_2397 = 2397 * 100_000_000;

/** Tariff tax ST for X (both in cents) before the multiplication by KZTAB. */
export function tariffTax(X: number, t: TariffConstants): number {
  if (X < t.GFB + 100) return 0;
  if (X < t.ZONE3_FROM) {
    // Y = (X - GFB) / 10000 at six decimals: in millionths that is exactly X - GFB in cents.
    const Y = X - t.GFB;
    const RW = Y * t.ZONE2_COEF + LINEAR_1400;
    return divDown(mulDivDown(RW, Y, Y_TO_CENTS), 100) * 100;
  }
  if (X < t.ZONE4_FROM) {
    const Y = X - t.ZONE3_ORIGIN;
    const RW = Y * t.ZONE3_COEF + LINEAR_2397;
    return divDown(mulDivDown(RW, Y, Y_TO_CENTS) + t.ZONE3_CONST, 100) * 100;
  }
  // X * 0.42 has four decimals in euros: cents * 42 is that value in units of 1e-4 euro.
  if (X < t.ZONE5_FROM) return divDown(X * 42 - t.ZONE4_MINUS * 100, 10_000) * 100;
  return divDown(X * 45 - t.ZONE5_MINUS * 100, 10_000) * 100;
}
