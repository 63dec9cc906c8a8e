/**
 * The one place elements read the date and time they show (this month, today, overdue, sample
 * data placed around today). A host or a test sets it once, so every element agrees on "now" and
 * a screen can be reproduced on any day. Elapsed-time checks (the client's cache and token expiry)
 * measure real time and do not use it.
 */
let source: () => Date = () => new Date();

/** The current instant by the clock in force. */
export const now = (): Date => source();

/** Today's calendar date (UTC) as YYYY-MM-DD by the clock in force. */
export const todayIso = (): string => now().toISOString().slice(0, 10);

/** Sets the clock every element reads (`null` goes back to the system clock). */
export function setClock(clock: (() => Date) | null): void {
  source = clock ?? (() => new Date());
}
