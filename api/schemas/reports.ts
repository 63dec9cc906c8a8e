// Payroll reports: the query every report takes and the table it answers with.
import { z } from 'zod';
import { isoDate, tenantParams } from './common.ts';
import { REPORT_SLUGS } from '../model/report-slugs.ts';

export const reportParams = tenantParams.extend({ report: z.enum(REPORT_SLUGS) });

export const reportQuery = z.object({
  /** `csv` answers text/csv (as does `Accept: text/csv`). */
  format: z.enum(['json', 'csv']).optional(),
  pay_run_id: z
    .string()
    .regex(/^pr_[A-Za-z0-9_]+$/, 'Expected a pr_ id.')
    .optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
  period: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2]|Q[1-4])$/, 'Expected a month (2026-10) or a calendar quarter (2026-Q4).')
    .optional(),
  include_drafts: z.enum(['true', 'false']).optional(),
});

const cell = z.union([z.string(), z.number(), z.null()]);
const row = z.record(z.string(), cell);

export const reportSchema = z.object({
  report: z.enum(REPORT_SLUGS),
  jurisdiction: z.string(),
  currency: z.string(),
  period: z.object({ from: z.string(), to: z.string() }),
  pay_run_ids: z.array(z.string()),
  include_drafts: z.boolean(),
  scope_limited: z.boolean(),
  columns: z.array(z.object({ key: z.string(), kind: z.enum(['text', 'date', 'money', 'count']) })),
  rows: z.array(row),
  totals: row,
  lines: z.array(row).optional(),
  notes: z.array(z.string()),
});
