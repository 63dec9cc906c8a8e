// The long fuzz run (`npm run test:fuzz`): at least 50,000 requests generated from the OpenAPI document against
// the real app, asserting no 5xx, the error envelope on every error answer, the server healthy afterwards and the
// heap roughly flat after garbage collection. Known crashers (tests/fuzz/support.ts) are sent and counted apart.
//
//   npm run test:fuzz                         50,000 requests, a random seed
//   FUZZ_REQUESTS=200000 FUZZ_SEED=42 npm run test:fuzz
//
// Runs with --expose-gc (the npm script sets it). Exit code 1 on any failure; each distinct failure is printed
// once with the request that caused it.
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { startTestApi } from '../helpers/api.ts';
import { ManualClock } from '../../api/lib/clock.ts';
import {
  buildFixture,
  describeRequest,
  SKIP_LIST,
  knownCrasherOf,
  requestArbitrary,
  send,
  violation,
  type FuzzRequest,
} from './support.ts';

const TOTAL = Number(process.env.FUZZ_REQUESTS ?? 50_000);
const SEED = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
const CONCURRENCY = Number(process.env.FUZZ_CONCURRENCY ?? 8);
const BATCH = 500;
/** Heap growth (after GC) from the first checkpoint to the last that still counts as flat. */
const HEAP_BUDGET_MB = Number(process.env.FUZZ_HEAP_BUDGET_MB ?? 64);

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) {
  console.error('Run with node --expose-gc (npm run test:fuzz does).');
  process.exit(2);
}
const heapMb = () => {
  gc!();
  gc!();
  return process.memoryUsage().heapUsed / 2 ** 20;
};

const started = Date.now();
const api = await startTestApi({
  clock: new ManualClock(new Date('2026-11-21T09:00:00.000Z')),
  config: { rateLimitPerSecond: 0 },
});
const fixture = await buildFixture(api);
const arb = requestArbitrary(fixture);
console.log(`fuzz: ${TOTAL} requests, seed ${SEED}, ${CONCURRENCY} in flight, server ${api.url}`);

const failures = new Map<string, { count: number; example: string; answer: string }>();
const known = new Map<string, number>();
const statuses = new Map<number, number>();
const perOp = new Map<string, number>();
const heap: { at: number; mb: number }[] = [];
let sent = 0;

/** Known crashers that poison state, once a request of theirs has been sent. */
const poisoned = new Set<string>();

async function one(req: FuzzRequest) {
  const crasher = knownCrasherOf(req);
  if (crasher?.aftermath) poisoned.add(crasher.name);
  let answer;
  try {
    answer = await send(api.url, req);
  } catch (err) {
    answer = { status: 0, contentType: '', text: String(err) };
  }
  sent++;
  statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
  perOp.set(req.op, (perOp.get(req.op) ?? 0) + 1);
  const v = answer.status === 0 ? `no answer (${answer.text})` : violation(answer);
  if (!v) return;
  const cause =
    crasher ?? SKIP_LIST.find((k) => k.aftermath?.test(req.op) && poisoned.has(k.name) && answer.status >= 500);
  if (cause) {
    const k = `${cause.name} (answered ${answer.status || 'nothing'})`;
    known.set(k, (known.get(k) ?? 0) + 1);
    return;
  }
  const key = `${req.op} → ${v}`;
  const seen = failures.get(key);
  if (seen) seen.count++;
  else failures.set(key, { count: 1, example: describeRequest(req), answer: answer.text.slice(0, 300) });
}

let errorLogs = 0;
for (let batch = 0; sent < TOTAL; batch++) {
  // The test harness keeps every log line; count the server's error-level lines and let the rest go.
  for (const line of api.logs.splice(0)) if (JSON.parse(line).level >= 50) errorLogs++;
  const requests = fc.sample(arb, { seed: SEED + batch, numRuns: Math.min(BATCH, TOTAL - sent) });
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < requests.length) await one(requests[next++]);
    }),
  );
  if (batch === 1 || sent >= TOTAL || batch % 20 === 0) {
    heap.push({ at: sent, mb: heapMb() });
    const rate = (sent / ((Date.now() - started) / 1000)).toFixed(0);
    console.log(`  ${sent} sent, ${failures.size} distinct failures, heap ${heap.at(-1)!.mb.toFixed(1)} MB, ${rate}/s`);
  }
}

// The server is healthy after: it answers health, a read and a write.
const health = await fetch(`${api.url}/health`);
const healthy = health.status === 200;
const read = await api.call('GET', '/v1/partners/tenants?limit=1');
const write = await api.call('POST', '/v1/partners/tenants', { body: { name: 'After The Fuzz Co' } });

console.log(
  `\nstatuses: ${[...statuses]
    .sort(([a], [b]) => a - b)
    .map(([s, n]) => `${s}×${n}`)
    .join(' ')}`,
);
console.log(`operations reached: ${perOp.size}; error-level log lines: ${errorLogs}`);
console.log(`heap after GC (MB): ${heap.map((h) => `${h.at}:${h.mb.toFixed(1)}`).join(' ')}`);
for (const [name, n] of known) console.log(`known crasher (skip list) hit ${n}×: ${name}`);
for (const [key, f] of failures)
  console.log(`\nFAIL ${key} (${f.count}×)\n  request: ${f.example}\n  answer: ${f.answer}`);

await api.close();
const growth = heap.at(-1)!.mb - heap[0].mb;
console.log(
  `\n${sent} requests in ${((Date.now() - started) / 1000).toFixed(0)} s; heap growth ${growth.toFixed(1)} MB`,
);
try {
  assert.ok(sent >= TOTAL, `sent ${sent} of ${TOTAL}`);
  assert.equal(failures.size, 0, `${failures.size} distinct failures`);
  assert.ok(healthy && read.status === 200 && write.status === 201, 'the server is healthy after the run');
  assert.ok(growth < HEAP_BUDGET_MB, `heap grew ${growth.toFixed(1)} MB (budget ${HEAP_BUDGET_MB} MB)`);
  console.log('fuzz: passed');
} catch (err) {
  console.log(`fuzz: FAILED — ${(err as Error).message} (seed ${SEED})`);
  process.exitCode = 1;
}
