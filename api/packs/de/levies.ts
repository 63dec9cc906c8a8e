// The employer's levies on a period's pay (DE-2026.3): U1 (sick-pay refund) and U2 (maternity refund) under
// the Aufwendungsausgleichsgesetz, and the Insolvenzgeldumlage (U3). All employer-only, each rounded half-up
// to the cent on its own.
//
// - U1 and U2 (§ 7 AAG): a percentage of the wage the pension contributions are measured on (or would be,
//   were the employee pension-insured), up to the RV ceiling, one-off payments left out (§ 7 Abs. 2 AAG).
//   U2 is due from every employer, U1 only from an employer that takes part in the U1 scheme (up to 30
//   employees, § 3 AAG). The rates are the insurer's (its Satzung): employer settings. Minijobs use the
//   Minijob-Zentrale's rates (social-rates.ts).
// - U3 (§ 358 Abs. 2 SGB III): the pack's rate per year on the pension-insurable wage including one-off
//   payments, up to the RV ceiling; minijobs too. Not due from the Bund, the Länder, the Gemeinden and other
//   public bodies that cannot become insolvent, nor from private households (§ 358 Abs. 1 Satz 2 SGB III;
//   magazin.minijob-zentrale.de, "Insolvenzgeldumlage": private households pay none to the Minijob-Zentrale):
//   an employer setting, evidenced with its basis.
// - The Übergangsbereich (Midijob) levies are on the actual wage, not the reduced contribution base.
import { D, type Dec } from '../../lib/money.ts';
import type { SocialYear } from './social-rates.ts';

/** The employer's U1/U2 settings for the employee's insurer: a rate in percent, or null when not on file. */
export interface DeLevySettings {
  /** Whether the employer takes part in U1 (up to 30 employees); null when it has not said. */
  u1_participation: boolean | null;
  u1_rate: string | null;
  u2_rate: string | null;
  /** The employer is exempt from the Insolvenzgeldumlage (§ 358 Abs. 1 Satz 2 SGB III). */
  insolvency_levy_exempt?: boolean;
}

export interface Levies {
  u1: Dec;
  u2: Dec;
  u3: Dec;
  /** The employer settings a levy needs that are not on file, by name. */
  missing: string[];
}

const share = (base: Dec, percent: string): Dec => base.times(percent).div(100).toDecimalPlaces(2, D.ROUND_HALF_UP);
const min = (a: Dec, b: Dec): Dec => (a.lt(b) ? a : b);

export function levies(
  r: SocialYear,
  minijob: boolean,
  regularGross: Dec,
  insolvencyBase: Dec,
  k: Dec,
  settings: DeLevySettings | undefined,
): Levies {
  const ceiling = new D(r.ceilingPensionMonthly).times(k).toDecimalPlaces(2, D.ROUND_HALF_UP);
  const base = min(regularGross, ceiling);
  const u3 = settings?.insolvency_levy_exempt ? new D(0) : share(insolvencyBase, r.insolvencyLevy);
  const missing: string[] = [];
  const participation = settings?.u1_participation ?? null;
  if (participation === null) missing.push('u1_participation');
  let u1 = new D(0);
  let u2 = new D(0);
  if (minijob) {
    if (participation === true) u1 = share(base, r.minijobU1);
    u2 = share(base, r.minijobU2);
    return { u1, u2, u3, missing };
  }
  if (participation === true) {
    if (settings?.u1_rate == null) missing.push('u1_rate');
    else u1 = share(base, settings.u1_rate);
  }
  if (settings?.u2_rate == null) missing.push('u2_rate');
  else u2 = share(base, settings.u2_rate);
  return { u1, u2, u3, missing };
}
