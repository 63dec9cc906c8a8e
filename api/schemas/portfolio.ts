// The partner portfolio as the API shows it, and the pay-run JSON it reads (totals, validation).
import { z } from 'zod';
import { moneyString } from './outputs.ts';
import { pageQuery } from './common.ts';

/** A pay run's stored totals as far as they are known (a draft may have none yet). */
export const runTotalsColumn = z.looseObject({
  employee_count: z.number().int().optional(),
  gross: z.string().optional(),
  tax: z.string().optional(),
  super: z.string().optional(),
  social: z.string().optional(),
  net: z.string().optional(),
  currency: z.string().optional(),
  total_social: z.string().optional(),
});

/** A pay run's last validation (written at preview): errors are employees who cannot be paid yet. */
export const runValidationColumn = z.object({
  errorCount: z.number().int(),
  warningCount: z.number().int(),
  warnings: z.array(
    z.looseObject({ employee_id: z.string().optional(), severity: z.string(), code: z.string().optional() }),
  ),
});

export const erroredTenantSchema = z.object({ id: z.string(), name: z.string(), error: z.string() });

export const pipelineRunSchema = z.object({
  id: z.string(),
  tenant_id: z.string(),
  tenant_name: z.string(),
  status: z.string(),
  period_start: z.string(),
  period_end: z.string(),
  payment_date: z.string(),
  totals: runTotalsColumn.nullable(),
});

/**
 * How many runs each group of the pipeline board carries (its `count` says how many it holds): enough for a
 * person to work down, where a portfolio of a thousand employers pays thousands of runs a month.
 */
export const BOARD_GROUP_RUNS = 50;

/** A group of the board: how many runs it holds, and the first of them in the board's order. */
const pipelineGroup = (runs: string) =>
  z.object({
    count: z.number().int().describe('How many runs the group holds, shown or not.'),
    runs: z.array(pipelineRunSchema).describe(`At most ${BOARD_GROUP_RUNS} of them: ${runs}.`),
  });

export const pipelineSchema = z.object({
  draft: pipelineGroup('the earliest pay date first').describe('Runs in flight awaiting approval.'),
  approved: pipelineGroup('the earliest pay date first').describe('Runs approved or finalising.'),
  blocked: pipelineGroup('the earliest pay date first').describe(
    'Runs not yet finalised with an employee who cannot be paid: their last validation found errors, or an employee in them now fails readiness.',
  ),
  finalised: pipelineGroup('the latest pay date first').describe('Runs finalised or lodged, paid in the last 31 days.'),
});

export const clientRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  country: z.string(),
  site_count: z.number().int(),
  workers: z.number().int(),
  gross_mtd: moneyString,
  currency: z.string(),
  risk: z.enum(['low', 'medium', 'high']),
  health: z.enum(['healthy', 'attention', 'setup_required']),
  in_flight: z.number().int(),
  next_pay_date: z.string().nullable(),
  days_until_pay: z.number().int().nullable(),
});

export const summarySchema = z.object({
  stats: z.object({
    workers: z.number().int(),
    runs_in_flight: z.number().int(),
    runs_awaiting_approval: z.number().int(),
    runs_approved: z.number().int(),
    runs_blocked: z.number().int(),
    runs_finalised_recently: z.number().int(),
    gross_mtd: z.array(z.object({ currency: z.string(), amount: moneyString })),
    clients_by_risk: z.object({ high: z.number().int(), medium: z.number().int(), low: z.number().int() }),
    next_pay_date: z.string().nullable(),
    days_until_next_pay: z.number().int().nullable(),
  }),
  tenant_count: z.number().int(),
  generated_at: z.string(),
  errored_tenants: z.array(erroredTenantSchema),
});

/** GET clients: a name search, the order, and a page (every row when `limit` is left out). */
export const clientsQuery = z.object({
  q: z.string().max(200).optional(),
  sort: z.enum(['name', 'risk', 'next_pay_date', 'gross_mtd']).optional(),
  ...pageQuery,
});

/** Where a page of clients ended (inside the signed cursor). */
export const clientPosition = z.object({
  id: z.string(),
  name: z.string(),
  risk: z.enum(['low', 'medium', 'high']),
  next_pay_date: z.string().nullable(),
  gross_mtd: moneyString,
});
