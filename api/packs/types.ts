// The contract between the service and its regulation packs. Packs are pure: rate tables,
// calculators and validation rules, no I/O. The service only ever talks to a pack through these types.

export type Jurisdiction = 'AU' | 'DE' | 'NZ' | 'UK' | 'US';

export const CAPABILITIES = [
  'effective_dating',
  'stateless_calculate',
  'statutory_lodgement',
  'payment_file',
  'payslip_pdf',
  'retirement_batch',
  'pay_calculation',
  'leave_types_config',
  'leave_management',
  'leave_accrual',
  'statutory_outputs',
  'award_interpretation',
  'leave_cash_out',
  'working_holiday_maker',
] as const;
export type Capability = (typeof CAPABILITIES)[number];
export type CapabilityLevel = 'native' | 'unsupported';
export type CapabilityMatrix = Record<Capability, CapabilityLevel>;

export interface PackVersionInfo {
  version: string; // `<code>-<year>.<n>`
  effective: { from: string; to: string | null };
  released: boolean;
  /** What this version can do beyond (or short of) the pack's matrix, e.g. a payment file added in a later release. */
  capabilities?: Partial<CapabilityMatrix>;
}

export interface LodgementRail {
  type: string;
  channel: string;
  status: 'live_sandbox' | 'planned' | 'statutory_outputs_only' | 'design_partner';
}

export interface PackMeta {
  code: Jurisdiction;
  jurisdiction: Jurisdiction;
  name: string;
  currency: string;
  locale: string;
  current_version: string;
  status: 'draft' | 'beta' | 'certified';
  maintainer: string;
  scope: string[];
  lodgement_rails: LodgementRail[];
  versions: PackVersionInfo[];
  /** What the pack itself can do; the engine may narrow it further. */
  capabilities: CapabilityMatrix;
}

/** A failed statutory or jurisdiction rule, e.g. `AU-2026.1/tax/tfn_checksum`. */
export interface RuleViolation {
  rule: string;
  path: string;
  message: string;
}

export type PayFrequency = 'weekly' | 'fortnightly' | 'monthly' | 'quarterly';
