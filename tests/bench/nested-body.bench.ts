// What a nested request body costs the server:   npx tsx tests/bench/nested-body.bench.ts [requests]
// The real app on a fresh SQLite file (rate limit off). Each body is about 36 KB and is sent one request
// at a time: nested 3,000 levels deep (refused on its raw bytes: JSON is limited to 32 levels), nested
// to the limit inside an employee's pass-through fields (every level walked by the identifier and
// server-owned field check, then stored), and the same bytes as one wide object. Reported per request:
// wall time (p50, p99) and CPU of the process (server and client both, the client's share being small),
// and the heap after a forced collection, before and after (it must stay flat).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import { performance } from 'node:perf_hooks';
import type { Server } from 'node:http';
import pino from 'pino';
import { createApp, createDeps, closeDeps } from '../../api/app.ts';
import { createPartner } from '../../api/services/platform/partner-keys.ts';

const REQUESTS = Number(process.argv[2] ?? 200);
const TARGET_BYTES = 36 * 1024;
const REASON = 'Nested body benchmark';

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;
const heapMb = () => {
  gc();
  gc();
  return process.memoryUsage().heapUsed / 1e6;
};

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
const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
const { key } = await deps.store.transaction((r) => createPartner(r, 'Bench Partner', 'sandbox', deps.clock.now()));

async function send(method: string, p: string, body: string): Promise<number> {
  const res = await fetch(base + p, {
    method,
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', 'x-governance-reason': REASON },
    body,
  });
  await res.arrayBuffer();
  return res.status;
}

/** `{"a":{"a":…}}` nested `levels` deep. */
const deep = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;

/** An object nested `levels` deep under `jurisdiction_data`, with sibling members at every level to fill ~36 KB. */
function nestedToLimit(levels: number): Record<string, unknown> {
  const perLevel = Math.ceil(TARGET_BYTES / levels / 24);
  let node: Record<string, unknown> = { leaf: 'x' };
  for (let l = levels; l > 0; l--) {
    const level: Record<string, unknown> = { [`level${l}`]: node };
    for (let i = 0; i < perLevel; i++) level[`field_${l}_${i}`] = `value${i}`;
    node = level;
  }
  return node;
}

function wide(): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (let i = 0; out && JSON.stringify(out).length < TARGET_BYTES; i++) out[`field_${i}`] = `value${i}`;
  return out;
}

const percentile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];

try {
  const tenant = (await (
    await fetch(`${base}/v1/partners/tenants`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Nested Bench', jurisdiction: 'AU', engine: 'payroll_engine_au' }),
    })
  ).json()) as { data: { tenant: { id: string } } };
  const t = tenant.data.tenant.id;
  const E = `/v1/tenants/${t}/employees`;
  const hire = (jurisdictionData: string) =>
    `{"first_name":"Nested","last_name":"Body","statutory":{"au":{"no_number_reason":"applied_for"}},"jurisdiction_data":${jurisdictionData}}`;

  // Each request hires someone (one stored patch each, so no request reads what the earlier ones wrote).
  // 30 levels under jurisdiction_data keep the whole body at 31, inside the limit of 32.
  const cases: [string, string, string, string][] = [
    ['6,000 levels deep (refused on its bytes, before parsing)', 'POST', E, hire(deep(6_000))],
    ['nested to the limit, walked and stored', 'POST', E, hire(JSON.stringify(nestedToLimit(30)))],
    ['one wide object, walked and stored', 'POST', E, hire(JSON.stringify(wide()))],
  ];
  console.log(`${REQUESTS} sequential requests per body, ~${Math.round(TARGET_BYTES / 1024)} KB each:`);
  for (const [label, method, p, body] of cases) {
    for (let i = 0; i < 20; i++) await send(method, p, body); // warm-up
    const heapBefore = heapMb();
    const statuses = new Map<number, number>();
    const latencies: number[] = [];
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    for (let i = 0; i < REQUESTS; i++) {
      const s = performance.now();
      const status = await send(method, p, body);
      latencies.push(performance.now() - s);
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
    const wall = performance.now() - t0;
    const cpu = process.cpuUsage(cpu0);
    const heapAfter = heapMb();
    const cpuMs = (cpu.user + cpu.system) / 1000 / REQUESTS;
    const sorted = latencies.sort((a, b) => a - b);
    console.log(
      `\n  ${label}: ${(body.length / 1024).toFixed(1)} KB, answered ${JSON.stringify(Object.fromEntries(statuses))}`,
    );
    console.log(
      `    CPU per request ${cpuMs.toFixed(2).padStart(6)} ms   wall p50 ${percentile(sorted, 0.5).toFixed(2)} ms, p99 ${percentile(sorted, 0.99).toFixed(2)} ms, mean ${(wall / REQUESTS).toFixed(2)} ms`,
    );
    console.log(`    heap after GC  ${heapBefore.toFixed(1)} MB before, ${heapAfter.toFixed(1)} MB after`);
  }
} finally {
  await new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
  await closeDeps(deps);
  fs.rmSync(dir, { recursive: true, force: true });
}
