// `npm test`: lint, format, typecheck, the SDK build, API/pack/BFF tests, component tests and
// end-to-end tests. Prints one readable line per step, every failure in full (the failing test and
// its error), and ends with one plain closing line `N passed, N failed[, N skipped]` summing every
// suite: CI reads that line. The raw output of every step goes to test-results/test-all.log.
//
// The static checks and the SDK build run side by side (each is mostly one thread); the test suites
// run one after another, each using the machine's cores itself. The node suites run on the tree
// compiled to JavaScript (scripts/compile-tests.ts), compiled once before the first of them. The API
// suite runs on SQLite in full, then on PostgreSQL for the files tests/postgres-suite.ts lists (what
// can differ by store), or in full with PAYRAIL_TEST_POSTGRES_ALL=1 or the step `api-postgres-all`.
//
// `tsx scripts/test-all.ts [step…]` runs only the named steps (ids, names or a group, e.g.
// `lint format api`, `static`); `api-postgres-all` runs only when named.
import fs from 'node:fs';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { stripVTControlCharacters } from 'node:util';
import { TEST_SDK_DIR } from '../tests/helpers/test-sdk.ts';
import { POSTGRES_SUITE } from '../tests/postgres-suite.ts';
import { compiledPath } from './compile-tests.ts';

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
  /** Milliseconds per test file, longest first (the node test runner's). */
  durations?: Record<string, number>;
}

