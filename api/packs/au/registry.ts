// Every AU pack version, oldest first. A new statutory year is a new module added here, never an
// edit of a released one.
import { isIsoDate } from '../../lib/dates.ts';
import { UnknownPackVersion } from './errors.ts';
import type { AuVersionData } from './types.ts';
import { AU_2024_1 } from './versions/au-2024.1.ts';
import { AU_2025_1 } from './versions/au-2025.1.ts';
import { AU_2026_1 } from './versions/au-2026.1.ts';
import { AU_2026_2 } from './versions/au-2026.2.ts';

export const AU_VERSIONS: readonly AuVersionData[] = [AU_2024_1, AU_2025_1, AU_2026_1, AU_2026_2];

export const AU_CURRENT_VERSION = 'AU-2026.2';

const BY_VERSION = new Map(AU_VERSIONS.map((v) => [v.version, v]));

export function getAuVersion(version: string): AuVersionData {
  const found = BY_VERSION.get(version);
  if (!found) throw new UnknownPackVersion(version);
  return found;
}

/** The latest version whose effective range covers a payment date (YYYY-MM-DD), or null when none does. */
export function versionFor(payDate: string): AuVersionData | null {
  if (!isIsoDate(payDate)) return null;
  // ISO dates compare correctly as strings.
  return AU_VERSIONS.findLast((v) => v.effective.from <= payDate && payDate <= v.effective.to) ?? null;
}
