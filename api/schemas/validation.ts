// Draft validation and the tenant's readiness summary: what a form checks before it writes, and what an
// employer must complete before the next pay run.
import { z } from 'zod';

const open = z.record(z.string(), z.unknown());

/**
 * A draft employee as a form holds it before any id exists: the create body (personal, employment and
 * statutory fields), and the bank and retirement-fund settings as their own endpoints take them. Each part is
 * open here: the answer lists what the create and settings bodies would refuse, instead of a 400.
 */
export const draftEmployeeBody = z.strictObject({
  employee: open,
  bank: open.optional(),
  pension: open.optional(),
});
export type DraftEmployeeBody = z.output<typeof draftEmployeeBody>;

export const violationView = z.object({
  path: z.string(),
  message: z.string(),
  /** `<pack_version>/<area>/<rule>` for a pack rule; null for a field the request schema refuses. */
  rule: z.string().nullable(),
});
export type ViolationView = z.output<typeof violationView>;

export const validationView = z.object({
  valid: z.boolean(),
  violations: z.array(violationView),
});

const requirementStatus = z.enum(['complete', 'missing']);

export const tenantReadinessView = z.object({
  jurisdiction: z.string(),
  as_of: z.string(),
  /** Nothing blocks the next pay run. */
  ready: z.boolean(),
  company: z.array(
    z.object({
      kind: z.string(),
      status: requirementStatus,
      /** Whether a missing item stops pay from going out (the others are needed for lodgement). */
      blocking: z.boolean(),
      /** The statutory outputs (by kind) that cannot be drawn up while the item is missing. */
      needed_for: z.array(z.string()).optional(),
    }),
  ),
  /** Employees active today that the caller may see and that miss something, blocking ones first. */
  employees: z.array(
    z.object({
      employee_id: z.string(),
      name: z.string(),
      blocks_finalise: z.boolean(),
      blocking: z.array(z.string()),
      missing: z.array(z.string()),
      /** Missing requirements a statutory output waits for, each with the output kinds it blocks. */
      needed_for: z.record(z.string(), z.array(z.string())).optional(),
    }),
  ),
  counts: z.object({
    employees: z.number().int(),
    employees_blocked: z.number().int(),
    employees_incomplete: z.number().int(),
    company_missing: z.number().int(),
  }),
});
export type TenantReadinessView = z.output<typeof tenantReadinessView>;
