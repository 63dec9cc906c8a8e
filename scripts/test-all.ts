// `npm test`: lint, format, typecheck, the SDK build, API/pack/BFF tests, component tests and
// end-to-end tests. Prints one readable line per step, every failure in full (the failing test and
// its error), and ends with one plain closing line `N passed, N failed[, N skipped]` summing every
// suite: CI reads that line. The raw output of every step goes to test-results/test-all.log.
//
// `tsx scripts/test-all.ts [step…]` runs only the named steps (ids or names, e.g. `lint format api`).
import fs from 'node:fs';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { stripVTControlCharacters } from 'node:util';
import { TEST_SDK_DIR } from '../tests/helpers/test-sdk.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const OUT = path.join(ROOT, 'test-results');
const LOG = path.join(OUT, 'test-all.log');
const rel = (p: string) => path.relative(ROOT, p);

/** What each suite's reporter writes (scripts/test-reporters/*.mjs) and what a step comes to. */
interface Failure {
  title: string;
  error: string;
}
interface SuiteSummary {
  passed: number;
  failed: number;
  skipped: number;
  failures: Failure[];
}

interface Step {
  id: string;
  name: string;
  cmd: string;
  env?: Record<string, string>;
  /** The machine-readable results the step's reporter writes; absent for plain checks. */
  results?: string;
  read?: (results: string) => SuiteSummary;
}

const summaryFile = (name: string) => path.join(OUT, `${name}.json`);
const readSummary = (file: string): SuiteSummary => JSON.parse(fs.readFileSync(file, 'utf8'));

// ---- Playwright's JSON report ----

interface PwError {
  message?: string;
  stack?: string;
  value?: string;
}
interface PwSuite {
  title: string;
  file?: string;
  specs?: {
    title: string;
    tests: {
      status: 'expected' | 'unexpected' | 'flaky' | 'skipped';
      projectName?: string;
      results: {
        status: string;
        errors?: PwError[];
        error?: PwError;
        attachments?: { name: string; path?: string }[];
      }[];
    }[];
  }[];
  suites?: PwSuite[];
}
interface PwReport {
  suites: PwSuite[];
  errors?: PwError[];
  stats: { expected: number; unexpected: number; flaky: number; skipped: number };
}

const pwErrorText = (e: PwError) =>
  stripVTControlCharacters(e.message ?? e.value ?? e.stack ?? 'unknown error').trimEnd();

function readPlaywright(file: string): SuiteSummary {
  const report = JSON.parse(fs.readFileSync(file, 'utf8')) as PwReport;
  const failures: Failure[] = [];
  const walk = (suite: PwSuite, names: string[]) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        if (test.status !== 'unexpected') continue;
        const last = test.results[test.results.length - 1];
        const errors = last?.errors?.length ? last.errors : last?.error ? [last.error] : [];
        const files = (last?.attachments ?? []).filter((a) => a.path).map((a) => `${a.name}: ${rel(a.path!)}`);
        failures.push({
          title: [...names, spec.title].join(' › '),
          error: [
            ...errors.map(pwErrorText),
            ...(errors.length ? [] : [`status: ${last?.status ?? 'unknown'}`]),
            ...(files.length ? [`attachments:\n  ${files.join('\n  ')}`] : []),
          ].join('\n\n'),
        });
      }
    }
    for (const s of suite.suites ?? []) walk(s, [...names, s.title]);
  };
  for (const s of report.suites) walk(s, [s.file ? `tests/e2e/${s.file}` : s.title]);
  // Errors outside any test: global set-up, a file that does not load.
  for (const e of report.errors ?? []) failures.push({ title: 'end-to-end run', error: pwErrorText(e) });
  return {
    passed: report.stats.expected + report.stats.flaky,
    failed: report.stats.unexpected + (report.errors?.length ?? 0),
    skipped: report.stats.skipped,
    failures,
  };
}

/** The PostgreSQL server the second API pass and the multi-instance end-to-end test create their databases on. */
const TEST_POSTGRES = process.env.PAYRAIL_TEST_POSTGRES || 'postgres://postgres@127.0.0.1:5432/postgres';

const STEPS: Step[] = [
  { id: 'lint', name: 'lint', cmd: 'npx eslint .' },
  { id: 'format', name: 'format', cmd: 'npx prettier --check .' },
  { id: 'typecheck', name: 'typecheck', cmd: 'npm run -s typecheck' },
  { id: 'client-types', name: 'client types match the OpenAPI', cmd: 'npm run -s check:client-types' },
  // The tests' own SDK build, never the dist/sdk a running `npm start` serves.
  { id: 'build', name: 'build', cmd: 'npm run -s build', env: { PAYRAIL_SDK_DIR: TEST_SDK_DIR } },
  {
    id: 'api',
    name: 'api, packs and bff',
    cmd:
      'rm -rf test-results/contract && ' +
      'node --import tsx --test --test-concurrency=2 --test-reporter=tap --test-reporter-destination=stdout ' +
      `--test-reporter=./scripts/test-reporters/node-summary.mjs --test-reporter-destination=${rel(summaryFile('node-tests'))} ` +
      "$(find tests/api tests/packs tests/bff -name '*.test.ts' | sort)",
    results: summaryFile('node-tests'),
    read: readSummary,
  },
  // The same suite again with every test API on its own fresh PostgreSQL database (dropped afterwards).
  {
    id: 'api-postgres',
    name: 'api, packs and bff on PostgreSQL',
    cmd:
      'node --import tsx --test --test-concurrency=2 --test-reporter=tap --test-reporter-destination=stdout ' +
      `--test-reporter=./scripts/test-reporters/node-summary.mjs --test-reporter-destination=${rel(summaryFile('node-tests-postgres'))} ` +
      "$(find tests/api tests/packs tests/bff -name '*.test.ts' | sort)",
    env: { PAYRAIL_TEST_POSTGRES: TEST_POSTGRES },
    results: summaryFile('node-tests-postgres'),
    read: readSummary,
  },
  // Every operation in the OpenAPI document was called by the API suite (whose answers the contract check validated).
  { id: 'contract', name: 'contract coverage', cmd: 'node --import tsx tests/contract/coverage.ts' },
  {
    id: 'components',
    name: 'components',
    cmd: 'npm run -s test:components',
    env: { PAYRAIL_TEST_SUMMARY: summaryFile('components') },
    results: summaryFile('components'),
    read: readSummary,
  },
  {
    id: 'e2e',
    name: 'end-to-end',
    cmd: 'npm run -s test:e2e -- --reporter=list,json',
    env: { PLAYWRIGHT_JSON_OUTPUT_FILE: summaryFile('e2e'), PAYRAIL_TEST_POSTGRES: TEST_POSTGRES },
    results: summaryFile('e2e'),
    read: readPlaywright,
  },
];

