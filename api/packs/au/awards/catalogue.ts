// Which modern awards each AU pack version carries. A new pay guide is a new pack release: AU-2025.1
// carries the rates from 1 July 2025.
//
// AU-2026.1 carries none. The Annual Wage Review 2025-26 decision (2 June 2026) raised modern award minimum
// rates by 4.75 % from 1 July 2026, with an extra step for the C13 and C14 rates
// (https://www.squirepattonboggs.com/insights/publications/2026-annual-wage-review-decision-fwc-increases-the-national-minimum-wage-and-award-rates/,
// https://www.workplacelaw.com.au/posts/annual-wage-review-decision-2026), but no source found states the
// General Retail Industry Award's rates from that day, and paying the 2025 rates in its periods would
// underpay, so award interpretation is unsupported there (501).
//
// The Hospitality Industry (General) Award [MA000009] is not carried: no source found states its minimum
// rates from 1 July 2025 for every level, and its weekday evening (7 pm-midnight) and night (midnight-7 am)
// work carry penalties of their own (cl. 29), which the interpreter's single evening band does not hold.
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
  MA000009:
    'Hospitality Industry (General) Award 2020: no cited source for its minimum rates from 1 July 2025 yet, ' +
    'and its evening and night penalties (cl. 29) are not applied by the interpreter yet.',
};
