import { z } from 'zod';
import { isoDate, moneyInput } from './common.ts';
import { costCentreCode } from './cost-centres.ts';
import { violationView } from './validation.ts';
import { addressBody, addressSchema } from '../model/address.ts';
import { JURISDICTIONS, type SettingsKind } from '../jurisdictions/index.ts';

const hours = z
  .union([z.number().positive().max(168), z.string().regex(/^\d{1,3}(\.\d{1,2})?$/, 'Expected hours per week.')])
  .transform(String);

export const employmentSchema = z.strictObject({
  type: z.enum(['full_time', 'part_time', 'casual']).optional(),
  annual_salary: moneyInput.nullable().optional(),
  hourly_rate: moneyInput.nullable().optional(),
  pay_frequency: z.enum(['weekly', 'fortnightly', 'monthly', 'quarterly']).optional(),
  hours_per_week: hours.nullable().optional(),
  start_date: isoDate.nullable().optional(),
  end_date: isoDate.nullable().optional(),
});

const open = z.record(z.string(), z.unknown());
const passthroughValue = z.union([z.string(), z.number(), z.boolean(), open, z.null()]);

const base = {
  email: z.email().nullable().optional(),
  date_of_birth: isoDate.nullable().optional(),
  address: addressBody.nullable().optional(),
  position: z.string().max(200).nullable().optional(),
  site: z.string().max(100).nullable().optional(),
  status: z.enum(['active', 'terminated']).optional(),
  employment: employmentSchema.optional(),
  effective_from: isoDate.optional(),
  jurisdiction_data: open.optional(),
  statutory: z.object({ au: open.optional(), de: open.optional() }).optional(),
  tax_profile: open.optional(),
  governance_reason: z.string().optional(),
};

/**
 * Extra string/number/boolean/object fields are forwarded to the pack (kept on the employee). A hire may
 * be placed in a cost centre at once (later moves go through PUT …/cost-centre).
 */
export const createEmployeeBody = z
  .object({
    first_name: z.string().trim().min(1).max(100),
    last_name: z.string().trim().min(1).max(100),
    cost_centre_code: costCentreCode.nullable().optional(),
    ...base,
  })
  .catchall(passthroughValue);

/** A bulk-hire row that does not parse as a hire body: kept, with why, for the row's own answer. */
export class RejectedRow {
  constructor(
    readonly input: unknown,
    readonly issues: z.core.$ZodIssue[],
  ) {}
}

/** Rows one bulk hire takes (the request body stays under its size limit, api/app.ts). */
export const BULK_HIRE_MAX_ROWS = 10_000;

/**
 * POST employees/bulk: each row is a POST employees body. A row that does not parse is not a 400 for the whole
 * request: it is answered in its place (the schema documents every row as the hire body it must be).
 */
export const bulkHireBody = z.object({
  employees: z
    .array(createEmployeeBody.catch((c) => new RejectedRow(c.input, c.error.issues) as unknown as CreateEmployeeBody))
    .min(1)
    .max(BULK_HIRE_MAX_ROWS),
  governance_reason: z.string().optional(),
});

export const patchEmployeeBody = z
  .object({
    first_name: z.string().trim().min(1).max(100).optional(),
    last_name: z.string().trim().min(1).max(100).optional(),
    ...base,
  })
  .catchall(passthroughValue);

/** AU bank accounts: net pay split across up to three accounts (the pack checks the values, 422). */
const splitAccount = z.looseObject({
  bsb: z.string().optional(),
  account_number: z.string().optional(),
  account_name: z.string().optional(),
  /** A fixed amount ("100.00") or a percentage ("20") of what fixed amounts leave; neither on the last. */
  amount: z.string().optional(),
  percent: z.string().optional(),
});

export const settingsBody = z
  .object({
    effective_from: isoDate.optional(),
    governance_reason: z.string().optional(),
    splits: z.array(splitAccount).nullable().optional(),
  })
  .catchall(passthroughValue);

export const endEmploymentBody = z.strictObject({
  effective_date: isoDate.optional(),
  reason_code: z.enum(['V', 'I', 'D', 'R', 'F', 'C', 'T']).optional(),
  governance_reason: z.string().optional(),
});

export const asOfQuery = z.object({ as_of: isoDate.optional() });

export type EmployeeBody = z.output<typeof patchEmployeeBody>;
export type CreateEmployeeBody = z.output<typeof createEmployeeBody>;
export type SettingsBody = z.output<typeof settingsBody>;
export type EndEmploymentBody = z.output<typeof endEmploymentBody>;

