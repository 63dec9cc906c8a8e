// DE statutory profile intake: tax class, church tax, children, insurance; the Steuer-ID, IBAN and
// social-insurance number are checked and kept only as attestations (IBAN sealed for paying).
import { validateDeStatutory } from '../../packs/de/index.ts';
import type { Fields, Sealer } from '../types.ts';
import { capabilityNotSupported, packValidationFailed } from '../../lib/errors.ts';

const compact = (v: unknown) =>
  String(v ?? '')
    .replace(/\s+/g, '')
    .toUpperCase();

/** A numeric string the pack rules accepted is kept as the number the calculation reads. */
const asNumber = (v: unknown) =>
  typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v)) ? Number(v) : v;
/** Decimal settings (factor, yearly allowance) are kept as decimal strings. */
const asDecimal = (v: unknown) => (typeof v === 'number' ? String(v) : v);

function normalised(fields: Fields): Fields {
  const out: Fields = { ...fields };
  const denomination = out.church_tax_denomination;
  if (typeof denomination === 'string') out.church_tax_denomination = denomination.trim().toLowerCase();
  const health = out.health_insurance;
  if (health && typeof health === 'object') {
    const insurer = (health as Fields).insurer as Fields | null | undefined;
    if (insurer && typeof insurer === 'object')
      out.health_insurance = {
        ...(health as Fields),
        insurer: {
          name: String(insurer.name).trim(),
          betriebsnummer: String(insurer.betriebsnummer).replace(/\s+/g, ''),
        },
      };
  }
  for (const k of ['tax_class', 'children', 'birth_year'] as const) if (k in out) out[k] = asNumber(out[k]);
  for (const k of ['factor', 'annual_allowance', 'annual_addition'] as const) if (k in out) out[k] = asDecimal(out[k]);
  return out;
}

export function deStatutoryPatch(version: string, b: Fields, sealer: Sealer): { de: Fields; bank?: Fields } {
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
  if (
    rest.minijob_taxation !== undefined &&
    rest.minijob_taxation !== null &&
    !['flat', 'individual'].includes(String(rest.minijob_taxation))
  )
    violations.push({
      rule: `${version}/tax/minijob_taxation`,
      path: 'statutory.de.minijob_taxation',
      message: 'minijob_taxation must be flat (the 2 % flat tax) or individual (taxed by tax class).',
    });
  if (violations.length) throw packValidationFailed(violations);
  const de: Fields = normalised(rest);
  if (tax_id !== undefined && tax_id !== null) {
    de.tax_id_attested = true;
    de.tax_id_hash = sealer.attest(compact(tax_id));
  }
  if (svnr !== undefined && svnr !== null) {
    de.svnr_attested = true;
    de.svnr_hash = sealer.attest(compact(svnr));
  }
  const bank = iban !== undefined && iban !== null ? ibanFields(compact(iban), sealer) : undefined;
  return { de, bank };
}

function ibanFields(iban: string, sealer: Sealer): Fields {
  return {
    iban_attested: true,
    attested: true,
    iban_enc: sealer.encrypt(iban),
    iban_last4: iban.slice(-4),
    country: iban.slice(0, 2),
  };
}

export function deBankPatch(version: string, b: Fields, sealer: Sealer): Fields {
  const { iban, bic, account_name } = b;
  // Net pay split across accounts is an AU bank-file feature: a SEPA payment here pays one IBAN.
  if (b.splits !== undefined && b.splits !== null)
    throw capabilityNotSupported(
      'split_bank_accounts',
      version,
      ['PATCH …/employees/{id}/bank-accounts with one iban'],
      'Splitting net pay across several accounts is not in this pack: pay goes to one IBAN.',
    );
  if (iban !== undefined) {
    const violations = validateDeStatutory(version, { iban: compact(iban) }, 'bank');
    if (violations.length) throw packValidationFailed(violations);
  }
  return {
    ...(iban !== undefined ? ibanFields(compact(iban), sealer) : {}),
    ...(bic !== undefined ? { bic } : {}),
    ...(account_name !== undefined ? { account_name } : {}),
  };
}
