// GET /v1/tenants/{t}/employees/{id} under 50 concurrent connections:
//   npx tsx tests/bench/employee-read.bench.ts [seconds] [connections]
// The real app on a fresh SQLite file (rate limit off, access log on at info level into /dev/null, as
// a deployment logs), an AU tenant with 200 employees hired through the API. A worker thread (its own
// event loop, so the client does not borrow the server's) keeps 50 keep-alive connections busy reading
// random employees; every read is receipted, so each one also appends an evidence record.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { Server } from 'node:http';
import pino from 'pino';
import { createApp, createDeps, closeDeps } from '../../api/app.ts';
import { createPartner } from '../../api/services/partner-keys.ts';

const SECONDS = Number(process.argv[2] ?? 10);
const CONNECTIONS = Number(process.argv[3] ?? 50);
const EMPLOYEES = 200;
const BUDGET = { rps: 3_000, p99: 25 };
const REASON = 'Employee read benchmark set-up';

// The load generator: plain JavaScript in a worker, node:http with one keep-alive socket per connection.
const CLIENT = `
const http = require('node:http');
const { parentPort, workerData: w } = require('node:worker_threads');
const agent = new http.Agent({ keepAlive: true, maxSockets: w.connections });
const latencies = [];
let errors = 0;
let statusErrors = 0;
function get(path) {
  return new Promise((resolve) => {
    const t0 = process.hrtime.bigint();
    const req = http.get({ host: '127.0.0.1', port: w.port, path, agent, headers: { authorization: 'Bearer ' + w.key } }, (res) => {
      res.resume();
      res.on('end', () => { if (res.statusCode !== 200) statusErrors++; resolve(Number(process.hrtime.bigint() - t0) / 1e6); });
    });
    req.on('error', () => { errors++; resolve(null); });
  });
}
async function loop(until, record) {
  while (Date.now() < until) {
    const ms = await get(w.paths[Math.floor(Math.random() * w.paths.length)]);
    if (record && ms !== null) latencies.push(ms);
  }
}
(async () => {
  const warm = Date.now() + w.warmupMs;
  await Promise.all(Array.from({ length: w.connections }, () => loop(warm, false)));
  const start = Date.now();
  await Promise.all(Array.from({ length: w.connections }, () => loop(start + w.seconds * 1000, true)));
  parentPort.postMessage({ latencies, elapsedMs: Date.now() - start, errors, statusErrors });
  agent.destroy();
})();
`;

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'payrail-bench-'));
const deps = await createDeps({
  dbFile: path.join(dir, 'payrail.db'),
  config: { rateLimitPerSecond: 0 },
  logger: pino({ level: 'info' }, pino.destination({ dest: '/dev/null', sync: false })),
});
const { app } = createApp(deps);
const server = await new Promise<Server>((resolve) => {
  const s = app.listen(0, '127.0.0.1', () => resolve(s));
});
const port = (server.address() as { port: number }).port;
const { key } = await deps.store.transaction((r) => createPartner(r, 'Bench Partner', 'sandbox', deps.clock.now()));

async function call(method: string, p: string, body?: unknown): Promise<any> {
  const res = await fetch(`http://127.0.0.1:${port}${p}`, {
    method,
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', 'x-governance-reason': REASON },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as any;
  if (res.status >= 300) throw new Error(`${method} ${p} → ${res.status} ${JSON.stringify(json).slice(0, 300)}`);
  return json.data;
}

const percentile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];

try {
  const { tenant } = await call('POST', '/v1/partners/tenants', {
    name: 'Read Bench Employer',
    jurisdiction: 'AU',
    engine: 'payroll_engine_au',
  });
  const ids: string[] = [];
  for (let i = 0; i < EMPLOYEES; i++) {
    const emp = await call('POST', `/v1/tenants/${tenant.id}/employees`, {
      first_name: `Robin${i}`,
      last_name: `Reader${i}`,
      date_of_birth: '1991-02-03',
      employment: {
        type: 'full_time',
        annual_salary: 60_000 + i * 100,
        pay_frequency: 'fortnightly',
        start_date: '2021-01-01',
      },
      statutory: { au: { tfn: '123456782', tax_free_threshold: true } },
    });
    await call('PATCH', `/v1/tenants/${tenant.id}/employees/${emp.id}/bank-accounts`, {
      bank_bsb: '062-000',
      bank_account_number: String(20_000_000 + i),
      bank_account_name: `Robin Reader ${i}`,
    });
    ids.push(emp.id);
  }
  const paths = ids.map((id) => `/v1/tenants/${tenant.id}/employees/${id}`);
  const evidenceBefore = (await deps.store.db
    .selectFrom('evidence')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('tenant_id', '=', tenant.id)
    .executeTakeFirst())!.n;

  const result = await new Promise<{ latencies: number[]; elapsedMs: number; errors: number; statusErrors: number }>(
    (resolve, reject) => {
      const worker = new Worker(CLIENT, {
        eval: true,
        workerData: { port, key, paths, connections: CONNECTIONS, seconds: SECONDS, warmupMs: 1_000 },
      });
      worker.once('message', resolve);
      worker.once('error', reject);
    },
  );
  const evidenceAfter = (await deps.store.db
    .selectFrom('evidence')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('tenant_id', '=', tenant.id)
    .executeTakeFirst())!.n;

  const sorted = result.latencies.sort((a, b) => a - b);
  const rps = sorted.length / (result.elapsedMs / 1000);
  const [p50, p99] = [percentile(sorted, 0.5), percentile(sorted, 0.99)];
  console.log(
    `GET /v1/tenants/{t}/employees/{id}, ${CONNECTIONS} concurrent keep-alive connections, ${(result.elapsedMs / 1000).toFixed(1)} s (after 1 s warm-up)`,
  );
  console.log(
    `  requests      ${sorted.length.toLocaleString('en')} (${result.errors} connection errors, ${result.statusErrors} non-200)`,
  );
  console.log(
    `  throughput    ${rps.toFixed(0).padStart(6)} req/s   budget >= ${BUDGET.rps}: ${rps >= BUDGET.rps ? 'within' : 'MISSED'}`,
  );
  console.log(
    `  latency p99   ${p99.toFixed(1).padStart(6)} ms      budget <= ${BUDGET.p99} ms: ${p99 <= BUDGET.p99 ? 'within' : 'MISSED'}`,
  );
  console.log(`  latency p50   ${p50.toFixed(1).padStart(6)} ms, max ${sorted[sorted.length - 1].toFixed(1)} ms`);
  console.log(
    `  evidence records written during the run (warm-up included): ${(Number(evidenceAfter) - Number(evidenceBefore)).toLocaleString('en')}`,
  );
} finally {
  await new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
  await closeDeps(deps);
  fs.rmSync(dir, { recursive: true, force: true });
}
