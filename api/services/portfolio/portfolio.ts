// The partner's portfolio: every tenant's pay runs, workforce and deadlines in one read-only view.
// Everything is read with grouped queries across the partner's tenants (`store/portfolio-repo.ts`): a row
// per tenant and the runs the board shows, never each tenant's full history. A tenant whose binding no longer
// loads is reported in `errored_tenants` instead of breaking the page for the others.
import type { z } from 'zod';
import type { BindingTable, TenantTable } from '../../store/schema.ts';
import type { BoardStage, PortfolioRunRow, PortfolioScope } from '../../store/portfolio-repo.ts';
import { contextFor } from '../platform/tenant-context.ts';
import { getPack } from '../../packs/index.ts';
import { addDays, daysBetween, todayIn } from '../../lib/dates.ts';
import { dec, money, sum } from '../../lib/money.ts';
import { decodeJson } from '../../lib/json-column.ts';
import { BOARD_GROUP_RUNS, runTotalsColumn } from '../../schemas/portfolio.ts';
import type { UseCaseContext } from '../platform/use-case.ts';

/** How far back the pipeline board shows finalised runs. */
const FINALISED_WINDOW_DAYS = 31;

type RunTotals = z.output<typeof runTotalsColumn>;

export interface PipelineRun {
  id: string;
  tenant_id: string;
  tenant_name: string;
  status: string;
  period_start: string;
  period_end: string;
  payment_date: string;
  totals: RunTotals | null;
}

/** A group of the pipeline board: how many runs it holds, and the first of them in the board's order. */
export interface PipelineGroup {
  count: number;
  runs: PipelineRun[];
}

export interface ClientRow {
  id: string;
  name: string;
  country: string;
  site_count: number;
  workers: number;
  gross_mtd: string;
  currency: string;
  risk: 'low' | 'medium' | 'high';
  health: 'healthy' | 'attention' | 'setup_required';
  in_flight: number;
  next_pay_date: string | null;
  days_until_pay: number | null;
}

export interface ErroredTenant {
  id: string;
  name: string;
  error: string;
}

interface LoadedTenant {
  id: string;
  name: string;
  jurisdiction: string;
  currency: string;
  bindingActive: boolean;
}

interface Tenants {
  scope: PortfolioScope;
  today: string;
  count: number;
  loaded: Map<string, LoadedTenant>;
  errored: ErroredTenant[];
}

/** The tenant's hub binding (or its first), checked the way every tenant route builds its engine. */
function loadTenant(tenant: TenantTable, bindings: BindingTable[]): LoadedTenant {
  const binding = bindings.find((b) => b.role === 'hub') ?? bindings[0];
  if (!binding) throw new Error('The tenant has no engine binding.');
  const pack = getPack(binding.pack_code);
  if (!pack) throw new Error(`Pack ${binding.pack_code} is not available.`);
  // Builds the engine adapter: a binding that cannot load is reported, not shown half-computed.
  contextFor(tenant, binding);
  return {
    id: tenant.id,
    name: tenant.name,
    jurisdiction: tenant.jurisdiction,
    currency: pack.currency,
    bindingActive: binding.status === 'active',
  };
}

/** The caller's portfolio: its partner's tenants in the caller's environment. */
function scopeOf(uc: UseCaseContext): PortfolioScope {
  const c = uc.requireCaller();
  return { partnerId: c.partnerId, environment: c.environment };
}

async function loadTenants(uc: UseCaseContext): Promise<Tenants> {
  const scope = scopeOf(uc);
  const r = uc.store.repos;
  const [tenants, bindings] = await Promise.all([r.portfolioTenants(scope), r.portfolioBindings(scope)]);
  const bindingsOf = byTenant(bindings);
  const loaded = new Map<string, LoadedTenant>();
  const errored: ErroredTenant[] = [];
  for (const tenant of tenants) {
    try {
      loaded.set(tenant.id, loadTenant(tenant, bindingsOf.get(tenant.id) ?? []));
    } catch (err) {
      errored.push({
        id: tenant.id,
        name: tenant.name,
        error: err instanceof Error ? err.message : 'The tenant could not be loaded.',
      });
    }
  }
  return { scope, today: todayIn(uc.now), count: tenants.length, loaded, errored };
}

