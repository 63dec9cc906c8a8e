// Check digits of the identifiers the forms take, checked in the browser: the SDK never sends an
// identifier to a draft check, so these are the only checks it gets before the one write that carries it.
const compact = (v: string) => v.replace(/[\s-]/g, '');

/** TFN: 8 or 9 digits, weighted sum divisible by 11. */
export function isTfn(v: string): boolean {
  const d = compact(v);
  if (!/^\d{8,9}$/.test(d) || /^0+$/.test(d)) return false;
  const w = [1, 4, 3, 7, 5, 8, 6, 9, 10];
  return [...d].reduce((s, c, i) => s + Number(c) * w[i], 0) % 11 === 0;
}

/** IBAN: country, check digits and account, mod 97 = 1 (ISO 13616); DE IBANs are 22 characters. */
export function isIban(v: string): boolean {
  const s = compact(v).toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(s) || (s.startsWith('DE') && s.length !== 22)) return false;
  const moved = (s.slice(4) + s.slice(0, 4)).replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  let r = 0;
  for (const c of moved) r = (r * 10 + Number(c)) % 97;
  return r === 1;
}

export const isBsb = (v: string) => /^\d{3}-?\d{3}$/.test(v.trim());
export const isAccountNumber = (v: string) => /^\d{5,9}$/.test(compact(v));
export const isBic = (v: string) => /^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(compact(v).toUpperCase());

/** Steuer-ID: 11 digits, no leading 0, one digit of the first ten repeated (2 or 3 times), ISO 7064 MOD 11,10. */
export function isSteuerId(v: string): boolean {
  const d = compact(v);
  if (!/^[1-9]\d{10}$/.test(d)) return false;
  const counts = new Array<number>(10).fill(0);
  for (const c of d.slice(0, 10)) counts[Number(c)]++;
  const repeated = counts.filter((c) => c > 1);
  if (repeated.length !== 1 || repeated[0] > 3) return false;
  let product = 10;
  for (const c of d.slice(0, 10)) product = (2 * ((Number(c) + product) % 10 || 10)) % 11;
  return (11 - product) % 10 === Number(d[10]);
}

/**
 * Sozialversicherungsnummer: area, birth date DDMMYY, birth-name initial, serial, check digit. The letter
 * counts as its two-digit alphabet position; digits weighted 2,1,2,5,7,1,2,1,2,1,2,1, digit sums added, mod 10.
 */
export function isSvnr(v: string): boolean {
  const s = compact(v).toUpperCase();
  if (!/^\d{8}[A-Z]\d{3}$/.test(s)) return false;
  const d = s.slice(0, 8) + String(s.charCodeAt(8) - 64).padStart(2, '0') + s.slice(9, 11);
  const w = [2, 1, 2, 5, 7, 1, 2, 1, 2, 1, 2, 1];
  const sum = [...d].reduce((t, c, i) => {
    const p = Number(c) * w[i];
    return t + Math.floor(p / 10) + (p % 10);
  }, 0);
  return sum % 10 === Number(s[11]);
}

/**
 * Betriebsnummer (an employer's or a Krankenkasse's, § 18i SGB IV): 8 digits, the first three the issuing
 * office (010–099 or from 110); digits 1–7 weighted 1,2,1,2,…, digit sums added, mod 10 is the check digit,
 * which is also issued plus 5.
 */
export function isBetriebsnummer(v: string): boolean {
  const d = compact(v);
  if (!/^\d{8}$/.test(d)) return false;
  const office = Number(d.slice(0, 3));
  if (!((office >= 10 && office <= 99) || office >= 110)) return false;
  const sum = [...d.slice(0, 7)].reduce((t, c, i) => {
    const p = Number(c) * (i % 2 ? 2 : 1);
    return t + Math.floor(p / 10) + (p % 10);
  }, 0);
  return Number(d[7]) === sum % 10 || Number(d[7]) === (sum + 5) % 10;
}

/** ABN: 11 digits; subtract 1 from the first, weights 10,1,3,…,19, sum divisible by 89. */
export function isAbn(v: string): boolean {
  const d = compact(v);
  if (!/^\d{11}$/.test(d)) return false;
  const w = [10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19];
  return [...d].reduce((s, c, i) => s + (Number(c) - (i === 0 ? 1 : 0)) * w[i], 0) % 89 === 0;
}
