// Pay schedules, a governed setting: one per pay frequency (or more, e.g. per state), each answering its
// next pay dates. A schedule that moves dates off public holidays needs the pack's holiday calendar.
import type { Repos } from '../../store/index.ts';
import type { PayScheduleTable } from '../../store/schema.ts';
import type { Change } from '../platform/unit-of-work.ts';
import type { UseCaseContext } from '../platform/use-case.ts';
import type { CreatePayScheduleInput, UpdatePayScheduleInput } from '../../schemas/calendar.ts';
import type { HolidayCalendar } from '../../packs/public-holidays.ts';
import { holidayCalendarFor, resolveRegion } from '../../packs/holiday-calendars.ts';
import { nextPayDates } from './pay-dates.ts';
import { closedDays, companyRegion, requireHolidayCalendar } from './holiday-context.ts';
import { AppError, notFound, stateConflict } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { todayIn } from '../../lib/dates.ts';

const unprocessable = (path: string, message: string) =>
  new AppError(422, 'unprocessable_entity', message, { errors: [{ path, message }] });

/** How many upcoming pay dates a schedule answers with. */
const NEXT_COUNT = 3;

export type PublicPaySchedule = Awaited<ReturnType<typeof publicSchedule>>;

async function publicSchedule(uc: UseCaseContext, row: PayScheduleTable, r?: Repos) {
  const t = uc.requireTenant();
  const cal = holidayCalendarFor(t.tenant.jurisdiction);
  const region = cal ? (row.state ?? (await companyRegion(uc, cal, r))) : null;
  const closed = cal ? closedDays(cal, t.tenant.jurisdiction, region) : () => false;
  return {
    id: row.id,
    name: row.name,
    frequency: row.frequency,
    anchor_date: row.anchor_date,
    payment_offset_days: row.payment_offset_days,
    bank_holiday_rule: row.bank_holiday_rule,
    cutoff_days: row.cutoff_days,
    state: row.state,
    holiday_region: region,
    status: row.status,
    next_pay_dates: nextPayDates(row, todayIn(uc.now), NEXT_COUNT, closed),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** A state or Land as the pack names it (code or name, any case); 422 when the pack does not know it (sites too). */
export function checkState(
  cal: HolidayCalendar | undefined,
  state: string | null | undefined,
): string | null | undefined {
  if (state === undefined || state === null) return state;
  const code = cal && resolveRegion(cal, state);
  if (!code)
    throw unprocessable(
      'state',
      cal
        ? `Unknown state: use one of ${cal.regions.map((r) => r.code).join(', ')}.`
        : 'This country has no states with public holidays in Payrail yet.',
    );
  return code;
}

/** Moving dates off holidays needs the pack's holiday calendar: 501 where there is none. */
function checkRule(uc: UseCaseContext, rule: PayScheduleTable['bank_holiday_rule']) {
  if (rule !== 'none') requireHolidayCalendar(uc);
}

export async function listPaySchedules(uc: UseCaseContext, opts: { includeArchived: boolean }) {
  const rows = await uc.store.repos.listPaySchedules(uc.requireTenant().tenant.id, opts.includeArchived);
  return Promise.all(rows.map((row) => publicSchedule(uc, row)));
}

export async function getPaySchedule(uc: UseCaseContext, id: string) {
  const row = await uc.store.repos.getPaySchedule(uc.requireTenant().tenant.id, id);
  if (!row) throw notFound('Pay schedule not found.');
  return publicSchedule(uc, row);
}

export async function createPaySchedule(
  uc: UseCaseContext,
  r: Repos,
  input: CreatePayScheduleInput,
): Promise<Change<PublicPaySchedule>> {
  const t = uc.requireTenant();
  checkRule(uc, input.bank_holiday_rule);
  const state = checkState(holidayCalendarFor(t.tenant.jurisdiction), input.state) ?? null;
  const at = uc.now.toISOString();
  const row: PayScheduleTable = {
    id: newId('psch_'),
    tenant_id: t.tenant.id,
    name: input.name,
    frequency: input.frequency,
    anchor_date: input.anchor_date,
    payment_offset_days: input.payment_offset_days,
    bank_holiday_rule: input.bank_holiday_rule,
    cutoff_days: input.cutoff_days,
    state,
    status: 'active',
    created_at: at,
    updated_at: at,
  };
  await r.insertPaySchedule(row);
  return {
    data: await publicSchedule(uc, row, r),
    evidence: {
      action: 'pay_schedule.created',
      resource: row.id,
      decision: { frequency: row.frequency, bank_holiday_rule: row.bank_holiday_rule },
    },
  };
}

/** Updates the fields sent; `status` archives or restores. The evidence names the fields changed. */
export async function updatePaySchedule(
  uc: UseCaseContext,
  r: Repos,
  id: string,
  input: UpdatePayScheduleInput,
): Promise<Change<PublicPaySchedule>> {
  const t = uc.requireTenant();
  const existing = await r.getPaySchedule(t.tenant.id, id);
  if (!existing) throw notFound('Pay schedule not found.');
  const { governance_reason: _g, ...patch } = input;
  if (patch.bank_holiday_rule) checkRule(uc, patch.bank_holiday_rule);
  const state = checkState(holidayCalendarFor(t.tenant.jurisdiction), patch.state);
  const next: Partial<PayScheduleTable> = { ...patch, updated_at: uc.now.toISOString() };
  if (state !== undefined) next.state = state;
  await r.updatePaySchedule(t.tenant.id, existing.id, next);
  const updated = (await r.getPaySchedule(t.tenant.id, existing.id))!;
  return {
    data: await publicSchedule(uc, updated, r),
    evidence: {
      action: 'pay_schedule.updated',
      resource: existing.id,
      decision: { fields: Object.keys(patch), from_status: existing.status, to_status: updated.status },
    },
  };
}

/** Archives a schedule (kept, left out of the calendar and default lists); archiving it twice is 409. */
export async function archivePaySchedule(
  uc: UseCaseContext,
  r: Repos,
  id: string,
): Promise<Change<{ id: string; status: 'archived' }>> {
  const tenantId = uc.requireTenant().tenant.id;
  const existing = await r.getPaySchedule(tenantId, id);
  if (!existing) throw notFound('Pay schedule not found.');
  if (existing.status === 'archived') throw stateConflict('The pay schedule is already archived.');
  await r.updatePaySchedule(tenantId, id, { status: 'archived', updated_at: uc.now.toISOString() });
  return { data: { id, status: 'archived' }, evidence: { action: 'pay_schedule.archived', resource: id } };
}
