// Leave: request bodies and the shapes of the answers (requests, the catalogue, balances, bookings).
import { z } from 'zod';
import { employeeRef, isoDate, reasonField, tenantParams, timestamp } from './common.ts';
import { MASTER_LEAVE_TYPES } from '../packs/leave/master-types.ts';
import { pageQuery } from './common.ts';

const status = z.enum(['pending', 'approved', 'rejected', 'cancelled']);
const unit = z.enum(['hours', 'days']);
const nonNegative = z.union([z.number().finite().nonnegative(), z.string().regex(/^\d+(\.\d{1,4})?$/)]);
const note = z.string().max(500);

export const leaveRequestParams = tenantParams.extend({ id: z.string().regex(/^req_[A-Za-z0-9]+$/) });

export const createLeaveRequestBody = z.strictObject({
  employee_id: employeeRef,
  leave_type: z.string().min(1).max(100),
  employee_name: z.string().max(200).optional(),
  start_date: isoDate,
  end_date: isoDate.nullable().optional(),
  quantity: z.number().finite().nonnegative().optional(),
  unit: unit.optional(),
  reason: z.string().max(2000).optional(),
});

export const decideLeaveRequestBody = z.strictObject({ note: note.optional(), ...reasonField });

export const listLeaveRequestsQuery = z.object({
  status: status.optional(),
  employee_id: employeeRef.optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
  ...pageQuery,
});

/** The balance a pending request draws on, as it stands, and whether it covers the request. */
export const coverageSchema = z.object({
  leave_type: z.string().describe('The balance drawn on: annual, personal or long_service'),
  unit,
  requested: z.string(),
  available: z.string(),
  after: z.string(),
  covered: z.boolean().describe('False: approval would be refused (the employer allows no negative balance)'),
  message: z.string().nullable().describe('Why approval would be refused, in words; null when covered'),
});

export const leaveRequestSchema = z.object({
  id: z.string(),
  employee_id: z.string(),
  employee_name: z.string(),
  leave_type: z.string(),
  start_date: z.string(),
  end_date: z.string().nullable(),
  quantity: z.string().nullable(),
  unit,
  working_days: z.number().int(),
  reason: z.string().nullable(),
  status,
  decision_note: z.string().nullable(),
  decided_by: z.string().nullable(),
  decided_at: timestamp.nullable(),
  evidence_id: z.string().nullable(),
  balance: coverageSchema
    .nullable()
    .describe('Pending: the balance the request draws on and whether it covers it; null once decided or for none'),
  created_at: timestamp,
  updated_at: timestamp,
});

export const leaveTypesQuery = z.object({ employee_id: employeeRef.optional() });

export const leaveQuoteQuery = z.object({
  employee_id: employeeRef.optional().describe("Default: the token's pinned employee"),
  leave_type: z.string().min(1).max(100),
  start_date: isoDate,
  end_date: isoDate.optional(),
  quantity: z
    .string()
    .regex(/^\d+(\.\d{1,4})?$/, 'A number with at most 4 decimals')
    .optional()
    .describe('Default: counted from the dates'),
  unit: unit.optional(),
});

export const leaveQuoteSchema = z.object({
  employee_id: z.string(),
  leave_type: z.string(),
  unit,
  quantity: z.string(),
  working_days: z.number().int(),
  balance: coverageSchema.nullable(),
});

export const leaveTypeRowSchema = z.object({
  code: z.string(),
  name: z.string(),
  category: z.enum(MASTER_LEAVE_TYPES),
  paid: z.boolean(),
  unit,
  source: z.string(),
});

export const createLeaveTypeBody = z.strictObject({
  leave_type: z.string().min(1).max(100).optional(),
  name: z.string().max(100).optional(),
  master_id: z.union([z.string().max(50), z.number().int()]).optional(),
  ...reasonField,
});

export const tenantLeaveTypeSchema = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  master_id: z.enum(MASTER_LEAVE_TYPES),
});

export const balancesQuery = z.object({
  employee_id: employeeRef.optional(),
  as_of: isoDate.optional(),
  detail: z.enum(['true', 'false']).optional(),
});

export const balanceRowSchema = z.object({
  employee_id: z.string(),
  employee_name: z.string(),
  leave_type: z.string(),
  accrued: z.string(),
  taken: z.string(),
  balance: z.string(),
  unit,
  movements: z
    .array(
      z.object({
        date: z.string(),
        kind: z.enum(['opening', 'accrual', 'taken', 'paid_out', 'entitlement']),
        quantity: z.string(),
        evidence_id: z.string().nullable(),
        pay_run_id: z.string().nullable(),
      }),
    )
    .optional(),
});

