import { z } from 'zod';
import { isoDate, moneyInput } from './common.ts';

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

/** Extra string/number/boolean/object fields are forwarded to the pack (kept on the employee). */
export const createEmployeeBody = z
  .object({
    first_name: z.string().trim().min(1).max(100),
    last_name: z.string().trim().min(1).max(100),
    ...base,
  })
  .catchall(passthroughValue);

export const patchEmployeeBody = z
  .object({
    first_name: z.string().trim().min(1).max(100).optional(),
    last_name: z.string().trim().min(1).max(100).optional(),
    ...base,
  })
  .catchall(passthroughValue);

export const settingsBody = z
  .object({ effective_from: isoDate.optional(), governance_reason: z.string().optional() })
  .catchall(passthroughValue);

export const endEmploymentBody = z.strictObject({
  effective_date: isoDate.optional(),
  reason_code: z.enum(['V', 'I', 'D', 'R', 'F', 'C', 'T']).optional(),
  governance_reason: z.string().optional(),
});

export const asOfQuery = z.object({ as_of: isoDate.optional() });
