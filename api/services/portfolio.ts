// The partner's portfolio: every tenant's pay runs, workforce and deadlines in one read-only view.
// Each tenant is computed on its own, so one tenant whose binding no longer loads is reported in
// `errored_tenants` instead of breaking the page for the others.
import type { z } from 'zod';
import type { Repos } from '../store/index.ts';
import type { PayRunTable, TenantTable } from '../store/schema.ts';
import { contextFor } from './tenant-context.ts';
import type { Environment } from './caller.ts';
import { getPack } from '../packs/index.ts';
import { addDays, daysBetween, todayIn } from '../lib/dates.ts';
import { money, sum } from '../lib/money.ts';
import { decodeJson, decodeJsonOrNull } from '../lib/json-column.ts';
import { runTotalsColumn, runValidationColumn } from '../schemas/portfolio.ts';
import type { UseCaseContext } from './use-case.ts';

const IN_FLIGHT = ['draft', 'previewed', 'approved', 'finalising'];
const AWAITING_APPROVAL = ['draft', 'previewed'];
const PAID = ['finalised', 'lodged'];
/** How far back the pipeline board shows finalised runs. */
const FINALISED_WINDOW_DAYS = 31;

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

type RunTotals = z.output<typeof runTotalsColumn>;

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

interface TenantView {
  client: ClientRow;
  runs: { run: PayRunTable; blocked: boolean; pipeline: PipelineRun }[];
}

export interface Portfolio {
  today: string;
  tenants: TenantTable[];
  views: TenantView[];
  errored: ErroredTenant[];
}

/**
 * A run in flight is blocked when its validation (written when it is drafted, adjusted and previewed)
 * found errors: employees the engine cannot calculate (`cannot_calculate`) or who cannot be paid yet
 * (`blocks_finalise`). A run stored without a validation is not blocked: nothing has been checked.
 */
function isBlocked(run: PayRunTable): boolean {
  if (!IN_FLIGHT.includes(run.status) || run.status === 'finalising') return false;
  const validation = decodeJsonOrNull(runValidationColumn, run.validation_json, 'pay_runs.validation_json');
  return !!validation && (validation.errorCount > 0 || validation.warnings.some((w) => w.severity === 'error'));
}

/**
 * Deadline risk: `high` when a blocked run is in flight or an unapproved run pays within two days
 * (or is overdue); `medium` when an unapproved run pays within five days, or people are employed
 * and no pay date is scheduled; otherwise `low`.
 */
function riskOf(
  runs: TenantView['runs'],
  today: string,
  workers: number,
  nextPayDate: string | null,
): ClientRow['risk'] {
  const unapproved = runs.filter((r) => AWAITING_APPROVAL.includes(r.run.status)).map((r) => r.run.payment_date);
  if (runs.some((r) => r.blocked) || unapproved.some((d) => d <= addDays(today, 2))) return 'high';
  if (unapproved.some((d) => d <= addDays(today, 5)) || (workers > 0 && nextPayDate === null)) return 'medium';
  return 'low';
}

async function viewOf(r: Repos, tenant: TenantTable, today: string): Promise<TenantView> {
  const bindings = await r.listBindings(tenant.id);
  const binding = bindings.find((b) => b.role === 'hub') ?? bindings[0];
  if (!binding) throw new Error('The tenant has no engine binding.');
  const pack = getPack(binding.pack_code);
  if (!pack) throw new Error(`Pack ${binding.pack_code} is not available.`);
  // Builds the engine adapter: a binding that cannot load is reported, not shown half-computed.
  contextFor(tenant, binding);

  const [payRuns, employees, costCentres] = await Promise.all([
    r.listPayRuns(tenant.id, {}),
    r.listEmployees(tenant.id, {}),
    r.listCostCentres(tenant.id, false),
  ]);
  const active = employees.filter((e) => e.status === 'active');
  const sites = new Set(
    [...costCentres.map((c) => c.site), ...active.map((e) => e.site)].filter((s): s is string => !!s),
  );

  const monthStart = `${today.slice(0, 7)}-01`;
  const finalisedSince = addDays(today, -FINALISED_WINDOW_DAYS);
  const runs: TenantView['runs'] = [];
  const paidThisMonth: string[] = [];
  let currency = pack.currency;
  for (const run of payRuns) {
    if (run.status === 'voided') continue;
    const totals = decodeJson(runTotalsColumn, run.totals_json, 'pay_runs.totals_json');
    if (totals.currency) currency = totals.currency;
    if (PAID.includes(run.status) && run.payment_date >= monthStart && run.payment_date <= today)
      paidThisMonth.push(totals.gross ?? '0');
    if (!IN_FLIGHT.includes(run.status) && !(PAID.includes(run.status) && run.payment_date >= finalisedSince)) continue;
    runs.push({
      run,
      blocked: isBlocked(run),
      pipeline: {
        id: run.id,
        tenant_id: tenant.id,
        tenant_name: tenant.name,
        status: run.status,
        period_start: run.period_start,
        period_end: run.period_end,
        payment_date: run.payment_date,
        totals: Object.keys(totals).length ? totals : null,
      },
    });
  }

  const upcoming = payRuns
    .filter((p) => p.status !== 'voided' && p.payment_date >= today)
    .map((p) => p.payment_date)
    .sort();
  const nextPayDate = upcoming[0] ?? null;
  const inFlight = runs.filter((x) => IN_FLIGHT.includes(x.run.status));
  const risk = riskOf(inFlight, today, active.length, nextPayDate);
  const health: ClientRow['health'] =
    binding.status !== 'active' || active.length === 0
      ? 'setup_required'
      : inFlight.some((x) => x.blocked) || risk !== 'low'
        ? 'attention'
        : 'healthy';

  return {
    runs,
    client: {
      id: tenant.id,
      name: tenant.name,
      country: tenant.jurisdiction,
      site_count: sites.size,
      workers: active.length,
      gross_mtd: money(sum(paidThisMonth)),
      currency,
      risk,
      health,
      in_flight: inFlight.length,
      next_pay_date: nextPayDate,
      days_until_pay: nextPayDate ? daysBetween(today, nextPayDate) : null,
    },
  };
}

