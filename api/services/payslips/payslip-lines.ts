// The lines a payslip lists, worked out from an entry's result so that the JSON payslip, the PDF and the payslip
// viewer (which shows the JSON) say the same thing. What the Fair Work Regulations 2009 require of them (r 3.46):
// - family and domestic violence leave is never named (r 3.47): it is paid, and shown, as ordinary hours;
// - each deduction names the fund or account it went into, and each super contribution the fund (r 3.46(1)(g), (i));
// - lines are called by their names, never a pay-item code (a line stored with a bare code is given its name);
// - the hours total counts each hour once: a loading adds money on hours another line already counts.
import { D, dec, money, sum, type Dec } from '../../lib/money.ts';
import type { EntryResult } from '../../engines/types.ts';
import type { RetirementFund } from '../../jurisdictions/index.ts';

/** The master leave category that never appears on a payslip (Fair Work Regulations 2009 r 3.47(1)). */
export const UNNAMED_LEAVE = 'family_domestic_violence';

export interface PayslipLineContext {
  locale: string;
  /** The pack pay item a bare code names, in words (lines stored before they carried names hold the code). */
  storedLineName: (code: string) => string | undefined;
  /** A line type (and its description, when the line has one) in words. */
  label: (type: string, description?: string) => string;
  /** The master category of a tenant's leave code (its own or the country's), where the pack keeps leave. */
  leaveCategory: (code: string) => string | undefined;
  /** The employee's super fund, which employer contributions and salary sacrifice are paid into. */
  fund: RetirementFund | null;
}

export interface PayslipLines {
  earnings: { label: string; hours: string | null; rate: string | null; amount: string }[];
  deductions: { label: string; amount: string }[];
  contributions: { label: string; amount: string }[];
  total_hours: string | null;
}

type Line = EntryResult['lines'][number];

/** Lines that go to the tax office by law, whoever the employer is. */
const TAX_OFFICE_LINES = new Set(['payg_withholding', 'study_loan']);
/** Lines paid into the employee's super fund (a salary sacrifice for other benefits is `salary_sacrifice_other`). */
const FUND_LINES = new Set(['salary_sacrifice', 'personal_super', 'super_guarantee']);

const paidTo = (locale: string, text: string, to: string | null | undefined) =>
  to ? `${text} \u2014 ${locale.startsWith('de') ? 'überwiesen an' : 'paid to'} ${to}` : text;

/** A description that is a pack pay-item code (stored before lines carried names) reads as the item's name. */
function named(ctx: PayslipLineContext, description: string | undefined): string | undefined {
  if (!description) return description;
  const name = ctx.storedLineName(description.trim().toUpperCase());
  return name !== undefined && /^[A-Z0-9_-]+$/.test(description.trim()) ? name : description;
}

/** Hours as the pack writes them: at least 2 decimals, at most 4. */
function hoursText(v: Dec): string {
  const d = v.toDecimalPlaces(4, D.ROUND_HALF_UP);
  return d.decimalPlaces() <= 2 ? d.toFixed(2) : d.toFixed();
}

const stringOf = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const isUnnamedLeave = (l: Line, ctx: PayslipLineContext) => {
  const code = stringOf(l.leave_type);
  return l.type === 'leave' && !!code && (code === UNNAMED_LEAVE || ctx.leaveCategory(code) === UNNAMED_LEAVE);
};

/** A bonus or back pay withheld as if spread over several pays says so on its payslip line (AU Schedule 5). */
const spreadLabel = (text: string, w: { periods: number } | undefined) =>
  w ? `${text} (tax worked out as if paid over ${w.periods} pays)` : text;

/** Family and domestic violence leave joins the ordinary hours at the same rate, or reads as ordinary hours. */
function earningsOf(res: EntryResult, ctx: PayslipLineContext): PayslipLines['earnings'] {
  const out: (PayslipLines['earnings'][number] & { ordinary?: boolean })[] = [];
  for (const l of res.lines) {
    if (l.amount.startsWith('-') || l.type === 'super_guarantee') continue;
    const hidden = isUnnamedLeave(l, ctx);
    const ordinary = l.type === 'ordinary_pay' || hidden;
    const same = ordinary && out.find((e) => e.ordinary && e.rate === (l.rate ?? null));
    if (hidden && same) {
      same.hours = same.hours || l.hours ? hoursText(sum([same.hours ?? '0', l.hours ?? '0'])) : null;
      same.amount = money(sum([same.amount, l.amount]));
      continue;
    }
    out.push({
      label: hidden
        ? ctx.label('ordinary_pay')
        : spreadLabel(ctx.label(l.type, named(ctx, l.description)), l.withholding),
      hours: l.hours ?? null,
      rate: l.rate ?? null,
      amount: money(l.amount),
      ordinary,
    });
  }
  return out.map(({ ordinary: _o, ...e }) => e);
}

/**
 * Hours paid in the period, each once. AU: the pack's ordinary hours (worked and paid leave, without the hours a
 * casual loading, a flat amount or leave loading is paid on) plus overtime; elsewhere the lines' hours.
 */
function totalHours(res: EntryResult): string | null {
  const ordinary = stringOf(res.detail.ordinary_hours);
  const hours = (ls: Line[]) => ls.filter((l) => l.hours && !l.amount.startsWith('-')).map((l) => l.hours!);
  if (ordinary !== undefined)
    return hoursText(sum([ordinary, ...hours(res.lines.filter((l) => l.type === 'overtime'))]));
  const all = hours(res.lines.filter((l) => l.type !== 'super_guarantee'));
  return all.length ? hoursText(sum(all)) : null;
}

export function payslipLines(res: EntryResult, ctx: PayslipLineContext): PayslipLines {
  const fund = ctx.fund?.name ?? null;
  const destination = (l: Line) =>
    stringOf(l.paid_to) ??
    (TAX_OFFICE_LINES.has(l.type) ? 'the Australian Taxation Office' : FUND_LINES.has(l.type) ? fund : null);
  const deductions = res.lines
    .filter((l) => l.amount.startsWith('-'))
    .map((l) => ({
      label: paidTo(ctx.locale, ctx.label(l.type, named(ctx, l.description)), destination(l)),
      amount: money(l.amount.slice(1)),
    }));
  const contributions = res.employer_costs.map((c) => ({
    label: paidTo(ctx.locale, ctx.label(c.type), FUND_LINES.has(c.type) ? fund : null),
    amount: c.amount,
  }));
  const total = totalHours(res);
  return {
    earnings: earningsOf(res, ctx),
    deductions,
    contributions,
    total_hours: total && dec(total).gt(0) ? total : null,
  };
}
