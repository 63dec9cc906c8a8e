// Shared by the reporters that write a suite summary for scripts/test-all.ts. The summary is one JSON
// object: { passed, failed, skipped, failures: [{ title, error }] } (the SuiteSummary of test-all.ts).
// Plain JavaScript: Node's test runner loads its reporters before any --import hook such as tsx.
import fs from 'node:fs';
import path from 'node:path';
import util from 'node:util';

/** Drops stack frames inside Node itself, node_modules or native code: they say nothing about the failure. */
export function cleanStack(text) {
  return text
    .split('\n')
    .filter((line) => !/^\s*at (.*\()?(node:|.*node_modules[\\/]|<anonymous>\)?$)/.test(line))
    .join('\n')
    .trimEnd();
}

/** The full text of an error for the summary: its stack (which carries the message and any assertion diff), and its cause. */
export function describeError(err) {
  if (err instanceof Error || (err && typeof err === 'object' && typeof err.stack === 'string')) {
    let text = cleanStack(err.stack || `${err.name}: ${err.message}`);
    if (err.cause !== undefined) text += `\ncaused by: ${describeError(err.cause)}`;
    return text;
  }
  return cleanStack(typeof err === 'string' ? err : util.inspect(err, { depth: 6, colors: false }));
}

export function writeSummary(file, summary) {
  fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  fs.writeFileSync(file, `${JSON.stringify(summary, null, 2)}\n`);
}
