// Identifier and server-owned field names, recognised by what a name says in any case style: the one
// pattern behind the request-body checks and evidence redaction (`model/sensitive.ts`) and behind
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

// Letters of other scripts that look like Latin ones (Unicode's confusables for the letters of identifier
// names): `тfn` in Cyrillic reads as `tfn` and must be recognised as one.
const CONFUSABLE: Record<string, string> = {
  а: 'a',
  в: 'b',
  с: 'c',
  е: 'e',
  һ: 'h',
  н: 'h',
  і: 'i',
  ј: 'j',
  к: 'k',
  м: 'm',
  о: 'o',
  р: 'p',
  ԛ: 'q',
  ѕ: 's',
  т: 't',
  у: 'y',
  х: 'x',
  ԝ: 'w',
  ь: 'b',
  п: 'n',
  г: 'r',
  л: 'n',
  А: 'A',
  В: 'B',
  С: 'C',
  Е: 'E',
  Н: 'H',
  І: 'I',
  Ј: 'J',
  К: 'K',
  М: 'M',
  О: 'O',
  Р: 'P',
  Ѕ: 'S',
  Т: 'T',
  У: 'Y',
  Х: 'X',
  α: 'a',
  β: 'b',
  ε: 'e',
  η: 'n',
  ι: 'i',
  κ: 'k',
  ν: 'v',
  ο: 'o',
  ρ: 'p',
  τ: 't',
  υ: 'u',
  χ: 'x',
  Α: 'A',
  Β: 'B',
  Ε: 'E',
  Η: 'H',
  Ι: 'I',
  Κ: 'K',
  Μ: 'M',
  Ν: 'N',
  Ο: 'O',
  Ρ: 'P',
  Τ: 'T',
  Υ: 'Y',
  Χ: 'X',
  Ζ: 'Z',
};
const CONFUSABLES = new RegExp(`[${Object.keys(CONFUSABLE).join('')}]`, 'g');

/**
 * A name as lower-case words, whatever its style or script: `TaxFileNumber`, `taxFileNumber`,
 * `tax-file-number` and `TAX_FILE_NUMBER` all give `_tax_file_number_` (bracketed by `_`, so patterns match
 * whole words). Compatibility forms (full-width `ｔｆｎ`) and look-alike letters (Cyrillic `тfn`) become the
 * Latin letters they show, and anything else that is not a letter or digit separates words.
 */
function words(key: string): string {
  const w = key
    .normalize('NFKC')
    .replace(CONFUSABLES, (ch) => CONFUSABLE[ch])
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  return `_${w.join('_')}_`;
}

/** A name with its words run together: `t_f_n`, `T-F-N` and `tfn` are one name. */
export const foldName = (key: string) => words(key).replaceAll('_', '');

/** What Payrail derives from an identifier: attested flags, keyed hashes, sealed values, masked digits. */
const SERVER_OWNED = /_(attested|enc|encrypted|hash|hashed|sealed|last\d+)_$/;
const SEALED = /_(enc|encrypted|hash|hashed|sealed)_$/;
/**
 * Names of references and codes (`employee_id`, `vendorId`, `pay_item_code`, `abn`, `phone`): their values
 * are the host's or Payrail's own keys and numbers, not a person's identifier sent in free text.
 */
const REFERENCE = /_(id|ids|ref|refs|reference|key|code|codes|abn|bsb|bic|phone|mobile|fax)_$/;

// Each kind by its words (`_` separates words; `_?` lets a compound be written as one word), or by the
// name with its words run together (`mytfn`, `employeetfn`, `t_f_n`, `accountiban`).
const KINDS: [IdentifierKind, RegExp, RegExp?][] = [
  ['tax_file_number', /_tfn|_tax_?file_/, /tfn|taxfile/],
  ['iban', /_iban/, /iban/],
  [
    'social_security_number',
    /_(ssn|svnr|rvnr|nino|sv_?(nr|nummer|number|no))_|social_?(security|insurance)|sozial_?versicherung|_renten_?versicherungs_?nummer_|_versicherungs_?nummer_|_national_?insurance_/,
  ],
  [
    'tax_id',
    /_(tin|idnr|id_nr)_|_tax_?(id|ident|identification|identifier|number|num|no|nr)_|_taxpayer_?(id|number)_|_steuer_?(id|idnr|ident|identifikations_?nummer|nummer|nr|no|number)_|_steuer_?id|_identifikations_?nummer_/,
  ],
  ['member_number', /_member_?(number|num|no|nr|id)_/],
  // An account by number (`account_number`, `acct_no`, `acc_no`, `accnum`, `kontonummer`), or a name that
  // ends in one (`bank_account`, `bsb_account`, `BSBAndAccount`): `account_name`, `account_type`,
  // `account_notes` and a ledger's account (`gl_account`) are not.
  ['account_number', /(account|acct|acc|konto)_?(number|num|no|nr|nummer)_|(?<!_gl_|ledger_)(account|acct|konto)_$/],
];
interface NameClass {
  kind: IdentifierKind | null;
  owned: boolean;
  sealed: boolean;
  reference: boolean;
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
    kind: owned ? null : (KINDS.find(([, re, run]) => re.test(w) || run?.test(w.replaceAll('_', '')))?.[0] ?? null),
    owned,
    sealed: SEALED.test(w),
    reference: REFERENCE.test(w),
  };
  if (classes.size >= 10_000) classes.clear();
  classes.set(key, c);
  return c;
}

/** The identifier a field name says it holds, or null. Server-owned names (`tfn_attested`) are not identifiers. */
export const identifierKind = (key: string): IdentifierKind | null => classify(key).kind;

/** A name Payrail sets itself: `tfn_attested`, `account_enc`, `tax_id_hash`, `iban_last4`, `attested` … */
export const isServerOwnedName = (key: string) => classify(key).owned;
/** A reference or code: its value is a key, never read as an identifier sent in text. */
export const isReferenceName = (key: string) => classify(key).reference;
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
