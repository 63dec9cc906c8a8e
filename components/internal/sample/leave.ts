// Sample leave for sample mode, in the API's shapes: the country's catalogue, balances for a few people
// of the sample roster and requests around today (pending, approved, rejected), so every leave element
// renders what live data would.
import { now as clockNow } from '../clock.js';
import type {
  Country,
  Employee,
  LeaveBalance,
  LeaveQuote,
  LeaveQuoteParams,
  LeaveRequest,
  LeaveType,
} from '../../client/models.js';
import { balanceFor, balanceTypeOf, workingDays } from '../leave.js';

const DAY = 864e5;
const iso = (t: number) => new Date(t).toISOString().slice(0, 10);

const AU_TYPES: LeaveType[] = [
  ['annual', 'Annual leave', true, 'NES s 87'],
  ['personal', "Personal/carer's leave", true, 'NES s 96'],
  ['sick', 'Sick leave', true, 'NES s 97'],
  ['compassionate', 'Compassionate leave', true, 'NES s 104'],
  ['long_service', 'Long service leave', true, 'NES s 113'],
  ['unpaid', 'Unpaid leave', false, 'employer'],
].map(([code, name, paid, source]) => ({
  code: code as LeaveType['category'],
  name: name as string,
  category: code as LeaveType['category'],
  paid: paid as boolean,
  unit: 'hours' as const,
  source: source as string,
}));

const DE_TYPES: LeaveType[] = [
  ['annual', 'Erholungsurlaub', true, 'BUrlG § 1'],
  ['sick', 'Arbeitsunfähigkeit (Entgeltfortzahlung bis 6 Wochen)', true, 'EFZG § 3'],
  ['personal', 'Kind krank', false, 'SGB V § 45'],
  ['special', 'Sonderurlaub', true, 'BGB § 616'],
  ['unpaid', 'Unbezahlter Urlaub', false, 'BGB § 611a'],
].map(([code, name, paid, source]) => ({
  code: code as LeaveType['category'],
  name: name as string,
  category: code as LeaveType['category'],
  paid: paid as boolean,
  unit: 'days' as const,
  source: source as string,
}));

export interface SampleLeave {
  types: LeaveType[];
  balances: LeaveBalance[];
  requests: LeaveRequest[];
}

/** Monday of the week after next: sample requests sit in the weeks around it. */
function mondayAhead(now: Date, weeks: number): number {
  const today = Date.UTC(now.getFullYear(), now.getMonth(), now.getDate());
  const wd = new Date(today).getUTCDay();
  return today + (((8 - wd) % 7 || 7) + 7 * weeks) * DAY;
}

export function buildSampleLeave(country: Country, roster: Employee[], now = clockNow()): SampleLeave {
  const hours = country !== 'DE';
  const types = hours ? AU_TYPES : DE_TYPES;
  const people = roster.filter((e) => e.status === 'active').slice(0, 6);
  const unit = hours ? ('hours' as const) : ('days' as const);
  const fig = (v: number) => v.toFixed(2);
  const balances: LeaveBalance[] = people.flatMap((e, i) => {
    const annual = hours ? 152 - i * 11.4 : 30 - i;
    const takenA = hours ? 38 + i * 7.6 : 5 + i;
    const rows: LeaveBalance[] = [
      {
        employee_id: e.id,
        employee_name: `${e.first_name} ${e.last_name}`,
        leave_type: 'annual',
        accrued: fig(annual),
        taken: fig(takenA),
        balance: fig(annual - takenA),
        unit,
      },
    ];
    if (hours)
      rows.push({
        employee_id: e.id,
        employee_name: `${e.first_name} ${e.last_name}`,
        leave_type: 'personal',
        accrued: fig(76 - i * 3.8),
        taken: fig(7.6 * (i % 3)),
        balance: fig(76 - i * 3.8 - 7.6 * (i % 3)),
        unit,
      });
    return rows;
  });
  const at = new Date(now).toISOString();
  const req = (
    n: number,
    e: Employee,
    type: string,
    startOff: number,
    days: number,
    status: LeaveRequest['status'],
    reason: string | null,
  ): LeaveRequest => {
    const start = mondayAhead(now, 1) + startOff * DAY;
    const end = start + (days - 1) * DAY;
    return {
      id: `sample-leave-request-${n}`,
      employee_id: e.id,
      employee_name: `${e.first_name} ${e.last_name}`,
      leave_type: type,
      start_date: iso(start),
      end_date: iso(end),
      quantity: fig(hours ? days * 7.6 : days),
      unit,
      working_days: days,
      reason,
      status,
      decision_note: status === 'rejected' ? (hours ? 'Stocktake week' : 'Inventur') : null,
      decided_by: status === 'pending' ? null : 'Sample admin',
      decided_at: status === 'pending' ? null : at,
      evidence_id: null,
      balance: null,
      created_at: at,
      updated_at: at,
    };
  };
  const [a, b, c, d] = people;
  const requests =
    a && b && c && d
      ? [
          req(1, a, 'annual', 0, 5, 'pending', hours ? 'Family visit' : 'Familienbesuch'),
          req(2, b, 'annual', 2, 3, 'approved', null),
          req(3, c, 'personal', 7, 1, 'pending', null),
          req(4, d, 'annual', -14, 2, 'rejected', null),
        ]
      : [];
  const out = { types, balances, requests };
  for (const r of requests)
    if (r.status === 'pending') r.balance = coverage(out, r.employee_id, r.leave_type, Number(r.quantity));
  return out;
}

/** The balance a sample request draws on, as the API answers it (the sample allows no negative balance). */
function coverage(d: SampleLeave, employeeId: string, code: string, qty: number): LeaveRequest['balance'] {
  const type = d.types.find((t) => t.code === code);
  const b = balanceFor(d.balances, employeeId, balanceTypeOf(type));
  if (!b || !type) return null;
  const after = Number(b.balance) - qty;
  const [requested, available] = [qty.toFixed(2), b.balance];
  return {
    leave_type: b.leave_type,
    unit: b.unit,
    requested,
    available,
    after: after.toFixed(2),
    covered: after >= 0,
    message:
      after >= 0
        ? null
        : `${requested} ${b.unit} of ${type.name} exceed the available balance of ${available} ${b.unit}.`,
  };
}

/** A sample quote: the working days Monday to Friday, 7.6 hours each on an hours payroll. */
export function sampleQuote(d: SampleLeave, p: LeaveQuoteParams): LeaveQuote {
  const type = d.types.find((t) => t.code === p.leave_type) ?? d.types[0]!;
  const days = workingDays(p.start_date, p.end_date ?? p.start_date);
  const counted = type.unit === 'hours' ? days * 7.6 : days;
  const qty = p.quantity === undefined ? counted : Number(p.quantity) * (p.unit === 'days' ? 7.6 : 1);
  const employee = p.employee_id ?? d.balances[0]?.employee_id ?? '';
  return {
    employee_id: employee,
    leave_type: type.code,
    unit: type.unit,
    quantity: qty.toFixed(2),
    working_days: days,
    balance: coverage(d, employee, type.code, qty),
  };
}