const byTenant = <T extends { tenant_id: string }>(rows: T[]) => {
  const out = new Map<string, T[]>();
  for (const row of rows) {
    const list = out.get(row.tenant_id);
    if (list) list.push(row);
    else out.set(row.tenant_id, [row]);
  }
  return out;
};

/** A tenant's runs in flight, counted. */
interface InFlight {
  runs: number;
  blocked: number;
  /** Awaiting approval and not blocked. */
  awaiting: number;
  /** The earliest pay date of a run awaiting approval, blocked or not. */
  firstUnapproved: string | null;
}

const NOTHING_IN_FLIGHT: InFlight = { runs: 0, blocked: 0, awaiting: 0, firstUnapproved: null };

/**
 * Deadline risk: `high` when a blocked run is in flight or an unapproved run pays within two days
 * (or is overdue); `medium` when an unapproved run pays within five days, or people are employed
 * and no pay date is scheduled; otherwise `low`. `soon` holds the last dates of those two windows.
 */
function riskOf(
  runs: InFlight,
  soon: { high: string; medium: string },
  workers: number,
  nextPayDate: string | null,
): ClientRow['risk'] {
  const unapproved = runs.firstUnapproved;
  if (runs.blocked > 0 || (unapproved !== null && unapproved <= soon.high)) return 'high';
  if ((unapproved !== null && unapproved <= soon.medium) || (workers > 0 && nextPayDate === null)) return 'medium';
  return 'low';
}

const totalsOf = (json: string): RunTotals => decodeJson(runTotalsColumn, json, 'pay_runs.totals_json');

interface Clients {
  tenants: Tenants;
  rows: ClientRow[];
  inFlight: Map<string, InFlight>;
}

/**
 * One row per loadable tenant, in name order, with `site_count` left at 0: sites are counted for the rows
 * shown (`withSites`), since no order or total depends on them.
 */
async function loadClients(uc: UseCaseContext): Promise<Clients> {
  const scope = scopeOf(uc);
  const today = todayIn(uc.now);
  const r = uc.store.repos;
  // The figures are read alongside the tenants (on PostgreSQL, on connections of their own): whether a
  // tenant loads decides only whether its row is shown.
  const [tenants, workers, next, gross, runs] = await Promise.all([
    loadTenants(uc),
    r.portfolioWorkers(scope),
    r.portfolioNextPayDates(scope, today),
    r.portfolioGrossBetween(scope, `${today.slice(0, 7)}-01`, today),
    r.portfolioInFlight(scope),
  ]);
  const workersOf = new Map(workers.map((w) => [w.tenant_id, Number(w.n)]));
  const nextOf = new Map(next.map((n) => [n.tenant_id, n.next]));
  const grossOf = new Map(gross.map((g) => [g.tenant_id, g]));
  const inFlight = new Map<string, InFlight>();
  for (const f of runs)
    if (tenants.loaded.has(f.tenant_id))
      inFlight.set(f.tenant_id, {
        runs: Number(f.runs),
        blocked: Number(f.blocked),
        awaiting: Number(f.awaiting),
        firstUnapproved: f.first_unapproved,
      });
  const soon = { high: addDays(today, 2), medium: addDays(today, 5) };
  const rows: ClientRow[] = [];
  for (const t of tenants.loaded.values()) {
    const own = inFlight.get(t.id) ?? NOTHING_IN_FLIGHT;
    const paid = grossOf.get(t.id);
    const headcount = workersOf.get(t.id) ?? 0;
    const nextPayDate = nextOf.get(t.id) ?? null;
    const risk = riskOf(own, soon, headcount, nextPayDate);
    rows.push({
      id: t.id,
      name: t.name,
      country: t.jurisdiction,
      site_count: 0,
      workers: headcount,
      gross_mtd: paid ? money(dec(paid.cents).div(100)) : '0.00',
      currency: paid?.currency ?? t.currency,
      risk,
      health:
        !t.bindingActive || headcount === 0
          ? 'setup_required'
          : own.blocked > 0 || risk !== 'low'
            ? 'attention'
            : 'healthy',
      in_flight: own.runs,
      next_pay_date: nextPayDate,
      days_until_pay: nextPayDate ? daysBetween(today, nextPayDate) : null,
    });
  }
  return { tenants, rows, inFlight };
}

