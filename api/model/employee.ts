// The canonical employee: one core shape in every country plus its country's statutory sections, typed
// per jurisdiction. Stored as case-value patches per value period (effective dating) and decoded with
// zod when read; sensitive identifiers are kept only as attestations (keyed hash, masked digits) or
// encrypted where Payrail must use them to pay (account numbers for the payment file).
import { z } from 'zod';
import { jurisdictionOf, statutorySchema, type Statutory, type StatutoryPatch } from '../jurisdictions/index.ts';
import { decodeJsonObject, CorruptColumnError } from '../lib/json-column.ts';
import { deepMerge } from '../lib/merge.ts';
import { addressSchema } from './address.ts';

export { publicSection } from '../jurisdictions/index.ts';

const text = z.string().nullable();

export const employmentSchema = z.object({
  type: z.enum(['full_time', 'part_time', 'casual']),
  annual_salary: text,
  hourly_rate: text,
  pay_frequency: z.enum(['weekly', 'fortnightly', 'monthly', 'quarterly']),
  hours_per_week: text,
  start_date: text,
  end_date: text,
});

export const terminationSchema = z.object({
  effective_date: z.string(),
  reason_code: text,
  final: z.boolean(),
});

const open = z.record(z.string(), z.unknown());

/** The fields every country shares. */
export const employeeCoreSchema = z.object({
  first_name: z.string(),
  last_name: z.string(),
  status: z.enum(['active', 'terminated']),
  email: text,
  date_of_birth: text,
  /** The postal address statutory reports carry (single-touch payroll names each payee's). */
  address: addressSchema.nullable().default(null),
  site: text,
  position: text,
  employment: employmentSchema,
  termination: terminationSchema.nullable(),
  jurisdiction_data: open,
  /** Forwarded fields: shown at the top level of the employee. */
  extra: open,
});

export type Employment = z.output<typeof employmentSchema>;
export type Termination = z.output<typeof terminationSchema>;
export type EmployeeCore = z.output<typeof employeeCoreSchema>;
/** An employee as of one date: the core fields and the statutory sections of its jurisdiction. */
export type EmployeeData = EmployeeCore & Statutory;

/** A case-value patch as stored: core fields, employment terms one by one, statutory sections. */
export type EmployeePatch = Partial<Omit<EmployeeCore, 'employment'>> & {
  employment?: Partial<Employment>;
} & StatutoryPatch;

export const DEFAULT_EMPLOYMENT: Employment = {
  type: 'full_time',
  annual_salary: null,
  hourly_rate: null,
  pay_frequency: 'monthly',
  hours_per_week: null,
  start_date: null,
  end_date: null,
};

/** An employee with nothing recorded yet, in a jurisdiction. */
export function emptyEmployee(jurisdiction: string): EmployeeData {
  return {
    first_name: '',
    last_name: '',
    status: 'active',
    email: null,
    date_of_birth: null,
    address: null,
    site: null,
    position: null,
    employment: { ...DEFAULT_EMPLOYMENT },
    termination: null,
    jurisdiction_data: {},
    extra: {},
    ...jurisdictionOf(jurisdiction).empty(),
  };
}

/** Decodes a folded record: the core fields and the statutory sections of its jurisdiction. */
function decodeEmployee(record: unknown, what: string): EmployeeData {
  const core = employeeCoreSchema.safeParse(record);
  const statutory = statutorySchema.safeParse(record);
  if (!core.success || !statutory.success)
    throw new CorruptColumnError(
      `${what}: stored case values have the wrong shape: ${(core.error ?? statutory.error)?.message}`,
    );
  return { ...core.data, ...statutory.data };
}

/** Folds stored case-value patches (in effective order) into the employee they describe. */
export function foldPatches(patches: string[], jurisdiction: string): EmployeeData {
  let record: Record<string, unknown> = emptyEmployee(jurisdiction);
  for (const text of patches) record = deepMerge(record, decodeJsonObject(text, 'employee case values'));
  // The tenant's jurisdiction decides which sections are read, whatever a patch carries.
  return decodeEmployee({ ...record, jurisdiction }, 'employee case values');
}

/** The employee after one more patch, decoded as it will read once stored. */
export const withPatch = (e: EmployeeData, patch: EmployeePatch): EmployeeData =>
  decodeEmployee(deepMerge<Record<string, unknown>>(e, patch), 'employee patch');

/** Is the employee employed on any day of [start, end]? */
/** The last day of employment, when one is recorded (the terms' end date, else the end of employment's). */
export const employmentEndOf = (e: EmployeeData): string | null =>
  e.employment.end_date ?? e.termination?.effective_date ?? null;

export function activeInPeriod(e: EmployeeData, start: string, end: string): boolean {
  if (e.status === 'terminated' && !e.termination) return false;
  if (e.termination?.final && e.termination.effective_date < start) return false;
  if (e.employment.start_date && e.employment.start_date > end) return false;
  const endDate = employmentEndOf(e);
  if (endDate && endDate < start) return false;
  return true;
}

export const fullName = (e: Pick<EmployeeData, 'first_name' | 'last_name'>) => `${e.first_name} ${e.last_name}`;
