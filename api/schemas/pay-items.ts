// Pay items: request bodies, queries and the shape of a pay item (pack or tenant).
import { z } from 'zod';
import { reasonField, tenantParams } from './common.ts';

export const PAY_ITEM_CODE = /^[A-Z0-9][A-Z0-9_-]*$/;
const code = z.string().max(30).regex(PAY_ITEM_CODE, 'Use capital letters, digits, "-" and "_".');
const name = z.string().trim().min(1).max(100);
const kind = z.enum(['earning', 'allowance', 'deduction']);
const status = z.enum(['active', 'archived']);

export const payItemParams = tenantParams.extend({ code: z.string().min(1).max(50) });
export const listPayItemsQuery = z.object({
  kind: kind.optional(),
  include_archived: z.enum(['true', 'false']).optional(),
});

export const createPayItemBody = z.strictObject({
  code,
  name,
  base_code: z
    .string()
    .min(1)
    .max(50)
    .describe('The pack pay item this one is built on: it is paid and reported as that one.'),
  ...reasonField,
});
export type CreatePayItemInput = z.output<typeof createPayItemBody>;

export const updatePayItemBody = z.strictObject({ name: name.optional(), status: status.optional(), ...reasonField });
export type UpdatePayItemInput = z.output<typeof updatePayItemBody>;

const stpCategory = z.object({
  category: z.string(),
  type: z.string().nullable(),
  subtype: z.string().nullable(),
});

export const payItemSchema = z.object({
  code: z.string(),
  name: z.string(),
  kind,
  source: z.enum(['pack', 'tenant']),
  /** For a tenant item: the pack item it is built on. */
  base_code: z.string().nullable(),
  status,
  /** The entry item types (`type` of an entry item) that may carry this code. */
  entry_types: z.array(z.string()),
  taxable: z.boolean(),
  /** AU: ordinary time earnings (super guarantee is due on it); null elsewhere. */
  ote: z.boolean().nullable(),
  /** AU: whether super guarantee is due on it; null elsewhere. */
  super_liable: z.boolean().nullable(),
  /** AU: the Single Touch Payroll Phase 2 category it reports under; null elsewhere. */
  stp: stpCategory.nullable(),
  /** DE: the Lohnart number; null elsewhere. */
  wage_type: z.string().nullable(),
  /** DE: sozialversicherungspflichtig; null elsewhere. */
  contributory: z.boolean().nullable(),
});
export type PublicPayItem = z.infer<typeof payItemSchema>;
