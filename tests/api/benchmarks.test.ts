// Every benchmark runs once at a tiny size, so `npm test` proves it still runs (a benchmark nothing runs rots); their
// figures mean something only at full size (`npm run bench`). The abuse benchmark's run also checks it sends every
// kind of request it measures. postgres.bench.ts is left out: it runs the pay-run and read benchmarks below on both
// stores, and needs a PostgreSQL server.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { readResult } from '../bench/support.ts';
import { API_NODE_FLAGS } from '../../api/node-flags.ts';

const ROOT = path.resolve(import.meta.dirname, '..', '..');

test('the abuse benchmark runs every kind of request at a tiny size and prints the figure beside the budget', async () => {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', 'tests/bench/scoped-abuse.bench.ts', '0.5', '20'],
    { cwd: ROOT, timeout: 120_000, maxBuffer: 4 * 1024 * 1024 },
  );
  const result = readResult<{
    under_abuse_p99_ms: Record<string, number>;
    budget_p99_ms: number;
    attacker_statuses: Record<string, Record<string, number>>;
  }>(stdout);
  assert.ok(result, stdout);
  assert.equal(result.budget_p99_ms, 50);
  assert.deepEqual(Object.keys(result.under_abuse_p99_ms).sort(), [
    'chain verifies (partner key)',
    'pages of 100, cost centres assigned explicitly',
    'pages of 100, cost centres by mapping rule',
    'pages of 200',
    'payroll reports',
    'payslip PDFs',
    'unauthenticated 1 MB bodies',
  ]);
  for (const [kind, p99] of Object.entries(result.under_abuse_p99_ms))
    assert.ok(Number.isFinite(p99), `${kind}: the well-behaved client was answered`);
  // The attacker is answered too: its requests, or the budget's and the queue's refusals, never a server error.
  for (const [kind, seen] of Object.entries(result.attacker_statuses))
    assert.deepEqual(
      Object.keys(seen).filter((s) => Number(s) >= 500 || Number(s) === 0),
      [],
      `${kind}: ${JSON.stringify(seen)}`,
    );
  assert.match(stdout, /budget p99 <= 50 ms/);
});

/** A benchmark's output, run as `npm run bench` runs it (with the API's Node flags); a failure to run throws. */
async function runBench(file: string, args: string[]): Promise<string> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [...API_NODE_FLAGS, '--import', 'tsx', `tests/bench/${file}`, ...args],
    { cwd: ROOT, timeout: 120_000, maxBuffer: 4 * 1024 * 1024 },
  );
  return stdout;
}

test('the pay-run benchmark runs create, preview, approve and finalise at a tiny size', async () => {
  const result = readResult<{ employees: number; steps_ms: Record<string, number>; gross: string; net: string }>(
    await runBench('pay-run-10k.bench.ts', ['20']),
  );
  assert.ok(result);
  assert.equal(result.employees, 20);
  assert.deepEqual(Object.keys(result.steps_ms), ['create', 'preview', 'approve', 'finalise']);
  assert.match(result.gross, /^\d+\.\d{2}$/);
  assert.ok(Number(result.net) > 0 && Number(result.net) < Number(result.gross));
});

test('the bulk-hire benchmark hires through the job (more rows than the inline limit) at a small size', async () => {
  const result = readResult<{ employees: number; bulk_s: number; loop_s: number }>(
    await runBench('bulk-hire.bench.ts', ['600']),
  );
  assert.ok(result);
  assert.equal(result.employees, 600);
  assert.ok(Number.isFinite(result.bulk_s) && Number.isFinite(result.loop_s));
});

test('the portfolio benchmark answers every read at a tiny size', async () => {
  const result = readResult<{ tenants: number; worst_ms: Record<string, number> }>(
    await runBench('portfolio.bench.ts', ['2']),
  );
  assert.ok(result);
  assert.equal(result.tenants, 2);
  assert.deepEqual(Object.keys(result.worst_ms).sort(), ['clients', 'pipeline', 'summary']);
});

for (const [file, args, printed] of [
  ['employee-read.bench.ts', ['1', '4'], /latency p99\s+[\d.]+ ms/],
  ['nested-body.bench.ts', ['3'], /answered \{"201":3\}/],
  ['evidence-verify.bench.ts', ['200'], /evidence verify: 200 records/],
  ['au-calc.bench.ts', ['200'], /200 employees in [\d.]+ s/],
  ['de-pap.bench.ts', ['0.001'], /DE pay calculation \(tax \+ social, per employee\): \d+ calculations\/s/],
] as const)
  test(`${file} runs at a tiny size and prints its figure`, async () => {
    assert.match(await runBench(file, [...args]), printed);
  });
