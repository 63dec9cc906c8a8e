// Strict calendar dates (YYYY-MM-DD) handled as UTC days, so no time zone can move a pay period.

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isIsoDate(value: string): boolean {
  const m = DATE_RE.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const dt = new Date(Date.UTC(y, mo - 1, d));
  return dt.getUTCFullYear() === y && dt.getUTCMonth() === mo - 1 && dt.getUTCDate() === d;
}

export const toDate = (iso: string): Date => new Date(`${iso}T00:00:00Z`);
export const toIso = (d: Date): string => d.toISOString().slice(0, 10);

export function addDays(iso: string, days: number): string {
  const d = toDate(iso);
  d.setUTCDate(d.getUTCDate() + days);
  return toIso(d);
}

/** Whole days from a to b (b - a). */
export const daysBetween = (a: string, b: string): number =>
  Math.round((toDate(b).getTime() - toDate(a).getTime()) / 86_400_000);

export const lastDayOfMonth = (year: number, month1: number): string => toIso(new Date(Date.UTC(year, month1, 0)));

export const todayIn = (now: Date): string => toIso(now);

/** Monday-to-Friday days from `from` to `to`, both included (0 when `to` is before `from`). */
export function weekdaysBetween(from: string, to: string): number {
  const days = daysBetween(from, to) + 1;
  if (days <= 0) return 0;
  const first = toDate(from).getUTCDay(); // 0 Sunday … 6 Saturday
  let count = Math.floor(days / 7) * 5;
  for (let i = 0; i < days % 7; i++) {
    const d = (first + i) % 7;
    if (d !== 0 && d !== 6) count++;
  }
  return count;
}
