// The AU pack as the service sees it: identity, scope, rails and what it can do natively.
import type { CapabilityMatrix, PackMeta } from '../types.ts';
import { AU_CURRENT_VERSION, AU_VERSIONS } from './registry.ts';

export { getAuVersion, versionFor } from './registry.ts';

const capabilities: CapabilityMatrix = {
  // Stored history is not effective-dated and there is no stateless AU forecast route: both 501.
  effective_dating: 'unsupported',
  stateless_calculate: 'unsupported',
  statutory_lodgement: 'native',
  payment_file: 'native',
  payslip_pdf: 'native',
  retirement_batch: 'native',
  pay_calculation: 'native',
  // Tenant leave types (aliases of a master type); requests, balances and bookings that ride the pay run;
  // progressive accrual from the ordinary hours of each finalised run, configured per employee.
  leave_types_config: 'native',
  leave_management: 'native',
  leave_accrual: 'native',
  // The German statutory outputs (Lohnsteuer-Anmeldung, Beitragsnachweise); AU lodges single-touch payroll instead.
  statutory_outputs: 'unsupported',
};

export const auPack: PackMeta = {
  code: 'AU',
  jurisdiction: 'AU',
  name: 'Australia',
  currency: 'AUD',
  locale: 'en-AU',
  current_version: AU_CURRENT_VERSION,
  status: 'beta',
  maintainer: 'Payrail Regulation Team',
  scope: [
    'payg_withholding',
    'study_loan',
    'medicare_levy_adjustment',
    'superannuation_guarantee',
    'leave_accrual',
    'leave_loading',
    'long_service_leave_accrual',
    'identifier_validation',
    'aba_payment_file',
    'single_touch_payroll',
  ],
  lodgement_rails: [{ type: 'single_touch_payroll_phase_2', channel: 'sbr_sandbox_rail', status: 'live_sandbox' }],
  versions: AU_VERSIONS.map((v) => ({ version: v.version, effective: { ...v.effective }, released: v.released })),
  capabilities,
};
