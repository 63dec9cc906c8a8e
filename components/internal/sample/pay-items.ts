// Sample pay items (a few of each kind, and one of the employer's own) and a sample entry recalculation,
// for pages without a token. Loaded on demand with the other sample data.
import type { Country, EntryLine, PayItem, PayRunEntry } from '../../client/models.js';
import { fromCents } from '../format.js';

type Row = [code: string, name: string, kind: PayItem['kind'], types: string, flag: string, stp?: string];

// AU flags: o = counts toward super; the STP category as category[:type[:subtype]].
const AU: Row[] = [
  ['ORDINARY', 'Ordinary hours', 'earning', 'ordinary_hours', 'o', 'gross'],
  ['OVERTIME', 'Overtime', 'earning', 'overtime', '', 'overtime'],
  ['BONUS', 'Bonus', 'earning', 'bonus', 'o', 'bonuses_and_commissions'],
  ['PAID_LEAVE', 'Paid leave', 'earning', 'leave leave_pay', 'o', 'paid_leave:O'],
  ['TD', 'Tool allowance', 'allowance', 'allowance', '', 'allowance:TD'],
  ['KN', 'Task allowance', 'allowance', 'allowance', 'o', 'allowance:KN'],
  ['OD-H1', 'Home office allowance', 'allowance', 'allowance', '', 'allowance:OD:H1'],
  ['UNION_FEES', 'Union fees', 'deduction', 'deduction', '', 'deduction:F'],
  ['SACRIFICE_SUPER', 'Salary sacrifice to super', 'deduction', 'salary_sacrifice', '', 'salary_sacrifice:S'],
  ['PERSONAL_SUPER', 'Personal super contribution (after tax)', 'deduction', 'deduction', '', 'not_reported'],
];
// DE: the Lohnart number; t = taxable and contributory.
const DE: Row[] = [
  ['ORDINARY', 'Stundenlohn', 'earning', 'ordinary_hours', 't1100'],
  ['OVERTIME', 'Mehrarbeit', 'earning', 'overtime', 't1200'],
  ['CHRISTMAS_BONUS', 'Weihnachtsgeld', 'earning', 'bonus', 't2010'],
  ['ALLOWANCE', 'Zulage', 'allowance', 'allowance', 't1400'],
  ['DEDUCTION', 'Nettoabzug', 'deduction', 'deduction', '8000'],
];

function item([code, name, kind, types, flag, stp]: Row, de: boolean): PayItem {
  const [category, type = null, subtype = null] = (stp ?? '').split(':');
  return {
    code,
    name,
    kind,
    source: 'pack',
    base_code: null,
    status: 'active',
    entry_types: types.split(' '),
    taxable: de ? flag.startsWith('t') : kind !== 'deduction',
    ote: de ? null : flag === 'o',
    super_liable: de ? null : flag === 'o',
    stp: de ? null : { category, type, subtype },
    wage_type: de ? flag.replace('t', '') : null,
    contributory: de ? flag.startsWith('t') : null,
  };
}

export function samplePayItems(country: Country): PayItem[] {
  const de = country === 'DE';
  const pack = (de ? DE : AU).map((r) => item(r, de));
  const base = pack.find((p) => p.kind === 'allowance')!;
  const own = { ...base, code: 'SITE', name: de ? 'Baustellenzulage' : 'Site allowance', source: 'tenant' as const };
  return [...pack, { ...own, base_code: base.code }];
}

const cents = (s: string | null | undefined) => Math.round(Number(s ?? 0) * 100);

/**
 * A sample entry with the lines in place of its own: earnings at the sample rate of 40.00 an hour, tax at the
 * entry's own share of gross, deductions off net. Made-up arithmetic for made-up people.
 */
export function sampleCalculate(entry: PayRunEntry, items: PayItem[], lines: EntryLine[]): PayRunEntry {
  const was = entry.items.filter((i) => i.source === 'entry');
  let gross = cents(entry.gross) - was.reduce((a, i) => a + cents(i.amount), 0);
  let ded = 0;
  for (const l of lines) {
    const it = items.find((i) => i.code === l.code);
    const c = l.hours ? Math.round(Number(l.hours) * 4000) : cents(l.amount);
    if (it?.kind === 'deduction') ded += c;
    else gross += c;
  }
  const share = cents(entry.tax) / Math.max(cents(entry.gross), 1);
  const tax = Math.round(gross * share);
  const social = entry.social == null ? 0 : Math.round((gross * cents(entry.social)) / Math.max(cents(entry.gross), 1));
  const m = (c: number) => fromCents(c);
  return {
    ...entry,
    gross: m(gross),
    tax: m(tax),
    ...(entry.social == null ? {} : { social: m(social) }),
    net: m(gross - tax - social - ded),
  };
}
