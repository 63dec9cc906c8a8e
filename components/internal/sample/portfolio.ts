// A made-up partner portfolio (Australian and German employers) in the API's own shapes, with pay dates
// counted from today, so every risk, health and pipeline state shows in sample mode.
import { now as clockNow } from '../clock.js';
import type { ApiList, ClientParams, ClientRow, Pipeline, PipelineRun, PortfolioSummary } from '../../client/models.js';
import { fromCents } from '../format.js';

const DAY = 864e5;
const day = (offset: number) => {
  const now = clockNow();
  return new Date(Date.UTC(now.getFullYear(), now.getMonth(), now.getDate()) + offset * DAY).toISOString().slice(0, 10);
};

// name, country, workers, sites, gross this month (whole units), days until the next pay (null: none
// scheduled), runs in flight ([state, payday offset, employees paid, gross]).
type Run = [keyof Pipeline, number, number, number];
const EMPLOYERS: [string, 'AU' | 'DE', number, number, number, number | null, Run[]][] = [
  ['Harbour & Co Coffee Roasters', 'AU', 11, 2, 33120, 1, [['blocked', 1, 11, 16840]]],
  ['Nordlicht Software GmbH', 'DE', 14, 1, 0, 3, [['draft', 3, 14, 81880]]],
  ['Saltbush Landscaping', 'AU', 23, 3, 61240, 4, [['draft', 4, 23, 30410]]],
  ['Bäckerei Lindenhof', 'DE', 9, 2, 24310, 6, [['approved', 6, 9, 24720]]],
  ['Kestrel Logistics', 'AU', 58, 4, 188400, 2, [['approved', 2, 58, 94560]]],
  ['Elbtal Spedition GmbH', 'DE', 31, 2, 96780, 12, []],
  ['Bluegum Dental', 'AU', 16, 2, 52970, 8, [['draft', 8, 16, 26110]]],
  ['Praxis am Rheinufer', 'DE', 7, 1, 21460, 0, [['blocked', 0, 7, 21980]]],
  ['Wattle Street Bakery', 'AU', 12, 1, 28340, 5, []],
  ['Alpenblick Hotel GmbH', 'DE', 42, 1, 118900, 15, []],
  ['Ironbark Joinery', 'AU', 19, 1, 47220, 9, [['approved', 9, 19, 23540]]],
  ['Coral Bay Surf School', 'AU', 0, 1, 0, null, []],
  ['Werkstatt Kranich', 'DE', 5, 1, 14210, 20, []],
  ['Paperbark Studio', 'AU', 8, 1, 21900, 11, []],
];

// Runs paid in the last weeks, for the finalised column: [employer, days ago].
const PAID: [number, number][] = [
  [0, 13],
  [4, 12],
  [2, 10],
  [8, 9],
  [5, 5],
  [9, 3],
  [6, 2],
];

const cur = (c: string) => (c === 'DE' ? 'EUR' : 'AUD');
const tid = (i: number) => `sample-tenant-${i + 1}`;

function rowOf(i: number): ClientRow {
  const [name, country, workers, sites, gross, next, runs] = EMPLOYERS[i];
  const blocked = runs.some((r) => r[0] === 'blocked');
  const soon = runs.filter((r) => r[0] === 'draft').map((r) => r[1]);
  const risk: ClientRow['risk'] =
    blocked || soon.some((d) => d <= 2)
      ? 'high'
      : soon.some((d) => d <= 5) || (workers > 0 && next === null)
        ? 'medium'
        : 'low';
  return {
    id: tid(i),
    name,
    country,
    site_count: sites,
    workers,
    gross_mtd: fromCents(gross * 100),
    currency: cur(country),
    risk,
    health: workers === 0 ? 'setup_required' : blocked || risk !== 'low' ? 'attention' : 'healthy',
    in_flight: runs.length,
    next_pay_date: next === null ? null : day(next),
    days_until_pay: next,
  };
}

