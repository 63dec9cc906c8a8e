// Checksums of German identifiers: Steuer-Identifikationsnummer, Sozialversicherungsnummer, Betriebsnummer,
// Steuernummer; the IBAN's is international (lib/iban.ts) and passed on from here for the pack's callers.
export { isValidIban } from '../../lib/iban.ts';

/**
 * Steuer-ID (§ 139b AO): 11 digits, the first not 0; among the first ten exactly one digit occurs two
 * or three times and every other digit at most once; check digit ISO 7064 MOD 11,10.
 */
export function isValidTaxId(value: string): boolean {
  if (!/^[1-9]\d{10}$/.test(value)) return false;
  const counts = new Array<number>(10).fill(0);
  for (let i = 0; i < 10; i++) counts[value.charCodeAt(i) - 48]++;
  const repeated = counts.filter((c) => c > 1);
  if (repeated.length !== 1 || repeated[0] > 3) return false;
  let product = 10;
  for (let i = 0; i < 10; i++) {
    let s = (value.charCodeAt(i) - 48 + product) % 10;
    if (s === 0) s = 10;
    product = (2 * s) % 11;
  }
  const check = (11 - product) % 10;
  return check === value.charCodeAt(10) - 48;
}

const SVNR_WEIGHTS = [2, 1, 2, 5, 7, 1, 2, 1, 2, 1, 2, 1];

/**
 * Sozialversicherungsnummer (Rentenversicherungsnummer): area (2 digits), birth date DDMMYY, initial
 * of the birth name, serial (2 digits), check digit. The letter becomes its two-digit alphabet
 * position; the twelve digits are weighted 2,1,2,5,7,1,2,1,2,1,2,1 and the digit sums of the products
 * are added; the check digit is that sum mod 10.
 */
export function isValidSvnr(value: string): boolean {
  const v = value.replace(/\s+/g, '').toUpperCase();
  if (!/^\d{8}[A-Z]\d{3}$/.test(v)) return false;
  const letter = String(v.charCodeAt(8) - 64).padStart(2, '0');
  const digits = v.slice(0, 8) + letter + v.slice(9, 11);
  let sum = 0;
  for (let i = 0; i < 12; i++) {
    const p = (digits.charCodeAt(i) - 48) * SVNR_WEIGHTS[i];
    sum += Math.floor(p / 10) + (p % 10);
  }
  return sum % 10 === v.charCodeAt(11) - 48;
}

/**
 * Betriebsnummer (§ 18i SGB IV), 8 digits: the first three name the issuing office (010–099 or from 110),
 * the eighth is a check digit. Digits 1–7 are weighted 1,2,1,2,1,2,1, the digit sums of the products are
 * added, and the sum mod 10 is the check digit; the check digit plus 5 (mod 10) is also issued.
 * Source: pruefziffernberechnung.de/B/Betriebsnummer.shtml (example 09912342).
 */
export function isValidBetriebsnummer(value: string): boolean {
  if (!/^\d{8}$/.test(value)) return false;
  const office = Number(value.slice(0, 3));
  if (!((office >= 10 && office <= 99) || office >= 110)) return false;
  let sum = 0;
  for (let i = 0; i < 7; i++) {
    const p = (value.charCodeAt(i) - 48) * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(p / 10) + (p % 10);
  }
  const check = sum % 10;
  const last = value.charCodeAt(7) - 48;
  return last === check || last === (check + 5) % 10;
}

/**
 * Steuernummer of the employer's Betriebsstätte: either the 13-digit nationwide ELSTER form (Land prefix,
 * office, district, serial, check digit) or a Land's own form of 10 or 11 digits with its separators
 * (e.g. `143/123/45678` in Bavaria, `21/815/08150` in Berlin). Only the format is checked: the check-digit
 * methods differ per Land.
 */
export function isValidSteuernummer(value: string): boolean {
  if (!/^[0-9][0-9 /]*[0-9]$/.test(value)) return false;
  const digits = value.replace(/[ /]/g, '');
  return /^\d{10,11}$/.test(digits) || /^\d{13}$/.test(digits);
}
