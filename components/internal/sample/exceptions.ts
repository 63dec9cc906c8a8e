// Sample exceptions for the sample tenant's open (previewed) run: one of each kind a payroll officer
// meets most, an error already acknowledged with its reason (so approval is open, as its actions say)
// and warnings still to review. Figures are illustrative, in the API's shapes.
import type { Country, PayRun, PayRunEntry, PayRunException } from '../../client/models.js';

type Kind = PayRunException['kind'];
type Severity = PayRunException['severity'];

export function buildSampleExceptions(country: Country, run: PayRun, entries: PayRunEntry[]): PayRunException[] {
  const cur = run.totals.currency;
  const de = country === 'DE';
  let n = 0;
  const make = (
    e: PayRunEntry | undefined,
    kind: Kind,
    severity: Severity,
    message: string,
    detail: PayRunException['detail'] = {},
    reason: string | null = null,
  ): PayRunException[] =>
    e
      ? [
          {
            id: `sample-exception-${++n}`,
            kind,
            severity,
            employee_id: e.employee_id,
            employee_name: e.employee_name,
            message,
            detail,
            acknowledged: reason !== null,
            acknowledged_by: reason !== null ? 'sample-user-1' : null,
            acknowledged_at: reason !== null ? `${run.period_end}T10:30:00Z` : null,
            reason,
            evidence_id: null,
          },
        ]
      : [];
  const [a, b, c, d, , f, g] = entries;
  const before = c ? (Number(c.gross) / 1.32).toFixed(2) : '0.00';
  return [
    ...(de
      ? make(
          g,
          'below_minimum_wage',
          'error',
          `Paid 7.85 ${cur} an hour, below the minimum wage of 13.90 ${cur}.`,
          { hourly_pay: '7.85', minimum_wage: '13.90', pay: '680.36', hours: '86.67', under_18: false, currency: cur },
          'Auszubildende: Vergütung nach dem Ausbildungsvertrag (§ 22 Abs. 3 MiLoG)',
        )
      : make(
          g,
          'net_pay_not_positive',
          'error',
          `Net pay is 0.00 ${cur}: deductions take all of the pay.`,
          { gross: '1240.00', net: '0.00', currency: cur },
          'Salary advance repaid in full, agreed in writing',
        )),
    ...make(c, 'gross_changed', 'warning', 'Gross pay is up 32 % on the last finalised pay.', {
      gross: c?.gross ?? '0.00',
      previous_gross: before,
      previous_period_end: new Date(Date.parse(run.period_start) - 864e5).toISOString().slice(0, 10),
      change_percent: '32.0',
      threshold_percent: '25',
      currency: cur,
    }),
    ...make(f, 'high_hours', 'warning', 'More than 60 hours a week.', {
      hours: de ? '281.50' : '132.00',
      weekly_hours: de ? '65.0' : '66.0',
      threshold_weekly_hours: '60',
    }),
    ...make(d, 'missing_bank_details', 'warning', 'No bank account on record.'),
    ...make(b, 'new_starter', 'info', 'First pay.', { start_date: run.period_start }),
    ...make(a, 'leaver', 'info', 'Last pay.', { end_date: run.period_end }),
  ];
}
