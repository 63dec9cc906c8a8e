import { z } from 'zod';
import { isoDate, moneyInput } from './common.ts';
import type { PayItem } from '../engines/types.ts';
import { AWARD_LINE_KINDS } from '../packs/au/awards/types.ts';

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

/** An entry item: its type and, optionally, a pay-item code (GET pay-items) that says how it is paid and reported. */
export const itemSchema = z
  .strictObject({
    type: z.enum([...HOUR_TYPES, ...AMOUNT_TYPES]),
    hours: hours.optional(),
    amount: moneyInput.optional(),
    multiplier: multiplier.optional(),
    description: z.string().max(200).optional(),
    code: z.string().max(50).optional().describe('A pay item code of GET pay-items; an unknown code is 400.'),
    earned_over_periods: z
      .number()
      .int()
      .min(1)
      .max(52)
      .optional()
      .describe(
        'An amount earned over more than one pay period (a bonus, commission or back pay): over how many. AU: 1 ' +
          'withholds it with this pay; more spreads its withholding over that many pays (ATO Schedule 5, Method A); ' +
          'left out, a bonus, commission or back pay is spread over the pays of a year.',
      ),
    paid_to: z
      .string()
      .trim()
      .min(1)
      .max(100)
      .optional()
      .describe(
        'A deduction or salary sacrifice: the fund or account it is paid into (e.g. the union, the charity, the ' +
          "child support agency), which the payslip names. A salary sacrifice to super is paid to the employee's fund.",
      ),
  })
  .superRefine((i, c) => {
    if (i.paid_to !== undefined && i.type !== 'deduction' && i.type !== 'salary_sacrifice')
      c.addIssue({ code: 'custom', path: ['paid_to'], message: 'paid_to names where a deduction goes.' });
    if ((HOUR_TYPES as readonly string[]).includes(i.type) && !i.hours)
      c.addIssue({ code: 'custom', path: ['hours'], message: `${i.type} needs hours.` });
    if ((AMOUNT_TYPES as readonly string[]).includes(i.type) && !i.amount)
      c.addIssue({ code: 'custom', path: ['amount'], message: `${i.type} needs an amount.` });
  });
/** An item as the pay-item check takes it (a timesheet row's type may be left to its code). */
export type SentItem = Omit<z.infer<typeof itemSchema>, 'type'> & { type?: z.infer<typeof itemSchema>['type'] };
export type EntryItemType = (typeof HOUR_TYPES)[number] | (typeof AMOUNT_TYPES)[number];

export const entryBody = z
  .strictObject({
    employee_id: z.string().regex(/^emp_[A-Za-z0-9_-]+$/, 'Expected an emp_ id.'),
    items: z.array(itemSchema).min(0).max(100),
    replace: z.boolean().optional(),
    replace_entry_items: z
      .boolean()
      .optional()
      .describe(
        "Replace the items entered on the entry (an editor's lines), keeping timesheet and booked-leave items; " +
          '`items` may then be empty.',
      ),
    governance_reason: z.string().optional(),
  })
  .superRefine((b, c) => {
    if (!b.items.length && !b.replace_entry_items)
      c.addIssue({ code: 'custom', path: ['items'], message: 'At least one item is required.' });
  });

