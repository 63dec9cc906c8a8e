// GET /v1/tenants/{t}/employees/{id} under 50 concurrent connections:
//   npx tsx tests/bench/employee-read.bench.ts [seconds] [connections]
// The real app in this process on a fresh database (SQLite, or PostgreSQL with PAYRAIL_BENCH_POSTGRES: see
// support.ts), rate limit off, access log on at info level into /dev/null, as a deployment logs; an AU tenant
// with 200 employees hired through the API. The load generator (load-client.ts) runs in a worker thread and keeps
// 50 keep-alive connections busy reading random employees; every read is receipted, so each one also appends an
// evidence record.
import type { Server } from 'node:http';
import pino from 'pino';
import { createApp, createDeps, closeDeps } from '../../api/app.ts';
import { createPartner } from '../../api/services/platform/partner-keys.ts';
import { runLoad } from './load-client.ts';
import { STORE_NAME, apiCaller, seedReadTenant, withBenchDb } from './support.ts';

const SECONDS = Number(process.argv[2] ?? 10);
const CONNECTIONS = Number(process.argv[3] ?? 50);
const EMPLOYEES = 200;
const BUDGET = { rps: 3_000, p99: 25 };
const REASON = 'Employee read benchmark set-up';

await withBenchDb('payrail-bench-', async (db) => {
  const deps = await createDeps({
    ...db.deps,
    config: { rateLimitPerSecond: 0 },
    logger: pino({ level: 'info' }, pino.destination({ dest: '/dev/null', sync: false })),
  });
  const { app } = createApp(deps);
  const server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  const port = (server.address() as { port: number }).port;
  const { key } = await deps.store.transaction((r) => createPartner(r, 'Bench Partner', 'sandbox', deps.clock.now()));
  const evidenceCount = async (tenantId: string) =>
    Number(
      (await deps.store.db
        .selectFrom('evidence')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('tenant_id', '=', tenantId)
        .executeTakeFirst())!.n,
    );

  try {
    const { tenantId, paths } = await seedReadTenant(apiCaller(`http://127.0.0.1:${port}`, key, REASON), EMPLOYEES);
    const evidenceBefore = await evidenceCount(tenantId);
    const r = await runLoad({ ports: [port], key, paths, connections: CONNECTIONS, seconds: SECONDS, warmupMs: 1_000 });
    const evidenceAfter = await evidenceCount(tenantId);

    console.log(
      `GET /v1/tenants/{t}/employees/{id} on ${STORE_NAME}, ${CONNECTIONS} concurrent keep-alive connections, ${(r.elapsedMs / 1000).toFixed(1)} s (after 1 s warm-up)`,
    );
    console.log(
      `  requests      ${r.requests.toLocaleString('en')} (${r.errors} connection errors, ${r.statusErrors} non-200)`,
    );
    console.log(
      `  throughput    ${r.rps.toFixed(0).padStart(6)} req/s   budget >= ${BUDGET.rps}: ${r.rps >= BUDGET.rps ? 'within' : 'MISSED'}`,
    );
    console.log(
      `  latency p99   ${r.p99.toFixed(1).padStart(6)} ms      budget <= ${BUDGET.p99} ms: ${r.p99 <= BUDGET.p99 ? 'within' : 'MISSED'}`,
    );
    console.log(`  latency p50   ${r.p50.toFixed(1).padStart(6)} ms, max ${r.max.toFixed(1)} ms`);
    console.log(
      `  evidence records written during the run (warm-up included): ${(evidenceAfter - evidenceBefore).toLocaleString('en')}`,
    );
  } finally {
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
    await closeDeps(deps);
  }
});