/** The rows with their sites counted, in one grouped read over just these tenants. */
async function withSites(uc: UseCaseContext, scope: PortfolioScope, rows: ClientRow[]): Promise<ClientRow[]> {
  const sites = await uc.store.repos.portfolioSites(
    scope,
    rows.map((c) => c.id),
  );
  const sitesOf = new Map(sites.map((x) => [x.tenant_id, Number(x.n)]));
  return rows.map((c) => ({ ...c, site_count: sitesOf.get(c.id) ?? 0 }));
}

export type ClientSort = 'name' | 'risk' | 'next_pay_date' | 'gross_mtd';

const RISK_RANK = { high: 0, medium: 1, low: 2 } as const;

/** The order of each sort; every one ends on name and id, so a position in it is exact. */
const ORDER: Record<ClientSort, (a: ClientRow, b: ClientRow) => number> = {
  name: () => 0,
  risk: (a, b) => RISK_RANK[a.risk] - RISK_RANK[b.risk],
  // Clients with no pay date scheduled come last.
  next_pay_date: (a, b) =>
    a.next_pay_date === b.next_pay_date
      ? 0
      : a.next_pay_date === null
        ? 1
        : b.next_pay_date === null
          ? -1
          : a.next_pay_date.localeCompare(b.next_pay_date),
  gross_mtd: (a, b) => dec(b.gross_mtd).comparedTo(dec(a.gross_mtd)),
};

const compareBy = (sort: ClientSort) => (a: ClientRow, b: ClientRow) =>
  ORDER[sort](a, b) || a.name.localeCompare(b.name) || a.id.localeCompare(b.id);

/** Where a page ended: the last row's sort fields. */
export type ClientPosition = Pick<ClientRow, 'id' | 'name' | 'risk' | 'next_pay_date' | 'gross_mtd'>;

export const positionOf = (c: ClientRow): ClientPosition => ({
  id: c.id,
  name: c.name,
  risk: c.risk,
  next_pay_date: c.next_pay_date,
  gross_mtd: c.gross_mtd,
});

export interface ClientQuery {
  q?: string;
  sort?: ClientSort;
  limit?: number;
  after?: ClientPosition | null;
}

/** GET clients: the rows matching `q` in the sort's order; with `limit`, one page after `after`. */
export async function portfolioClients(uc: UseCaseContext, query: ClientQuery) {
  const { tenants, rows } = await loadClients(uc);
  const words = (query.q ?? '').toLocaleLowerCase().split(/\s+/).filter(Boolean);
  const compare = compareBy(query.sort ?? 'name');
  const after = query.after;
  const matching = rows
    .filter((c) => words.every((w) => c.name.toLocaleLowerCase().includes(w)))
    .filter((c) => !after || compare(c, after as ClientRow) > 0)
    .sort(compare);
  const limit = query.limit ?? matching.length;
  const page = await withSites(uc, tenants.scope, matching.slice(0, limit));
  const hasMore = matching.length > limit;
  return { data: page, hasMore, last: hasMore ? page[page.length - 1] : null, errored: tenants.errored };
}

const pipelineRun = (t: LoadedTenant, r: PortfolioRunRow): PipelineRun => {
  const totals = totalsOf(r.totals_json);
  return {
    id: r.id,
    tenant_id: r.tenant_id,
    tenant_name: t.name,
    status: r.status,
    period_start: r.period_start,
    period_end: r.period_end,
    payment_date: r.payment_date,
    totals: Object.keys(totals).length ? totals : null,
  };
};

const byDate = (a: PipelineRun, b: PipelineRun) =>
  a.payment_date.localeCompare(b.payment_date) || a.id.localeCompare(b.id);

