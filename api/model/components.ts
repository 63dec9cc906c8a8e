// The SDK components a token's write allowlist can name (`["*"]` grants them all).
import { badRequest } from '../lib/errors.ts';

export const COMPONENTS = [
  'payslip-viewer',
  'employee-onboarding',
  'pay-runs-list',
  'employees-list',
  'employee-detail',
  'pay-run-detail',
  'pay-run-entry',
  'dashboard',
  'tax-declaration',
  'super-form',
  'bank-details',
  'leave-management',
  'pay-item-library',
  'stp-submission',
  'award-config',
  'payroll-calendar',
  'org-setup',
  'cost-centres',
  'reports-dashboard',
  'governance-trail',
  'requirements',
  'leave-request',
  'leave-approvals',
  'payroll-readiness',
  'payrun-exceptions',
  'super-overview',
  'payroll-checklist',
  'payments',
  'chart',
  'kpi-tile',
  'portfolio-dashboard',
  'client-list',
  'pipeline-board',
] as const;
/** The names in `names` that are neither a component nor `*`. */
export const unknownComponents = (names: readonly string[]): string[] =>
  names.filter((n) => n !== '*' && !(COMPONENTS as readonly string[]).includes(n));

export const unknownComponentsMessage = (bad: string[]) =>
  `Unknown component(s) ${bad.join(', ')}. Valid: ${COMPONENTS.join(', ')} or "*".`;

/** 400 listing the valid names when `names` holds an unknown component. */
export function assertKnownComponents(names: readonly string[]): void {
  const bad = unknownComponents(names);
  if (bad.length) {
    const message = unknownComponentsMessage(bad);
    throw badRequest(message, [{ path: 'components', message }]);
  }
}
