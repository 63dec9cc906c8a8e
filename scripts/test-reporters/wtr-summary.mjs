// A web-test-runner reporter that writes the suite summary for scripts/test-all.ts to `file`:
// counts, and every failing test (or test file that failed to run) with its error, expected and
// actual values and source-mapped stack.
import path from 'node:path';
import { cleanStack, writeSummary } from './common.mjs';

function describe(error) {
  const parts = [
    error.name && !error.message?.startsWith(error.name) ? `${error.name}: ${error.message}` : error.message,
  ];
  if (error.expected !== undefined || error.actual !== undefined)
    parts.push(`expected:\n${error.expected}\nactual:\n${error.actual}`);
  const frames = cleanStack(error.stack ?? '')
    .split('\n')
    .filter((line) => /^\s*at /.test(line));
  if (frames.length) parts.push(frames.join('\n'));
  return parts.join('\n');
}

/** @param {string} file where to write the summary */
export function summaryReporter(file) {
  return {
    stop({ sessions }) {
      const summary = { passed: 0, failed: 0, skipped: 0, failures: [] };
      for (const session of sessions) {
        const where = path.relative(process.cwd(), session.testFile);
        const prefix = sessions.some((s) => s.testFile === session.testFile && s.browser !== session.browser)
          ? `${where} [${session.browser.name}]`
          : where;
        const walk = (suite, names) => {
          for (const t of suite.tests) {
            if (t.skipped) summary.skipped++;
            else if (t.passed) summary.passed++;
            else {
              summary.failed++;
              summary.failures.push({
                title: [prefix, ...names, t.name].join(' › '),
                error: t.error ? describe(t.error) : 'failed without an error',
              });
            }
          }
          for (const s of suite.suites) walk(s, [...names, s.name]);
        };
        if (session.testResults) walk(session.testResults, []);
        // Errors outside any test: the file did not load, a hook threw, the browser gave up on it.
        for (const error of session.errors ?? []) {
          summary.failed++;
          summary.failures.push({ title: prefix, error: describe(error) });
        }
        if (
          session.passed === false &&
          !session.errors?.length &&
          !summary.failures.some((f) => f.title.startsWith(prefix))
        ) {
          summary.failed++;
          summary.failures.push({ title: prefix, error: `the test file did not pass (status ${session.status})` });
        }
      }
      writeSummary(file, summary);
    },
  };
}
