// DE statutory profile intake: tax class, church tax, children, insurance; the Steuer-ID, IBAN and
// social-insurance number are checked and kept only as attestations (IBAN sealed for paying).
import { validateDeStatutory } from '../packs/de/index.ts';
import type { Secrets } from './secrets.ts';
import { packValidationFailed } from '../lib/errors.ts';

type Fields = Record<string, unknown>;
const compact = (v: unknown) =>
  String(v ?? '')
    .replace(/\s+/g, '')
    .toUpperCase();

export function deStatutoryPatch(version: string, b: Fields, secrets: Secrets): { de: Fields; bank?: Fields } {
  // `social_security_number` and `child_allowances` are the long names of `svnr` and `children`: both
  // are accepted, and kept under the one name the calculation reads (the number only as an attestation).
  const {
    tax_id,
    iban,
    svnr: svnrShort,
    social_security_number,
    child_allowances,
    governance_reason: _r,
    effective_from: _e,
    ...fields
  } = b;
  const svnr = svnrShort ?? social_security_number;
  const rest: Fields = { ...fields };
  if (rest.children === undefined && child_allowances !== undefined) rest.children = child_allowances;
  const violations = validateDeStatutory(version, {
    ...rest,
    tax_id: tax_id === undefined ? undefined : compact(tax_id),
    iban: iban === undefined ? undefined : compact(iban),
    svnr: svnr === undefined ? undefined : compact(svnr),
  });
  if (violations.length) throw packValidationFailed(violations);
  const de: Fields = { ...rest };
  if (tax_id !== undefined && tax_id !== null) {
    de.tax_id_attested = true;
    de.tax_id_hash = secrets.attest(compact(tax_id));
  }
  if (svnr !== undefined && svnr !== null) {
    de.svnr_attested = true;
    de.svnr_hash = secrets.attest(compact(svnr));
  }
  const bank = iban !== undefined && iban !== null ? ibanFields(compact(iban), secrets) : undefined;
  return { de, bank };
}

function ibanFields(iban: string, secrets: Secrets): Fields {
  return {
    iban_attested: true,
    attested: true,
    iban_enc: secrets.encrypt(iban),
    iban_last4: iban.slice(-4),
    country: iban.slice(0, 2),
  };
}

export function deBankPatch(version: string, b: Fields, secrets: Secrets): Fields {
  const { iban, bic, account_name } = b;
  if (iban !== undefined) {
    const violations = validateDeStatutory(version, { iban: compact(iban) }, 'bank');
    if (violations.length) throw packValidationFailed(violations);
  }
  return {
    ...(iban !== undefined ? ibanFields(compact(iban), secrets) : {}),
    ...(bic !== undefined ? { bic } : {}),
    ...(account_name !== undefined ? { account_name } : {}),
  };
}
