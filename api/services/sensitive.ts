// Identifiers and server-owned fields, recognised by what a field's name says, in any case style and at
// any depth of a body. One pattern serves three purposes: request bodies are checked with it before
// anything is stored (`assertClientFields`: an identifier is accepted only in the intake field that
// seals or attests it, and a field Payrail sets itself is never accepted), evidence hashes a request
// only after its identifiers are redacted (`redactSensitive`), and views drop any sealed value or
// identifier a stored object may carry (`withoutIdentifiers`).
import { badRequest, type FieldError } from '../lib/errors.ts';
import { IDENTIFIER_LABEL, identifierKind, isServerOwnedName, type IdentifierKind } from '../lib/identifier-names.ts';
import type { AnyJurisdiction, SettingsKind } from '../jurisdictions/index.ts';

export { identifierKind, isServerOwnedName, withoutIdentifiers, type IdentifierKind } from '../lib/identifier-names.ts';

/** Where a body may carry what: the intake fields of identifiers, and further names Payrail sets itself. */
export interface FieldPolicy {
  /** Dotted paths of the intake fields that take an identifier (sealing or attesting it). */
  accepts: ReadonlyMap<string, IdentifierKind>;
  /** Where each kind of identifier goes instead, for the error's hint (null: Payrail does not take it here). */
  sendInstead: (kind: IdentifierKind) => string | null;
  /** Dotted paths of further fields Payrail sets or derives itself, each with what to send instead. */
  serverOwned?: ReadonlyMap<string, string>;
}

interface Trie {
  kind?: IdentifierKind;
  owned?: string;
  next?: Map<string, Trie>;
}

function trieOf(policy: FieldPolicy): Trie {
  const root: Trie = {};
  const at = (path: string) => {
    let node = root;
    for (const part of path.split('.')) {
      node.next ??= new Map();
      let child = node.next.get(part);
      if (!child) node.next.set(part, (child = {}));
      node = child;
    }
    return node;
  };
  for (const [path, kind] of policy.accepts) at(path).kind = kind;
  for (const [path, hint] of policy.serverOwned ?? []) at(path).owned = hint;
  return root;
}

interface Frame {
  value: unknown;
  key: string;
  parent: Frame | null;
  /** The policy's node for this position, while the position is one the policy names. */
  node: Trie | null;
}

/** `a.b[0].c`: members joined by dots, array positions in brackets. */
const pathOf = (f: Frame): string => {
  const parts: string[] = [];
  for (let at: Frame | null = f; at?.parent; at = at.parent) parts.push(at.key);
  return parts.reverse().reduce((path, part) => (part.startsWith('[') || !path ? path + part : `${path}.${part}`), '');
};

/**
 * Refuses (400 `bad_request`, one error per field, naming the field to use instead) a body that sends
 * a field Payrail sets itself (`*_attested`, `*_enc`, `*_hash`, `*_last3`, `*_last4` or a derived field
 * the policy names), or an identifier anywhere but in its intake field. The walk visits each member once,
 * with no recursion and no copying of paths (a path is spelled out only for an error).
 */
export function assertClientFields(body: unknown, policy: FieldPolicy): void {
  const errors: FieldError[] = [];
  const stack: Frame[] = [{ value: body, key: '', parent: null, node: trieOf(policy) }];
  while (stack.length) {
    const frame = stack.pop()!;
    const { value } = frame;
    if (!value || typeof value !== 'object') continue;
    if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--)
        // An array's items stand where the array does: `splits.account_number` names each item's field.
        stack.push({ value: value[i], key: `[${i}]`, parent: frame, node: frame.node });
      continue;
    }
    const children: Frame[] = [];
    for (const key of Object.keys(value)) {
      const node = frame.node?.next?.get(key) ?? null;
      const child: Frame = { value: (value as Record<string, unknown>)[key], key, parent: frame, node };
      if (node?.owned !== undefined) {
        errors.push({ path: pathOf(child), message: `${key} is set by Payrail: ${node.owned}` });
        continue;
      }
      if (isServerOwnedName(key)) {
        errors.push({
          path: pathOf(child),
          message: `${key} is set by Payrail when it checks the identifier it attests: send the identifier instead.`,
        });
        continue;
      }
      const kind = node?.kind ? null : identifierKind(key);
      if (kind) {
        const instead = policy.sendInstead(kind);
        errors.push({
          path: pathOf(child),
          message:
            `${key} looks like ${IDENTIFIER_LABEL[kind]}, which Payrail keeps only as an attestation: ` +
            (instead ? `send it as ${instead}.` : 'it is not accepted here.'),
        });
        continue;
      }
      children.push(child);
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
  return { accepts, serverOwned, sendInstead: sendInstead([employeePlace(j), ...settingsPlaces(j)]) };
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
