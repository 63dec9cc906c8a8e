// Cost centres, mapping rules and employee assignments: request bodies and the shapes of their answers.
import { z } from 'zod';
import { reasonField, tenantParams, employeeRef, timestamp } from './common.ts';

export const costCentreCode = z
  .string()
  .regex(/^[A-Z0-9][A-Z0-9-]*$/, 'Uppercase letters, digits and dashes, starting with a letter or digit.')
  .max(50);
const nullableText = z.string().max(200).nullable().optional();
const status = z.enum(['active', 'archived']);

export const costCentreParams = tenantParams.extend({ code: costCentreCode });
export const employeeParams = tenantParams.extend({ employeeId: employeeRef });
export const mappingParams = tenantParams.extend({ id: z.string().regex(/^ccm_[a-f0-9]+$/) });

export const listCostCentresQuery = z.object({ include_archived: z.enum(['true', 'false']).optional() });
export const listMappingsQuery = z.object({ source: z.enum(['employee', 'pay_item']).optional() });

export const createCostCentreBody = z.strictObject({
  code: costCentreCode,
  name: z.string().trim().min(1).max(200),
  parent_code: costCentreCode.nullable().optional(),
  gl_account: nullableText,
  site: nullableText,
  status: status.optional(),
  ...reasonField,
});
export type CreateCostCentreInput = z.output<typeof createCostCentreBody>;

export const updateCostCentreBody = z.strictObject({
  name: z.string().trim().min(1).max(200).optional(),
  parent_code: costCentreCode.nullable().optional(),
  gl_account: nullableText,
  site: nullableText,
  status: status.optional(),
  ...reasonField,
});
export type UpdateCostCentreInput = z.output<typeof updateCostCentreBody>;

export const assignCostCentreBody = z.strictObject({ cost_centre_code: costCentreCode, ...reasonField });

export const createMappingBody = z.strictObject({
  source: z.enum(['employee', 'pay_item']),
  attribute: z.string().min(1).max(200),
  match_value: z.union([z.string().min(1).max(200), z.number()]),
  cost_centre_code: costCentreCode,
  priority: z.number().int().min(0).max(1_000_000).default(100),
  ...reasonField,
});
export type CreateMappingInput = z.output<typeof createMappingBody>;

// ---- answers

export const costCentreSchema = z.object({
  code: z.string(),
  name: z.string(),
  parent_code: z.string().nullable(),
  gl_account: z.string().nullable(),
  site: z.string().nullable(),
  status,
  created_at: timestamp,
  updated_at: timestamp,
});

export const archivedCostCentreSchema = z.object({ code: z.string(), status: z.literal('archived') });

/** A mapping rule's match value: a string or a number, `*` is the catch-all. */
export const matchValue = z.union([z.string(), z.number()]);

export const mappingSchema = z.object({
  id: z.string(),
  source: z.enum(['employee', 'pay_item']),
  attribute: z.string(),
  match_value: matchValue,
  cost_centre_code: z.string(),
  priority: z.number().int(),
  created_at: timestamp,
});

export const deletedMappingSchema = z.object({ id: z.string(), deleted: z.literal(true) });

export const assignmentSchema = z.object({ employee_id: z.string(), cost_centre_code: z.string() });
export const unassignmentSchema = z.object({ employee_id: z.string(), cost_centre_code: z.null() });
