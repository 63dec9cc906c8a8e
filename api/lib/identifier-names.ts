// Identifier and server-owned field names, recognised by what a name says in any case style: the one
// pattern behind the request-body checks and evidence redaction (`services/sensitive.ts`) and behind
// every view of stored objects, which never shows a sealed value or an identifier.

/** What an identifier field holds. */
export type IdentifierKind =
  'tax_file_number' | 'tax_id' | 'iban' | 'account_number' | 'member_number' | 'social_security_number';

export const IDENTIFIER_LABEL: Record<IdentifierKind, string> = {
  tax_file_number: 'a tax file number',
  tax_id: 'a tax identification number (Steuer-ID)',
  iban: 'an IBAN',
  account_number: 'a bank account number',
  member_number: 'a fund member number',
  social_security_number: 'a social security number (SV-Nummer)',
};

/**
 * A name as lower-case words, whatever its style: `TaxFileNumber`, `taxFileNumber`, `tax-file-number`
 * and `TAX_FILE_NUMBER` all give `_tax_file_number_` (bracketed by `_`, so patterns match whole words).
 */
function words(key: string): string {
  const w = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  return `_${w.join('_')}_`;
}

/** What Payrail derives from an identifier: attested flags, keyed hashes, sealed values, masked digits. */
const SERVER_OWNED = /_(attested|enc|encrypted|hash|hashed|sealed|last\d+)_$/;
const SEALED = /_(enc|encrypted|hash|hashed|sealed)_$/;

// Each kind by its words (`_` separates words; `_?` lets a compound be written as one word).
const KINDS: [IdentifierKind, RegExp][] = [
  ['tax_file_number', /_tfn|_tax_?file_/],
  ['iban', /_iban/],
  [
    'social_security_number',
    /_(ssn|svnr|rvnr|nino|sv_?(nr|nummer|number|no))_|social_?(security|insurance)|sozial_?versicherung|_renten_?versicherungs_?nummer_|_versicherungs_?nummer_|_national_?insurance_/,
  ],
  [
    'tax_id',
    /_(tin|idnr|id_nr)_|_tax_?(id|ident|identification|identifier|number|num|no|nr)_|_taxpayer_?(id|number)_|_steuer_?(id|idnr|ident|identifikations_?nummer|nummer|nr|no|number)_|_steuer_?id|_identifikations_?nummer_/,
  ],
  ['member_number', /_member_?(number|num|no|nr|id)_/],
  // An account by number (`account_number`, `acct_no`, `kontonummer`), or a name that ends in one
  // (`bank_account`, `bsb_account`, `BSBAndAccount`): `account_name` and `account_type` are not.
  ['account_number', /(account|acct|konto)_?(number|num|no|nr|nummer)_|(account|acct|konto)_$/],
];

interface NameClass {
  kind: IdentifierKind | null;
  owned: boolean;
  sealed: boolean;
}

// Bodies and views use a few hundred distinct names at most: each is classified once (bounded, so a
// flood of made-up names costs a re-classification, never memory).
const classes = new Map<string, NameClass>();

function classify(key: string): NameClass {
  const hit = classes.get(key);
  if (hit) return hit;
  const w = words(key);
  const owned = SERVER_OWNED.test(w);
  const c: NameClass = {
    kind: owned ? null : (KINDS.find(([, re]) => re.test(w))?.[0] ?? null),
    owned,
    sealed: SEALED.test(w),
  };
  if (classes.size >= 10_000) classes.clear();
  classes.set(key, c);
  return c;
}

/** The identifier a field name says it holds, or null. Server-owned names (`tfn_attested`) are not identifiers. */
export const identifierKind = (key: string): IdentifierKind | null => classify(key).kind;

/** A name Payrail sets itself: `tfn_attested`, `account_enc`, `tax_id_hash`, `iban_last4`, `attested` … */
export const isServerOwnedName = (key: string) => classify(key).owned;
/** A sealed value or keyed hash: never shown. */
export const isSealedName = (key: string) => classify(key).sealed;

/**
 * A stored object as it may be shown: sealed values, hashes and anything identifier-like dropped, at any
 * depth (what intake stores is already free of them; this keeps older or foreign data from leaking).
 */
export function withoutIdentifiers<T extends Record<string, unknown>>(value: T): T {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    if (identifierKind(k) || isSealedName(k)) continue;
    out[k] = Array.isArray(v)
      ? v.map((x) => (x && typeof x === 'object' && !Array.isArray(x) ? withoutIdentifiers(x) : x))
      : v && typeof v === 'object'
        ? withoutIdentifiers(v as Record<string, unknown>)
        : v;
  }
  return out as T;
}
