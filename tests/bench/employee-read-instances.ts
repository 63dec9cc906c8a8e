// GET /v1/tenants/{t}/employees/{id} through API server processes sharing one database, for postgres.bench.ts:
//   npx tsx tests/bench/employee-read-instances.ts [instances] [seconds] [connections] [paced rate] [paced seconds]
// A fresh database (SQLite, or PostgreSQL with PAYRAIL_BENCH_POSTGRES: see support.ts) with 200 AU employees hired
// through the API of the first instance; then `instances` processes of api/server.ts (rate limit off, log level
// warn) serve reads of random employees on `connections` keep-alive connections spread round-robin over them: first
// as fast as they answer (throughput), then, with a paced rate, at that many requests a second on a fixed schedule
// (the latency a client sees below saturation), for `paced seconds` (default: `seconds`). The last line of output is
// the figures as JSON (`RESULT {...}`).
import { readFileSync } from 'node:fs';
import pino from 'pino';
import { createDeps, closeDeps } from '../../api/app.ts';
import { createPartner } from '../../api/services/platform/partner-keys.ts';
import { killAll, spawnApi, type ApiProcess } from '../helpers/server-process.ts';
import { runLoad } from './load-client.ts';
import { READ_WARMUP_MS, STORE_NAME, apiCaller, printResult, seedReadTenant, withBenchDb } from './support.ts';

const INSTANCES = Number(process.argv[2] ?? 1);
const SECONDS = Number(process.argv[3] ?? 10);
const CONNECTIONS = Number(process.argv[4] ?? 50);
const PACED_RATE = Number(process.argv[5] ?? 0);
const PACED_SECONDS = Number(process.argv[6] ?? SECONDS);
const PACED_WARMUP_MS = 1000;
const EMPLOYEES = 200;
const REASON = 'Employee read benchmark set-up';
const TICK_MS = 10; // Linux reports process CPU time in clock ticks of 1/100 s

/** User plus system CPU time a process has used so far, from /proc. */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
}

await withBenchDb('payrail-bench-', async (db) => {
  const deps = await createDeps({ ...db.deps, logger: pino({ level: 'warn' }) });
  const { key } = await deps.store.transaction((r) => createPartner(r, 'Bench Partner', 'sandbox', deps.clock.now()));
  await closeDeps(deps);
  const servers: ApiProcess[] = [];
  try {
    servers.push(
      ...(await Promise.all(
        Array.from({ length: INSTANCES }, () => spawnApi(db, { PAYRAIL_RATE_LIMIT: '0', LOG_LEVEL: 'warn' })),
      )),
    );
    const { paths } = await seedReadTenant(apiCaller(servers[0].url, key, REASON), EMPLOYEES);
    const ports = servers.map((s) => Number(new URL(s.url).port));
    const cpuBefore = servers.map((s) => cpuMs(s.pid));
    const r = await runLoad({
      ports,
      key,
      paths,
      connections: CONNECTIONS,
      seconds: SECONDS,
      warmupMs: READ_WARMUP_MS,
    });
    // Whole-load CPU (warm-up included) over every answered request: steadier than throughput on a busy machine.
    const cpu = servers.reduce((sum, s, i) => sum + cpuMs(s.pid) - cpuBefore[i], 0);
    const cpuPerRequest = cpu / (r.requests * (1 + READ_WARMUP_MS / r.elapsedMs));
    console.log(
      `GET employee on ${STORE_NAME}, ${INSTANCES} API process${INSTANCES === 1 ? '' : 'es'}, ${CONNECTIONS} connections, ${(r.elapsedMs / 1000).toFixed(1)} s: ` +
        `${r.rps.toFixed(0)} req/s, p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms, max ${r.max.toFixed(1)} ms, ` +
        `per process ${r.perPort.join(' / ')} requests, server CPU ${cpuPerRequest.toFixed(2)} ms per request, ${r.errors} connection errors, ${r.statusErrors} non-200`,
    );
    const paced = PACED_RATE
      ? await runLoad({
          ports,
          key,
          paths,
          connections: CONNECTIONS,
          seconds: PACED_SECONDS,
          warmupMs: PACED_WARMUP_MS,
          rate: PACED_RATE,
        })
      : null;
    if (paced)
      console.log(
        `  paced at ${PACED_RATE} req/s for ${PACED_SECONDS} s: ${paced.rps.toFixed(0)} req/s answered, p50 ${paced.p50.toFixed(1)} ms, p99 ${paced.p99.toFixed(1)} ms, max ${paced.max.toFixed(1)} ms, ${paced.errors} connection errors, ${paced.statusErrors} non-200`,
      );
    printResult({
      store: STORE_NAME,
      instances: INSTANCES,
      connections: CONNECTIONS,
      cpuPerRequest,
      ...r,
      paced: paced && { rate: PACED_RATE, rps: paced.rps, p50: paced.p50, p99: paced.p99, max: paced.max },
    });
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
    await killAll();
  }
});
