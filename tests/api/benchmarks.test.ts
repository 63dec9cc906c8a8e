// The abuse benchmark runs once at a tiny size (20 employees, half a second a kind) so `npm test` proves it still
// runs every kind of request it measures; its figures mean something only at full size (`npm run bench`).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { readResult } from '../bench/support.ts';

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
