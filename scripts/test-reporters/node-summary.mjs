// A reporter for Node's test runner (`--test-reporter=./scripts/test-reporters/node-summary.mjs`,
// with a `--test-reporter-destination` file) that writes the suite summary for scripts/test-all.ts:
// the run's counts, every failing test with its file, suite path and error (the cause, not the
// runner's wrapper), and each file's time (its top-level tests' duration_ms, longest first). A file that fails outside any test (an import that throws) is a failure
// carrying that file's stderr.
import path from 'node:path';
import { cleanStack, describeError } from './common.mjs';

// A file of the compiled tree (scripts/compile-tests.ts) is named by its source.
const relative = (file) =>
  file ? path.relative(process.cwd(), file).replace(/^\.cache\/test-js\/(.+)\.js$/, '$1.ts') : '(unknown file)';

export default async function* nodeSummary(source) {
  const counts = {};
  const ancestry = new Map(); // file → names of the tests open at each nesting level
  const stderr = new Map();
  const failures = [];
  const durations = {}; // file → milliseconds of its top-level tests and suites
  for await (const { type, data } of source) {
    const file = data.file;
    if ((type === 'test:pass' || type === 'test:fail') && file && data.nesting === 0 && data.name !== file)
      durations[relative(file)] = (durations[relative(file)] ?? 0) + (data.details?.duration_ms ?? 0);
    if (type === 'test:stderr' && file) stderr.set(file, (stderr.get(file) ?? '') + (data.message ?? ''));
    else if (type === 'test:start' && file) {
      const names = ancestry.get(file) ?? [];
      names.length = data.nesting ?? 0;
      names.push(data.name);
      ancestry.set(file, names);
    } else if (type === 'test:diagnostic' && data.nesting === 0) {
      const m = /^(tests|pass|fail|cancelled|skipped|todo) (\d+)$/.exec(data.message ?? '');
      if (m) counts[m[1]] = Number(m[2]);
    } else if (type === 'test:fail') {
      const err = data.details?.error;
      // A suite that failed because its tests did: those tests are listed themselves.
      if (err?.failureType === 'subtestsFailed' && data.details?.type === 'suite') continue;
      const wholeFile = !!file && data.name === file;
      const names = (file && ancestry.get(file)?.slice(0, data.nesting ?? 0)) || [];
      const cause = err?.cause;
      const error =
        cause === undefined || typeof cause === 'string'
          ? `${err?.failureType ?? 'failure'}: ${cause ?? err?.message ?? 'no error reported'}`
          : describeError(cause);
      failures.push({
        file,
        wholeFile,
        title: wholeFile ? relative(file) : [relative(file), ...names, data.name].join(' › '),
        error,
      });
    }
  }
  for (const f of failures)
    if (f.wholeFile && stderr.get(f.file)) f.error += `\n\nstderr of the file:\n${cleanStack(stderr.get(f.file))}`;
  const summary = {
    passed: counts.pass ?? 0,
    failed: (counts.fail ?? 0) + (counts.cancelled ?? 0),
    skipped: (counts.skipped ?? 0) + (counts.todo ?? 0),
    failures: failures.map(({ title, error }) => ({ title, error })),
    durations: Object.fromEntries(Object.entries(durations).sort(([, a], [, b]) => b - a)),
  };
  yield `${JSON.stringify(summary, null, 2)}\n`;
}
