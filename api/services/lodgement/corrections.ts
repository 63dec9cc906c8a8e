// Corrections a void leaves the ATO owing. A lodged run's pay event told the ATO its payees' year to date;
// voiding the run takes its figures out of Payrail's year to date, so the ATO's stays overstated until an
// event reports the corrected figures. Voiding such a run queues that update event: it is pending for each
// payee of the run until a later submission of the same financial year (an update event, the next pay
// event or the finalisation, any the rail did not reject) has reported them.
import { z } from 'zod';
import type { Repos } from '../../store/index.ts';
import type { UseCaseContext } from '../platform/use-case.ts';
import { decodeJson } from '../../lib/json-column.ts';

export const pendingCorrectionSchema = z.object({
  pay_run_id: z.string(),
  payment_date: z.string(),
  voided_at: z.string(),
  /** The financial year by its starting year (2026 is 1 July 2026 – 30 June 2027), as update events take it. */
  financial_year: z.number().int(),
  financial_year_label: z.string(),
  /** The payees whose year to date the ATO still holds with the voided run's figures in it. */
  employee_ids: z.array(z.string()),
});
export type PendingCorrection = z.output<typeof pendingCorrectionSchema>;

const ids = z.array(z.string());

/**
 * The corrections still to send, oldest void first (each run once, only its payees still uncorrected). Whole
 * company only (the route's policy), like the update event that sends them.
 */
export async function pendingCorrections(uc: UseCaseContext, r: Repos): Promise<PendingCorrection[]> {
  uc.requireCapability('statutory_lodgement');
  const tenantId = uc.requireTenant().tenant.id;
  const events = await r.voidedRunPayEvents(tenantId);
  if (!events.length) return [];
  const since = events.reduce((a, e) => (e.voided_at && e.voided_at < a ? e.voided_at : a), events[0].voided_at ?? '');
  const later = await r.lodgementsSince(tenantId, since);
  const byRun = new Map<string, PendingCorrection>();
  for (const e of events) {
    if (!e.voided_at) continue;
    const voidedAt = e.voided_at;
    const reported = new Set(
      later
        .filter((l) => l.submitted_at > voidedAt && l.financial_year === e.financial_year)
        .flatMap((l) => decodeJson(ids, l.employee_ids_json, `lodgement ${l.id} employees`)),
    );
    const open = decodeJson(ids, e.employee_ids_json, `run ${e.pay_run_id} lodged employees`).filter(
      (id) => !reported.has(id),
    );
    const row = byRun.get(e.pay_run_id) ?? {
      pay_run_id: e.pay_run_id,
      payment_date: e.payment_date,
      voided_at: voidedAt,
      financial_year: Number(e.financial_year.slice(0, 4)),
      financial_year_label: e.financial_year,
      employee_ids: [],
    };
    row.employee_ids = [...new Set([...row.employee_ids, ...open])].sort();
    byRun.set(e.pay_run_id, row);
  }
  return [...byRun.values()].filter((c) => c.employee_ids.length);
}