/**
 * GET pipeline: the runs in flight as draft, approved or blocked, and the runs paid in the last month, each
 * group counted in SQL with only its first runs read (`BOARD_GROUP_RUNS`): in flight by pay date, the most
 * urgent first; finalised the latest first.
 */
export async function portfolioPipeline(uc: UseCaseContext) {
  const tenants = await loadTenants(uc);
  const { scope } = tenants;
  const since = addDays(tenants.today, -FINALISED_WINDOW_DAYS);
  // Tenants that fail to load are reported beside the board, and neither shown nor counted on it.
  const except = tenants.errored.map((e) => e.id);
  const r = uc.store.repos;
  const [inFlight, paid, paidCounts] = await Promise.all([
    r.portfolioBoardInFlight(scope, except, BOARD_GROUP_RUNS),
    r.portfolioPaidLatest(scope, since, except, BOARD_GROUP_RUNS),
    r.portfolioPaidCounts(scope, since),
  ]);
  // A tenant added since the tenants were read has no name here yet: its runs wait for the next read.
  const shown = (rows: PortfolioRunRow[]) =>
    rows.flatMap((row) => {
      const t = tenants.loaded.get(row.tenant_id);
      return t ? [pipelineRun(t, row)] : [];
    });
  const stage = (name: BoardStage): PipelineGroup => {
    const rows = inFlight.filter((x) => x.stage === name);
    return { count: rows.length ? Number(rows[0].stage_count) : 0, runs: shown(rows).sort(byDate) };
  };
  return {
    data: {
      draft: stage('draft'),
      approved: stage('approved'),
      blocked: stage('blocked'),
      finalised: {
        count: paidCounts.filter((p) => tenants.loaded.has(p.tenant_id)).reduce((n, p) => n + Number(p.n), 0),
        runs: shown(paid).sort(byDate).reverse(),
      },
    },
    errored: tenants.errored,
  };
}

/** GET summary: the clients' figures added up, and the runs by stage, counted. */
export async function portfolioSummary(uc: UseCaseContext) {
  const [{ tenants, rows: clients, inFlight }, paid] = await Promise.all([
    loadClients(uc),
    uc.store.repos.portfolioPaidCounts(scopeOf(uc), addDays(todayIn(uc.now), -FINALISED_WINDOW_DAYS)),
  ]);
  // Only the tenants shown count: one that fails to load is reported, not added up.
  const finalisedRecently = paid.filter((p) => tenants.loaded.has(p.tenant_id)).reduce((n, p) => n + Number(p.n), 0);
  const grossByCurrency = new Map<string, string[]>();
  for (const c of clients) {
    const amounts = grossByCurrency.get(c.currency);
    if (amounts) amounts.push(c.gross_mtd);
    else grossByCurrency.set(c.currency, [c.gross_mtd]);
  }
  const nextPay =
    clients
      .map((c) => c.next_pay_date)
      .filter((d): d is string => d !== null)
      .sort()[0] ?? null;
  const open = [...inFlight.values()];
  const count = (f: (x: InFlight) => number) => open.reduce((n, x) => n + f(x), 0);
  return {
    stats: {
      workers: clients.reduce((n, c) => n + c.workers, 0),
      runs_in_flight: count((x) => x.runs),
      runs_awaiting_approval: count((x) => x.awaiting),
      runs_approved: count((x) => x.runs - x.blocked - x.awaiting),
      runs_blocked: count((x) => x.blocked),
      runs_finalised_recently: finalisedRecently,
      gross_mtd: [...grossByCurrency]
        .map(([currency, amounts]) => ({ currency, amount: money(sum(amounts)) }))
        .sort((a, b) => a.currency.localeCompare(b.currency)),
      clients_by_risk: {
        high: clients.filter((c) => c.risk === 'high').length,
        medium: clients.filter((c) => c.risk === 'medium').length,
        low: clients.filter((c) => c.risk === 'low').length,
      },
      next_pay_date: nextPay,
      days_until_next_pay: nextPay ? daysBetween(tenants.today, nextPay) : null,
    },
    tenant_count: tenants.count,
    generated_at: uc.now.toISOString(),
    errored_tenants: tenants.errored,
  };
}
