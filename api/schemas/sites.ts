// Sites (a tenant's workplaces): request bodies and the shape of their answers.
import { z } from 'zod';
import { reasonField, tenantParams, timestamp } from './common.ts';
import { addressBody, addressSchema } from '../model/address.ts';

/**
 * What employees, cost centres and data scopes name a site by: a short code or the place's name
 * (letters of any language, digits, spaces and `& ' . _ -`), e.g. `SYD` or `München`.
 */
export const siteCode = z
  .string()
  .regex(
    /^[\p{L}\p{N}][\p{L}\p{N} &'._-]*$/u,
    "Letters, digits, spaces and & ' . _ -, starting with a letter or digit.",
  )
  .max(100);
const status = z.enum(['active', 'archived']);

export const siteParams = tenantParams.extend({ siteCode });
export const listSitesQuery = z.object({ include_archived: z.enum(['true', 'false']).optional() });

export const createSiteBody = z.strictObject({
  code: siteCode,
  name: z.string().trim().min(1).max(200),
  /** The AU state or territory, or DE Land (code or name); checked against the pack's holiday regions. */
  state: z.string().trim().max(50).nullable().optional(),
  address: addressBody.nullable().optional(),
  status: status.optional(),
  ...reasonField,
});
export type CreateSiteInput = z.output<typeof createSiteBody>;

export const updateSiteBody = createSiteBody.omit({ code: true }).partial();
export type UpdateSiteInput = z.output<typeof updateSiteBody>;

export const siteSchema = z.object({
  code: z.string(),
  name: z.string(),
  state: z.string().nullable(),
  address: addressSchema.nullable(),
  status,
  created_at: timestamp,
  updated_at: timestamp,
});
