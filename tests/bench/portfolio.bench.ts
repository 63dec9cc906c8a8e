// The partner portfolio over 1,000 tenants × 50 employees, each with 12 finalised weekly pay runs and one
// run in flight:
//   npx tsx tests/bench/portfolio.bench.ts [tenants]
// A fresh database (SQLite, or PostgreSQL with PAYRAIL_BENCH_POSTGRES: see support.ts). One AU employer is
// built through the HTTP API exactly as a partner would (50 employees hired with bank and super details, a
// company bank account, 12 weekly runs created, previewed, approved and finalised, the 13th drafted). The
// other employers are copies of its rows under their own ids (tenant, binding, employees with ids derived as
// the app derives them, runs, entries, payments, list index), inserted in bulk, because 12,000 pay runs
// through HTTP would take hours. Evidence records are not copied: the portfolio never reads them. Every
// third copy's run in flight is approved, and every tenth has an employee whose readiness now blocks it.
// Timed: GET summary, pipeline and the first page of clients (limit 50, riskiest first), each after a
// warm-up (each read three times), the slowest of five reads against a budget of 200 ms.
import { performance } from 'node:perf_hooks';
import type { Server } from 'node:http';
import pino from 'pino';
import { sql, type Kysely } from 'kysely';
import { createApp, createDeps, closeDeps } from '../../api/app.ts';
import { createPartner } from '../../api/services/platform/partner-keys.ts';
import { ManualClock } from '../../api/lib/clock.ts';
import { employeeId, newId } from '../../api/lib/ids.ts';
import type { Database } from '../../api/store/schema.ts';
import { STORE_NAME, apiCaller, printResult, withBenchDb } from './support.ts';

const TENANTS = Number(process.argv.slice(2).find((a) => /^\d+$/.test(a)) ?? 1_000);
const EMPLOYEES = 50;
const FINALISED_RUNS = 12;
const BUDGET_MS = 200;
const READS = Number(process.env.PAYRAIL_BENCH_READS ?? 5);
const REASON = 'Portfolio benchmark set-up';

/** The n-th valid TFN (weights 1,4,3,7,5,8,6,9,10; weighted sum mod 11 = 0). */
function tfn(n: number): string {
  const w = [1, 4, 3, 7, 5, 8, 6, 9, 10];
  for (let i = n; ; i++) {
    const head = String(10_000_000 + ((i * 7_919) % 89_999_999)).slice(-8);
    const check = [...head].reduce((a, d, k) => a + Number(d) * w[k], 0) % 11;
    if (check < 10) return head + check;
  }
}

const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The tables that hold a tenant's data the portfolio reads, copied row for row. */
const TENANT_TABLES = [
  'bindings',
  'company',
  'cost_centres',
  'employees',
  'employee_versions',
  'employee_list_periods',
  'pay_runs',
  'pay_run_entries',
  'payments',
] as const;

async function insertBatched(db: Kysely<Database>, table: string, rows: Record<string, unknown>[]) {
  if (!rows.length) return;
  // Within either database's limit on bound parameters per statement.
  const per = Math.max(1, Math.floor(30_000 / Object.keys(rows[0]).length));
  for (let i = 0; i < rows.length; i += per)
    await db
      .insertInto(table as keyof Database)
      .values(rows.slice(i, i + per) as never)
      .execute();
}

