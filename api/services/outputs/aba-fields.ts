// Fixed-width field helpers for the Cemtex/ABA direct-entry format (reference/au.md, "ABA").

export const ABA_RECORD_LENGTH = 120;
export const ABA_LINE_END = '\r\n';

// The BECS character set is a subset of printable ASCII. Banks differ on the exact punctuation
// they accept, so this keeps the conservative common core and drops everything else rather than
// risk a rejected file.
const BECS_DISALLOWED = /[^A-Z0-9 &'()*+,\-./:;?]/g;

/** Upper-cases, folds accents to their base letters and removes characters outside the BECS set. */
export function becsText(value: string | null | undefined): string {
  return (value ?? '')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/\s/g, ' ')
    .replace(BECS_DISALLOWED, '')
    .replace(/ {2,}/g, ' ')
    .trim();
}

export const left = (value: string, width: number): string => value.slice(0, width).padEnd(width, ' ');

export const right = (value: string, width: number, fill = ' '): string => {
  if (value.length > width) throw new RangeError(`value "${value}" does not fit in ${width} characters`);
  return value.padStart(width, fill);
};

export const blank = (width: number): string => ' '.repeat(width);

export const zeroFilled = (value: number | string, width: number): string => right(String(value), width, '0');

const BSB_RE = /^(\d{3})-?(\d{3})$/;

/** Accepts `NNNNNN` or `NNN-NNN`; returns `NNN-NNN`, or null when it is not a BSB. */
export function normaliseBsb(value: string | null | undefined): string | null {
  const m = BSB_RE.exec((value ?? '').trim());
  return m ? `${m[1]}-${m[2]}` : null;
}

/** Account numbers are digits only, at most 9 of them; returns null otherwise. */
export function normaliseAccountNumber(value: string | null | undefined): string | null {
  const v = (value ?? '').trim();
  return /^\d{1,9}$/.test(v) ? v : null;
}

/** YYYY-MM-DD to the DDMMYY the descriptive record carries. */
export const ddmmyy = (iso: string): string => `${iso.slice(8, 10)}${iso.slice(5, 7)}${iso.slice(2, 4)}`;
