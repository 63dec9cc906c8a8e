// What a DE-2026.3 calculation reads from the run's context: the employer's U1/U2 settings for the
// employee's insurer, the year to date § 23a SGB IV measures one-off payments against (the SV days of the
// employment and the wage charged per branch, from finalised runs and the employer's opening figures), and the
// Lohnsteuer-relevant pay on record that a one-off payment's expected annual wage starts from (§ 39b Abs. 3
// EStG).
//
// § 23a Abs. 3 Satz 2 SGB IV leaves out of the SV days the time not covered by contributions from recurring
// pay: days of unpaid absence (unpaid leave, Elternzeit, Mutterschutz, a sick child) and of sickness past the
// six weeks of continued pay (Krankengeld). A period with such days counts its calendar days covered, as a
// part month does; a whole month of them counts none. Kurzarbeit is not left out: its pay carries
// contributions (§ 232a Abs. 2 SGB V).
import type { CalcContext, YearToDateEntry } from './types.ts';
import {
  PACK_YEARS,
  SOCIAL_RATES,
  periodFactor,
  type ChargedYear,
  type DeAnnualWageYearToDate,
  type DeFrequency,
  type DeLevySettings,
  type DePackVersion,
  type OneOffYearToDate,
} from '../packs/de/index.ts';
import { dec, money, sum } from '../lib/money.ts';

const DAY = 86_400_000;
const toDay = (d: string) => Date.parse(`${d}T00:00:00Z`) / DAY;
const fromDay = (n: number) => new Date(n * DAY).toISOString().slice(0, 10);
const daysInMonth = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();

/** SV days from `from` to `to` (inclusive): a whole calendar month counts 30, a part month its days. */
export function svDays(from: string, to: string): number {
  if (to < from) return 0;
  let total = 0;
  let [y, m] = from.split('-').map(Number);
  for (;;) {
    const first = `${y}-${String(m).padStart(2, '0')}-01`;
    const last = `${y}-${String(m).padStart(2, '0')}-${String(daysInMonth(y, m)).padStart(2, '0')}`;
    if (first > to) break;
    const start = from > first ? from : first;
    const end = to < last ? to : last;
    total += start === first && end === last ? 30 : toDay(end) - toDay(start) + 1;
    m += 1;
    if (m > 12) {
      m = 1;
      y += 1;
    }
  }
  return total;
}

const calendarDays = (from: string, to: string) => (to < from ? 0 : toDay(to) - toDay(from) + 1);

/** The SV days a period loses to days not covered by contributions from recurring pay (§ 23a Abs. 3 S. 2). */
export function svDaysLeftOut(from: string, to: string, uncovered: number): number {
  if (!(uncovered > 0)) return 0;
  return svDays(from, to) - Math.max(0, calendarDays(from, to) - uncovered);
}

/** Calendar days of the period's absences without contributions from recurring pay, from its items. */
export function uncoveredDaysOf(items: { uncovered_days?: string }[]): number {
  return items.reduce((n, i) => n + (Number(i.uncovered_days ?? 0) || 0), 0);
}

/** Whether the intervals cover every day from `from` to `to`. */
function covered(intervals: [string, string][], from: string, to: string): boolean {
  if (to < from) return true;
  let reach = toDay(from) - 1;
  for (const [a, b] of [...intervals].sort((x, y) => (x[0] < y[0] ? -1 : 1))) {
    if (toDay(a) > reach + 1) break;
    reach = Math.max(reach, toDay(b));
  }
  return reach >= toDay(to);
}

/** The wage an entry charged per branch: as it recorded, or (an entry of an earlier version) gross to the ceiling. */
function chargedBy(e: YearToDateEntry): { kv_pv: string; rv_av: string } {
  const bases = e.detail.sv_bases as { kv_pv?: string; rv_av?: string } | undefined;
  if (bases?.kv_pv !== undefined && bases.rv_av !== undefined) return { kv_pv: bases.kv_pv, rv_av: bases.rv_av };
  const year = Number(e.period_end.slice(0, 4)) as keyof typeof SOCIAL_RATES;
  const r = SOCIAL_RATES[year] ?? SOCIAL_RATES[2026];
  const k = periodFactor((e.pay_frequency as DeFrequency) ?? 'monthly');
  const cap = (monthly: string) => money(dec(e.gross).lt(dec(monthly).mul(k)) ? dec(e.gross) : dec(monthly).mul(k));
  return { kv_pv: cap(r.ceilingHealthMonthly), rv_av: cap(r.ceilingPensionMonthly) };
}

/** SV days the finalised entries of the year lost to uncovered days, as each recorded them. */
function leftOutBy(entries: YearToDateEntry[], employedFrom: string): number {
  let n = 0;
  for (const e of entries) {
    const uncovered = Number(e.detail.sv_days_uncovered ?? 0);
    const from = e.period_start > employedFrom ? e.period_start : employedFrom;
    n += svDaysLeftOut(from, e.period_end, uncovered);
  }
  return n;
}

