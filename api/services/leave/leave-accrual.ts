// Leave accrual on finalise (AU): each paid employee earns annual and personal/carer's leave on the
// ordinary hours of the run (paid leave included, unpaid leave and leave cashed out not) at the rates of their terms
// (the NES or the employer's higher entitlement, as the payslip's "accrued this pay"), long service leave where a
// state is configured; each accrual is a movement carrying the finalise evidence. A void reverses them.
import type { Repos } from '../../store/index.ts';
import type { LeaveMovementTable, PayRunTable } from '../../store/schema.ts';
import type { UseCaseContext } from '../platform/use-case.ts';
import type { Calculated } from '../pay-runs/pay-run-figures.ts';
import { accrualRulesOf } from './leave-accrual-rules.ts';
import { newId } from '../../lib/ids.ts';
import { dec } from '../../lib/money.ts';
import { accrualTermsOf, settingsOf } from './leave-settings.ts';

export async function accrueOnFinalise(
  uc: UseCaseContext,
  r: Repos,
  run: PayRunTable,
  paid: Calculated[],
  evidenceId: string,
): Promise<number> {
  const t = uc.requireTenant();
  if (t.capabilities?.leave_accrual !== 'native' || !paid.length) return 0;
  const settings = await settingsOf(
    uc,
    r,
    paid.map((c) => c.who.row.id),
  );
  const { ratesFor, accrue } = accrualRulesOf(uc);
  const at = uc.now.toISOString();
  const moves: LeaveMovementTable[] = [];
  for (const c of paid) {
    const s = settings.get(c.who.row.id)!;
    if (s.accrual_method === 'none') continue;
    const hours = ((c.result ?? uc.deps.cache.storedResult(c.row)).detail as { ordinary_hours?: unknown })
      .ordinary_hours;
    if (typeof hours !== 'string') continue;
    const accrual = accrue(run.pack_version, hours, c.who.data.employment.type, {
      rates: ratesFor(run.pack_version, accrualTermsOf(s)),
      longServiceState: s.long_service_state,
    });
    const move = (leave_type: string, quantity: string | null) => {
      if (quantity === null || Number(quantity) === 0) return;
      moves.push({
        id: newId('lvm_'),
        tenant_id: t.tenant.id,
        employee_id: c.who.row.id,
        leave_type,
        kind: 'accrual',
        unit: 'hours',
        quantity,
        effective_date: run.period_end,
        pay_run_id: run.id,
        booking_id: null,
        evidence_id: evidenceId,
        created_at: at,
      });
    };
    move('annual', accrual.annual);
    move('personal', accrual.personal);
    move('long_service', accrual.long_service);
  }
  await r.insertLeaveMovements(moves);
  return moves.length;
}

/**
 * A voided run paid nothing, so nothing accrued on it and no leave was paid out by it: each of its accrual and
 * payout movements is reversed (the same movement, negated) under the void's evidence, and the record of both
 * stays. A rerun of the period accrues, or pays out, afresh.
 */
export async function reverseOnVoid(uc: UseCaseContext, r: Repos, run: PayRunTable, evidenceId: string): Promise<void> {
  const at = uc.now.toISOString();
  const made = (await r.leaveMovementsOfRun(run.tenant_id, run.id)).filter(
    (m) => m.kind === 'accrual' || m.kind === 'paid_out',
  );
  const reversals = made.map((m) => ({
    ...m,
    id: newId('lvm_'),
    quantity: dec(m.quantity).neg().toFixed(4),
    evidence_id: evidenceId,
    created_at: at,
  }));
  if (reversals.length) await r.insertLeaveMovements(reversals);
}