fs.mkdirSync(OUT, { recursive: true });
const log = fs.createWriteStream(LOG);

function run(step: Step): Promise<{ out: string; code: number }> {
  return new Promise((resolve) => {
    log.write(`\n===== ${step.name}: ${step.cmd}\n`);
    const child = spawn(step.cmd, {
      shell: true,
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1', FORCE_COLOR: '0', ...step.env },
    });
    let out = '';
    const take = (d: Buffer) => {
      out += d;
      log.write(d);
    };
    child.stdout.on('data', take);
    child.stderr.on('data', take);
    child.on('close', (code) => {
      log.write(`===== ${step.name}: exit ${code}\n`);
      resolve({ out, code: code ?? 1 });
    });
  });
}

/** The last `lines` lines of a step's output: what a failed check has to say. */
const tail = (out: string, lines: number) => {
  const all = stripVTControlCharacters(out)
    .split('\n')
    .filter((l) => !l.startsWith('npm warn ')) // npm's own configuration chatter, not the step's
    .join('\n')
    .trimEnd()
    .split('\n');
  const shown = all.slice(-lines).join('\n');
  return all.length > lines ? `… (${all.length - lines} earlier lines in ${rel(LOG)})\n${shown}` : shown;
};

function outcome(step: Step, out: string, code: number): SuiteSummary {
  if (!step.results) {
    return code === 0
      ? { passed: 1, failed: 0, skipped: 0, failures: [] }
      : { passed: 0, failed: 1, skipped: 0, failures: [{ title: step.name, error: tail(out, 200) }] };
  }
  let s: SuiteSummary | null = null;
  try {
    s = step.read!(step.results);
  } catch {
    s = null; // no results written: the runner itself failed
  }
  if (!s) {
    return {
      passed: 0,
      failed: 1,
      skipped: 0,
      failures: [{ title: `${step.name} (no results: the runner exited with ${code})`, error: tail(out, 60) }],
    };
  }
  if (code !== 0 && s.failed === 0) {
    s.failed = 1;
    s.failures.push({ title: `${step.name} (exit ${code} with no failing test)`, error: tail(out, 60) });
  }
  return s;
}

const indent = (text: string) =>
  text
    .split('\n')
    .map((l) => (l ? `    ${l}` : l))
    .join('\n');
const counts = (s: { passed: number; failed: number; skipped: number }) =>
  `${s.passed} passed, ${s.failed} failed${s.skipped ? `, ${s.skipped} skipped` : ''}`;

const only = process.argv.slice(2);
const unknown = only.filter((o) => !STEPS.some((s) => s.id === o || s.name === o));
if (unknown.length) {
  console.error(`unknown step ${unknown.join(', ')}; steps: ${STEPS.map((s) => s.id).join(', ')}`);
  process.exit(2);
}
const steps = STEPS.filter((s) => !only.length || only.includes(s.id) || only.includes(s.name));
console.log(`Running ${steps.map((s) => s.id).join(', ')}; the full output goes to ${rel(LOG)}\n`);

const total = { passed: 0, failed: 0, skipped: 0 };
const table: string[] = [];
const width = Math.max(...steps.map((s) => s.name.length));
for (const step of steps) {
  if (step.results) fs.rmSync(step.results, { force: true });
  const started = Date.now();
  const { out, code } = await run(step);
  const s = outcome(step, out, code);
  const seconds = `${((Date.now() - started) / 1000).toFixed(0)} s`;
  const line = `${step.name.padEnd(width)}  ${
    step.results ? counts(s) : s.failed ? 'FAILED' : 'ok'
  }${code !== 0 ? ` (exit ${code})` : ''}  ${seconds}`;
  console.log(`${s.failed ? '✗' : '✓'} ${line}`);
  for (const f of s.failures) console.log(`\n  ✗ ${f.title}\n${indent(f.error)}\n`);
  table.push(line);
  total.passed += s.passed;
  total.failed += s.failed;
  total.skipped += s.skipped;
}
await new Promise<void>((resolve) => log.end(resolve));

console.log(`\n${table.join('\n')}\nFull output of every step: ${rel(LOG)}`);
console.log(counts(total));
process.exitCode = total.failed > 0 ? 1 : 0;
