// The AU pack as the service sees it: identity, scope, rails and what it can do natively.
import type { CapabilityMatrix, PackMeta } from '../types.ts';
import { AU_CURRENT_VERSION, AU_VERSIONS } from './registry.ts';
import { awardsOf } from './awards/catalogue.ts';

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
  // Modern award interpretation (timesheet shifts into award pay lines): per version, as each version
  // carries its own pay guides (api/packs/au/awards/catalogue.ts); AU-2024.1 and AU-2026.1 narrow it to
  // unsupported.
  award_interpretation: 'native',
  // Annual leave cashed out under a written agreement (Fair Work Act ss 92-94), paid with the period's pay and
  // reported as paid leave type C.
  leave_cash_out: 'native',
  // Working holiday makers (Schedule 15, income type WHM with its country): not carried, so 501, never the
  // resident scales.
  working_holiday_maker: 'unsupported',
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
  versions: AU_VERSIONS.map((v) => ({
    version: v.version,
    effective: { ...v.effective },
    released: v.released,
    // A version without award rates (none cited for its year) cannot interpret awards: 501, never old rates.
    ...(awardsOf(v.version).length ? {} : { capabilities: { award_interpretation: 'unsupported' as const } }),
  })),
  capabilities,
};
