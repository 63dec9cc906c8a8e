// Pay schedules and the payroll calendar: request bodies, queries and the shapes of their answers.
import { z } from 'zod';
import { isoDate, reasonField, tenantParams, timestamp } from './common.ts';

const frequency = z.enum(['weekly', 'fortnightly', 'monthly', 'quarterly']);
const bankHolidayRule = z.enum(['before', 'after', 'none']);
const status = z.enum(['active', 'archived']);
const state = z.string().trim().min(1).max(50);

export const payScheduleParams = tenantParams.extend({ scheduleId: z.string().regex(/^psch_[a-f0-9]+$/) });
export const listPaySchedulesQuery = z.object({ include_archived: z.enum(['true', 'false']).optional() });

const fields = {
  name: z.string().trim().min(1).max(100),
  frequency,
  anchor_date: isoDate,
  payment_offset_days: z.number().int().min(-31).max(60),
  bank_holiday_rule: bankHolidayRule,
  cutoff_days: z.number().int().min(0).max(30),
  state: state.nullable(),
};

export const createPayScheduleBody = z.strictObject({
  name: fields.name,
  frequency: fields.frequency,
  anchor_date: fields.anchor_date,
  payment_offset_days: fields.payment_offset_days.default(0),
  bank_holiday_rule: fields.bank_holiday_rule.default('before'),
  cutoff_days: fields.cutoff_days.default(2),
  state: fields.state.optional(),
  ...reasonField,
});
export type CreatePayScheduleInput = z.output<typeof createPayScheduleBody>;

export const updatePayScheduleBody = z.strictObject({
  name: fields.name.optional(),
  frequency: fields.frequency.optional(),
  anchor_date: fields.anchor_date.optional(),
  payment_offset_days: fields.payment_offset_days.optional(),
  bank_holiday_rule: fields.bank_holiday_rule.optional(),
  cutoff_days: fields.cutoff_days.optional(),
  state: fields.state.optional(),
  status: status.optional(),
  ...reasonField,
});
export type UpdatePayScheduleInput = z.output<typeof updatePayScheduleBody>;

export const calendarQuery = z.object({
  from: isoDate.optional(),
  to: isoDate.optional(),
  state: state.optional(),
});

// ---- answers

const payDate = z.object({
  period_start: z.string(),
  period_end: z.string(),
  payment_date: z.string(),
  scheduled_date: z.string(),
  cut_off: z.string(),
  holidays_known: z.boolean(),
});

export const payScheduleSchema = z.object({
  id: z.string(),
  name: z.string(),
  frequency,
  anchor_date: z.string(),
  payment_offset_days: z.number().int(),
  bank_holiday_rule: bankHolidayRule,
  cutoff_days: z.number().int(),
  state: z.string().nullable(),
  /** The region whose holidays move its dates: its own state, else the company's; null: national holidays. */
  holiday_region: z.string().nullable(),
  status,
  next_pay_dates: z.array(payDate),
  created_at: timestamp,
  updated_at: timestamp,
});

export const archivedPayScheduleSchema = z.object({ id: z.string(), status: z.literal('archived') });

const holidayFields = {
  scope: z.enum(['statewide', 'regional', 'part_day', 'limited']),
  area: z.string().optional(),
  hours: z.string().optional(),
  substitute: z.boolean().optional(),
};

export const calendarEventSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('holiday'),
    date: z.string(),
    name: z.string(),
    region: z.string(),
    ...holidayFields,
  }),
  z.object({
    type: z.enum(['pay_date', 'cut_off']),
    date: z.string(),
    schedule_id: z.string(),
    schedule_name: z.string(),
    frequency,
    period_start: z.string(),
    period_end: z.string(),
    payment_date: z.string(),
    /** The date before the bank-holiday rule moved it; present only when it moved. */
    moved_from: z.string().optional(),
    holidays_known: z.boolean(),
  }),
]);

export const calendarSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** The state or Land whose holidays are shown; null: those observed everywhere in the country. */
  state: z.string().nullable(),
  state_name: z.string().nullable(),
  /** Where `state` came from. */
  state_source: z.enum(['query', 'company', 'national']),
  regions: z.array(z.object({ code: z.string(), name: z.string() })),
  holidays_covered: z.object({ from: z.number().int(), to: z.number().int() }),
  events: z.array(calendarEventSchema),
});
