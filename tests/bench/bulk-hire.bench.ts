// Hiring 10,000 employees on an AU tenant (SPEC.md budget: ≤ 10 s on SQLite, ≤ 20 s on PostgreSQL):
//   npx tsx tests/bench/bulk-hire.bench.ts [employees] [--loop N]
// After: one POST employees/bulk over HTTP (more rows than the inline limit, so 202 and a job), polled until every
// row is answered; timed from the request to the last poll. Before: the single hire's use case in a loop, one
// command each (its own transaction, evidence record and idempotency check, as POST employees runs it), for the
// first N employees (1,000 by default: the whole 10,000 takes most of a minute), shown per 10,000 as well.
import { performance } from 'node:perf_hooks';
import type { Server } from 'node:http';
import pino from 'pino';
import { createApp, createDeps, closeDeps } from '../../api/app.ts';
import { createPartner } from '../../api/services/platform/partner-keys.ts';
import { ManualClock } from '../../api/lib/clock.ts';
import { UseCaseContext } from '../../api/services/platform/use-case.ts';
import { resolveTenant } from '../../api/services/platform/tenant-context.ts';
import { runCommand } from '../../api/services/platform/unit-of-work.ts';
import { hireEmployee } from '../../api/services/employees/employees.ts';
import { createEmployeeBody } from '../../api/schemas/employees.ts';
import { BENCH_POSTGRES, STORE_NAME, apiCaller, printResult, withBenchDb } from './support.ts';

const args = process.argv.slice(2);
const EMPLOYEES = Number(args.find((a) => /^\d+$/.test(a)) ?? 10_000);
const loopAt = args.indexOf('--loop');
const LOOP = Math.min(EMPLOYEES, loopAt >= 0 ? Number(args[loopAt + 1]) : 1_000);
const BUDGET_S = BENCH_POSTGRES ? 20 : 10;
const REASON = 'Moving the employer to Payrail';

/** The n-th valid TFN (weights 1,4,3,7,5,8,6,9,10; weighted sum mod 11 = 0). */
function tfn(n: number): string {
  const w = [1, 4, 3, 7, 5, 8, 6, 9, 10];
  for (let i = n; ; i++) {
    const head = String(10_000_000 + ((i * 7_919) % 89_999_999)).slice(-8);
    const check = [...head].reduce((a, d, k) => a + Number(d) * w[k], 0) % 11;
    if (check < 10) return head + check;
  }
}

const employeeBody = (i: number) => ({
  first_name: `Sam${i}`,
  last_name: `Bulk${String(i).padStart(5, '0')}`,
  date_of_birth: '1990-01-01',
  employment: {
    type: 'full_time',
    pay_frequency: 'fortnightly',
    start_date: '2020-01-01',
    annual_salary: 55_000 + ((i * 37) % 120_000),
  },
  statutory: { au: { tfn: tfn(i), tax_free_threshold: i % 7 !== 0, residency: 'resident' } },
});

await withBenchDb('payrail-bench-bulk-', async (db) => {
  const deps = await createDeps({
    ...db.deps,
    clock: new ManualClock(new Date('2026-11-21T09:00:00Z')),
    logger: pino({ level: 'warn' }),
    config: { rateLimitPerSecond: 0, jobPollMs: 50 },
  });
  const { app } = createApp(deps);
  const server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  // The client keeps its connection while the loop runs; the server must not drop it as idle meanwhile.
  server.keepAliveTimeout = 600_000;
  const { key, partner, keyId } = await deps.store.transaction((r) =>
    createPartner(r, 'Bench Partner', 'sandbox', deps.clock.now()),
  );
  const call = apiCaller(`http://127.0.0.1:${(server.address() as { port: number }).port}`, key, REASON);
  try {
    const newTenant = async (name: string) =>
      (await call('POST', '/v1/partners/tenants', { name, jurisdiction: 'AU', engine: 'payroll_engine_au' })).tenant
        .id as string;

    // Before: the single hire, one command per employee, on a tenant of its own.
    const loopTenant = await newTenant('Loop Employer');
    const caller = { kind: 'partner' as const, partnerId: partner.id, keyId, environment: 'sandbox' as const };
    const tenant = await resolveTenant(deps.store.repos, caller, loopTenant);
    const t0 = performance.now();
    for (let i = 0; i < LOOP; i++) {
      const body = createEmployeeBody.parse(employeeBody(i));
      const uc = new UseCaseContext({
        deps,
        caller,
        tenant,
        reason: REASON,
        request: { method: 'POST', path: `/v1/tenants/${loopTenant}/employees`, body },
      });
      await runCommand(uc, (r) => hireEmployee(uc, r, body));
    }
    const loopS = (performance.now() - t0) / 1000;

    // After: one bulk request, polled until every row is answered.
    const bulkTenant = await newTenant('Bulk Employer');
    const rows = Array.from({ length: EMPLOYEES }, (_, i) => employeeBody(i));
    const t1 = performance.now();
    const cpu0 = process.cpuUsage();
    let answer = await call('POST', `/v1/tenants/${bulkTenant}/employees/bulk`, { employees: rows });
    const acceptedS = (performance.now() - t1) / 1000;
    let polls = 0;
    while (answer.status === 'queued' || answer.status === 'running') {
      await new Promise((resolve) => setTimeout(resolve, 100));
      answer = await call('GET', `/v1/tenants/${bulkTenant}/employees/bulk/${answer.id}`);
      polls++;
    }
    const bulkS = (performance.now() - t1) / 1000;
    const cpu = process.cpuUsage(cpu0);
    const bulkCpuS = (cpu.user + cpu.system) / 1e6;
    if (answer.status !== 'succeeded' || answer.created !== EMPLOYEES)
      throw new Error(`bulk hire ${answer.status}: ${answer.created} of ${EMPLOYEES} created`);

    const n = EMPLOYEES.toLocaleString('en');
    console.log(`\nHiring AU employees on ${STORE_NAME}`);
    console.log(
      `  before: the single hire in a loop, ${LOOP.toLocaleString('en')} employees   ${loopS.toFixed(1).padStart(6)} s` +
        `   (${((loopS / LOOP) * 10_000).toFixed(1)} s per 10,000)`,
    );
    console.log(
      `  after: POST employees/bulk, ${n} rows, until every row is answered   ${bulkS.toFixed(1).padStart(6)} s   ` +
        (EMPLOYEES === 10_000
          ? `budget ${BUDGET_S} s: ${bulkS <= BUDGET_S ? 'within' : 'OVER'}`
          : '(the budget is set for 10,000 employees)'),
    );
    console.log(
      `  (checked and accepted in ${acceptedS.toFixed(1)} s, then ${polls} polls of the job; ${bulkCpuS.toFixed(1)} s of CPU in this process, server and client)`,
    );
    printResult({
      store: STORE_NAME,
      employees: EMPLOYEES,
      loop_employees: LOOP,
      loop_s: Number(loopS.toFixed(1)),
      bulk_s: Number(bulkS.toFixed(1)),
      bulk_cpu_s: Number(bulkCpuS.toFixed(1)),
    });
  } finally {
    await deps.jobs.stop();
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
    await closeDeps(deps);
  }
});
