// The partner portfolio's reads: each one a grouped query over all of a partner's tenants in one
// environment, so the cost grows with the answer (a row per tenant, the runs a board shows), not with the
// runs and employees every tenant has on file.
import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { Dialect } from './db.ts';
import type { Database, TenantTable } from './schema.ts';
import { jsonMember, moneyCents } from './sql-dialect.ts';

/** Runs the portfolio shows as in flight: not yet finalised. */
export const RUNS_IN_FLIGHT = ['draft', 'previewed', 'approved', 'finalising'];
/** Runs in flight that still wait for approval. */
export const RUNS_AWAITING_APPROVAL = ['draft', 'previewed'];
/** Runs that paid people. */
export const RUNS_PAID = ['finalised', 'lodged'];
/** In flight and still open to change: what a blocking employee holds up (a finalising run is already on its way). */
const RUNS_BLOCKABLE = ['draft', 'previewed', 'approved'];

export interface PortfolioScope {
  partnerId: string;
  environment: TenantTable['environment'];
}

/** The pipeline board's groups of runs in flight. */
export type BoardStage = 'draft' | 'approved' | 'blocked';

/** A run as the pipeline board shows it. */
export interface PortfolioRunRow {
  id: string;
  tenant_id: string;
  status: string;
  period_start: string;
  period_end: string;
  payment_date: string;
  totals_json: string;
}

/** A run in flight the board shows, with its group and how many runs that group holds in all. */
export interface PortfolioBoardRow extends PortfolioRunRow {
  stage: BoardStage;
  stage_count: number | string;
}