interface Step {
  id: string;
  name: string;
  cmd: string;
  env?: Record<string, string>;
  /** The machine-readable results the step's reporter writes; absent for plain checks. */
  results?: string;
  read?: (results: string) => SuiteSummary;
  /** Steps next to each other with the same group run at the same time. */
  group?: string;
  /** Runs only when asked for by id or name. */
  optIn?: boolean;
  /** Why the step cannot run as configured (it then fails without running). */
  invalid?: () => string | null;
  /** Runs on the compiled tree: the compile step goes first. */
  compiled?: boolean;
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

/** Every test file of the API, pack and BFF suites. */
const NODE_TEST_FILES = fs
  .readdirSync(path.join(ROOT, 'tests'), { recursive: true, encoding: 'utf8' })
  .map((f) => `tests/${f.split(path.sep).join('/')}`)
  .filter((f) => /^tests\/(api|packs|bff)\/.*\.test\.ts$/.test(f))
  .sort();

/**
 * The node test runner over the compiled twins of `files`, TAP to the log (with each test's duration_ms) and a
 * summary for this script (which names the source files).
 */
const nodeTests = (summary: string, files: readonly string[]) =>
  'node --enable-source-maps --test --test-concurrency=2 --test-reporter=tap --test-reporter-destination=stdout ' +
  `--test-reporter=./scripts/test-reporters/node-summary.mjs --test-reporter-destination=${rel(summaryFile(summary))} ` +
  files.map(compiledPath).join(' ');

const POSTGRES_FILES = Object.keys(POSTGRES_SUITE).sort();
const POSTGRES_ALL = process.env.PAYRAIL_TEST_POSTGRES_ALL === '1';
const missingFromSuite = () => {
  const gone = POSTGRES_FILES.filter((f) => !fs.existsSync(path.join(ROOT, f)));
  return gone.length ? `tests/postgres-suite.ts lists files that do not exist: ${gone.join(', ')}` : null;
};

const STEPS: Step[] = [
  { id: 'lint', name: 'lint', cmd: 'npx eslint .', group: 'static' },
  { id: 'format', name: 'format', cmd: 'npx prettier --check .', group: 'static' },
  { id: 'typecheck', name: 'typecheck', cmd: 'npx tsc --noEmit -p tsconfig.json', group: 'static' },
  {
    id: 'typecheck-components',
    name: 'typecheck (components)',
    cmd: 'npx tsc --noEmit -p components/tsconfig.json',
    group: 'static',
  },
  {
    id: 'client-types',
    name: 'client types match the OpenAPI',
    cmd: 'npm run -s check:client-types',
    group: 'static',
  },
  // Runtime import cycles (type-only imports do not count: .madgerc): a module graph with none loads in one order.
  { id: 'cycles', name: 'no import cycles', cmd: 'npm run -s check:cycles', group: 'static' },
  // Imports go down the API's layers only (scripts/check-layers.ts names them).
  { id: 'layers', name: 'layers', cmd: 'npm run -s check:layers', group: 'static' },
  // The tests' own SDK build, never the dist/sdk a running `npm start` serves. The only build of a CI
  // run: .ci/run installs with PAYRAIL_SKIP_SDK_BUILD=1.
  { id: 'build', name: 'build', cmd: 'npm run -s build', env: { PAYRAIL_SDK_DIR: TEST_SDK_DIR }, group: 'static' },
  { id: 'compile', name: 'compile for the node suites', cmd: 'npx tsx scripts/compile-tests.ts' },
  {
    id: 'api',
    name: 'api, packs and bff',
    cmd: `rm -rf test-results/contract && ${nodeTests('node-tests', NODE_TEST_FILES)}`,
    results: summaryFile('node-tests'),
    read: readSummary,
    compiled: true,
  },
  // Again with every test API on its own fresh PostgreSQL database (dropped afterwards): the files whose
  // behaviour can differ by store (tests/postgres-suite.ts), or every file when asked.
  {
    id: 'api-postgres',
    name: POSTGRES_ALL ? 'api, packs and bff on PostgreSQL (all)' : 'api on PostgreSQL (what differs by store)',
    cmd: nodeTests('node-tests-postgres', POSTGRES_ALL ? NODE_TEST_FILES : POSTGRES_FILES),
    env: { PAYRAIL_TEST_POSTGRES: TEST_POSTGRES },
    results: summaryFile('node-tests-postgres'),
    read: readSummary,
    invalid: POSTGRES_ALL ? undefined : missingFromSuite,
    compiled: true,
  },
  {
    id: 'api-postgres-all',
    name: 'api, packs and bff on PostgreSQL (all)',
    cmd: nodeTests('node-tests-postgres-all', NODE_TEST_FILES),
    env: { PAYRAIL_TEST_POSTGRES: TEST_POSTGRES },
    results: summaryFile('node-tests-postgres-all'),
    read: readSummary,
    optIn: true,
    compiled: true,
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

/**
 * Runs a step's command. Alone, its output streams into the log; beside others (`buffered`), it goes
 * there in one piece when the step ends, so the log reads one step at a time either way.
 */
function run(step: Step, buffered: boolean): Promise<{ out: string; code: number }> {
  return new Promise((resolve) => {
    const head = `\n===== ${step.name}: ${step.cmd}\n`;
    if (!buffered) log.write(head);
    const child = spawn(step.cmd, {
      shell: true,
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1', FORCE_COLOR: '0', ...step.env },
    });
    let out = '';
    const take = (d: Buffer) => {
      out += d;
      if (!buffered) log.write(d);
    };
    child.stdout.on('data', take);
    child.stderr.on('data', take);
    child.on('close', (code) => {
      log.write(`${buffered ? head + out : ''}===== ${step.name}: exit ${code}\n`);
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
const named = (s: Step, o: string) => s.id === o || s.name === o || s.group === o;
const unknown = only.filter((o) => !STEPS.some((s) => named(s, o)));
if (unknown.length) {
  console.error(`unknown step ${unknown.join(', ')}; steps: ${STEPS.map((s) => s.id).join(', ')}`);
  process.exit(2);
}
const chosen = STEPS.filter((s) =>
  only.length ? only.some((o) => s.id === o || s.name === o || (!s.optIn && s.group === o)) : !s.optIn,
);
const needsCompile = chosen.some((s) => s.compiled);
const steps = STEPS.filter((s) => chosen.includes(s) || (s.id === 'compile' && needsCompile));
console.log(`Running ${steps.map((s) => s.id).join(', ')}; the full output goes to ${rel(LOG)}\n`);

/** The selected steps in order, neighbours of one group together. */
const batches: Step[][] = [];
for (const step of steps) {
  const last = batches.at(-1);
  if (last && step.group && last[0].group === step.group) last.push(step);
  else batches.push([step]);
}

const total = { passed: 0, failed: 0, skipped: 0 };
const table: string[] = [];
const width = Math.max(...steps.map((s) => s.name.length));
const since = (t: number) => `${((Date.now() - t) / 1000).toFixed(0)} s`;
const began = Date.now();

async function runStep(step: Step, buffered: boolean) {
  if (step.results) fs.rmSync(step.results, { force: true });
  const started = Date.now();
  const problem = step.invalid?.();
  const { out, code } = problem ? { out: problem, code: 1 } : await run(step, buffered);
  return { step, out, code, seconds: since(started) };
}

for (const batch of batches) {
  const started = Date.now();
  const done = await Promise.all(batch.map((step) => runStep(step, batch.length > 1)));
  for (const { step, out, code, seconds } of done) {
    const s = outcome(step, out, code);
    const line = `${step.name.padEnd(width)}  ${
      step.results ? counts(s) : s.failed ? 'FAILED' : 'ok'
    }${code !== 0 ? ` (exit ${code})` : ''}  ${seconds}`;
    console.log(`${s.failed ? '✗' : '✓'} ${line}`);
    for (const f of s.failures) console.log(`\n  ✗ ${f.title}\n${indent(f.error)}\n`);
    if (s.durations)
      log.write(
        `\n===== ${step.name}: seconds per file, longest first\n${Object.entries(s.durations)
          .map(([f, ms]) => `${(ms / 1000).toFixed(1).padStart(7)}  ${f}`)
          .join('\n')}\n`,
      );
    table.push(line);
    total.passed += s.passed;
    total.failed += s.failed;
    total.skipped += s.skipped;
  }
  if (batch.length > 1)
    table.push(`${`(${batch.map((s) => s.id).join(', ')} side by side)`.padEnd(width)}  ${since(started)}`);
}
await new Promise<void>((resolve) => log.end(resolve));

console.log(`\n${table.join('\n')}\nin ${since(began)}; full output of every step: ${rel(LOG)}`);
console.log(counts(total));
process.exitCode = total.failed > 0 ? 1 : 0;
