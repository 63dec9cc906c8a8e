// Turns employment terms and pay items into earnings lines, ordinary hours and ordinary time
// earnings (OTE) for one pay. Choices made here:
// - Salaried pay is the annual salary / 52, 26, 12 or 4, half-up to the cent; the hourly rate used
//   for leave and overtime is annual / 52 / hours per week (default 38), kept to 4 decimals.
// - Paid leave hours of a salaried employee re-label part of the period's salary rather than add to
//   it; only leave beyond the period's salary is paid on top. The same holds for an hourly employee
//   paid on the standard pattern (no timesheet); with a timesheet, leave hours are paid in addition.
// - Ordinary hour items given for a salaried employee record the hours worked (they drive leave
//   accrual) but do not change the salary.
// - Unpaid leave hours come out of the period's standard hours and, for a salaried employee, out of the
//   salary at the hourly rate; with a timesheet the hours worked are what is paid, so they change nothing.
// - Annual leave cashed out (Fair Work Act ss 92-94) is paid for its hours on top of the period's pay: no time is
//   taken off, so it neither relabels salary nor counts as ordinary hours; it is ordinary time earnings.
// - Leave loading (annual leave loading where the terms grant it) is paid on top as its own leave line;
//   it counts as OTE (SGR 2009/2 [para 27]: loading is OTE unless it stands for lost overtime).
// - A salaried starter or leaver is paid the working days of the period employed (part-period.ts): the period's
//   salary and standard hours are pro-rated, and the salary line says how many days it pays. Hourly pay is
//   already the hours paid, so it is left alone.
// - Casuals without a timesheet and without hours per week are paid for no ordinary hours.
// - Ordinary pay, paid leave hours and leave loading are OTE; overtime is not. An amount item (allowance,
//   bonus, leave pay) is OTE when its pay item says so (`pay-items.ts`: task and qualification
//   allowances are, expense allowances and workers' compensation are not).
import { D, dec, money, paddedText, sum, type Dec } from '../../lib/money.ts';
import { AuPayInputError } from './errors.ts';
import { parseEarnings, parseQuantity } from './parse.ts';
import { auPayItemOf, PERSONAL_SUPER, sacrificesToSuper } from './pay-items.ts';
import { SCHEDULE_5_SOURCE, spreadPeriods, spreadsByDefault } from './schedule5.ts';
import { partPeriodShare } from './part-period.ts';
import type { AuEmployment, AuPartPeriod, AuPayItem, AuPayLine, PayFrequency } from './types.ts';

const PERIODS_PER_YEAR: Record<PayFrequency, number> = { weekly: 52, fortnightly: 26, monthly: 12, quarterly: 4 };
const DEFAULT_HOURS_PER_WEEK = '38';
const DEFAULT_OVERTIME_MULTIPLIER = '1.5';
const RATE_DP = 4;

// Worked out once: every pay of a frequency has the same number of weeks.
const WEEKS_PER_PERIOD = Object.fromEntries(
  Object.entries(PERIODS_PER_YEAR).map(([f, n]) => [f, new D(52).div(n)]),
) as Record<PayFrequency, Dec>;
export const weeksPerPeriod = (frequency: PayFrequency): Dec => WEEKS_PER_PERIOD[frequency];
const STANDARD_HOURS_PER_WEEK = dec(DEFAULT_HOURS_PER_WEEK);

/** Rates and hours: 4 decimals at most, but at least 2 so that "38.00" reads as hours, not a count. */
export function quantityString(value: Dec): string {
  const exact = paddedText(value, 2, RATE_DP);
  if (exact !== null) return exact;
  const rounded = value.toDecimalPlaces(RATE_DP, D.ROUND_HALF_UP);
  return rounded.decimalPlaces() <= 2 ? rounded.toFixed(2) : rounded.toFixed();
}

/** What a leave line keeps of its item so the pay event can report it by paid-leave type. */
const leaveOf = (it: AuPayItem): Pick<AuPayLine, 'leave_type' | 'code'> => ({
  ...('leave_type' in it && present(it.leave_type) ? { leave_type: it.leave_type } : {}),
  ...(present(it.code) ? { code: it.code } : {}),
});

const cents = (v: Dec): Dec => v.toDecimalPlaces(2, D.ROUND_HALF_UP);
const present = (v: string | null | undefined): v is string => typeof v === 'string' && v.trim() !== '';

