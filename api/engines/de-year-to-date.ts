// What a DE-2026.3 calculation reads from the run's context: the employer's U1/U2 settings for the
// employee's insurer, and the year to date § 23a SGB IV measures one-off payments against (the SV days of the
// employment and the wage charged per branch, from finalised runs and the employer's opening figures).
import type { CalcContext, YearToDateEntry } from './types.ts';
import {
  PACK_YEARS,
  SOCIAL_RATES,
  periodFactor,
  type ChargedYear,
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

function chargedYear(ctx: CalcContext, year: number, employedFrom: string, through: string): ChargedYear {
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
  return {
    sv_days: svDays(from, through),
    kv_pv: money(sum(kv)),
    rv_av: money(sum(rv)),
    complete: covered(intervals, from, before),
  };
}

/** The year to date of the run's period, for an employee employed since `startDate`. */
export function deYearToDate(version: DePackVersion, ctx: CalcContext, startDate: string | null): OneOffYearToDate {
  const year = PACK_YEARS[version];
  const employedFrom = startDate ?? `${year}-01-01`;
  const previousEmployed = employedFrom <= `${year - 1}-12-31`;
  return {
    month: Number(ctx.period_end.slice(5, 7)),
    current: chargedYear(ctx, year, employedFrom, ctx.period_end),
    previous: previousEmployed ? chargedYear(ctx, year - 1, employedFrom, `${year - 1}-12-31`) : null,
  };
}

type RateRow = { betriebsnummer?: unknown; u1_rate?: unknown; u2_rate?: unknown };

/** The employer's U1/U2 settings for one insurer (by Betriebsnummer): what is on file, null where nothing is. */
export function deLevySettings(company: Record<string, unknown>, insurer: string | null): DeLevySettings {
  const rows = Array.isArray(company.insurer_levy_rates) ? (company.insurer_levy_rates as RateRow[]) : [];
  const row = insurer ? rows.find((x) => x.betriebsnummer === insurer) : undefined;
  const rate = (v: unknown) => (v === undefined || v === null || v === '' ? null : String(v));
  return {
    u1_participation: typeof company.u1_participation === 'boolean' ? company.u1_participation : null,
    u1_rate: rate(row?.u1_rate),
    u2_rate: rate(row?.u2_rate),
  };
}
