// The country's leave accrual, where the capability matrix says the tenant's pack accrues leave.
import type { UseCaseContext } from '../platform/use-case.ts';
import { jurisdictionOf } from '../setup/jurisdiction.ts';

/** The accrual rules of the tenant's country; a wiring error where the pack accrues leave and the adapter cannot. */
export function accrualRulesOf(uc: UseCaseContext) {
  const code = uc.requireTenant().tenant.jurisdiction;
  const accrual = jurisdictionOf(code).leave?.accrual;
  if (!accrual) throw new Error(`leave_accrual is native but the ${code} adapter has no leave accrual`);
  return accrual;
}
