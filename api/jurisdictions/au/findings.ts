// The pay-run findings an AU employee's TFN declaration gives rise to: the tax-free threshold claimed by
// someone another payer pays too, and a declaration (or a TFN applied for) overdue by the payment date.
import type { DeclarationFinding } from '../types.ts';
import { declarationOn } from './declaration.ts';
import type { AuTax } from './model.ts';

/** A TFN declaration whose 28 days have passed by the payment date, in words, or null. */
function overdueDeclaration(tax: AuTax, start: string | null, paymentDate: string) {
  const d = declarationOn(tax, start, paymentDate);
  if (!d.overdue) return null;
  const detail = { tfn_declaration: d.state, grace_ended: d.grace_ends };
  if (d.state === 'applied_for')
    return {
      message:
        'Applied for a tax file number' +
        (d.grace_ends ? ` and has not given it within 28 days (by ${d.grace_ends})` : ' and has not given it') +
        ': tax is withheld at the no-TFN rate until the number arrives. Ask for it.',
      detail,
    };
  return {
    message:
      'No tax file number declaration received' +
      (d.grace_ends ? ` within 28 days of starting (by ${d.grace_ends})` : '') +
      ': tax is withheld at the no-TFN rate and the ATO is told no number was quoted. Ask for the declaration.',
    detail,
  };
}

export function auDeclarationFindings(tax: AuTax, start: string | null, paymentDate: string): DeclarationFinding[] {
  const out: DeclarationFinding[] = [];
  // The threshold is claimed from one payer only; claimed twice, too little tax is withheld all year.
  if (tax.tax_free_threshold === true && tax.other_employment === true)
    out.push({
      kind: 'tax_free_threshold_second_job',
      severity: 'warning',
      message:
        'Claims the tax-free threshold here and has another job. The threshold can be claimed from one payer ' +
        'only: check they do not claim it from the other employer as well, or too little tax is withheld.',
      detail: { tax_free_threshold: true, other_employment: true },
    });
  const overdue = overdueDeclaration(tax, start, paymentDate);
  if (overdue) out.push({ kind: 'tfn_declaration_overdue', severity: 'warning', ...overdue });
  return out;
}