/** The calling partner's portfolio in the caller's environment. */
export function portfolioOf(uc: UseCaseContext): Promise<Portfolio> {
  const c = uc.requireCaller();
  return loadPortfolio(uc.store.repos, c.partnerId, c.environment, uc.now);
}

export async function loadPortfolio(
  r: Repos,
  partnerId: string,
  environment: Environment,
  now: Date,
): Promise<Portfolio> {
  const today = todayIn(now);
  const tenants = (await r.allTenants(partnerId)).filter((t) => t.environment === environment);
  const views: TenantView[] = [];
  const errored: ErroredTenant[] = [];
  for (const tenant of tenants) {
    try {
      views.push(await viewOf(r, tenant, today));
    } catch (err) {
      errored.push({
        id: tenant.id,
        name: tenant.name,
        error: err instanceof Error ? err.message : 'The tenant could not be loaded.',
      });
    }
  }
  return { today, tenants, views, errored };
}

export function pipelineOf(p: Portfolio) {
  const all = p.views.flatMap((v) => v.runs);
  const byDate = (a: PipelineRun, b: PipelineRun) =>
    a.payment_date.localeCompare(b.payment_date) || a.id.localeCompare(b.id);
  const group = (keep: (x: (typeof all)[number]) => boolean) =>
    all
      .filter(keep)
      .map((x) => x.pipeline)
      .sort(byDate);
  return {
    draft: group((x) => !x.blocked && AWAITING_APPROVAL.includes(x.run.status)),
    approved: group((x) => !x.blocked && ['approved', 'finalising'].includes(x.run.status)),
    blocked: group((x) => x.blocked),
    finalised: group((x) => PAID.includes(x.run.status)).reverse(),
  };
}

export const clientsOf = (p: Portfolio): ClientRow[] => p.views.map((v) => v.client);

export function summaryOf(p: Portfolio, now: Date) {
  const clients = clientsOf(p);
  const pipeline = pipelineOf(p);
  const grossByCurrency = new Map<string, string[]>();
  for (const c of clients) grossByCurrency.set(c.currency, [...(grossByCurrency.get(c.currency) ?? []), c.gross_mtd]);
  const nextPay =
    clients
      .map((c) => c.next_pay_date)
      .filter((d): d is string => d !== null)
      .sort()[0] ?? null;
  return {
    stats: {
      workers: clients.reduce((n, c) => n + c.workers, 0),
      runs_in_flight: clients.reduce((n, c) => n + c.in_flight, 0),
      runs_awaiting_approval: pipeline.draft.length,
      runs_approved: pipeline.approved.length,
      runs_blocked: pipeline.blocked.length,
      runs_finalised_recently: pipeline.finalised.length,
      gross_mtd: [...grossByCurrency]
        .map(([currency, amounts]) => ({ currency, amount: money(sum(amounts)) }))
        .sort((a, b) => a.currency.localeCompare(b.currency)),
      clients_by_risk: {
        high: clients.filter((c) => c.risk === 'high').length,
        medium: clients.filter((c) => c.risk === 'medium').length,
        low: clients.filter((c) => c.risk === 'low').length,
      },
      next_pay_date: nextPay,
      days_until_next_pay: nextPay ? daysBetween(p.today, nextPay) : null,
    },
    tenant_count: p.tenants.length,
    generated_at: now.toISOString(),
    errored_tenants: p.errored,
  };
}