export interface EarningsBreakdown {
  hourlyRate: Dec;
  ordinaryHours: Dec;
  /** Positive earnings lines, in payslip order. */
  lines: AuPayLine[];
  gross: Dec;
  ordinaryTimeEarnings: Dec;
  /** Every salary sacrifice: out of the pay before tax. */
  salarySacrifice: Dec;
  /** The part sacrificed into super (STP type S): paid into the employee's fund. */
  superSacrifice: Dec;
  /** Sacrificed for other benefits (STP type O): paid to whoever provides them, never to the fund. */
  otherSacrifice: { amount: Dec; description: string; paid_to?: string }[];
  /** Voluntary contributions from pay after tax (the PERSONAL_SUPER item): paid into the employee's fund. */
  personalSuper: Dec;
  /** Amounts relating to more than one pay period, each with the periods Schedule 5 spreads it over. */
  spread: { amount: Dec; periods: number }[];
  /** After-tax deductions; `personalSuper` marks a voluntary contribution paid into the employee's fund. */
  deductions: { amount: Dec; description: string; paid_to?: string; personalSuper: boolean }[];
  /**
   * Employed on no day of the period (a final pay paid late): what a regular pay period pays them, the normal
   * earnings Schedule 7 withholds a termination payout against. Null when they were employed in the period.
   */
  regularPay: Dec | null;
}

type HoursItem = Extract<AuPayItem, { kind: 'hours' }>;
type AmountItem = Extract<AuPayItem, { kind: 'amount' }>;

function hoursOf(items: HoursItem[], path: string): Dec {
  return sum(items.map((item, i) => parseQuantity(item.hours, `${path}[${i}].hours`)));
}

/**
 * Employed on no day of the period: a leaver whose final pay is paid in a later period than the one their
 * employment ended in (their end date was recorded after that period's run). No salary and no contracted hours:
 * the pay is what the final pay pays out (termination-pay.ts).
 */
const employedNoDay = (part: AuPartPeriod | undefined) => part !== undefined && part.to < part.from;

function payBasis(employment: AuEmployment, frequency: PayFrequency, part: AuPartPeriod | undefined) {
  const basis = periodBasis(employment, frequency, part);
  if (!employedNoDay(part)) return { ...basis, employed: true, regularPay: null };
  const regular = periodBasis(employment, frequency, undefined);
  const regularPay = regular.salaried ? regular.periodSalary : cents(regular.standardHours.times(regular.hourlyRate));
  return { ...basis, periodSalary: new D(0), standardHours: new D(0), share: null, employed: false, regularPay };
}

function periodBasis(employment: AuEmployment, frequency: PayFrequency, part: AuPartPeriod | undefined) {
  const hoursPerWeek = present(employment.hours_per_week)
    ? parseQuantity(employment.hours_per_week, 'employment.hours_per_week')
    : employment.type === 'casual' && !present(employment.annual_salary)
      ? new D(0)
      : STANDARD_HOURS_PER_WEEK;
  const standardHours = hoursPerWeek.times(weeksPerPeriod(frequency)).toDecimalPlaces(RATE_DP, D.ROUND_HALF_UP);
  if (present(employment.annual_salary)) {
    const annual = parseEarnings(employment.annual_salary, 'employment.annual_salary');
    if (hoursPerWeek.isZero())
      throw new AuPayInputError('employment.hours_per_week', 'hours_per_week must be above 0 for a salaried employee');
    const hourlyRate = annual.div(52).div(hoursPerWeek).toDecimalPlaces(RATE_DP, D.ROUND_HALF_UP);
    const fullSalary = cents(annual.div(PERIODS_PER_YEAR[frequency]));
    const share = part && !employedNoDay(part) ? partPeriodShare(part) : null;
    if (!share) return { salaried: true, periodSalary: fullSalary, hourlyRate, standardHours, share };
    return {
      salaried: true,
      periodSalary: cents(fullSalary.times(share.fraction)),
      hourlyRate,
      standardHours: standardHours.times(share.fraction).toDecimalPlaces(RATE_DP, D.ROUND_HALF_UP),
      share,
    };
  }
  if (!present(employment.hourly_rate)) {
    throw new AuPayInputError('employment', 'an annual_salary or an hourly_rate is required');
  }
  const hourlyRate = parseQuantity(employment.hourly_rate, 'employment.hourly_rate');
  return { salaried: false, periodSalary: new D(0), hourlyRate, standardHours, share: null };
}

function line(type: AuPayLine['type'], amount: Dec, extra: Omit<AuPayLine, 'type' | 'amount'> = {}): AuPayLine {
  const out: Record<string, unknown> = { type, amount: money(amount) };
  for (const [k, v] of Object.entries(extra)) if (v !== undefined) out[k] = v;
  return out as unknown as AuPayLine;
}

