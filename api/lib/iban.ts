// The IBAN check (ISO 13616) every country's bank details and the identifier scan share: an IBAN is
// international, so it lives below the packs rather than in one country's.
/**
 * IBAN (ISO 13616): mod 97 == 1 after moving the first four characters to the end; a German one is 22
 * characters long (the SWIFT IBAN registry).
 */
export function isValidIban(value: string): boolean {
  const v = value.replace(/\s+/g, '').toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(v)) return false;
  if (v.startsWith('DE') && !/^DE\d{20}$/.test(v)) return false;
  const rearranged = v.slice(4) + v.slice(0, 4);
  let rest = 0;
  for (const ch of rearranged) {
    const code = ch.charCodeAt(0);
    const n = code >= 65 ? code - 55 : code - 48;
    rest = (n >= 10 ? rest * 100 + n : rest * 10 + n) % 97;
  }
  return rest === 1;
}