function chargedYear(
  ctx: CalcContext,
  year: number,
  employedFrom: string,
  through: string,
  uncoveredNow = 0,
): ChargedYear {
  const start = `${year}-01-01`;
  const from = employedFrom > start ? employedFrom : start;
  const before = fromDay(Math.min(toDay(ctx.period_start) - 1, toDay(`${year}-12-31`)));
  const openings = ctx.year_to_date.openings.filter((o) => o.tax_year_start === start);
  const entries = ctx.year_to_date.entries.filter((e) => e.period_end >= start && e.period_end <= before);
  const kv = [
    ...openings.map((o) => String(o.figures.sv_wage_kv_pv ?? '0')),
    ...entries.map((e) => chargedBy(e).kv_pv),
  ];
  const rv = [
    ...openings.map((o) => String(o.figures.sv_wage_rv_av ?? '0')),
    ...entries.map((e) => chargedBy(e).rv_av),
  ];
  const intervals: [string, string][] = [
    ...openings.map((o): [string, string] => [start, o.as_at]),
    ...entries.map((e): [string, string] => [e.period_start, e.period_end]),
  ];
  const current =
    through >= ctx.period_start
      ? svDaysLeftOut(ctx.period_start > from ? ctx.period_start : from, ctx.period_end, uncoveredNow)
      : 0;
  const leftOut = leftOutBy(entries, from) + current;
  return {
    sv_days: Math.max(0, svDays(from, through) - leftOut),
    ...(leftOut ? { sv_days_left_out: leftOut } : {}),
    kv_pv: money(sum(kv)),
    rv_av: money(sum(rv)),
    complete: covered(intervals, from, before),
  };
}

/** The year to date of the run's period, for an employee employed since `startDate`. */
export function deYearToDate(
  version: DePackVersion,
  ctx: CalcContext,
  startDate: string | null,
  uncoveredNow = 0,
): OneOffYearToDate {
  const year = PACK_YEARS[version];
  const employedFrom = startDate ?? `${year}-01-01`;
  const previousEmployed = employedFrom <= `${year - 1}-12-31`;
  return {
    month: Number(ctx.period_end.slice(5, 7)),
    current: chargedYear(ctx, year, employedFrom, ctx.period_end, uncoveredNow),
    previous: previousEmployed ? chargedYear(ctx, year - 1, employedFrom, `${year - 1}-12-31`) : null,
  };
}

/**
 * The year's Lohnsteuer-relevant pay before the period on record (§ 39b Abs. 3 EStG): the opening figures'
 * taxable wage and the finalised entries' gross, earlier one-off payments included (the PAP adds them to
 * JRE4), and how many pay periods of the year are not on record: the recurring pay is projected over them.
 * Monthly: the calendar months without a record; weekly: those days in weeks, to four decimals.
 */
export function deAnnualWage(version: DePackVersion, ctx: CalcContext, frequency: DeFrequency): DeAnnualWageYearToDate {
  const year = PACK_YEARS[version];
  const start = `${year}-01-01`;
  const end = `${year}-12-31`;
  const openings = ctx.year_to_date.openings.filter((o) => o.tax_year_start === start);
  const entries = ctx.year_to_date.entries.filter((e) => e.period_end >= start && e.period_end < ctx.period_start);
  const paid = [...openings.map((o) => String(o.figures.taxable_wage ?? '0')), ...entries.map((e) => e.gross)];
  const intervals: [string, string][] = [
    ...openings.map((o): [string, string] => [start, o.as_at]),
    ...entries.map((e): [string, string] => [e.period_start, e.period_end]),
  ];
  let projected: string;
  if (frequency === 'monthly') {
    let months = 0;
    for (let m = 1; m <= 12; m++) {
      const first = `${year}-${String(m).padStart(2, '0')}-01`;
      const last = `${year}-${String(m).padStart(2, '0')}-${String(daysInMonth(year, m)).padStart(2, '0')}`;
      if (first >= ctx.period_start || !covered(intervals, first, last)) months += 1;
    }
    projected = String(months);
  } else {
    let days = 0;
    for (let d = toDay(start); d <= toDay(end); d++) {
      const day = fromDay(d);
      if (day >= ctx.period_start || !covered(intervals, day, day)) days += 1;
    }
    projected = dec(days).div(7).toDecimalPlaces(4, 1).toString();
  }
  return { on_record: money(sum(paid)), periods_projected: projected };
}

type RateRow = { betriebsnummer?: unknown; u1_rate?: unknown; u2_rate?: unknown };

const isExempt = (v: unknown) =>
  typeof v === 'object' &&
  v !== null &&
  ['public_body', 'private_household'].includes(String((v as { reason?: unknown }).reason));

/** The employer's U1/U2 settings for one insurer (by Betriebsnummer): what is on file, null where nothing is. */
export function deLevySettings(company: Record<string, unknown>, insurer: string | null): DeLevySettings {
  const rows = Array.isArray(company.insurer_levy_rates) ? (company.insurer_levy_rates as RateRow[]) : [];
  const row = insurer ? rows.find((x) => x.betriebsnummer === insurer) : undefined;
  const rate = (v: unknown) => (v === undefined || v === null || v === '' ? null : String(v));
  return {
    u1_participation: typeof company.u1_participation === 'boolean' ? company.u1_participation : null,
    u1_rate: rate(row?.u1_rate),
    u2_rate: rate(row?.u2_rate),
    insolvency_levy_exempt: isExempt(company.insolvency_levy_exemption),
  };
}
