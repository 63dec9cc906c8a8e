// Which modern awards each AU pack version carries, and each award's rate sets in force from their dates.
// A new pay guide is a new pack release; a released version's figures never change.
//
// - AU-2025.1: General Retail (MA000004) and Hospitality (MA000009) from 1 July 2025.
// - AU-2026.1 carries none: released before any source stated the rates from 1 July 2026, so award
//   interpretation is unsupported there (501), never the 2025 rates in 2026 periods.
// - AU-2026.2: both awards from 1 July 2026, and their 1 July 2025 rates for a pay period that started before
//   then: new rates apply from the first full pay period starting on or after 1 July.
//
// Correction in AU-2025.1 and AU-2026.2 (a wrong number, so made in the released versions): a casual's
// ordinary and casual loading lines now come to exactly hours x the casual rate, rounded once (they could be a
// cent above or below it), and a shift of odd minutes is paid on its hours to 4 decimals, not cut to 2.
import type { ModernAward } from './types.ts';
import { MA000004_2025 } from './ma000004-2025.ts';
import { MA000004_2026 } from './ma000004-2026.ts';
import { MA000009_2025 } from './ma000009-2025.ts';
import { MA000009_2026 } from './ma000009-2026.ts';

/** Per version, per award: its rate sets, oldest first. */
const BY_VERSION: Record<string, readonly (readonly ModernAward[])[]> = {
  'AU-2025.1': [[MA000004_2025], [MA000009_2025]],
  'AU-2026.2': [
    [MA000004_2025, MA000004_2026],
    [MA000009_2025, MA000009_2026],
  ],
};

/** The awards a pack version carries, each at its latest rates; empty where it carries none. */
export const awardsOf = (version: string): readonly ModernAward[] =>
  (BY_VERSION[version] ?? []).map((sets) => sets[sets.length - 1]);

/** An award at the latest rates the version carries. */
export const awardOf = (version: string, code: string): ModernAward | undefined =>
  awardsOf(version).find((a) => a.code === code.toUpperCase());

/**
 * The award's rates for a pay period starting on `periodStart`: the latest set in force on that day, or
 * null when the version carries the award but no rates that early.
 */
export function awardInForce(version: string, code: string, periodStart: string): ModernAward | null | undefined {
  const sets = (BY_VERSION[version] ?? []).find((s) => s[0].code === code.toUpperCase());
  if (!sets) return undefined;
  return sets.findLast((a) => a.rates_from <= periodStart) ?? null;
}
