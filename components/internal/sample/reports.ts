// Sample payroll reports, built from the sample runs and entries in the API's report shape, so the
// reports dashboard renders sample and live data through the same paths. Loaded with the sample chunk.
import type { PayRunEntry, Report, ReportColumn, ReportParams, ReportSlug } from '../../client/models.js';
import type { SampleSet } from './data.js';
import { fromCents } from '../format.js';

type Row = Report['rows'][number];
const c = (v: string | null | undefined) => Math.round(Number(v ?? 0) * 100);
const cols = (spec: string): ReportColumn[] =>
  spec.split(' ').map((s) => {
    const [key, kind = 'money'] = s.split(':');
    return { key, kind: kind as ReportColumn['kind'] };
  });

/** A DE entry's wage tax parts by wage type code; AU entries have none. */
const part = (e: PayRunEntry, code: string) => c(e.wage_types?.find((w) => w.code === code)?.amount);
const employer = (e: PayRunEntry) => e.employer_costs.reduce((a, x) => a + c(x.amount), 0);

/** Rows grouped by a key, in first-seen order, each group's numbers summed by `fields`. */
function group<T>(items: T[], key: (t: T) => string, fields: Record<string, (t: T) => number>) {
  const out = new Map<string, { items: T[]; sums: Record<string, number> }>();
  for (const it of items) {
    const k = key(it);
    const g = out.get(k) ?? { items: [], sums: Object.fromEntries(Object.keys(fields).map((f) => [f, 0])) };
    g.items.push(it);
    for (const [f, fn] of Object.entries(fields)) g.sums[f] += fn(it);
    out.set(k, g);
  }
  return out;
}
const money = (sums: Record<string, number>) =>
  Object.fromEntries(Object.entries(sums).map(([k, v]) => [k, fromCents(v)]));