/** One run of the board; the period ends a few days before the pay date, as a fortnight does. */
function runOf(i: number, n: number, pay: number, people: number, gross: number, status: string): PipelineRun {
  const [name, country] = EMPLOYERS[i];
  return {
    id: `sample-pay-run-p${n + 1}`,
    tenant_id: tid(i),
    tenant_name: name,
    status,
    period_start: day(pay - 16),
    period_end: day(pay - 3),
    payment_date: day(pay),
    totals: { employee_count: people, gross: fromCents(gross * 100), currency: cur(country) },
  };
}

/** The sample board: a portfolio this small shows every run it holds, so each group's count is its length. */
export function samplePipeline(): Pipeline {
  const runs: Record<keyof Pipeline, PipelineRun[]> = { draft: [], approved: [], blocked: [], finalised: [] };
  let n = 0;
  EMPLOYERS.forEach(([, , , , , , own], i) => {
    for (const [state, pay, people, gross] of own)
      runs[state].push(runOf(i, n++, pay, people, gross, state === 'blocked' ? 'previewed' : state));
  });
  for (const [i, ago] of PAID)
    runs.finalised.push(runOf(i, n++, -ago, EMPLOYERS[i][2], EMPLOYERS[i][4] / 2, 'finalised'));
  for (const k of ['draft', 'approved', 'blocked'] as const)
    runs[k].sort((a, b) => a.payment_date.localeCompare(b.payment_date));
  const group = (k: keyof Pipeline) => ({ count: runs[k].length, runs: runs[k] });
  return {
    draft: group('draft'),
    approved: group('approved'),
    blocked: group('blocked'),
    finalised: group('finalised'),
  };
}

const RANK = { high: 0, medium: 1, low: 2 };

export function sampleClients(p: ClientParams = {}): ApiList<ClientRow> {
  const words = (p.q ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  const sort = p.sort ?? 'name';
  const rows = EMPLOYERS.map((_, i) => rowOf(i)).filter((r) => words.every((w) => r.name.toLowerCase().includes(w)));
  rows.sort(
    (a, b) =>
      (sort === 'risk'
        ? RANK[a.risk] - RANK[b.risk]
        : sort === 'gross_mtd'
          ? Number(b.gross_mtd) - Number(a.gross_mtd)
          : sort === 'next_pay_date'
            ? (a.next_pay_date ?? '9999').localeCompare(b.next_pay_date ?? '9999')
            : 0) || a.name.localeCompare(b.name),
  );
  const from = Number(p.cursor ?? 0) || 0;
  const limit = p.limit ?? rows.length;
  const more = from + limit < rows.length;
  return { data: rows.slice(from, from + limit), has_more: more, next_cursor: more ? String(from + limit) : null };
}

export function sampleSummary(): PortfolioSummary {
  const rows = sampleClients().data;
  const pipe = samplePipeline();
  const gross = new Map<string, number>();
  for (const r of rows) gross.set(r.currency, (gross.get(r.currency) ?? 0) + Math.round(Number(r.gross_mtd) * 100));
  const next = rows
    .map((r) => r.days_until_pay)
    .filter((d): d is number => d !== null)
    .sort((a, b) => a - b)[0];
  const count = (risk: ClientRow['risk']) => rows.filter((r) => r.risk === risk).length;
  return {
    stats: {
      workers: rows.reduce((a, r) => a + r.workers, 0),
      runs_in_flight: pipe.draft.count + pipe.approved.count + pipe.blocked.count,
      // As the API counts them: a blocked run is counted as blocked, not also as awaiting approval.
      runs_awaiting_approval: pipe.draft.count,
      runs_approved: pipe.approved.count,
      runs_blocked: pipe.blocked.count,
      runs_finalised_recently: pipe.finalised.count,
      gross_mtd: [...gross].map(([currency, cents]) => ({ currency, amount: fromCents(cents) })),
      clients_by_risk: { high: count('high'), medium: count('medium'), low: count('low') },
      next_pay_date: next === undefined ? null : day(next),
      days_until_next_pay: next ?? null,
    },
    tenant_count: rows.length,
    generated_at: clockNow().toISOString(),
    errored_tenants: [],
  };
}