export function toPayItem(
  i: SentItem & { type: EntryItemType },
  source: 'entry' | 'timesheet' = 'entry',
  date?: string,
): PayItem {
  const base = {
    description: i.description,
    code: i.code,
    source,
    ...(date ? { date } : {}),
    ...(i.earned_over_periods !== undefined ? { earned_over_periods: i.earned_over_periods } : {}),
    ...(i.paid_to !== undefined ? { paid_to: i.paid_to } : {}),
  };
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

const clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Expected a time as HH:MM (00:00-23:59).');

/**
 * A timesheet row: hours, or a shift's `start` and `end` (with an unpaid `break_minutes`). Shifts of an
 * employee assigned a modern award are interpreted into the award's pay lines (AU); otherwise a shift is
 * its length in ordinary hours.
 */
export const timesheetRow = z
  .strictObject({
    employee_id: z.string().regex(/^emp_[A-Za-z0-9_-]+$/, 'Expected an emp_ id.'),
    date: isoDate,
    hours: z
      .union([z.number().positive().max(24), z.string().regex(/^\d{1,2}(\.\d{1,4})?$/, 'Expected hours (0-24).')])
      .transform(String)
      .refine((h) => Number(h) > 0 && Number(h) <= 24, 'Hours must be more than 0 and at most 24.')
      .optional(),
    start: clock.optional(),
    end: clock.optional(),
    break_minutes: z.coerce.number().int().min(0).max(600).optional(),
    /** Ordinary hours when neither a type nor a code says otherwise. */
    type: z.enum(['ordinary', 'overtime', 'leave']).optional(),
    multiplier: multiplier.optional(),
    code: z.string().max(50).optional().describe('An hours pay item code of GET pay-items; an unknown code is 400.'),
  })
  .refine((r) => (r.hours !== undefined) !== (r.start !== undefined && r.end !== undefined), {
    message: 'Give either hours, or a start and an end.',
    path: ['hours'],
  })
  .refine((r) => (r.start === undefined) === (r.end === undefined), {
    message: 'A shift needs both a start and an end.',
    path: ['end'],
  });

/** Finalise: `exclude_blocked: true` pays everyone else and lists the blocked employees in `excluded`. */
export const finaliseBody = z
  .looseObject({
    governance_reason: z.string().optional(),
    paid_on: isoDate
      .optional()
      .describe(
        'The day people were actually paid, for a run finalised after its payment date (default: the ' +
          'payment date). Super falls due from it.',
      ),
    exclude_blocked: z
      .boolean()
      .optional()
      .describe(
        'Finalise without the employees who cannot be calculated or paid yet; they are listed in the ' +
          "run's `excluded` with the reason, for a later run. Without it, any of them is 422 pay_run_blocked.",
      ),
  })
  .optional();

export const timesheetBody = z.object({
  rows: z
    .array(z.unknown())
    .min(1)
    .max(20000)
    .meta({ items: documented(timesheetRow) }),
  governance_reason: z.string().optional(),
});

// ---- What the pay-run routes answer. The stored JSON columns (totals, validation, approval, job,
// items, results) are decoded with these same schemas, so the document describes what is stored.

/** The actions a caller may take on a pay run now; `submit` (lodgement) is not offered yet. */
export const PAY_RUN_ACTIONS = [
  'preview',
  'adjust',
  'approve',
  'finalise',
  'void',
  'delete',
  'payment_file',
  'super_batch',
  'confirm_payments',
  'submit',
  'acknowledge_exceptions',
] as const;
export const payRunAction = z.enum(PAY_RUN_ACTIONS);

export const PAY_RUN_STATUSES = [
  'draft',
  'previewed',
  'approved',
  'finalising',
  'finalised',
  'lodged',
  'voided',
] as const;
export const payRunStatus = z.enum(PAY_RUN_STATUSES);

const money = z.string().regex(/^-?\d+\.\d{2}$/);
const timestamp = z.string();

export const totalsSchema = z.object({
  employee_count: z.number().int().nonnegative(),
  gross: money,
  tax: money,
  super: money.optional(),
  social: money.optional(),
  net: money,
  currency: z.string().length(3),
  total_social: money,
});

/**
 * One finding about one employee. Errors block finalising: `cannot_calculate` (the engine cannot
 * calculate the employee, who is left out of the totals until fixed) and `blocks_finalise` (calculated,
 * but cannot be paid yet). `rule` names the pack rule a calculation failed on.
 */
export const validationWarning = z.object({
  employee_id: z.string(),
  employee_name: z.string(),
  severity: z.enum(['error', 'warning']),
  code: z.enum(['cannot_calculate', 'blocks_finalise', 'unverified_requirements']),
  message: z.string(),
  requirements: z.array(z.string()),
  rule: z.string().nullable().optional(),
});

export const validationSchema = z.object({
  errorCount: z.number().int().nonnegative(),
  warningCount: z.number().int().nonnegative(),
  warnings: z.array(validationWarning),
});

export const actorSchema = z.object({
  kind: z.string(),
  key_id: z.string().nullable(),
  user_id: z.string().nullable(),
  role: z.string().nullable(),
  session_id: z.string().nullable(),
  /** A token's delegation chain: the users whose tokens minted it, nearest first. */
  delegated_by: z.array(z.string()).optional(),
});

export const approvalSchema = z.object({
  approved_by: z.string(),
  actor: actorSchema,
  approved_at: timestamp,
  /** Null in the view of a caller who may not see every entry. */
  totals: totalsSchema.nullable(),
  /**
   * SHA-256 over every approved entry's figures and the totals: finalise recalculates and refuses with
   * 409 `approval_stale` when the figures differ. Null for a caller who may not see every entry; absent
   * on approvals recorded before digests were.
   */
  figures_digest: z
    .string()
    .nullable()
    .optional()
    .describe(
      'SHA-256 of the approved figures (every entry and the totals); finalise answers 409 approval_stale when they changed.',
    ),
  reason: z.string().nullable(),
});

export const jobSchema = z.object({
  id: z.string(),
  type: z.literal('finalise'),
  status: z.enum(['running', 'succeeded', 'failed']),
  progress: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
  started_at: timestamp,
  completed_at: timestamp.optional(),
  error: z.string().optional(),
});

/** Why an employee was left out of a finalised run: they could not be calculated, or cannot be paid yet. */
export const exclusionReason = z.enum(['cannot_calculate', 'blocks_finalise']);

/** An employee finalised out of the run (`exclude_blocked: true`), to be paid in a later run. */
export const excludedEmployee = z.object({
  employee_id: z.string(),
  employee_name: z.string(),
  reason: exclusionReason,
  message: z.string(),
  requirements: z.array(z.string()),
});

export const payRunSchema = z.object({
  id: z.string(),
  status: payRunStatus,
  pay_frequency: z.enum(['weekly', 'fortnightly', 'monthly', 'quarterly']),
  period_start: z.string(),
  period_end: z.string(),
  payment_date: z.string(),
  pack_version: z.string(),
  totals: totalsSchema,
  /** Present when the totals are over the entries this caller may see rather than the whole run. */
  totals_scope: z.literal('visible_entries').optional(),
  validation: validationSchema.nullable(),
  /** Employees left out when the run was finalised with `exclude_blocked: true`, with the reason; empty otherwise. */
  excluded: z
    .array(excludedEmployee)
    .describe('Employees left out when the run was finalised with `exclude_blocked: true`, with the reason.'),
  evidence_refs: z.array(z.string()),
  prepared_by: z.string(),
  approved_by: z.string().nullable(),
  approval: approvalSchema.nullable(),
  job: jobSchema.nullable(),
  created_at: timestamp,
  updated_at: timestamp,
  finalised_at: timestamp.nullable(),
  paid_on: z
    .string()
    .nullable()
    .describe('The day pay actually went out, when the run was finalised after its payment date; else null.'),
  voided_at: timestamp.nullable(),
  /** What this caller may do with the run now: state, role, segregation of duties, data scope, capability. */
  allowed_actions: z.array(payRunAction),
  /**
   * Whose turn it is when the run's next step (preview, approve, finalise) is not this caller's: the role
   * that takes it, and why (`prepared_by_you`: four eyes, the caller prepared the run; `role`: the caller's
   * role does not take it). Null when the step is the caller's, or when the run waits on nobody's role
   * (open exceptions, a finalised run).
   */
  waiting_for: z
    .object({ role: z.enum(['preparer', 'approver']), reason: z.enum(['prepared_by_you', 'role']) })
    .nullable(),
});

/** A pay item as stored on an entry. */
export const payItemSchema = z.object({
  kind: z.enum(['hours', 'amount', 'days']),
  category: z.string(),
  hours: z.string().optional(),
  days: z.string().optional(),
  unpaid_days: z.string().optional(),
  period_days: z.string().optional(),
  /** DE: calendar days of the absence without contributions from recurring pay (left out of the SV days). */
  uncovered_days: z.string().optional(),
  leave_type: z.string().optional(),
  loading: z.string().optional(),
  amount: z.string().optional(),
  multiplier: z.string().optional(),
  code: z.string().optional(),
  base_code: z.string().optional(),
  description: z.string().optional(),
  date: z.string().optional(),
  source: z.enum(['entry', 'timesheet', 'leave']).optional(),
  rate: z.string().optional(),
  clause: z.string().optional(),
  award_line: z.enum(AWARD_LINE_KINDS).optional(),
  earned_over_periods: z.number().int().optional(),
  paid_to: z.string().optional(),
});

/** Where an employee sits in the cost-centre tree, kept so data scope applies to those not in the entries. */
const placement = { cost_centre_code: z.string().nullable(), site: z.string().nullable() };

/**
 * An employee of a draft whom the engine cannot calculate (no pay rate, for example), as stored: out of
 * the entries and the totals, with the items they were given, until a recalculation succeeds.
 */
export const heldEmployee = z.object({
  employee_id: z.string(),
  employee_name: z.string(),
  ...placement,
  items: z.array(payItemSchema),
  rule: z.string().nullable(),
  message: z.string(),
});

/** An employee finalised out of the run, as stored. */
export const excludedColumn = excludedEmployee.extend({ ...placement, items: z.array(payItemSchema) });

// Engine lines are engine-shaped: the fields named here are always typed, others pass through.
const resultLine = z.looseObject({
  type: z.string(),
  amount: money,
  hours: z.string().optional(),
  rate: z.string().optional(),
  description: z.string().optional(),
  /** Award lines: the award clause the hours are paid under. */
  clause: z.string().optional(),
  /** AU: an amount for more than one pay period, withheld as if spread over these pays (ATO Schedule 5). */
  withholding: z.object({ method: z.string(), periods: z.number().int(), source: z.string() }).optional(),
  /**
   * A salary paid for part of the period (a starter or a leaver): the days paid of the period's days, counted
   * as working days (AU, Monday to Friday) or calendar days (DE), and the first and last day paid.
   */
  part_period: z
    .object({
      basis: z.enum(['working_days', 'calendar_days']),
      days: z.number().int(),
      of: z.number().int(),
      from: isoDate,
      to: isoDate,
    })
    .optional(),
  /** DE: a salary reduced for unpaid absence (unpaid leave, sickness past continued pay): the working days not paid, of the period's working days. */
  unpaid_absence: z.object({ days: z.string(), of: z.number().int() }).optional(),
});
const wageType = z.looseObject({ code: z.string(), name: z.string(), amount: money });
const employerCost = z.looseObject({ type: z.string(), amount: money });

/** One employee's engine result as stored on the entry. */
export const entryResultSchema = z.object({
  currency: z.string(),
  gross: money,
  tax: money,
  super: money.nullable(),
  social: money.nullable(),
  net: money,
  lines: z.array(resultLine),
  wage_types: z.array(wageType).nullable(),
  employer_costs: z.array(employerCost),
  detail: z.record(z.string(), z.unknown()),
});

/** The amounts of a stored result that totals add up: decoded without the lines a total never reads. */
export const entryAmountsSchema = entryResultSchema.pick({
  gross: true,
  tax: true,
  super: true,
  social: true,
  net: true,
  employer_costs: true,
});

const entryCommon = {
  employee_id: z.string(),
  employee_name: z.string(),
  gross: money,
  tax: money,
  net: money,
  currency: z.string(),
  lines: z.array(resultLine),
  employer_costs: z.array(employerCost),
  cost_centre_code: z.string().nullable(),
  site: z.string().nullable(),
  evidence_id: z.string().nullable(),
  items: z.array(payItemSchema),
};

const branchCeiling = z.object({
  annual_ceiling: money,
  sv_days: z.number().int(),
  /** Days without contributions from recurring pay left out of the SV days (§ 23a Abs. 3 Satz 2 SGB IV). */
  sv_days_left_out: z.number().int().optional(),
  pro_rata_ceiling: money,
  charged_before: money,
  regular_this_period: money,
  room: money,
  liable: money,
  not_liable: money,
});

/**
 * DE (pack DE-2026.3 on): how the period's one-off payments were measured against the pro-rata annual ceiling
 * (SGB IV § 23a), per branch, with a sentence per step for the payroll officer.
 */
export const oneOffCeilingSchema = z.object({
  rule: z.string(),
  one_off: money,
  attributed_to: z.enum(['current_year', 'previous_year']),
  year: z.number().int(),
  kv_pv: branchCeiling,
  rv_av: branchCeiling,
  explanation: z.array(z.string()),
});

/**
 * DE (pack DE-2026.3 on): how the expected annual wage of a one-off payment (PAP input JRE4) was found from the
 * year's pay on record (§ 39b Abs. 3 EStG).
 */
export const annualWageSchema = z.object({
  rule: z.string(),
  expected_annual_wage: money,
  on_record: money,
  regular_this_period: money,
  periods_projected: z.string(),
  projected: money,
  explanation: z.string(),
});

/** A pay-run entry: AU entries carry `super`, DE entries `social` and statutory `wage_types`. */
export const entrySchema = z.union([
  z.object({ ...entryCommon, super: money.nullable() }),
  z.object({
    ...entryCommon,
    social: money.nullable(),
    wage_types: z.array(wageType),
    one_off_ceiling: oneOffCeilingSchema.optional(),
    annual_wage: annualWageSchema.optional(),
  }),
]);

export const payRunAnswer = z.object({ pay_run: payRunSchema });
export const previewAnswer = z.object({ pay_run: payRunSchema, validation: validationSchema });
export const entryAnswer = z.object({
  /** The recalculated entry; null while the employee is held out of the run (`held`). */
  entry: entrySchema.nullable(),
  /**
   * Why the employee is held out of the run instead: a record the employer adds first (the rule names it). The
   * items are kept, and the run's validation lists it as an error until the employee can be calculated.
   */
  held: z.object({ rule: z.string().nullable(), message: z.string() }).nullable(),
  pay_run: payRunSchema,
});
export const timesheetAnswer = z.object({
  imported: z.number().int().positive(),
  employees: z.number().int().nonnegative(),
  pay_run: payRunSchema,
});
export const deleteAnswer = z.object({ id: z.string(), deleted: z.literal(true), status: z.literal('deleted') });
