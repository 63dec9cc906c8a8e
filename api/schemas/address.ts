// The canonical postal address: one shape for the company and for employees in every country.
import { z } from 'zod';

const line = z.string().trim().min(1).max(200);

export const addressBody = z.strictObject({
  line1: line,
  line2: z.string().trim().max(200).nullable().optional(),
  locality: z.string().trim().min(1).max(100),
  state: z.string().trim().max(50).nullable().optional(),
  postcode: z.string().trim().max(12).nullable().optional(),
  country: z
    .string()
    .regex(/^[A-Z]{2}$/, 'Expected an ISO 3166-1 alpha-2 country code, e.g. AU or DE.')
    .default('AU'),
});

/** An address as stored and answered (older records may have no second line). */
export const addressSchema = z.object({
  line1: z.string(),
  line2: z.string().nullable().optional(),
  locality: z.string(),
  state: z.string().nullable().optional(),
  postcode: z.string().nullable().optional(),
  country: z.string(),
});
export type Address = z.output<typeof addressSchema>;
