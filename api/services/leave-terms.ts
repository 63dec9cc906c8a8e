// The leave terms a pay calculation needs besides the employee: the accrual rates where the employer gives more than
// the NES (or a shift worker's 5 weeks), so the payslip's "accrued this pay" is the accrual finalise writes.
import type { Repos } from '../store/index.ts';
import type { UseCaseContext } from './use-case.ts';
import type { Included } from './pay-run-calc.ts';
import { accrualRatesFor } from '../packs/au/index.ts';
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
      if (aboveNes(s)) who.leave_rates = accrualRatesFor(run.pack_version, accrualTermsOf(s));
    }
  }
}
