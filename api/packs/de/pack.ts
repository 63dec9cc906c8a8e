// Pack metadata: what the DE regulation pack covers and can do, per pinned version.

import type { PackMeta } from '../types.ts';

export const dePack: PackMeta = {
  code: 'DE',
  jurisdiction: 'DE',
  name: 'Germany',
  currency: 'EUR',
  locale: 'de-DE',
  current_version: 'DE-2026.4',
  status: 'beta',
  maintainer: 'Payrail Regulation Team',
  scope: [
    'wage_tax_pap',
    'solidarity_surcharge',
    'church_tax',
    'social_insurance',
    'private_health_insurance_subsidy',
    'minijob',
    'midijob',
    // From DE-2026.3: U1, U2 and the Insolvenzgeldumlage; one-off payments under § 23a SGB IV.
    'employer_levies',
    'one_off_annual_ceiling',
    'identifier_validation',
    'annual_leave_entitlement',
    'continued_pay_in_sickness',
    'unpaid_absence',
    'sepa_credit_transfer',
    // Figures for filing, drawn up from finalised runs (JSON and CSV); no ELSTER or DTA file, no lodgement.
    'lohnsteuer_anmeldung_figures',
    'beitragsnachweis_figures',
    'minijob_beitragsnachweis_figures',
  ],
  lodgement_rails: [
    { type: 'elster_lohnsteueranmeldung', channel: 'statutory_output_files', status: 'statutory_outputs_only' },
    { type: 'sv_beitragsnachweis', channel: 'statutory_output_files', status: 'statutory_outputs_only' },
    { type: 'deuev_sv_meldung', channel: 'statutory_output_files', status: 'design_partner' },
  ],
  versions: [
    { version: 'DE-2025.1', effective: { from: '2025-01-01', to: '2025-12-31' }, released: true },
    { version: 'DE-2026.1', effective: { from: '2026-01-01', to: '2026-12-31' }, released: true },
    // The 2026 statutory year with net pay as a SEPA credit transfer file (pain.001.001.09); its pay is
    // DE-2026.1's. Tenants pinned to an earlier version keep the matrix below.
    {
      version: 'DE-2026.2',
      effective: { from: '2026-01-01', to: '2026-12-31' },
      released: true,
      capabilities: { payment_file: 'native' },
    },
    // DE-2026.2 with the employer's levies (U1, U2 and the Insolvenzgeldumlage) as employer costs and on the
    // Beitragsnachweise, and one-off payments charged against the pro-rata annual ceiling (§ 23a SGB IV).
    {
      version: 'DE-2026.3',
      effective: { from: '2026-01-01', to: '2026-12-31' },
      released: true,
      capabilities: { payment_file: 'native' },
    },
    // DE-2026.3 with the Entgeltabrechnung as a PDF (§ 108 GewO, EntgeltbescheinigungsV); its pay is
    // DE-2026.3's. Tenants pinned to an earlier version keep the payslip PDF's 501.
    {
      version: 'DE-2026.4',
      effective: { from: '2026-01-01', to: '2026-12-31' },
      released: true,
      capabilities: { payment_file: 'native', payslip_pdf: 'native' },
    },
  ],
  capabilities: {
    effective_dating: 'native',
    stateless_calculate: 'native',
    pay_calculation: 'native',
    statutory_lodgement: 'unsupported',
    payment_file: 'unsupported',
    payslip_pdf: 'unsupported',
    retirement_batch: 'unsupported',
    // Leave types are fixed by regulation and the entitlement follows the contract (BUrlG), so neither
    // tenant leave types nor accrual configuration exist; requests, balances and absences do.
    leave_types_config: 'unsupported',
    leave_management: 'native',
    leave_accrual: 'unsupported',
    // Lohnsteuer-Anmeldung, Beitragsnachweis and Minijob-Beitragsnachweis figures of a period.
    statutory_outputs: 'native',
    leave_cash_out: 'unsupported',
    working_holiday_maker: 'unsupported',
    // Modern awards are Australian; German collective agreements (Tarifverträge) are not interpreted.
    award_interpretation: 'unsupported',
  },
};