export function sampleReport(set: SampleSet, country: string, slug: ReportSlug, p: ReportParams = {}): Report {
  const de = country === 'DE';
  const runs = set.runs
    .filter((r) => ['finalised', 'lodged'].includes(r.status))
    .filter((r) => (!p.from || r.payment_date >= p.from) && (!p.to || r.payment_date <= p.to))
    .sort((a, b) => a.payment_date.localeCompare(b.payment_date));
  const lines = runs.flatMap((run) => (set.entries[run.id] ?? []).map((e) => ({ run, e })));
  type L = (typeof lines)[number];
  const tax = (l: L) => c(l.e.tax) - part(l.e, 'SOLZ') - part(l.e, 'KIST');
  const month = (l: L) => l.run.payment_date.slice(0, 7);
  let columns: ReportColumn[];
  let rows: Row[];
  if (slug === 'payroll-register') {
    columns = cols(
      `payment_date:date employee_name:text cost_centre:text gross ${de ? 'wage_tax soli church_tax social employer_social' : 'tax super'} net`,
    );
    rows = lines.map(({ run, e }) => ({
      payment_date: run.payment_date,
      pay_run_id: run.id,
      employee_id: e.employee_id,
      employee_name: e.employee_name,
      cost_centre: e.cost_centre_code,
      gross: e.gross,
      net: e.net,
      ...(de
        ? {
            wage_tax: fromCents(tax({ run, e })),
            soli: fromCents(part(e, 'SOLZ')),
            church_tax: fromCents(part(e, 'KIST')),
            social: e.social ?? '0.00',
            employer_social: fromCents(employer(e)),
          }
        : { tax: e.tax, super: e.super ?? '0.00' }),
    }));
  } else if (slug === 'ytd') {
    columns = cols(
      `employee_name:text pay_count:count ${de ? 'gross wage_tax soli church_tax employer_social net' : 'total_gross paygw super_guarantee'}`,
    );
    const g = group(lines, (l) => l.e.employee_id, {
      gross: (l) => c(l.e.gross),
      total_gross: (l) => c(l.e.gross),
      wage_tax: tax,
      soli: (l) => part(l.e, 'SOLZ'),
      church_tax: (l) => part(l.e, 'KIST'),
      employer_social: (l) => employer(l.e),
      net: (l) => c(l.e.net),
      paygw: (l) => c(l.e.tax),
      super_guarantee: (l) => c(l.e.super),
    });
    rows = [...g.entries()].map(([id, x]) => ({
      employee_id: id,
      employee_name: x.items[0].e.employee_name,
      pay_count: x.items.length,
      ...money(x.sums),
    }));
  } else if (slug === 'cost-centres') {
    columns = cols('cost_centre_name:text employee_count:count gross employer_costs total_cost');
    const g = group(lines, (l) => l.e.cost_centre_code ?? '', {
      gross: (l) => c(l.e.gross),
      employer_costs: (l) => employer(l.e),
      total_cost: (l) => c(l.e.gross) + employer(l.e),
    });
    rows = [...g.entries()].map(([code, x]) => ({
      cost_centre: code || null,
      cost_centre_name: code || 'No cost centre',
      employee_count: new Set(x.items.map((l) => l.e.employee_id)).size,
      ...money(x.sums),
    }));
  } else if (slug === 'gl-journal') {
    columns = cols('gl_account:text cost_centre:text description:text debit credit');
    const g = group(lines, (l) => l.e.cost_centre_code ?? '', {
      gross: (l) => c(l.e.gross),
      emp: (l) => employer(l.e),
    });
    const sum = (f: (l: L) => number) => lines.reduce((a, l) => a + f(l), 0);
    const entry = (gl: string, cc: string | null, description: string, debit: number, credit: number) => ({
      gl_account: gl,
      cost_centre: cc,
      description,
      debit: fromCents(debit),
      credit: fromCents(credit),
    });
    const payable = sum((l) => c(l.e.gross) + employer(l.e) - c(l.e.tax) - c(l.e.net));
    rows = [
      ...[...g.entries()].map(([cc, x]) => entry('6100', cc || null, 'Wages and salaries', x.sums.gross, 0)),
      ...[...g.entries()].map(([cc, x]) =>
        entry(
          de ? '6120' : '6110',
          cc || null,
          de ? 'Employer social insurance' : 'Superannuation guarantee',
          x.sums.emp,
          0,
        ),
      ),
      entry(
        '2110',
        null,
        de ? 'Wage tax payable' : 'PAYG withholding payable',
        0,
        sum((l) => c(l.e.tax)),
      ),
      entry(de ? '2130' : '2120', null, de ? 'Social insurance payable' : 'Superannuation payable', 0, payable),
      entry(
        '2100',
        null,
        'Net wages payable',
        0,
        sum((l) => c(l.e.net)),
      ),
    ];
  } else if (slug === 'payg-summary') {
    columns = cols('month:text employee_count:count w1_gross w2_withheld');
    const g = group(lines, month, { w1_gross: (l) => c(l.e.gross), w2_withheld: (l) => c(l.e.tax) });
    rows = [...g.entries()].map(([m, x]) => ({
      month: m,
      employee_count: new Set(x.items.map((l) => l.e.employee_id)).size,
      ...money(x.sums),
    }));
  } else if (slug === 'de-monthly-summary') {
    columns = cols(
      'month:text employee_count:count gross wage_tax soli church_tax social_employee social_employer total',
    );
    const g = group(lines, month, {
      gross: (l) => c(l.e.gross),
      wage_tax: tax,
      soli: (l) => part(l.e, 'SOLZ'),
      church_tax: (l) => part(l.e, 'KIST'),
      social_employee: (l) => c(l.e.social),
      social_employer: (l) => employer(l.e),
      total: (l) => c(l.e.tax) + c(l.e.social) + employer(l.e),
    });
    rows = [...g.entries()].map(([m, x]) => ({
      month: m,
      employee_count: new Set(x.items.map((l) => l.e.employee_id)).size,
      ...money(x.sums),
    }));
  } else {
    columns = cols('fund_name:text due_date:date payment_date:date employee_count:count total status:text');
    rows = runs.map((run) => {
      const list = set.entries[run.id] ?? [];
      const due = new Date(Date.parse(run.payment_date) + 9 * 864e5).toISOString().slice(0, 10);
      return {
        fund_name: 'AustralianSuper',
        due_date: due,
        payment_date: run.payment_date,
        pay_run_id: run.id,
        employee_count: list.length,
        total: fromCents(list.reduce((a, e) => a + c(e.super), 0)),
        status: 'batched',
      };
    });
  }
  const totals: Row = {};
  columns.forEach((col, i) => {
    const all = rows.map((r) => r[col.key]);
    totals[col.key] =
      col.kind === 'money'
        ? fromCents(all.reduce<number>((a, v) => a + c(String(v ?? 0)), 0))
        : col.kind === 'count'
          ? all.reduce<number>((a, v) => a + Number(v ?? 0), 0)
          : i === 0
            ? 'Total'
            : null;
  });
  // An employee paid in several months (or centres) counts once, as the API counts them.
  if ('employee_count' in totals && slug !== 'super-liability')
    totals.employee_count = new Set(lines.map((l) => l.e.employee_id)).size;
  return {
    report: slug,
    jurisdiction: country,
    currency: de ? 'EUR' : 'AUD',
    period: { from: p.from ?? runs[0]?.payment_date ?? '', to: p.to ?? runs[runs.length - 1]?.payment_date ?? '' },
    pay_run_ids: runs.map((r) => r.id),
    include_drafts: false,
    scope_limited: false,
    columns,
    rows,
    totals,
    ...(slug === 'gl-journal' ? { lines: rows } : {}),
    notes: [],
  };
}

/** The report as the API's CSV would write it: a header of column keys, the rows, the totals. */
export function sampleCsv(r: Report): string {
  const cell = (v: unknown) => {
    const s = v == null ? '' : String(v);
    return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  };
  const line = (row: Row) => r.columns.map((col) => cell(row[col.key])).join(',');
  return [r.columns.map((col) => col.key).join(','), ...r.rows.map(line), line(r.totals)].join('\r\n') + '\r\n';
}