// A number is held to the same form as a string (at most 4 decimals): 5e-324 is not an hours figure.
const hoursInput = z
  .union([z.number().finite().nonnegative(), z.string()])
  .transform(String)
  .pipe(z.string().regex(/^\d+(\.\d{1,4})?$/, 'Hours as a number with at most 4 decimals'));

/** The configuration fields Payrail knows; anything else in the body is kept as the settings' extras. */
export const openingBalancesBody = z
  .strictObject({
    as_at: isoDate.optional().describe('The date the balances stand at; default start_date, else today'),
    annual: hoursInput.optional().describe('Annual leave hours'),
    personal: hoursInput.optional().describe("Personal/carer's leave hours"),
    long_service: hoursInput.optional().describe('Long service leave hours'),
    source: z
      .string()
      .max(500)
      .optional()
      .describe("Where the figures come from (e.g. the previous payroll's leave report), kept with the evidence"),
  })
  .describe("One employee's leave balances brought into Payrail, as at a date; set, not added, on a repeat");

export const configureLeaveFields = z.object({
  employee_id: employeeRef.optional(),
  vendorId: employeeRef.optional(),
  accrual_method: z.enum(['Monthly', 'ordinary_hours', 'none', 'None']).default('Monthly'),
  annual_entitlement_hours: hoursInput
    .optional()
    .describe(
      'Yearly annual leave entitlement in hours (NES: 152 for 38 hours a week, Fair Work Act s 87(1)); per employee ' +
        "for the employee's ordinary hours, tenant-wide for 38 hours a week. Sets the accrual rate; less than the NES is 422",
    ),
  personal_entitlement_hours: hoursInput
    .optional()
    .describe("Yearly personal/carer's leave entitlement in hours (NES: 76 for 38 hours a week, s 96(1)); as above"),
  long_service_hours: hoursInput.optional().describe('Legacy: the opening long service leave balance'),
  opening_balances: openingBalancesBody.optional(),
  start_date: isoDate.optional(),
  shift_worker: z.boolean().optional(),
  leave_loading: z.boolean().optional(),
  long_service_state: z.string().max(3).nullable().optional(),
  allow_negative_balance: z.boolean().optional(),
});

export const configureLeaveBody = configureLeaveFields.extend(reasonField).passthrough();

export const configureResultSchema = z.object({ ok: z.literal(true), employee_id: z.string().nullable() });

export const bookLeaveBody = z.strictObject({
  employee_id: employeeRef.optional(),
  vendorId: employeeRef.optional(),
  payRunEmployeeId: employeeRef.optional(),
  leave_type: z.enum(MASTER_LEAVE_TYPES).optional(),
  category: z.string().max(100).optional(),
  leave_type_code: z.string().max(100).optional(),
  quantity: nonNegative.optional(),
  hours: nonNegative.optional(),
  days: nonNegative.optional(),
  unit: unit.optional(),
  start_date: isoDate.optional(),
  end_date: isoDate.nullable().optional(),
  pay_run_id: z.string().max(100).optional(),
  amount: nonNegative.optional(),
  effective_from: isoDate.optional(),
  agreement_reference: z
    .string()
    .min(1)
    .max(200)
    .optional()
    .describe(
      'Annual leave cashed out (leave_type cash_out): the reference of the separate written agreement (Fair Work Act ' +
        'ss 93(3), 94); required for it',
    ),
  ...reasonField,
});
export type BookLeaveInput = z.output<typeof bookLeaveBody>;

export const bookingReceiptSchema = z.object({
  booked: z.literal(true),
  employee_id: z.string(),
  leave_type: z.string(),
  unit,
  quantity: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  evidence_id: z.string(),
  pay_run_id: z.string().nullable(),
  agreement_reference: z
    .string()
    .optional()
    .describe('Annual leave cashed out: the written agreement it is paid under'),
});

export const leaveTermsQuery = z.object({ employee_id: employeeRef });

export const leaveTermsSchema = z.object({
  employee_id: z.string(),
  accrual_method: z.enum(['ordinary_hours', 'none']),
  hours_per_week: z.string().describe('Ordinary hours a week the entitlements are worked out for'),
  annual_entitlement_hours: z.string().describe('Yearly annual leave entitlement in hours (0.00 for a casual)'),
  personal_entitlement_hours: z.string().describe("Yearly personal/carer's leave entitlement in hours"),
  entitlement_basis: z.enum(['nes', 'employer']).describe('The NES, or more as the employer configured'),
  shift_worker: z.boolean(),
  annual_leave_loading: z
    .object({
      percent: z.string(),
      source: z.enum(['award', 'terms']).describe("award: the employee's award grants it; terms: the contract"),
      award_name: z.string().nullable(),
    })
    .nullable(),
  long_service_state: z.string().nullable(),
});
