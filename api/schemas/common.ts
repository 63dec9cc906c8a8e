import { z } from 'zod';
import { isIsoDate } from '../lib/dates.ts';

// A field left out or left empty is answered in words a form can show beside it, rather than zod's
// "expected string, received undefined". A schema's own message still comes first.
z.config({
  customError: (issue) => {
    if (issue.code === 'invalid_type' && issue.input === undefined) return 'Required.';
    if (issue.code === 'too_small' && issue.origin === 'string' && Number(issue.minimum) === 1)
      return 'Required: it cannot be empty.';
    return undefined;
  },
});

export const isoDate = z
  .string()
  .refine(isIsoDate, 'Not a real calendar date (expected YYYY-MM-DD, such as 2026-03-31).');
export const originPattern = z
  .string()
  .regex(/^https?:\/\/[A-Za-z0-9.-]+(:\d{1,5})?$/, 'Expected scheme://host[:port] with no path.');
export const jurisdiction = z.enum(['AU', 'DE', 'NZ', 'UK', 'US']);
export const reasonField = { governance_reason: z.string().optional() };
export const moneyInput = z
  .union([
    z.number().finite().nonnegative(),
    z.string().regex(/^\d+(\.\d{1,2})?$/, 'Expected a non-negative amount with at most 2 decimals.'),
  ])
  .transform((v) => String(v));
export const tenantParams = z.object({ tenantId: z.string().min(1).max(100) });
export const employeeRef = z.string().regex(/^emp_[A-Za-z0-9_-]+$/, 'Expected an emp_ id.');
/** A UTC ISO 8601 timestamp as answers carry it. */
export const timestamp = z.string();

/** `limit` as integer or digit string, 1–200, default 50; legacy `page` accepted and ignored. */
export const pageQuery = {
  limit: z
    .union([z.number().int(), z.string().regex(/^\d{1,3}$/, 'limit must be a whole number')])
    .transform(Number)
    .pipe(z.number().int().min(1).max(200))
    .optional(),
  cursor: z.string().max(512).optional(),
  page: z.unknown().optional(),
};
