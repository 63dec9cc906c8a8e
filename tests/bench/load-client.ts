// The HTTP load generator of the read benchmarks: a worker thread (its own event loop, so the client does not
// borrow a server's) keeps `connections` keep-alive connections busy with GETs of random paths, one request at a
// time per connection. With several ports (API instances) the connections are spread round-robin over them.
import { Worker } from 'node:worker_threads';

export interface LoadOptions {
  ports: number[];
  /** A partner key, sent as the bearer token. */
  key: string;
  paths: string[];
  connections: number;
  seconds: number;
  warmupMs: number;
  /**
   * Requests a second over all connections, sent on a fixed schedule whatever the answers' speed, each latency
   * counted from the moment its request was due (so time spent queueing behind a slow answer is counted, as wrk2
   * does). Without it every connection sends its next request as soon as the last is answered (saturation).
   */
  rate?: number;
}

export interface LoadResult {
  requests: number;
  /** Requests each port answered within the measured window. */
  perPort: number[];
  elapsedMs: number;
  rps: number;
  p50: number;
  p99: number;
  max: number;
  /** Connection errors and answers other than 200 (warm-up included). */
  errors: number;
  statusErrors: number;
}

// Plain JavaScript: node:http with one agent per port.
const CLIENT = `
const http = require('node:http');
const { parentPort, workerData: w } = require('node:worker_threads');
const perPortSockets = Math.ceil(w.connections / w.ports.length);
const agents = w.ports.map(() => new http.Agent({ keepAlive: true, maxSockets: perPortSockets }));
const latencies = [];
const perPort = w.ports.map(() => 0);
let errors = 0;
let statusErrors = 0;
function get(slot, path) {
  return new Promise((resolve) => {
    const t0 = process.hrtime.bigint();
    const req = http.get(
      { host: '127.0.0.1', port: w.ports[slot], path, agent: agents[slot], headers: { authorization: 'Bearer ' + w.key } },
      (res) => {
        res.resume();
        res.on('end', () => { if (res.statusCode !== 200) statusErrors++; resolve(Number(process.hrtime.bigint() - t0) / 1e6); });
      },
    );
    req.on('error', () => { errors++; resolve(null); });
  });
}
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
async function loop(conn, slot, until, record) {
  // Paced: connection conn sends requests conn, conn + connections, conn + 2 connections... of the schedule.
  const interval = w.rate ? (1000 * w.connections) / w.rate : 0;
  let due = performance.now() + (w.rate ? (1000 * conn) / w.rate : 0);
  while (Date.now() < until) {
    if (interval) {
      const wait = due - performance.now();
      if (wait > 0) await sleep(wait);
    }
    const sent = performance.now();
    const ms = await get(slot, w.paths[Math.floor(Math.random() * w.paths.length)]);
    const late = interval ? Math.max(0, sent - due) : 0;
    if (record && ms !== null) { latencies.push(ms + late); perPort[slot]++; }
    due += interval;
  }
}
const all = (until, record) =>
  Promise.all(Array.from({ length: w.connections }, (_, i) => loop(i, i % w.ports.length, until, record)));
(async () => {
  await all(Date.now() + w.warmupMs, false);
  const start = Date.now();
  await all(start + w.seconds * 1000, true);
  parentPort.postMessage({ latencies, perPort, elapsedMs: Date.now() - start, errors, statusErrors });
  for (const a of agents) a.destroy();
})();
`;

const percentile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? NaN;

export async function runLoad(opts: LoadOptions): Promise<LoadResult> {
  const raw = await new Promise<{
    latencies: number[];
    perPort: number[];
    elapsedMs: number;
    errors: number;
    statusErrors: number;
  }>((resolve, reject) => {
    const worker = new Worker(CLIENT, { eval: true, workerData: opts });
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  const sorted = raw.latencies.sort((a, b) => a - b);
  return {
    requests: sorted.length,
    perPort: raw.perPort,
    elapsedMs: raw.elapsedMs,
    rps: sorted.length / (raw.elapsedMs / 1000),
    p50: percentile(sorted, 0.5),
    p99: percentile(sorted, 0.99),
    max: sorted[sorted.length - 1] ?? NaN,
    errors: raw.errors,
    statusErrors: raw.statusErrors,
  };
}
