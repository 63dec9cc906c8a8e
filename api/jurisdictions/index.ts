// The jurisdiction adapters, one per country, behind one interface: the control plane asks the adapter
// of a tenant's (or an employee's) jurisdiction instead of branching on a country code.
import type { Jurisdiction } from '../packs/types.ts';
import type { JurisdictionAdapter } from './types.ts';
import type { Statutory, StatutoryPatch } from './statutory.ts';
import { auJurisdiction } from './au/index.ts';
import { deJurisdiction } from './de/index.ts';
import { draftJurisdiction } from './draft.ts';

export type AnyJurisdiction = JurisdictionAdapter<Statutory, StatutoryPatch>;

const ADAPTERS: Record<Jurisdiction, AnyJurisdiction> = {
  AU: auJurisdiction,
  DE: deJurisdiction,
  NZ: draftJurisdiction('NZ'),
  UK: draftJurisdiction('UK'),
  US: draftJurisdiction('US'),
};

export const JURISDICTIONS: readonly AnyJurisdiction[] = Object.values(ADAPTERS);

const isJurisdiction = (code: string): code is Jurisdiction => Object.hasOwn(ADAPTERS, code);

/** The adapter of a jurisdiction code (a tenant's, or an employee's `jurisdiction`). */
export function jurisdictionOf(code: string): AnyJurisdiction {
  if (!isJurisdiction(code)) throw new Error(`no jurisdiction adapter for ${code}`);
  return ADAPTERS[code];
}

export type * from './types.ts';
export { statutorySchema, auOf, deOf, type Statutory, type StatutoryPatch } from './statutory.ts';
export { publicSection } from './public-section.ts';
