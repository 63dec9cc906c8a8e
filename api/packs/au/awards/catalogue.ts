// Which modern awards each AU pack version carries. A new pay guide is a new pack release: AU-2025.1
// carries the rates from 1 July 2025. AU-2026.1 carries none: no cited source for the rates from
// 1 July 2026 was found, and paying the 2025 rates in its periods would underpay, so award interpretation
// is unsupported there (501). The Hospitality Industry (General) Award [MA000009] is not carried yet:
// no cited source for its 2025-26 minimum rates was found.
import type { ModernAward } from './types.ts';
import { MA000004_2025 } from './ma000004-2025.ts';

const BY_VERSION: Record<string, readonly ModernAward[]> = {
  'AU-2025.1': [MA000004_2025],
};

/** The awards a pack version carries; empty where it carries none. */
export const awardsOf = (version: string): readonly ModernAward[] => BY_VERSION[version] ?? [];

export const awardOf = (version: string, code: string): ModernAward | undefined =>
  awardsOf(version).find((a) => a.code === code.toUpperCase());

/** Award codes Payrail knows of but does not carry in any version yet, with why. */
export const AWARDS_NOT_CARRIED: Record<string, string> = {
  MA000009: 'Hospitality Industry (General) Award 2020: no cited source for its 1 July 2025 minimum rates yet.',
};
