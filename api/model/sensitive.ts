// Identifiers and server-owned fields, recognised by what a field's name says, in any case style and at
// any depth of a body. One pattern serves three purposes: request bodies are checked with it before
// anything is stored (`assertClientFields`: an identifier is accepted only in the intake field that
// seals or attests it, and a field Payrail sets itself is never accepted), evidence hashes a request
// only after its identifiers are redacted (`redactSensitive`), and views drop any sealed value or
// identifier a stored object may carry (`withoutIdentifiers`).
import { badRequest, type FieldError } from '../lib/errors.ts';
import {
  IDENTIFIER_LABEL,
  foldName,
  identifierKind,
  isReferenceName,
  isSealedName,
  isServerOwnedName,
  type IdentifierKind,
} from '../lib/identifier-names.ts';
import { identifierValueKind } from './identifier-values.ts';
import type { AnyJurisdiction, SettingsKind } from '../jurisdictions/index.ts';

export { identifierKind, isServerOwnedName, withoutIdentifiers, type IdentifierKind } from '../lib/identifier-names.ts';

/** Where a body may carry what: the intake fields of identifiers, and further names Payrail sets itself. */
export interface FieldPolicy {
  /** Dotted paths of the intake fields that take an identifier (sealing or attesting it). */
  accepts: ReadonlyMap<string, IdentifierKind>;
  /** Where each kind of identifier goes instead, for the error's hint (null: Payrail does not take it here). */
  sendInstead: (kind: IdentifierKind) => string | null;
  /**
   * Dotted paths of further fields Payrail sets or derives itself, each with what to send instead. Matched in
   * any spelling (`ID`, `Id`, `Termination`).
   */
  serverOwned?: ReadonlyMap<string, string>;
  /** Names Payrail sets at whatever depth they appear (a nested `id`), each with what to send instead. */
  ownedAtAnyDepth?: ReadonlyMap<string, string>;
}

/** No intake field and no derived field: what every body but an employee's and a settings' admits. */
export const NO_IDENTIFIERS: FieldPolicy = { accepts: new Map(), sendInstead: () => null };

interface Trie<T> {
  value?: T;
  next?: Map<string, Trie<T>>;
}

/** Paths as a tree, each part as `keyOf` spells it. */
function trieOf<T>(entries: Iterable<[string, T]>, keyOf: (part: string) => string): Trie<T> {
  const root: Trie<T> = {};
  for (const [path, value] of entries) {
    let node = root;
    for (const part of path.split('.').map(keyOf)) {
      node.next ??= new Map();
      let child = node.next.get(part);
      if (!child) node.next.set(part, (child = {}));
      node = child;
    }
    node.value = value;
  }
  return root;
}

const exact = (part: string) => part;

interface Frame {
  value: unknown;
  key: string;
  /** The member this value stands under (an array's items stand under the array's name). */
  name: string;
  parent: Frame | null;
  /** The policy's intake node for this position (spelled exactly), while the position is one it names. */
  intake: Trie<IdentifierKind> | null;
  /** The policy's server-owned node for this position (in any spelling). */
  owned: Trie<string> | null;
}

/** `a.b[0].c`: members joined by dots, array positions in brackets. */
const pathOf = (f: Frame): string => {
  const parts: string[] = [];
  for (let at: Frame | null = f; at?.parent; at = at.parent) parts.push(at.key);
  return parts.reverse().reduce((path, part) => (part.startsWith('[') || !path ? path + part : `${path}.${part}`), '');
};

/** Why an identifier cannot be sent here, and where it goes instead. */
function identifierMessage(name: string, kind: IdentifierKind, byName: boolean, policy: FieldPolicy): string {
  const instead = policy.sendInstead(kind);
  return (
    `${name} ${byName ? 'looks like' : 'holds what looks like'} ${IDENTIFIER_LABEL[kind]}, ` +
    'which Payrail keeps only as an attestation: ' +
    (instead ? `send it as ${instead}.` : 'it is not accepted here.')
  );
}

/** Why a value cannot be sent under its name (a TFN in a note), or null. */
function valueRefusal(f: Frame, policy: FieldPolicy): string | null {
  if (f.intake?.value || isReferenceName(f.name)) return null;
  const kind = identifierValueKind(f.value);
  return kind ? identifierMessage(f.name, kind, false, policy) : null;
}

/** Why a member cannot be sent, or null when it may. */
function refusal(child: Frame, policy: FieldPolicy): string | null {
  const { key } = child;
  if (child.owned?.value !== undefined) return `${key} is set by Payrail: ${child.owned.value}`;
  const anywhere = policy.ownedAtAnyDepth?.get(foldName(key));
  if (anywhere !== undefined) return `${key} is set by Payrail: ${anywhere}`;
  if (isServerOwnedName(key))
    return `${key} is set by Payrail when it checks the identifier it attests: send the identifier instead.`;
  if (child.intake?.value) return null;
  const kind = identifierKind(key);
  return kind ? identifierMessage(key, kind, true, policy) : valueRefusal(child, policy);
}

