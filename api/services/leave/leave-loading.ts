// Annual leave loading: who gets it and why. An award that grants it (by the country's award loadings, with its
// source) gives it to every employee it covers, whatever the switch says — an award is a floor; the per-employee
// switch gives it to those whose contract does.
import type { Repos } from '../../store/index.ts';
import type { UseCaseContext } from '../platform/use-case.ts';
import { jurisdictionOf } from '../setup/jurisdiction.ts';
import { settingsOf } from './leave-settings.ts';

export interface LeaveLoadingTerms {
  /** The loading as a fraction of the leave pay (0.175). */
  fraction: string;
  /** `award`: the employee's award grants it; `terms`: the employee's contract (the leave-loading switch). */
  source: 'award' | 'terms';
  /** Why, in words a payroll officer reads on the employee's page. */
  basis: string;
}

/** Each employee's annual leave loading, or null when neither their award nor their terms give one. */
export async function leaveLoadingsOf(
  uc: UseCaseContext,
  r: Repos,
  employeeIds: string[],
): Promise<Map<string, LeaveLoadingTerms | null>> {
  const t = uc.requireTenant();
  const out = new Map<string, LeaveLoadingTerms | null>();
  const rules = jurisdictionOf(t.tenant.jurisdiction).leaveLoading;
  if (!rules || !employeeIds.length) return out;
  const [settings, awards] = await Promise.all([
    settingsOf(uc, r, employeeIds),
    r.employeeAwardsOf(t.tenant.id, employeeIds),
  ]);
  const awardOf = new Map(awards.map((a) => [a.employee_id, a.award_code]));
  for (const id of employeeIds) {
    const code = awardOf.get(id);
    const granted = code ? rules.awards[code] : undefined;
    if (granted)
      out.set(id, { fraction: granted.fraction, source: 'award', basis: rules.awardBasis[code!] ?? granted.basis });
    else if (settings.get(id)?.leave_loading)
      out.set(id, { fraction: rules.terms.fraction, source: 'terms', basis: rules.terms.basis });
    else out.set(id, null);
  }
  return out;
}
