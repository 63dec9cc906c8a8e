// What a pay-run exception can be about, and how much it matters.
export const EXCEPTION_KINDS = [
  'net_pay_not_positive',
  'gross_changed',
  'below_minimum_wage',
  'missing_bank_details',
  'new_starter',
  'leaver',
  'high_hours',
  'tax_free_threshold_second_job',
  'minimum_engagement',
  'tfn_declaration_overdue',
  'compassionate_leave_over_two_days',
  'validation_warning',
] as const;
export type ExceptionKind = (typeof EXCEPTION_KINDS)[number];
export const EXCEPTION_SEVERITIES = ['error', 'warning', 'info'] as const;
export type Severity = (typeof EXCEPTION_SEVERITIES)[number];