// Answers. The employee and its country parts are open objects (SPEC): documented fields are typed,
// further fields may appear.

const money2dp = z.string().regex(/^\d+\.\d{2}$/, 'A 2-decimal amount.');
const oneOf = (schemas: z.ZodType[]): z.ZodType =>
  schemas.length === 1 ? schemas[0] : z.union(schemas as [z.ZodType, z.ZodType, ...z.ZodType[]]);
const distinct = (schemas: z.ZodType[]) => [...new Set(schemas)];

const statutoryView = z.object(
  Object.fromEntries(
    JURISDICTIONS.flatMap((j) =>
      j.viewKey && j.viewSchemas.section ? [[j.viewKey, j.viewSchemas.section.nullable()]] : [],
    ),
  ),
);

export const employeeView = z.looseObject({
  id: z.string().regex(/^emp_[A-Za-z0-9_-]+$/),
  first_name: z.string(),
  last_name: z.string(),
  status: z.enum(['active', 'terminated']),
  email: z.string().nullable(),
  date_of_birth: z.string().nullable(),
  /** Shown to payroll roles and to the employee; left out for viewers. */
  address: addressSchema.nullable().optional(),
  position: z.string().nullable(),
  employment: z.looseObject({
    type: z.enum(['full_time', 'part_time', 'casual']),
    annual_salary: money2dp.nullable(),
    hourly_rate: money2dp.nullable(),
    pay_frequency: z.enum(['weekly', 'fortnightly', 'monthly', 'quarterly']),
    hours_per_week: z.string().nullable(),
    start_date: z.string().nullable(),
    end_date: z.string().nullable(),
  }),
  termination: z
    .object({ effective_date: z.string(), reason_code: z.string().nullable(), final: z.boolean() })
    .nullable(),
  cost_centre_code: z.string().nullable(),
  site: z.string().nullable(),
  statutory: statutoryView,
  tax_profile: oneOf(distinct(JURISDICTIONS.map((j) => j.viewSchemas.taxProfile))),
  retirement: oneOf(distinct(JURISDICTIONS.map((j) => j.viewSchemas.retirement))),
  jurisdiction_data: z.looseObject({}),
  as_of: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  /** One employee's read: the evidence record of their last governed change (null when none is linked). */
  evidence_id: z.string().nullable().optional(),
});

/** GET …/tax-settings, …/bank-accounts, …/pension: attested flags and settings, per country. */
export const settingsView = (kind: SettingsKind) =>
  oneOf(distinct(JURISDICTIONS.map((j) => j.viewSchemas.settings[kind])));

export const readinessView = z.object({
  jurisdiction: z.string(),
  tabs: z.record(z.string(), z.object({ status: z.enum(['complete', 'incomplete']), missing: z.array(z.string()) })),
  blocks_finalise: z.boolean(),
  unverified_requirements: z.array(z.string()),
  /** The unverified requirements that block finalise. */
  blocking: z.array(z.string()),
  /** Requirements a statutory output waits for (DE), each with the output kinds it blocks; pay still goes out. */
  needed_for: z.record(z.string(), z.array(z.string())).optional(),
});

/** One bulk-hire row's outcome, in the order the rows were sent. */
export const bulkHireRowResult = z.discriminatedUnion('status', [
  z.object({
    row: z.number().int().nonnegative(),
    status: z.literal('created'),
    employee: employeeView,
    /** The hire's own evidence record (`employee.created`). */
    evidence_id: z.string(),
  }),
  z.object({
    row: z.number().int().nonnegative(),
    status: z.literal('refused'),
    /** The error a single hire of this row would have answered; paths start `employees.<row>.`. */
    error: z.object({
      code: z.string(),
      status: z.number().int(),
      message: z.string(),
      errors: z.array(violationView),
    }),
  }),
]);

export const bulkHireView = z.object({
  id: z.string().regex(/^bulk_/),
  /** `succeeded` once every row is answered; a large import is `queued` or `running` until then. */
  status: z.enum(['queued', 'running', 'succeeded', 'failed']),
  /** Rows sent. */
  total: z.number().int().nonnegative(),
  /** Rows answered so far (refused rows at once, hired rows as they are written). */
  progress: z.number().int().nonnegative(),
  created: z.number().int().nonnegative().nullable(),
  refused: z.number().int().nonnegative().nullable(),
  /** Every row's outcome in order, once the import has succeeded (null before). */
  results: z.array(bulkHireRowResult).nullable(),
});
