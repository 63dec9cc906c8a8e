// Packs listed honestly before they calculate: metadata only, every calculation capability
// unsupported, so any such request answers 501 instead of a number.
import type { CapabilityMatrix, PackMeta } from './types.ts';

const NOTHING: CapabilityMatrix = {
  effective_dating: 'unsupported',
  stateless_calculate: 'unsupported',
  statutory_lodgement: 'unsupported',
  payment_file: 'unsupported',
  payslip_pdf: 'unsupported',
  retirement_batch: 'unsupported',
  pay_calculation: 'unsupported',
  leave_types_config: 'unsupported',
  leave_management: 'unsupported',
  leave_accrual: 'unsupported',
  statutory_outputs: 'unsupported',
  leave_cash_out: 'unsupported',
  working_holiday_maker: 'unsupported',
  award_interpretation: 'unsupported',
};

const draft = (
  code: 'NZ' | 'UK' | 'US',
  name: string,
  currency: string,
  locale: string,
  lodgement: PackMeta['lodgement_rails'],
  scope: string[],
): PackMeta => ({
  code,
  jurisdiction: code,
  name,
  currency,
  locale,
  current_version: `${code}-2026.1`,
  status: 'draft',
  maintainer: 'Payrail Regulation Team',
  scope,
  lodgement_rails: lodgement,
  versions: [{ version: `${code}-2026.1`, effective: { from: '2026-04-01', to: null }, released: false }],
  capabilities: NOTHING,
});

export const nzPack = draft(
  'NZ',
  'New Zealand payroll',
  'NZD',
  'en-NZ',
  [{ type: 'payday_filing', channel: 'ird_gateway', status: 'planned' }],
  ['employee_records'],
);
export const ukPack = draft(
  'UK',
  'United Kingdom payroll',
  'GBP',
  'en-GB',
  [{ type: 'rti_fps', channel: 'hmrc_rti', status: 'planned' }],
  ['employee_records'],
);
export const usPack = draft(
  'US',
  'United States payroll',
  'USD',
  'en-US',
  [{ type: 'statutory_outputs', channel: 'file_export', status: 'statutory_outputs_only' }],
  ['employee_records'],
);
