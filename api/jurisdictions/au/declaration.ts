// An AU employee's TFN declaration as the pack reads it: quoted or not, the reason given for no TFN,
// the day it was made and the start date the 28 days of a new payee run from.
import {
  declarationOutcome,
  declarationState,
  type DeclarationFacts,
  type DeclarationOutcome,
  type DeclarationState,
} from '../../packs/au/index.ts';
import { NO_TFN_REASONS, type NoTfnReason } from '../../packs/au/stp/pay-event.ts';
import type { AuTax } from './model.ts';
import type { PayslipDeclaration } from '../types.ts';

export function declarationFacts(tax: AuTax, startDate: string | null): DeclarationFacts {
  const reason = tax.no_number_reason;
  return {
    tfn_quoted: tax.tfn_attested === true,
    no_number_reason:
      tax.tfn_attested !== true && reason && (NO_TFN_REASONS as string[]).includes(reason)
        ? (reason as NoTfnReason)
        : null,
    declaration_date: tax.declaration_date ?? null,
    start_date: startDate,
  };
}

/** The declaration's state, whatever the date. */
export const declarationStateOf = (tax: AuTax): DeclarationState => declarationState(declarationFacts(tax, null));

/** Where the declaration stands for a payment on `on`. */
export const declarationOn = (tax: AuTax, startDate: string | null, on: string): DeclarationOutcome =>
  declarationOutcome(declarationFacts(tax, startDate), on);

/** Question 9 answered: the tax-free threshold is claimed only when the answer is yes. */
export const thresholdAnswered = (tax: AuTax): boolean => typeof tax.tax_free_threshold === 'boolean';

/** The declaration as a payslip of a payment on `on` states it: the withholding it led to, and question 9. */
export function payslipDeclaration(tax: AuTax, startDate: string | null, on: string): PayslipDeclaration {
  const outcome = declarationOn(tax, startDate, on);
  return {
    state: outcome.state,
    no_tfn_rate: !outcome.ordinary_scale,
    tax_free_threshold: tax.tax_free_threshold === true,
    tax_free_threshold_answered: thresholdAnswered(tax),
  };
}
