// Modern awards (AU): what GET /awards, GET /awards/{code} and the employee award assignment answer.
import { z } from 'zod';
import { AWARD_RATE_KINDS, type AwardRateKind } from '../packs/au/awards/types.ts';
const money = z.string().regex(/^-?\d+\.\d{2}$/);

// One field per rate kind, from the pack's single list of them.
const byKind = <T extends z.ZodType>(value: T) =>
  z.strictObject(Object.fromEntries(AWARD_RATE_KINDS.map((k) => [k, value])) as Record<AwardRateKind, T>);
const percentages = byKind(
  z.string().nullable().describe('Null: the award pays no such rate or its sources do not settle it (501)'),
);
const span = z.object({ from: z.string(), to: z.string() });

export const awardSummarySchema = z.object({
  code: z.string(),
  name: z.string(),
  rates_from: z.string(),
  classifications: z.number().int(),
});

export const awardDetailSchema = z.object({
  code: z.string(),
  name: z.string(),
  pack_version: z.string(),
  rates_from: z.string(),
  rates_basis: z.string(),
  sources: z.array(z.object({ title: z.string(), url: z.string(), published: z.string().nullable() })),
  casual_loading_percent: z.string(),
  percentages: z.object({ permanent: percentages, casual: percentages }).describe('Percent of the minimum hourly rate'),
  span_of_ordinary_hours: z
    .object({ weekday: span, saturday: span, sunday: span })
    .nullable()
    .describe('Null: ordinary hours may fall at any time of day'),
  evening_from: z.string().nullable().describe('Weekday hours from this time are paid the evening rate'),
  flat_amounts: z
    .array(
      z.object({
        kind: z.enum(['evening', 'night']),
        from: z.string(),
        to: z.string().describe('`24:00` is midnight at the end of the day'),
        amount: money,
        clause: z.string(),
      }),
    )
    .describe('Flat amounts per hour or part hour of ordinary Monday-Friday work in the window, on top of the rate'),
  overtime: z.object({
    daily_hours: z.string(),
    weekly_hours: z.string(),
    first_tier_hours: z.string(),
    first_tier_days: z.enum(['monday_to_saturday', 'monday_to_friday']),
    unsettled: z.string().nullable().describe('Why overtime at a null percentage (or Saturday) is refused'),
  }),
  minimum_engagement: z
    .object({ casual_hours: z.string(), clause: z.string(), note: z.string() })
    .describe("A casual's shorter shift is paid up to this, as a line of its own"),
  clauses: z.record(z.string(), z.string()),
  rate_kinds: z.array(z.enum(AWARD_RATE_KINDS)).describe('The rows of the rates table, in the order to show them'),
  classifications: z.array(
    z.object({
      code: z.string(),
      name: z.string(),
      weekly_rate: money,
      hourly_rate: money,
      note: z.string().nullable().describe('How far the rate is corroborated, where one source states it'),
      rates: z.object({ permanent: byKind(money.nullable()), casual: byKind(money.nullable()) }),
    }),
  ),
});

export const awardParams = z.object({
  tenantId: z.string().min(1).max(100),
  code: z.string().regex(/^MA\d{6}$/i, 'Expected an award code such as MA000004.'),
});

export const assignAwardBody = z.strictObject({
  award: z.string().regex(/^MA\d{6}$/i, 'Expected an award code such as MA000004.'),
  classification: z.string().min(1).max(50),
  state: z.string().min(2).max(40).optional().describe('Where the employee works (public holidays); default: address'),
  governance_reason: z.string().optional(),
});

export const employeeAwardSchema = z.object({
  employee_id: z.string(),
  award: z.string(),
  award_name: z.string().nullable(),
  classification: z.string(),
  classification_name: z.string().nullable(),
  state: z.string(),
  employment_type: z.enum(['full_time', 'part_time', 'casual']),
  minimum_hourly_rate: money.nullable(),
  assigned_at: z.string(),
});