/**
 * Refuses (400 `bad_request`, one error per field, naming the field to use instead) a body that sends a
 * field Payrail sets itself (`*_attested`, `*_enc`, `*_hash`, `*_last3`, `*_last4` or a derived field the
 * policy names, in any spelling), or an identifier anywhere but in its intake field: by its name (in any
 * case, script or separators), or by its value (a TFN, an IBAN or a BSB and account number in any text).
 * The walk visits each member once, with no recursion and no copying of paths (a path is spelled out only
 * for an error).
 */
export function assertClientFields(body: unknown, policy: FieldPolicy): void {
  const errors: FieldError[] = [];
  const root: Frame = {
    value: body,
    key: '',
    name: '',
    parent: null,
    intake: trieOf(policy.accepts, exact),
    owned: trieOf(policy.serverOwned ?? [], foldName),
  };
  const stack: Frame[] = [root];
  while (stack.length) {
    const frame = stack.pop()!;
    const { value } = frame;
    if (!value || typeof value !== 'object') continue;
    if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) {
        // An array's items stand where the array does: `splits.account_number` names each item's field.
        const item: Frame = { ...frame, value: value[i], key: `[${i}]`, parent: frame };
        // An item's value (`notes: ["TFN 123 456 782"]`) is checked like its array's member.
        const why = valueRefusal(item, policy);
        if (why) errors.push({ path: pathOf(item), message: why });
        else stack.push(item);
      }
      continue;
    }
    const children: Frame[] = [];
    for (const key of Object.keys(value)) {
      const child: Frame = {
        value: (value as Record<string, unknown>)[key],
        key,
        name: key,
        parent: frame,
        intake: frame.intake?.next?.get(key) ?? null,
        owned: frame.owned?.next?.get(foldName(key)) ?? null,
      };
      const why = refusal(child, policy);
      if (why) errors.push({ path: pathOf(child), message: why });
      else children.push(child);
    }
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]);
  }
  if (errors.length) {
    errors.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
    throw badRequest(
      `These fields cannot be sent here: ${errors.map((e) => e.path).join(', ')}. ` +
        'Identifiers go only in their own fields, and attestations are Payrail’s to make.',
      errors,
    );
  }
}

// The places a client sends fields to, each with its policy from the country's intake fields.

const SEGMENT: Record<SettingsKind, string> = { tax: 'tax-settings', bank: 'bank-accounts', pension: 'pension' };
/**
 * Kinds that stand for one another from country to country: a person's tax number is a TFN in Australia
 * and a Steuer-ID in Germany; a bank account is a BSB and number in one and an IBAN in the other.
 */
const SAME_NUMBER: Partial<Record<IdentifierKind, IdentifierKind>> = {
  tax_id: 'tax_file_number',
  tax_file_number: 'tax_id',
  account_number: 'iban',
  iban: 'account_number',
};

type Place = [fields: Readonly<Record<string, IdentifierKind>>, name: (field: string) => string];

/** The hint for a kind: its fields at the first places that take it, or (for a tax number) its other name's. */
function sendInstead(places: Place[]) {
  return (kind: IdentifierKind): string | null => {
    for (const k of [kind, SAME_NUMBER[kind]]) {
      const found = places.flatMap(([fields, name]) =>
        Object.entries(fields)
          // A field inside a list (`splits.account_number`) is not named in hints: its plain field is.
          .filter(([f, v]) => v === k && !f.includes('.'))
          .map(([f]) => name(f)),
      );
      if (found.length) return [...new Set(found)].join(' or ');
    }
    return null;
  };
}

const settingsPlaces = (j: AnyJurisdiction, except?: SettingsKind): Place[] =>
  (Object.keys(SEGMENT) as SettingsKind[])
    .filter((k) => k !== except)
    .map((k) => [j.intakeFields.settings[k], (f) => `${f} in PATCH …/employees/{id}/${SEGMENT[k]}`]);
const employeePlace = (j: AnyJurisdiction): Place => [
  j.intakeFields.employee,
  (f) => (j.viewKey ? `statutory.${j.viewKey}.${f}` : `tax_profile.${f}`),
];

