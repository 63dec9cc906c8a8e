// Sealed values and hashes kept beside attestation flags: stripped from every view.
const PRIVATE_KEYS = new Set([
  'tfn_hash',
  'tax_id_hash',
  'account_enc',
  'iban_enc',
  'svnr_hash',
  'member_number_enc',
  'smsf_account_enc',
]);

export function publicSection(section: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(section).filter(([k]) => !PRIVATE_KEYS.has(k)));
}
