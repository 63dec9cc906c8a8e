// The floor the read benchmarks stand on, for postgres.bench.ts: a bare Express app that answers every GET with a
// JSON body the size of an employee, through `instances` processes, under the same load client and the same
// connections as employee-read-instances.ts. With PAYRAIL_BENCH_POSTGRES set, each answer is first read from
// PostgreSQL in one query (a pool of 20 per process, as the API's default), the least any stored read can do:
//   npx tsx tests/bench/hello-world-instances.ts [instances] [seconds] [connections]
// The last line of output is the figures as JSON (`RESULT {...}`).
import { spawn, type ChildProcess } from 'node:child_process';
import { freePort } from '../helpers/server-process.ts';
import { runLoad } from './load-client.ts';
import { READ_WARMUP_MS, printResult } from './support.ts';

const INSTANCES = Number(process.argv[2] ?? 1);
const SECONDS = Number(process.argv[3] ?? 10);
const CONNECTIONS = Number(process.argv[4] ?? 50);

const SERVER = `
const express = require('express');
const pg = require('pg');
const url = process.env.PAYRAIL_BENCH_POSTGRES;
const pool = url ? new pg.Pool({ connectionString: url, max: 20 }) : null;
const body = { data: { id: 'emp_0123456789abcdef', note: 'x'.repeat(2400) } };
const app = express();
app.use(async (_req, res) => {
  if (!pool) return res.json(body);
  const r = await pool.query('select $1::text as id, repeat($2, 2400) as note', [body.data.id, 'x']);
  res.json({ data: r.rows[0] });
});
app.listen(Number(process.env.PORT), '127.0.0.1', () => console.log('listening'));
`;

const children: ChildProcess[] = [];
try {
  const ports = await Promise.all(Array.from({ length: INSTANCES }, () => freePort()));
  await Promise.all(
    ports.map((port) => {
      const child = spawn(process.execPath, ['-e', SERVER], {
        env: { ...process.env, PORT: String(port) },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      children.push(child);
      return new Promise((resolve) => child.stdout!.once('data', resolve));
    }),
  );
  const r = await runLoad({
    ports,
    key: 'none',
    paths: ['/hello'],
    connections: CONNECTIONS,
    seconds: SECONDS,
    warmupMs: READ_WARMUP_MS,
  });
  console.log(
    `bare Express${process.env.PAYRAIL_BENCH_POSTGRES ? ' + one PostgreSQL query' : ''}, ${INSTANCES} process${INSTANCES === 1 ? '' : 'es'}, ${CONNECTIONS} connections: ` +
      `${r.rps.toFixed(0)} req/s, p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms`,
  );
  printResult({ instances: INSTANCES, connections: CONNECTIONS, ...r });
} finally {
  for (const c of children) c.kill();
}
