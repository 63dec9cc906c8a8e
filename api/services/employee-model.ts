// The canonical employee: one shape in every country. Stored per value period (effective dating);
// sensitive identifiers are kept only as attestations (keyed hash, masked digits) or encrypted
// where Payrail must use them to pay (account numbers for the payment file).
import type { PayFrequency } from '../packs/types.ts';

export interface Employment {
  type: 'full_time' | 'part_time' | 'casual';
  annual_salary: string | null;
  hourly_rate: string | null;
  pay_frequency: PayFrequency;
  hours_per_week: string | null;
  start_date: string | null;
  end_date: string | null;
}

export interface Termination {
  effective_date: string;
  reason_code: string | null;
  final: boolean;
}

export interface EmployeeData {
  first_name: string;
  last_name: string;
  status: 'active' | 'terminated';
  email: string | null;
  date_of_birth: string | null;
  site: string | null;
  position: string | null;
  employment: Employment;
  termination: Termination | null;
  /** Tax declaration: settings and attestation flags, never a raw TFN or tax id. */
  tax: Record<string, unknown>;
  /** Bank account: masked digits, attestation and (for paying) the sealed account number. */
  bank: Record<string, unknown>;
  /** Retirement: super fund (AU). */
  pension: Record<string, unknown>;
  /** German statutory profile (tax class, church tax, insurance). */
  de: Record<string, unknown>;
  jurisdiction_data: Record<string, unknown>;
  extra: Record<string, unknown>;
}

export const DEFAULT_EMPLOYMENT: Employment = {
  type: 'full_time',
  annual_salary: null,
  hourly_rate: null,
  pay_frequency: 'monthly',
  hours_per_week: null,
  start_date: null,
  end_date: null,
};

/** Is the employee employed on any day of [start, end]? */
export function activeInPeriod(e: EmployeeData, start: string, end: string): boolean {
  if (e.status === 'terminated' && !e.termination) return false;
  if (e.termination?.final && e.termination.effective_date < start) return false;
  if (e.employment.start_date && e.employment.start_date > end) return false;
  const endDate = e.employment.end_date ?? e.termination?.effective_date ?? null;
  if (endDate && endDate < start) return false;
  return true;
}

export const fullName = (e: Pick<EmployeeData, 'first_name' | 'last_name'>) => `${e.first_name} ${e.last_name}`;

/** Fields that may never be returned: stripped from every public view. */
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
