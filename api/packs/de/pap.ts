// Entry point for the BMF wage-tax program: one PAP year per module, chosen by calendar year.

import { D } from '../../lib/money.ts';
import { Pap2025 } from './pap2025.ts';
import { Pap2026 } from './pap2026.ts';
import { papParams, type PapCents, type PapInput, type PapOutput, type PapYear } from './pap-types.ts';

/** The PAP run on plain integer cents: the fast path the pay calculator uses. */
export function papCents(year: PapYear, input: Partial<PapInput>): PapCents {
  const params = papParams(year, input);
  if (year === 2025) return new Pap2025(params).run();
  if (year === 2026) return new Pap2026(params).run();
  throw new RangeError(`no PAP for ${String(year)}`);
}

/** The PAP with outputs as decimals (integer cents), for callers that keep money in decimal.js. */
export function pap(year: PapYear, input: Partial<PapInput>): PapOutput {
  const cents = papCents(year, input);
  const out: Partial<PapOutput> = {};
  for (const key of Object.keys(cents) as (keyof PapCents)[]) {
    const v = cents[key];
    if (v !== undefined) out[key] = new D(v);
  }
  return out as PapOutput;
}
