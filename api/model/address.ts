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

/** One line for documents: `14 Wharf Road, Pyrmont NSW 2009` (the country only when it is not the employer's). */
export function formatAddress(a: Address | string | null | undefined, homeCountry?: string): string | null {
  if (!a) return null;
  if (typeof a === 'string') return a;
  const place = [a.locality, a.state, a.postcode].filter(Boolean).join(' ');
  return [a.line1, a.line2, place, a.country !== homeCountry ? a.country : null].filter(Boolean).join(', ');
}
