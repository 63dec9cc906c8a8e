// Tax file numbers, tax ids and account numbers in request bodies never reach an evidence hash raw.

const SENSITIVE =
  /^(tfn|tax_id|tax_file_number|bank_account_number|account_number|iban|smsf_account_number|social_security_number|svnr|steuer_id)$/i;

export function redactSensitive(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redactSensitive);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([k, v]) => [
        k,
        SENSITIVE.test(k) && v !== null && v !== undefined ? '[attested]' : redactSensitive(v),
      ]),
    );
  }
  return value;
}
