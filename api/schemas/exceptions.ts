// Pay-run exceptions: the findings a person reviews before approval, and the answer to acknowledging one.
import { z } from 'zod';
import { EXCEPTION_KINDS, EXCEPTION_SEVERITIES } from '../model/exception-kinds.ts';

export const exceptionSchema = z.object({
  id: z.string().describe('Stable for the run, kind and employee: an acknowledgement holds across previews.'),
  kind: z
    .enum(EXCEPTION_KINDS)
    .describe(
      'net_pay_not_positive (error; info when nothing was earned), gross_changed (warning: more than 25 % ' +
        'against the last finalised pay at the same frequency), below_minimum_wage (DE Mindestlohn: error; ' +
        'warning under 18, § 22 (2) MiLoG), missing_bank_details (warning: finalise already holds them back), ' +
        'new_starter and leaver (info), high_hours (warning: more than 60 hours a week pro rata), ' +
        'tax_free_threshold_second_job (AU warning: the tax-free threshold claimed while the declaration says ' +
        'another payer pays them too), minimum_engagement (AU info: a casual shift shorter than the award ' +
        'minimum was paid up to it, as its own line), tfn_declaration_overdue (AU warning: 28 days have passed ' +
        'without the TFN declaration of a new payee, or without the TFN applied for; the no-TFN rate applies).',
    ),
  severity: z.enum(EXCEPTION_SEVERITIES),
  employee_id: z.string(),
  employee_name: z.string(),
  message: z.string().describe('What a payroll officer reads, in English; `kind` and `detail` let a client word it.'),
  detail: z
    .record(z.string(), z.union([z.string(), z.boolean(), z.null()]))
    .describe('The figures behind the finding (money as 2-decimal strings, with `currency`).'),
  acknowledged: z.boolean().describe('True while an acknowledgement of these very figures holds.'),
  acknowledged_by: z.string().nullable(),
  acknowledged_at: z.string().nullable(),
  reason: z.string().nullable().describe('The governance reason given when it was acknowledged.'),
  evidence_id: z.string().nullable().describe('The evidence record of the acknowledgement that holds.'),
});

export const acknowledgeAnswer = z.object({ exception: exceptionSchema });
