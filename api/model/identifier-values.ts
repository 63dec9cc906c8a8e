// Identifiers recognised by their value, wherever a client writes them: a TFN (its check digits hold), an
// IBAN (mod 97 holds) or a BSB and account number, alone or inside free text. The checks are the packs' own.
import { isValidTfn } from '../packs/au/validation.ts';
import { isValidIban } from '../lib/iban.ts';
import type { IdentifierKind } from '../lib/identifier-names.ts';

// Digits grouped as people write a TFN (`123 456 782`, `123-456-782`, `12345678`), not inside a longer
// number, a decimal, a date or a word (`emp_12345678ab`).
const TFN_SHAPE = /(?<![\w.,-])\d{3}[ -]?\d{3}[ -]?\d{2,3}(?!\w|[.,]\d)/g;
// Two letters and two check digits starting a word, then letters and digits, in groups as people write them.
const IBAN_START = /(?<!\w)[a-z]{2}\d{2}[a-z0-9]*(?: [a-z0-9]+)*/gi;
// A BSB (`062-000`, `062000`) followed by an account number of 5 to 10 digits.
const BSB_ACCOUNT = /(?<![\w.,-])\d{3}-?\d{3}[ /-]+\d{5,10}(?!\w|[.,]\d)/;

/** Whether a run of groups, read from its start to any group's end (15 to 34 characters), is a valid IBAN. */
function hasIban(text: string): boolean {
  for (const [run] of text.matchAll(IBAN_START)) {
    let iban = '';
    for (const group of run.split(' ')) {
      iban += group;
      if (iban.length > 34) break;
      if (iban.length >= 15 && isValidIban(iban)) return true;
    }
  }
  return false;
}

/** The identifier a value holds or contains, or null. Numbers are read as their digits. */
export function identifierValueKind(value: unknown): IdentifierKind | null {
  if (typeof value === 'number')
    return Number.isSafeInteger(value) && isValidTfn(String(value)) ? 'tax_file_number' : null;
  if (typeof value !== 'string' || value.length < 8) return null;
  for (const m of value.matchAll(TFN_SHAPE)) if (isValidTfn(m[0])) return 'tax_file_number';
  if (BSB_ACCOUNT.test(value)) return 'account_number';
  return hasIban(value) ? 'iban' : null;
}
