// After the API suite: every operation in the OpenAPI document must have been called by some test
// (the contract check in tests/helpers/contract.ts records each one it validates).
import fs from 'node:fs';
import path from 'node:path';
import { openApi } from '../helpers/contract.ts';

const dir = process.env.PAYRAIL_CONTRACT_DIR ?? path.resolve('test-results/contract');
const seen = new Map<string, Set<number>>();
for (const file of fs.existsSync(dir) ? fs.readdirSync(dir) : []) {
  for (const line of fs.readFileSync(path.join(dir, file), 'utf8').split('\n')) {
    if (!line) continue;
    const [method, p, status] = JSON.parse(line) as [string, string, number];
    const key = `${method} ${p}`;
    if (!seen.has(key)) seen.set(key, new Set());
    seen.get(key)!.add(status);
  }
}
const all = Object.entries(openApi.paths).flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${p}`));
const missing = all.filter((op) => !seen.has(op));
const pairs = [...seen.values()].reduce((n, s) => n + s.size, 0);
console.log(
  `contract: ${all.length - missing.length} of ${all.length} operations called (${pairs} operation × status pairs checked)`,
);
for (const op of missing) console.log(`  not called by any test: ${op}`);
process.exitCode = missing.length ? 1 : 0;
