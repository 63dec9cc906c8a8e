// Runs every tests/bench/*.bench.ts in turn, each in its own process, printing its figures:
//   npm run bench            (or: npx tsx tests/bench/run.ts [name-filter])
// Benchmarks share the machine, so they never run in parallel. The exit code is non-zero when any
// benchmark fails to run; a budget that is missed is reported by the benchmark itself.
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { API_NODE_FLAGS } from '../../api/node-flags.ts';

const dir = path.dirname(fileURLToPath(import.meta.url));
const filter = process.argv[2];
const benches = fs
  .readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts') && (!filter || f.includes(filter)))
  .sort();
if (!benches.length) {
  console.error(`No benchmarks${filter ? ` matching "${filter}"` : ''} in ${dir}`);
  process.exit(1);
}

const failed: string[] = [];
for (const file of benches) {
  console.log(`\n=== ${file} ${'='.repeat(Math.max(0, 72 - file.length))}`);
  const started = Date.now();
  // Benchmarks host the API in their own process, so they run with its flags.
  const r = spawnSync(process.execPath, [...API_NODE_FLAGS, '--import', 'tsx', path.join(dir, file)], {
    stdio: 'inherit',
    env: process.env,
  });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (r.status !== 0) {
    failed.push(file);
    console.log(`--- ${file} failed (${r.error?.message ?? `exit ${r.status ?? r.signal}`}) after ${seconds} s`);
  } else {
    console.log(`--- ${file} done in ${seconds} s`);
  }
}
console.log(
  `\n${benches.length - failed.length} of ${benches.length} benchmarks ran${failed.length ? `; failed: ${failed.join(', ')}` : ''}.`,
);
process.exit(failed.length ? 1 : 0);
