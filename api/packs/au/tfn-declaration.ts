// Where an employee's TFN declaration stands on a payment date, and what follows from it: whether the
// ordinary Schedule 1 scales apply or the no-TFN rate, and which ATO code the pay event reports in place
// of a TFN. Sources: ATO, "TFN declaration" instructions for payers (NAT 3092) and Schedule 1 (NAT 1004):
// withhold at the no-TFN rate when a payee has not quoted a TFN, claimed an exemption or applied for one;
// a payee who applied for a TFN has 28 days to give it. STP Phase 2 employer reporting guidelines: the payee
// TFN field carries 111111111 (applied for, or a new payee within 28 days), 333333333 (under 18),
// 444444444 (pensioner) or 000000000 (not quoted, or not given in time).
import { addDays } from '../../lib/dates.ts';
import type { NoTfnReason } from './stp/pay-event.ts';

/** Days a payee has to give the TFN: after a TFN application, or as a new payee, before the no-TFN treatment. */
export const TFN_GRACE_DAYS = 28;

export const DECLARATION_STATES = [
  'tfn_quoted',
  'not_received',
  'applied_for',
  'under_18',
  'pensioner',
  'not_quoted',
  'invalid_quoted',
] as const;
export type DeclarationState = (typeof DECLARATION_STATES)[number];

export interface DeclarationFacts {
  tfn_quoted: boolean;
  /** The reason given on the declaration for having no TFN, or null (no declaration, or a TFN quoted). */
  no_number_reason: NoTfnReason | null;
  /** The day the declaration was made (the 28 days of an application run from it). */
  declaration_date: string | null;
  /** The employment start date (the 28 days of a new payee without a declaration run from it). */
  start_date: string | null;
}

export interface DeclarationOutcome {
  state: DeclarationState;
  /** The ordinary scales of the declaration apply (false: the no-TFN rate). */
  ordinary_scale: boolean;
  /** Which ATO code the pay event reports instead of a TFN (see NO_TFN_CODES; null: the TFN itself). */
  payee_tfn_code: NoTfnReason | null;
  /** The last day of the 28 days, when they apply. */
  grace_ends: string | null;
  /** The 28 days have passed and the TFN has not arrived. */
  overdue: boolean;
}

export function declarationState(f: Pick<DeclarationFacts, 'tfn_quoted' | 'no_number_reason'>): DeclarationState {
  if (f.tfn_quoted) return 'tfn_quoted';
  return f.no_number_reason ?? 'not_received';
}

/** The 28 days run from `from` and include its 28th day after; an unknown start has no days left. */
function graceOf(from: string | null, on: string): { ends: string | null; within: boolean } {
  if (!from) return { ends: null, within: false };
  const ends = addDays(from, TFN_GRACE_DAYS);
  return { ends, within: on <= ends };
}

/** The declaration's consequences for a payment made on `on` (YYYY-MM-DD). */
export function declarationOutcome(f: DeclarationFacts, on: string): DeclarationOutcome {
  const state = declarationState(f);
  switch (state) {
    case 'tfn_quoted':
      return { state, ordinary_scale: true, payee_tfn_code: null, grace_ends: null, overdue: false };
    case 'under_18':
    case 'pensioner':
      return { state, ordinary_scale: true, payee_tfn_code: state, grace_ends: null, overdue: false };
    case 'applied_for': {
      const g = graceOf(f.declaration_date ?? f.start_date, on);
      return {
        state,
        ordinary_scale: g.within,
        payee_tfn_code: 'applied_for',
        grace_ends: g.ends,
        overdue: !g.within,
      };
    }
    case 'not_received': {
      // Nothing quoted, claimed or applied for: the no-TFN rate from the first pay.
      const g = graceOf(f.start_date, on);
      return {
        state,
        ordinary_scale: false,
        payee_tfn_code: g.within ? 'applied_for' : 'not_quoted',
        grace_ends: g.ends,
        overdue: !g.within,
      };
    }
    default:
      return { state, ordinary_scale: false, payee_tfn_code: state, grace_ends: null, overdue: false };
  }
}
