import { z } from 'zod';
import { isoDate, moneyInput } from './common.ts';
import type { PayItem } from '../engines/types.ts';

/**
 * What the OpenAPI document shows for a value validated later, in the route: timesheet rows are checked one by
 * one there, so every bad row is reported with its index, while the document still describes a row.
 */
function documented(schema: z.ZodType) {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io: 'input' });
  return rest;
}

const hours = z
  .union([z.number().positive().max(1000), z.string().regex(/^\d{1,4}(\.\d{1,4})?$/, 'Expected hours.')])
  .transform(String);
const multiplier = z.union([z.number().positive().max(5), z.string().regex(/^\d(\.\d{1,4})?$/)]).transform(String);

export const createRunBody = z.strictObject({
  period_start: isoDate,
  period_end: isoDate,
  payment_date: isoDate,
  pay_frequency: z.enum(['weekly', 'fortnightly', 'monthly', 'quarterly']).optional(),
  governance_reason: z.string().optional(),
});

const HOUR_TYPES = ['ordinary_hours', 'overtime', 'leave'] as const;
const AMOUNT_TYPES = ['allowance', 'bonus', 'deduction', 'salary_sacrifice', 'leave_pay'] as const;

export const itemSchema = z
  .strictObject({
    type: z.enum([...HOUR_TYPES, ...AMOUNT_TYPES]),
    hours: hours.optional(),
    amount: moneyInput.optional(),
    multiplier: multiplier.optional(),
    description: z.string().max(200).optional(),
    code: z.string().max(50).optional(),
  })
  .superRefine((i, c) => {
    if ((HOUR_TYPES as readonly string[]).includes(i.type) && !i.hours)
      c.addIssue({ code: 'custom', path: ['hours'], message: `${i.type} needs hours.` });
    if ((AMOUNT_TYPES as readonly string[]).includes(i.type) && !i.amount)
      c.addIssue({ code: 'custom', path: ['amount'], message: `${i.type} needs an amount.` });
  });

export const entryBody = z.strictObject({
  employee_id: z.string().regex(/^emp_[A-Za-z0-9_-]+$/, 'Expected an emp_ id.'),
  items: z.array(itemSchema).min(1).max(100),
  replace: z.boolean().optional(),
  governance_reason: z.string().optional(),
});

export function toPayItem(
  i: z.infer<typeof itemSchema>,
  source: 'entry' | 'timesheet' = 'entry',
  date?: string,
): PayItem {
  const base = { description: i.description, code: i.code, source, ...(date ? { date } : {}) };
  switch (i.type) {
    case 'ordinary_hours':
      return { kind: 'hours', category: 'ordinary', hours: i.hours, ...base };
    case 'overtime':
      return { kind: 'hours', category: 'overtime', hours: i.hours, multiplier: i.multiplier, ...base };
    case 'leave':
      return { kind: 'hours', category: 'leave', hours: i.hours, ...base };
    case 'leave_pay':
      return { kind: 'amount', category: 'leave', amount: i.amount, ...base };
    default:
      return { kind: 'amount', category: i.type, amount: i.amount, ...base };
  }
}

export const timesheetRow = z.strictObject({
  employee_id: z.string().regex(/^emp_[A-Za-z0-9_-]+$/, 'Expected an emp_ id.'),
  date: isoDate,
  hours: z
    .union([z.number().positive().max(24), z.string().regex(/^\d{1,2}(\.\d{1,4})?$/, 'Expected hours (0-24).')])
    .transform(String)
    .refine((h) => Number(h) > 0 && Number(h) <= 24, 'Hours must be more than 0 and at most 24.'),
  type: z.enum(['ordinary', 'overtime', 'leave']).default('ordinary'),
  multiplier: multiplier.optional(),
});

export const timesheetBody = z.object({
  rows: z
    .array(z.unknown())
    .min(1)
    .max(20000)
    .meta({ items: documented(timesheetRow) }),
  governance_reason: z.string().optional(),
});