await withBenchDb('payrail-bench-', async (testDb) => {
  const clock = new ManualClock(new Date('2026-11-21T09:00:00Z'));
  const deps = await createDeps({
    ...testDb.deps,
    clock,
    logger: pino({ level: 'warn' }),
    config: { rateLimitPerSecond: 0 },
  });
  const { app } = createApp(deps);
  const server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  server.keepAliveTimeout = 600_000;
  const { key, partner } = await deps.store.transaction((r) =>
    createPartner(r, 'Bench Partner', 'sandbox', deps.clock.now()),
  );
  const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  const call = apiCaller(base, key, REASON);
  try {
    const seedStart = performance.now();
    const { tenant } = await call('POST', '/v1/partners/tenants', {
      name: 'Employer 0000',
      jurisdiction: 'AU',
      engine: 'payroll_engine_au',
    });
    const t = `/v1/tenants/${tenant.id}`;
    await call('PATCH', `${t}/company/bank`, {
      account_name: 'Employer 0000 Pty Ltd',
      bsb: '032-000',
      account_number: '004455667',
      fi_code: 'WBC',
      apca_user_id: '301500',
    });
    for (let i = 0; i < EMPLOYEES; i++) {
      const emp = await call('POST', `${t}/employees`, {
        first_name: `Alex${i}`,
        last_name: `Staff${String(i).padStart(3, '0')}`,
        date_of_birth: '1990-01-01',
        employment: {
          type: 'full_time',
          pay_frequency: 'weekly',
          start_date: '2020-01-01',
          annual_salary: 52_000 + i * 900,
        },
        statutory: { au: { tfn: tfn(i), tax_free_threshold: true, residency: 'resident', study_loan: false } },
      });
      await call('PATCH', `${t}/employees/${emp.id}/bank-accounts`, {
        bank_bsb: '062-000',
        bank_account_number: String(30_000_000 + i),
        bank_account_name: `Alex Staff ${i}`,
      });
      await call('PATCH', `${t}/employees/${emp.id}/pension`, {
        super_fund_name: 'AustralianSuper',
        super_usi: 'STA0100AU',
        super_member_number: String(800_000_000 + i),
      });
    }
    // Weekly runs from Monday 24 August 2026, each paid three days after it ends.
    const week = (n: number) => {
      const start = addDays('2026-08-24', 7 * n);
      return { period_start: start, period_end: addDays(start, 6), payment_date: addDays(start, 9) };
    };
    for (let n = 0; n < FINALISED_RUNS; n++) {
      const run = await call('POST', `${t}/pay-runs`, week(n));
      const pr = `${t}/pay-runs/${run.pay_run.id}`;
      await call('POST', `${pr}/preview`, {});
      await call('POST', `${pr}/approve`, {});
      const done = await call('POST', `${pr}/finalise`, {});
      if (done.pay_run.status !== 'finalised') throw new Error(`run ${n} is ${done.pay_run.status}`);
    }
    await call('POST', `${t}/pay-runs`, week(FINALISED_RUNS));
    const templateSeconds = (performance.now() - seedStart) / 1000;

    // The template's rows, and every id in them that names the tenant, its binding, its people or its runs.
    const db = deps.store.db;
    const template = await db.selectFrom('tenants').selectAll().where('id', '=', tenant.id).executeTakeFirstOrThrow();
    const rows: Record<string, Record<string, unknown>[]> = {};
    for (const table of TENANT_TABLES)
      rows[table] = (await db.selectFrom(table).selectAll().where('tenant_id', '=', tenant.id).execute()) as Record<
        string,
        unknown
      >[];
    const employees = rows.employees as { id: string; engine_ref: string }[];
    const runs = rows.pay_runs as { id: string; status: string }[];
    const inFlight = runs.find((r) => r.status === 'draft')!;
    const templateIds = [
      tenant.id,
      ...rows.bindings.map((b) => b.id as string),
      ...employees.map((e) => e.id),
      ...runs.map((r) => r.id),
    ];
    const idPattern = new RegExp(templateIds.join('|'), 'g');

    const cloneStart = performance.now();
    for (let from = 1; from < TENANTS; from += 50) {
      await db.transaction().execute(async (trx) => {
        const batch: Record<string, Record<string, unknown>[]> = { tenants: [] };
        for (const table of TENANT_TABLES) batch[table] = [];
        for (let i = from; i < Math.min(from + 50, TENANTS); i++) {
          const tenantId = newId('ten_');
          const ids = new Map<string, string>([[tenant.id, tenantId]]);
          for (const b of rows.bindings) ids.set(b.id as string, newId('bnd_'));
          for (const e of employees) ids.set(e.id, employeeId(tenantId, `${e.engine_ref}-${i}`));
          for (const r of runs) ids.set(r.id, newId('pr_'));
          const swap = (v: unknown) => (typeof v === 'string' ? v.replace(idPattern, (m) => ids.get(m)!) : v);
          const name = `Employer ${String(i).padStart(4, '0')}`;
          batch.tenants.push({ ...template, id: tenantId, slug: `employer-${i}`, name });
          for (const table of TENANT_TABLES)
            for (const row of rows[table]) {
              const copy = Object.fromEntries(Object.entries(row).map(([k, v]) => [k, swap(v)]));
              if (table === 'employees') copy.engine_ref = `${row.engine_ref}-${i}`;
              if (table === 'pay_runs' && row.id === inFlight.id && i % 3 === 1) {
                copy.status = 'approved';
                copy.approved_by = 'key:bench';
              }
              // One employee a tenth of the employers may not pay any more (the bank account was removed).
              if (table === 'employee_list_periods' && i % 10 === 0 && row.employee_id === employees[0].id)
                copy.blocks_finalise = 1;
              batch[table].push(copy);
            }
        }
        await insertBatched(trx, 'tenants', batch.tenants);
        for (const table of TENANT_TABLES) await insertBatched(trx, table, batch[table]);
      });
    }
    // Statistics for the planner, as a server's autovacuum would gather after a bulk load (PostgreSQL plans
    // tables it has never analysed as nearly empty, and the test server runs without autovacuum).
    if (deps.store.dialect === 'postgres') await sql`vacuum analyze`.execute(db);
    const cloneSeconds = (performance.now() - cloneStart) / 1000;
    const entries = Number(
      (
        await db
          .selectFrom('pay_run_entries')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    console.log(
      `seeded ${TENANTS.toLocaleString('en')} employers for ${partner.name}: one through HTTP in ${templateSeconds.toFixed(1)} s, ` +
        `${(TENANTS - 1).toLocaleString('en')} copied in bulk in ${cloneSeconds.toFixed(1)} s (${entries.toLocaleString('en')} pay-run entries)`,
    );

    const read = async (path: string) => {
      const res = await fetch(base + path, { headers: { authorization: `Bearer ${key}` } });
      const body = (await res.json()) as any;
      if (res.status !== 200) throw new Error(`${path} → ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
      return body;
    };
    const timings: Record<string, number[]> = {};
    const answers: Record<string, any> = {};
    const reads: [string, string][] = [
      ['summary', '/v1/partners/portfolio/summary'],
      ['pipeline', '/v1/partners/portfolio/pipeline'],
      ['clients (first page)', '/v1/partners/portfolio/clients?limit=50&sort=risk'],
    ];
    // Warm-up: every read three times before any is timed, so none pays for the process's first compile of the
    // code the others share.
    for (let n = 0; n < 3; n++) for (const [label, path] of reads) answers[label] = await read(path);
    for (const [label, path] of reads) {
      timings[label] = [];
      for (let n = 0; n < READS; n++) {
        const t0 = performance.now();
        await read(path);
        timings[label].push(performance.now() - t0);
      }
    }

    // Where the time goes: each grouped read of the store on its own (the rest is building and sending JSON).
    const scope = { partnerId: partner.id, environment: 'sandbox' as const };
    const r = deps.store.repos;
    const storeReads: [string, () => Promise<unknown>][] = [
      ['tenants and bindings', () => Promise.all([r.portfolioTenants(scope), r.portfolioBindings(scope)])],
      ['workers', () => r.portfolioWorkers(scope)],
      [
        'sites (one page)',
        () =>
          r.portfolioSites(
            scope,
            answers['clients (first page)'].data.map((c: { id: string }) => c.id),
          ),
      ],
      ['next pay dates', () => r.portfolioNextPayDates(scope, '2026-11-21')],
      ['gross this month', () => r.portfolioGrossBetween(scope, '2026-11-01', '2026-11-21')],
      ['runs in flight, counted', () => r.portfolioInFlight(scope)],
      ['runs in flight for the board', () => r.portfolioBoardInFlight(scope, [], 50)],
      ['latest paid runs for the board', () => r.portfolioPaidLatest(scope, '2026-10-21', [], 50)],
      ['paid runs, counted', () => r.portfolioPaidCounts(scope, '2026-10-21')],
    ];
    const storeMs: string[] = [];
    for (const [label, f] of storeReads) {
      await f();
      const t0 = performance.now();
      await f();
      storeMs.push(`${label} ${(performance.now() - t0).toFixed(0)} ms`);
    }
    const s = answers.summary.data;
    const p = answers.pipeline.data;
    if (s.tenant_count !== TENANTS) throw new Error(`summary counts ${s.tenant_count} tenants`);
    if (s.stats.workers !== TENANTS * EMPLOYEES) throw new Error(`summary counts ${s.stats.workers} workers`);
    if (answers['clients (first page)'].data.length !== Math.min(50, TENANTS)) throw new Error('short first page');
    const blockedExpected = Math.floor((TENANTS - 1) / 10);
    if (p.blocked.count !== blockedExpected) throw new Error(`${p.blocked.count} blocked, not ${blockedExpected}`);
    if (p.finalised.count !== s.stats.runs_finalised_recently)
      throw new Error(`${p.finalised.count} finalised on the board, ${s.stats.runs_finalised_recently} in the summary`);

    console.log(
      `\nPartner portfolio on ${STORE_NAME}: ${TENANTS.toLocaleString('en')} tenants × ${EMPLOYEES} employees, ` +
        `${FINALISED_RUNS} finalised runs and one in flight each (slowest of ${READS} reads after a warm-up of three each)`,
    );
    const result: Record<string, number> = {};
    for (const [label] of reads) {
      const worst = Math.max(...timings[label]);
      const median = [...timings[label]].sort((a, b) => a - b)[Math.floor(READS / 2)];
      result[label.split(' ')[0]] = Math.round(worst);
      console.log(
        `  GET ${label.padEnd(22)} ${worst.toFixed(0).padStart(5)} ms (median ${median.toFixed(0)} ms)   ` +
          `budget ${BUDGET_MS} ms: ${worst <= BUDGET_MS ? 'within' : 'OVER'}`,
      );
    }
    console.log(
      `  board: ${p.draft.count} awaiting approval, ${p.approved.count} approved, ${p.blocked.count} blocked, ` +
        `${p.finalised.count} finalised in the last month (${Object.values(p)
          .map((g: any) => g.runs.length)
          .join(' + ')} runs shown); gross this month ${s.stats.gross_mtd
          .map((g: { amount: string; currency: string }) => `${g.amount} ${g.currency}`)
          .join(', ')}`,
    );
    console.log(`  store reads: ${storeMs.join(', ')}`);
    printResult({ store: STORE_NAME, tenants: TENANTS, employees: EMPLOYEES, worst_ms: result });
  } finally {
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
    await closeDeps(deps);
  }
});
