import { writeCsv } from '../../lib/csv.ts';
import { SAFF_VERSION, saffColumnRow, saffGroupRow, saffRow } from './saff-columns.ts';
import type { SuperBatchInput, SuperBatchLine } from './super-batch-types.ts';

/**
 * Writes the SAFF contribution file: three header rows, then one row per member contribution.
 * The TFN column is left empty on purpose: only an attested flag is held, and a raw TFN must
 * never be written to a file.
 */
export function buildSaffCsv(input: SuperBatchInput, lines: SuperBatchLine[]): string {
  const employerAbn = (input.employer.abn ?? '').replace(/\s+/g, '');
  const employerName = input.employer.name.trim();
  const rows = lines.map((l) =>
    saffRow({
      'Line ID|ID': String(l.line_id),
      'Header|SourceEntityID': employerAbn,
      'Header|SourceEntityIDType': employerAbn ? 'ABN' : '',
      'Sender|ABN': employerAbn,
      'Sender|Organisational Name Text': employerName,
      'Payer|ABN': employerAbn,
      'Payer|Organisational Name Text': employerName,
      'Payee/Receiver|ABN': l.fund.abn ?? '',
      'Payee/Receiver|USI': l.fund.usi ?? '',
      'Payee/Receiver|Organisational Name Text': l.fund.name,
      'Payee/Receiver|Transaction Date': input.payment_date,
      'Employer|ABN': employerAbn,
      'Employer|Organisational Name Text': employerName,
      'Super Fund Member Common|Family Name': l.last_name,
      'Super Fund Member Common|Given Name': l.first_name,
      'Super Fund Member Common|Birth Date': l.date_of_birth ?? '',
      'Super Fund Member Common|Member Client Identifier': l.member_number ?? '',
      'Super Fund Member Common|Payroll Number Identifier': l.employee_id,
      'Super Fund Member Contributions|Pay Period Start Date': l.period_start,
      'Super Fund Member Contributions|Pay Period End Date': l.period_end,
      'Super Fund Member Contributions|Superannuation Guarantee Amount': l.super_guarantee,
      'Super Fund Member Contributions|Salary Sacrificed Amount': l.salary_sacrifice,
    }),
  );
  const versionRow = ['VERSION', SAFF_VERSION, 'Negatives Supported', 'False', 'File ID', input.pay_run_id];
  return writeCsv([versionRow, saffGroupRow(), saffColumnRow(), ...rows]);
}
