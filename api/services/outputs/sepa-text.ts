// The SEPA character set and the checks a credit transfer's parties and ids must pass. The EPC's
// implementation guidelines for the SEPA Credit Transfer scheme (EPC132-08, "Character set") allow the
// Latin characters a-z A-Z 0-9 / - ? : ( ) . , ' + and space; a bank may accept more, but a file kept to
// these is accepted by every one. German names are transliterated the way German banks do (ä → ae).

/** The EPC basic Latin set. */
const SEPA_TEXT = /^[A-Za-z0-9/\-?:().,'+ ]*$/;

const REPLACE: Record<string, string> = {
  ä: 'ae',
  ö: 'oe',
  ü: 'ue',
  Ä: 'Ae',
  Ö: 'Oe',
  Ü: 'Ue',
  ß: 'ss',
  ẞ: 'SS',
  Æ: 'AE',
  æ: 'ae',
  Ø: 'O',
  ø: 'o',
  Œ: 'OE',
  œ: 'oe',
  Ł: 'L',
  ł: 'l',
  Đ: 'D',
  đ: 'd',
  '&': '+',
  _: '-',
  '"': "'",
  '’': "'",
  '‘': "'",
  '–': '-',
  '—': '-',
  ';': ',',
};

/**
 * Text in the SEPA character set: umlauts and ß spelled out, other accents dropped (é → e), a few
 * punctuation marks replaced, whitespace collapsed. Null when something is left that the set cannot hold
 * (a script other than Latin, say): such a name needs a Latin spelling on the employee's bank details.
 */
export function sepaText(value: string): string | null {
  const spelled = [...value].map((c) => REPLACE[c] ?? c).join('');
  const plain = spelled.normalize('NFD').replace(/\p{M}/gu, '').replace(/\s+/g, ' ').trim();
  return SEPA_TEXT.test(plain) ? plain : null;
}

/**
 * An identifier (message, payment information or end-to-end id): 1 to 35 characters of the set, not
 * starting or ending with "/" and without "//" (EPC132-08, identifiers).
 */
export const isSepaId = (id: string): boolean =>
  id.length >= 1 &&
  id.length <= 35 &&
  SEPA_TEXT.test(id) &&
  !id.startsWith('/') &&
  !id.endsWith('/') &&
  !id.includes('//');

/** A BIC (ISO 9362): 4 letters of institution, 2 of country, 2 of location, optionally 3 of branch. */
export const isBic = (bic: string): boolean => /^[A-Z]{6}[A-Z2-9][A-NP-Z0-9]([A-Z0-9]{3})?$/.test(bic);
