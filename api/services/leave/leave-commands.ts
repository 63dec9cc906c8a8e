// The leave booking command as the API takes it: the legacy aliases resolved, then one booking.
import type { Repos } from '../../store/index.ts';
import type { UseCaseContext } from '../platform/use-case.ts';
import type { Change } from '../platform/unit-of-work.ts';
import type { BookLeaveInput } from '../../schemas/leave.ts';
import { badRequest, packValidationFailed } from '../../lib/errors.ts';
import { bookLeave, type BookingReceipt } from './leave-bookings.ts';
import { dateParams } from '../employees/employees.ts';

/**
 * POST leave/book: `employee_id` (or the legacy `vendorId`, `payRunEmployeeId`), the type as
 * `leave_type_code` (a tenant's own code), `leave_type` (a master code) or the legacy `category` label,
 * the quantity as `quantity`, `hours` or `days`, the dates (`effective_from` stands for `start_date`).
 */
export async function bookLeaveCommand(
  uc: UseCaseContext,
  r: Repos,
  body: BookLeaveInput,
  evidenceId: string,
): Promise<Change<BookingReceipt>> {
  uc.requireCapability('leave_management', ['record absences in the host system']);
  const employee = body.employee_id ?? body.vendorId ?? body.payRunEmployeeId;
  const type = body.leave_type_code ?? body.leave_type ?? body.category;
  const start = body.start_date ?? body.effective_from;
  const missing = [
    !employee && { path: 'employee_id', message: 'Required (or vendorId, payRunEmployeeId).' },
    !type && { path: 'leave_type', message: 'Required (or leave_type_code, category).' },
    !start && { path: 'start_date', message: 'Required (or effective_from).' },
  ].filter((m): m is { path: string; message: string } => Boolean(m));
  if (missing.length) throw badRequest('The booking is incomplete.', missing);
  // effective_from on a pack without effective dating is 501 like every other dated write.
  if (body.effective_from && !body.start_date) dateParams(uc, undefined, body.effective_from);
  if (body.amount !== undefined && Number(body.amount) !== 0)
    throw packValidationFailed([
      {
        rule: `${uc.requireTenant().binding.pack_version}/leave/amount_engine_computed`,
        path: 'amount',
        message: 'Leave pay is calculated from the hours and the rate: leave amount out (or 0).',
      },
    ]);
  const quantity = body.quantity ?? body.hours ?? body.days;
  const unit = body.unit ?? (body.hours !== undefined ? 'hours' : body.days !== undefined ? 'days' : undefined);
  const { receipt } = await bookLeave(
    uc,
    r,
    {
      employee_id: employee!,
      leave_type: type!,
      quantity: quantity === undefined ? undefined : String(quantity),
      unit,
      start_date: start!,
      end_date: body.end_date,
      pay_run_id: body.pay_run_id,
      ...(body.agreement_reference ? { agreement_reference: body.agreement_reference } : {}),
    },
    evidenceId,
  );
  return {
    data: receipt,
    evidence: {
      action: 'leave.booked',
      resource: receipt.employee_id,
      links: receipt.pay_run_id ? [receipt.pay_run_id] : [],
      decision: { ...receipt, evidence_id: undefined },
    },
  };
}
