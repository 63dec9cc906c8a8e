// An employee's statutory sections, typed per country: a union discriminated by `jurisdiction`,
// decoded with this schema whenever an employee is read from the store.
import { z } from 'zod';
import { auStatutorySchema, type AuBank, type AuPension, type AuStatutory, type AuTax } from './au/model.ts';
import { deStatutorySchema, type DeBank, type DeProfile, type DeStatutory } from './de/model.ts';
import { draftStatutorySchema } from './draft.ts';

export const statutorySchema = z.discriminatedUnion('jurisdiction', [
  auStatutorySchema,
  deStatutorySchema,
  draftStatutorySchema,
]);
export type Statutory = z.output<typeof statutorySchema>;

/** A case-value patch of the statutory sections as stored, under their section names. */
export interface StatutoryPatch {
  tax?: AuTax;
  pension?: AuPension;
  bank?: AuBank | DeBank;
  de?: DeProfile;
}

/** The AU sections of an employee the AU engine calculates for; anything else is a wiring error. */
export function auOf(s: Statutory): AuStatutory {
  if (s.jurisdiction === 'AU') return s;
  throw new Error(`AU statutory data expected, found ${s.jurisdiction}`);
}

/** The DE sections of an employee the DE engine calculates for; anything else is a wiring error. */
export function deOf(s: Statutory): DeStatutory {
  if (s.jurisdiction === 'DE') return s;
  throw new Error(`DE statutory data expected, found ${s.jurisdiction}`);
}