/** Fields of the employee view Payrail sets itself: never taken from a create or patch body. */
const EMPLOYEE_OWNED: Record<string, string> = {
  id: 'Payrail assigns the id.',
  as_of: 'it is the date a view is read on: pass ?as_of= on the query.',
  created_at: 'Payrail keeps the timestamps.',
  updated_at: 'Payrail keeps the timestamps.',
  termination: 'end employment with POST …/employees/{id}/end-employment (or DELETE the employee).',
  retirement: 'it is read from the pension settings: PATCH …/employees/{id}/pension.',
  evidence_id: 'each write gets its own evidence record.',
  jurisdiction: "it is the tenant's.",
  engine_ref: 'Payrail assigns it.',
  tenant_id: "it is the tenant's.",
};

/** An `id` inside an employee's pass-through objects would read as Payrail's own. */
const NESTED_OWNED: ReadonlyMap<string, string> = new Map([['id', 'Payrail assigns ids.']]);

/** A create or patch body of an employee: identifiers only in `statutory.<country>` or `tax_profile`. */
export function employeeBodyPolicy(j: AnyJurisdiction, mode: 'create' | 'update'): FieldPolicy {
  const accepts = new Map<string, IdentifierKind>();
  for (const [field, kind] of Object.entries(j.intakeFields.employee)) {
    if (j.viewKey) accepts.set(`statutory.${j.viewKey}.${field}`, kind);
    accepts.set(`tax_profile.${field}`, kind);
  }
  const serverOwned = new Map(Object.entries(EMPLOYEE_OWNED));
  if (mode === 'update')
    serverOwned.set('cost_centre_code', 'assign it with PUT …/employees/{id}/cost-centre (rules place the rest).');
  return {
    accepts,
    serverOwned,
    ownedAtAnyDepth: NESTED_OWNED,
    sendInstead: sendInstead([employeePlace(j), ...settingsPlaces(j)]),
  };
}

/** A tax, bank or pension settings body: identifiers only in that settings kind's intake fields. */
export function settingsPolicy(j: AnyJurisdiction, kind: SettingsKind): FieldPolicy {
  return {
    accepts: new Map(Object.entries(j.intakeFields.settings[kind])),
    serverOwned: new Map(Object.entries(j.intakeFields.derivedSettings[kind] ?? {})),
    sendInstead: sendInstead([[j.intakeFields.settings[kind], (f) => f], ...settingsPlaces(j, kind), employeePlace(j)]),
  };
}

/** A company bank patch: the account number (or IBAN) is sealed; no person's identifier belongs there. */
export function companyBankPolicy(j: AnyJurisdiction): FieldPolicy {
  return {
    accepts: new Map(Object.entries(j.intakeFields.companyBank)),
    sendInstead: sendInstead([[j.intakeFields.companyBank, (f) => f]]),
  };
}

/**
 * A company details patch: the employer's own Steuernummer is its intake field (checked by the jurisdiction,
 * shown by its last 4); no person's identifier belongs there.
 */
export const COMPANY_DETAILS: FieldPolicy = {
  accepts: new Map<string, IdentifierKind>([['steuernummer', 'tax_id']]),
  sendInstead: () => null,
};

/** Identifier values in a request body, replaced before the body is hashed into evidence. */
export function redactSensitive(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redactSensitive);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([k, v]) => [
        k,
        identifierKind(k) && v !== null && v !== undefined ? '[attested]' : redactSensitive(v),
      ]),
    );
  }
  return value;
}

/**
 * A recorded decision as a view shows it: a value under an identifier's or a sealed value's name, or one that
 * looks like an identifier, reads `[redacted]`. Evidence is append-only, so what older records hold is
 * redacted here rather than changed (their hashes still verify).
 */
export function redactedForView(value: unknown, name = ''): unknown {
  if (Array.isArray(value)) return value.map((v) => redactedForView(v, name));
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([k, v]) => [
        k,
        v !== null && (identifierKind(k) || isSealedName(k)) ? '[redacted]' : redactedForView(v, k),
      ]),
    );
  return !isReferenceName(name) && identifierValueKind(value) ? '[redacted]' : value;
}

/**
 * A stored object without what intake refuses today: an identifier under any name but one Payrail sets
 * itself (`tfn`, `taxfilenumber`, `acc_no`), and an identifier-shaped value under any name but a reference's.
 * What Payrail sealed, hashed, attested or masked stays.
 */
export function withoutRawIdentifiers(value: unknown, name = ''): unknown {
  if (Array.isArray(value))
    return value
      .filter((v) => (v && typeof v === 'object') || isReferenceName(name) || !identifierValueKind(v))
      .map((v) => withoutRawIdentifiers(v, name));
  if (!value || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    if (isServerOwnedName(k)) out[k] = v;
    else if (identifierKind(k)) continue;
    else if (v && typeof v === 'object') out[k] = withoutRawIdentifiers(v, k);
    else if (isReferenceName(k) || !identifierValueKind(v)) out[k] = v;
  }
  return out;
}
