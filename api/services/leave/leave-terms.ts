// An employee's leave terms: the accrual rates where the employer gives more than the NES (or a shift worker's 5
// weeks), which the pay calculation is told so the payslip's "accrued this pay" is the accrual finalise writes; and
// the terms as a payroll officer reads them on the employee's page (entitlements, leave loading and why).
import type { Repos } from '../../store/index.ts';
import type { UseCaseContext } from '../platform/use-case.ts';
import type { Included } from '../pay-runs/pay-run-calc.ts';
import { accrualRulesOf } from './leave-accrual-rules.ts';
import { D, dec } from '../../lib/money.ts';
import { todayIn } from '../../lib/dates.ts';
import { reachableEmployee } from './leave-people.ts';
import { leaveLoadingsOf } from './leave-loading.ts';
import { jurisdictionOf } from '../setup/jurisdiction.ts';
import { aboveNes, accrualTermsOf, settingsOf } from './leave-settings.ts';

/** Sets `leave_rates` on each employee whose terms give more than the pack's NES rates. */
export async function attachLeaveRates(
  uc: UseCaseContext,
  r: Repos,
  run: { pack_version: string },
  workforce: Included[],
): Promise<void> {
  const t = uc.requireTenant();
  if (t.capabilities?.leave_accrual !== 'native' || !workforce.length) return;
  const { ratesFor } = accrualRulesOf(uc);
  // In batches, inside every dialect's bound-parameter limit however large the run.
  for (let i = 0; i < workforce.length; i += 500) {
    const batch = workforce.slice(i, i + 500);
    const settings = await settingsOf(
      uc,
      r,
      batch.map((w) => w.row.id),
    );
    for (const who of batch) {
      const s = settings.get(who.row.id)!;
      if (aboveNes(s)) who.leave_rates = ratesFor(run.pack_version, accrualTermsOf(s));
    }
  }
}

export interface LeaveTermsView {
  employee_id: string;
  accrual_method: 'ordinary_hours' | 'none';
  /** Ordinary hours a week the entitlements are worked out for. */
  hours_per_week: string;
  /** Yearly entitlements in hours (0 for a casual, who is paid a loading instead: s 86, s 95). */
  annual_entitlement_hours: string;
  personal_entitlement_hours: string;
  /** `nes`: the National Employment Standards; `employer`: more, as the employer configured. */
  entitlement_basis: 'nes' | 'employer';
  shift_worker: boolean;
  annual_leave_loading: { percent: string; source: 'award' | 'terms'; award_name: string | null } | null;
  long_service_state: string | null;
}

/** One employee's leave terms in force today. */
export async function leaveTermsOf(uc: UseCaseContext, r: Repos, employeeId: string): Promise<LeaveTermsView> {
  uc.requireCapability('leave_accrual', ['keep leave terms in the host system']);
  const t = uc.requireTenant();
  const today = todayIn(uc.now);
  const who = await reachableEmployee(uc, r, employeeId, today);
  const id = who.row.id;
  const [settings, loadings, awards] = await Promise.all([
    settingsOf(uc, r, [id]),
    leaveLoadingsOf(uc, r, [id]),
    r.employeeAwardsOf(t.tenant.id, [id]),
  ]);
  const s = settings.get(id)!;
  const rates = accrualRulesOf(uc).ratesFor(t.binding.pack_version, accrualTermsOf(s));
  const weekly = dec(who.data.employment.hours_per_week || '38');
  const casual = who.data.employment.type === 'casual';
  const yearly = (weeks: string) =>
    casual ? '0.00' : weekly.times(weeks).toDecimalPlaces(2, D.ROUND_HALF_UP).toFixed(2);
  const loading = loadings.get(id) ?? null;
  const award =
    loading?.source === 'award' && awards[0]
      ? jurisdictionOf(t.tenant.jurisdiction).awardInForce?.(t.binding.pack_version, awards[0].award_code, today)
      : null;
  return {
    employee_id: id,
    accrual_method: s.accrual_method,
    hours_per_week: weekly.toFixed(2),
    annual_entitlement_hours: yearly(rates.annualWeeksPerYear),
    personal_entitlement_hours: yearly(rates.personalWeeksPerYear),
    entitlement_basis: s.annual_entitlement || s.personal_entitlement ? 'employer' : 'nes',
    shift_worker: s.shift_worker,
    annual_leave_loading: loading
      ? {
          percent: dec(loading.fraction).times(100).toFixed(2),
          source: loading.source,
          award_name: award?.name ?? (loading.source === 'award' ? (awards[0]?.award_code ?? null) : null),
        }
      : null,
    long_service_state: s.long_service_state,
  };
}