/** hours x rate x multiplier, half-up to the cent; the line shows the effective rate. */
function hoursLine(
  type: AuPayLine['type'],
  item: HoursItem,
  rate: Dec,
  path: string,
  defaultMultiplier: string,
  description?: string,
): AuPayLine {
  const multiplier = parseQuantity(
    present(item.multiplier) ? item.multiplier : defaultMultiplier,
    `${path}.multiplier`,
  );
  const hours = parseQuantity(item.hours, `${path}.hours`);
  // An award line carries its own rate (the award's rate for that time, to the cent): paid as is.
  const effectiveRate = present(item.rate) ? parseQuantity(item.rate, `${path}.rate`) : rate.times(multiplier);
  // A casual loading line is what is left of hours x the casual rate after the ordinary line: paid as given.
  const amount =
    item.award_line === 'casual_loading' && present(item.amount)
      ? parseEarnings(item.amount, `${path}.amount`)
      : cents(hours.times(effectiveRate));
  return line(type, amount, {
    hours: quantityString(hours),
    rate: quantityString(effectiveRate),
    description,
    clause: item.clause,
  });
}

export function buildEarnings(
  employment: AuEmployment,
  frequency: PayFrequency,
  items: AuPayItem[],
  part?: AuPartPeriod,
): EarningsBreakdown {
  const basis = payBasis(employment, frequency, part);
  const rate = basis.hourlyRate;
  const hoursItems = (category: HoursItem['category']) =>
    items.filter((it): it is HoursItem => it.kind === 'hours' && it.category === category);
  const amountItems = (category: AmountItem['category']) =>
    items.filter((it): it is AmountItem => it.kind === 'amount' && it.category === category);
  const amountOf = (it: AmountItem, path: string) => parseEarnings(it.amount, path);

  const ordinaryItems = hoursItems('ordinary');
  const allLeave = hoursItems('leave');
  // Annual leave cashed out is paid on top of the period's pay: no time is taken off, so nothing is relabelled.
  const leaveItems = allLeave.filter((it) => !it.cash_out);
  const leaveHours = hoursOf(leaveItems, 'items(leave)');
  const unpaidHours = hoursOf(hoursItems('unpaid_leave'), 'items(unpaid_leave)');
  const timesheet = ordinaryItems.length > 0;
  // A casual loading or flat amount line pays on hours another line already counts.
  const workedHours = timesheet
    ? hoursOf(
        ordinaryItems.filter((it) => it.award_line !== 'casual_loading' && it.award_line !== 'flat_amount'),
        'items(ordinary)',
      )
    : D.max(basis.standardHours.minus(leaveHours).minus(unpaidHours), 0);

  const leaveLines = leaveItems.map((it, i) => ({
    ...hoursLine('leave', it, rate, `items(leave)[${i}]`, '1', it.description ?? it.leave_type),
    ...leaveOf(it),
  }));
  const leaveHoursPay = sum(leaveLines.map((l) => l.amount));
  const cashOutLines = allLeave.flatMap((it, i) =>
    it.cash_out
      ? [
          {
            ...hoursLine('leave', it, rate, `items(leave)[${i}]`, '1', it.description ?? it.leave_type),
            ...leaveOf(it),
          },
        ]
      : [],
  );
  // Leave cashed out in service is ordinary time earnings (SGR 2009/2: lump sum payments of unused leave otherwise
  // than on termination of employment); unused leave paid on termination is not (termination-pay.ts).
  const cashOutPay = sum(cashOutLines.map((l) => l.amount));

  const ordinaryLines: AuPayLine[] = [];
  if (!basis.employed && !timesheet) {
    // Nothing ordinary to pay for a period not worked.
  } else if (basis.salaried) {
    // Leave hours come out of the salary they would otherwise have been paid as.
    const relabelled = D.min(leaveHoursPay, basis.periodSalary);
    // Unpaid hours come off what is left of the salary at the hourly rate.
    const unpaid = D.min(cents(unpaidHours.times(rate)), basis.periodSalary.minus(relabelled));
    ordinaryLines.push(
      line('ordinary_pay', basis.periodSalary.minus(relabelled).minus(unpaid), {
        hours: quantityString(workedHours),
        rate: quantityString(rate),
        ...(basis.share ? { description: basis.share.description, part_period: basis.share.line } : {}),
      }),
    );
  } else if (timesheet) {
    ordinaryItems.forEach((it, i) =>
      ordinaryLines.push(hoursLine('ordinary_pay', it, rate, `items(ordinary)[${i}]`, '1', it.description)),
    );
  } else {
    ordinaryLines.push(
      line('ordinary_pay', cents(workedHours.times(rate)), {
        hours: quantityString(workedHours),
        rate: quantityString(rate),
      }),
    );
  }

  const overtimeLines = hoursItems('overtime').map((it, i) =>
    hoursLine('overtime', it, rate, `items(overtime)[${i}]`, DEFAULT_OVERTIME_MULTIPLIER, it.description),
  );

  const loadingLines = allLeave.flatMap((it, i): AuPayLine[] => {
    if (!present(it.loading)) return [];
    const fraction = parseQuantity(it.loading, `items(leave)[${i}].loading`);
    const hours = parseQuantity(it.hours, `items(leave)[${i}].hours`);
    return [
      line('leave', cents(hours.times(rate).times(fraction)), {
        hours: quantityString(hours),
        rate: quantityString(rate.times(fraction)),
        description: 'Annual leave loading',
        ...leaveOf(it),
      }),
    ];
  });

  let amountOte = new D(0);
  const spread: EarningsBreakdown['spread'] = [];
  const otherLines = items.flatMap((it, i): AuPayLine[] => {
    if (it.kind !== 'amount' || !['allowance', 'bonus', 'leave'].includes(it.category)) return [];
    const type = it.category as 'allowance' | 'bonus' | 'leave';
    const def = auPayItemOf(type === 'leave' ? 'leave_pay' : type, it.code);
    const amount = amountOf(it, `items[${i}].amount`);
    // A payment for more than one period (the pay item's default, or the line's own count) is spread by Schedule 5.
    const over = it.earned_over_periods;
    const periods =
      (over !== undefined && over !== 1) || (over === undefined && def.spread && spreadsByDefault(frequency, amount))
        ? spreadPeriods(frequency, over, `items[${i}].earned_over_periods`)
        : null;
    if (periods !== null) spread.push({ amount, periods });
    // A line without its own description is called by its pay item's name, never its code (LD, KN).
    const l = line(type, amount, {
      description: it.description ?? def.name,
      withholding: periods === null ? undefined : { method: 'schedule_5_method_a', periods, source: SCHEDULE_5_SOURCE },
    });
    if (def.ote) amountOte = amountOte.plus(l.amount);
    return [type === 'leave' ? { ...l, ...leaveOf(it) } : l];
  });
  otherLines.unshift(...loadingLines);

  // `money` writes every zero as "0.00".
  const lines = [...ordinaryLines, ...leaveLines, ...cashOutLines, ...overtimeLines, ...otherLines].filter(
    (l) => l.amount !== '0.00',
  );
  const ordinaryPay = sum(ordinaryLines.map((l) => l.amount));
  const otherOte = amountOte.plus(sum(loadingLines.map((l) => l.amount)));
  const gross = sum(lines.map((l) => l.amount));
  const sacrificed = amountItems('salary_sacrifice').map((it, i) => ({
    item: it,
    amount: amountOf(it, `items(salary_sacrifice)[${i}].amount`),
    toSuper: sacrificesToSuper(auPayItemOf('salary_sacrifice', it.code)),
  }));
  const deductions = amountItems('deduction').map((it, i) => ({
    amount: amountOf(it, `items(deduction)[${i}].amount`),
    description: it.description ?? auPayItemOf('deduction', it.code).name,
    personalSuper: auPayItemOf('deduction', it.code).code === PERSONAL_SUPER,
    ...(present(it.paid_to) ? { paid_to: it.paid_to } : {}),
  }));
  const ordinaryTimeEarnings = ordinaryPay.plus(leaveHoursPay).plus(cashOutPay).plus(otherOte);

  return {
    hourlyRate: rate,
    ordinaryHours: workedHours.plus(leaveHours),
    lines,
    gross,
    ordinaryTimeEarnings,
    spread,
    salarySacrifice: sum(sacrificed.map((s) => s.amount)),
    superSacrifice: sum(sacrificed.filter((s) => s.toSuper).map((s) => s.amount)),
    otherSacrifice: sacrificed
      .filter((s) => !s.toSuper)
      .map((s) => ({
        amount: s.amount,
        description: s.item.description ?? auPayItemOf('salary_sacrifice', s.item.code).name,
        ...(present(s.item.paid_to) ? { paid_to: s.item.paid_to } : {}),
      })),
    personalSuper: sum(deductions.filter((d) => d.personalSuper).map((d) => d.amount)),
    deductions,
    regularPay: basis.regularPay,
  };
}
