// The statutory minimum wage per hour (Mindestlohn, § 1 MiLoG), as set by the Mindestlohnanpassungsverordnung
// in force: 12.82 EUR from 1 January 2025 (Vierte Mindestlohnanpassungsverordnung of November 2023) and
// 13.90 EUR from 1 January 2026 (Fünfte Mindestlohnanpassungsverordnung of 2025).
// Minijobs are not exempt: the Act applies to every employee except those § 22 MiLoG names.

const RATES: { from: string; to: string; hourly: string }[] = [
  { from: '2025-01-01', to: '2025-12-31', hourly: '12.82' },
  { from: '2026-01-01', to: '2026-12-31', hourly: '13.90' },
];

/** The minimum wage per hour on a date, or null for a date no rate here covers (no guess). */
export function deMinimumWage(date: string): string | null {
  return RATES.find((r) => date >= r.from && date <= r.to)?.hourly ?? null;
}

/**
 * § 22 (2) MiLoG: people under 18 without a completed vocational training are not employees in the
 * Act's sense. The age is known from the birth date; whether training was completed is not recorded.
 */
export const MINOR_AGE = 18;