export function portfolioRepo(db: Kysely<Database>, dialect: Dialect) {
  /** The ids of the partner's tenants in the environment, as a subquery the grouped reads join on. */
  const tenantIds = (s: PortfolioScope) =>
    db
      .selectFrom('tenants')
      .select('tenants.id')
      .where('tenants.partner_id', '=', s.partnerId)
      .where('tenants.environment', '=', s.environment);

  /**
   * Whether a run is held up: its last validation found an employee it cannot calculate or pay
   * (`errorCount`), or an employee in it now fails readiness for the run's period (the list index keeps the
   * engine's verdict per value period, so this is a join, not a fold of each employee's history). A blocking
   * period covers the run's last day when it starts by then and is still open or ends after it: two lookups
   * on the (tenant, blocks, valid_to, valid_from) index, each finding the few periods that can matter, where
   * one with `valid_to is null or …` would read every blocking period the tenant ever had (each employee has
   * one from before they were set up). Each period found (there is seldom one) then probes the run's entries
   * by primary key: a nested `exists`, so neither database sorts or merges the run's entries to find none.
   */
  const blockingEmployee = (until: RawBuilder<SqlBool>) => sql<SqlBool>`exists (
        select 1 from employee_list_periods as p
        where p.tenant_id = r.tenant_id and p.blocks_finalise = 1 and ${until} and p.valid_from <= r.period_end
          and exists (select 1 from pay_run_entries as e where e.pay_run_id = r.id and e.employee_id = p.employee_id)
      )`;
  const blockedExpr = sql<number>`case when r.status in (${sql.join(RUNS_BLOCKABLE)}) and (
      coalesce(cast(${jsonMember(dialect, 'r.validation_json', 'errorCount')} as integer), 0) > 0
      or ${blockingEmployee(sql<SqlBool>`p.valid_to is null`)}
      or ${blockingEmployee(sql<SqlBool>`p.valid_to > r.period_end`)}
    ) then 1 else 0 end`;
  /** The board's group of a run in flight: blocked before anything else, then awaiting approval or approved. */
  const stageExpr = sql<BoardStage>`case when ${blockedExpr} = 1 then 'blocked'
      when r.status in (${sql.join(RUNS_AWAITING_APPROVAL)}) then 'draft' else 'approved' end`;
  const runColumns = [
    'r.id',
    'r.tenant_id',
    'r.status',
    'r.period_start',
    'r.period_end',
    'r.payment_date',
    'r.totals_json',
  ] as const;

  return {
    /** The partner's tenants in the environment, in name order. */
    portfolioTenants: (s: PortfolioScope) =>
      db
        .selectFrom('tenants')
        .selectAll()
        .where('partner_id', '=', s.partnerId)
        .where('environment', '=', s.environment)
        .orderBy('name')
        .orderBy('id')
        .execute(),

    /** Their engine bindings, oldest first. */
    portfolioBindings: (s: PortfolioScope) =>
      db.selectFrom('bindings').selectAll().where('tenant_id', 'in', tenantIds(s)).orderBy('created_at').execute(),

    /**
     * Active workers per tenant, each tenant's counted on its own range of the (tenant, status) index: where
     * one grouped count over every employee of the partner hashes them all (PostgreSQL), this reads each range
     * once, in order.
     */
    portfolioWorkers: (s: PortfolioScope) =>
      db
        .selectFrom('tenants as t')
        .select([
          't.id as tenant_id',
          (eb) =>
            eb
              .selectFrom('employees as e')
              .select((e) => e.fn.countAll<number | string>().as('n'))
              .whereRef('e.tenant_id', '=', 't.id')
              .where('e.status', '=', 'active')
              .as('n'),
        ])
        .where('t.partner_id', '=', s.partnerId)
        .where('t.environment', '=', s.environment)
        .execute(),

    /**
     * Distinct sites per tenant: its active cost centres' and its active workers'. Of the tenants in `only`
     * when given (the page of clients shown), since the figure orders nothing.
     */
    portfolioSites(s: PortfolioScope, only?: string[]) {
      const ids = only ?? tenantIds(s);
      if (only && !only.length) return Promise.resolve([]);
      return db
        .selectFrom(
          db
            .selectFrom('cost_centres')
            .select(['tenant_id', 'site'])
            .where('tenant_id', 'in', ids)
            .where('status', '=', 'active')
            .union(
              db
                .selectFrom('employees')
                .select(['tenant_id', 'site'])
                .where('tenant_id', 'in', ids)
                .where('status', '=', 'active'),
            )
            .as('s'),
        )
        .select(['s.tenant_id', (eb) => eb.fn.count<number | string>('s.site').distinct().as('n')])
        .where('s.site', 'is not', null)
        .where('s.site', '!=', '')
        .groupBy('s.tenant_id')
        .execute();
    },

    /** The earliest pay date on or after `today` per tenant, of runs not voided. */
    portfolioNextPayDates: (s: PortfolioScope, today: string) =>
      db
        .selectFrom('pay_runs')
        .select(['tenant_id', (eb) => eb.fn.min<string>('payment_date').as('next')])
        .where('tenant_id', 'in', tenantIds(s))
        .where('status', '!=', 'voided')
        // A run still to be paid counts however late it is (an overdue run is the next pay, and the most urgent);
        // a paid run only while its pay date is still ahead.
        .where((eb) => eb.or([eb('status', 'not in', RUNS_PAID), eb('payment_date', '>=', today)]))
        .groupBy('tenant_id')
        .execute(),

    /**
     * Per tenant, the gross of the runs that paid between two dates, added up in whole cents, and the currency
     * their totals name. Summed in SQL, so no run is read into the application.
     */
    portfolioGrossBetween: (s: PortfolioScope, from: string, to: string) =>
      db
        .selectFrom('pay_runs as r')
        .select([
          'r.tenant_id',
          sql<
            number | string
          >`coalesce(sum(${moneyCents(dialect, jsonMember(dialect, 'r.totals_json', 'gross'))}), 0)`.as('cents'),
          sql<string | null>`max(${jsonMember(dialect, 'r.totals_json', 'currency')})`.as('currency'),
        ])
        .where('r.tenant_id', 'in', tenantIds(s))
        .where('r.status', 'in', RUNS_PAID)
        .where('r.payment_date', '>=', from)
        .where('r.payment_date', '<=', to)
        .groupBy('r.tenant_id')
        .execute(),

    /**
     * The runs in flight the pipeline board shows: of each group (`stageExpr`), the first `shown` by pay date,
     * each with how many runs its group holds. Every run in flight is grouped once, in the materialised set,
     * which carries what a card shows, so nothing is read back by id. `except` names tenants left out (those
     * whose binding does not load), so they are neither shown nor counted.
     */
    portfolioBoardInFlight: (s: PortfolioScope, except: string[], shown: number): Promise<PortfolioBoardRow[]> =>
      db
        .with(
          (cte) => cte('f').materialized(),
          (q) =>
            q
              .selectFrom('pay_runs as r')
              .select([...runColumns, stageExpr.as('stage')])
              .where('r.tenant_id', 'in', tenantIds(s))
              .where('r.status', 'in', RUNS_IN_FLIGHT)
              .$if(except.length > 0, (q) => q.where('r.tenant_id', 'not in', except)),
        )
        .with('g', (q) =>
          q
            .selectFrom('f')
            .selectAll('f')
            .select([
              sql<number>`row_number() over (partition by f.stage order by f.payment_date, f.id)`.as('n'),
              sql<number | string>`count(*) over (partition by f.stage)`.as('stage_count'),
            ]),
        )
        .selectFrom('g')
        .select([
          'g.id',
          'g.tenant_id',
          'g.status',
          'g.period_start',
          'g.period_end',
          'g.payment_date',
          'g.totals_json',
          'g.stage',
          'g.stage_count',
        ])
        .where('g.n', '<=', shown)
        .execute(),

    /** The latest `shown` runs paid on or after `since`, latest first, of the tenants not in `except`. */
    portfolioPaidLatest: (
      s: PortfolioScope,
      since: string,
      except: string[],
      shown: number,
    ): Promise<PortfolioRunRow[]> =>
      db
        .selectFrom('pay_runs as r')
        .select(runColumns)
        .where('r.tenant_id', 'in', tenantIds(s))
        .where('r.status', 'in', RUNS_PAID)
        .where('r.payment_date', '>=', since)
        .$if(except.length > 0, (q) => q.where('r.tenant_id', 'not in', except))
        .orderBy('r.payment_date', 'desc')
        .orderBy('r.id', 'desc')
        .limit(shown)
        .execute(),

    /**
     * The runs in flight counted per tenant: all of them, the blocked ones, the ones awaiting approval that
     * nothing blocks, and the earliest pay date of those awaiting approval (blocked or not). The summary and
     * the client rows need only these figures, so no run is read into the application.
     */
    portfolioInFlight: (s: PortfolioScope) =>
      db
        // Materialised, so each run's blocked check runs once: inlined, it would run for every use below.
        .with(
          (cte) => cte('f').materialized(),
          (q) =>
            q
              .selectFrom('pay_runs as r')
              .select(['r.tenant_id', 'r.status', 'r.payment_date', blockedExpr.as('blocked')])
              .where('r.tenant_id', 'in', tenantIds(s))
              .where('r.status', 'in', RUNS_IN_FLIGHT),
        )
        .selectFrom('f')
        .select([
          'f.tenant_id',
          (eb) => eb.fn.countAll<number | string>().as('runs'),
          sql<number | string>`sum(f.blocked)`.as('blocked'),
          sql<
            number | string
          >`sum(case when f.blocked = 0 and f.status in (${sql.join(RUNS_AWAITING_APPROVAL)}) then 1 else 0 end)`.as(
            'awaiting',
          ),
          sql<
            string | null
          >`min(case when f.status in (${sql.join(RUNS_AWAITING_APPROVAL)}) then f.payment_date end)`.as(
            'first_unapproved',
          ),
        ])
        .groupBy('f.tenant_id')
        .execute(),

    /** How many runs paid on or after `since`, per tenant. */
    portfolioPaidCounts: (s: PortfolioScope, since: string) =>
      db
        .selectFrom('pay_runs')
        .select(['tenant_id', (eb) => eb.fn.countAll<number | string>().as('n')])
        .where('tenant_id', 'in', tenantIds(s))
        .where('status', 'in', RUNS_PAID)
        .where('payment_date', '>=', since)
        .groupBy('tenant_id')
        .execute(),
  };
}
