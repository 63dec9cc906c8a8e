// `npm test`: lint, typecheck, API/pack/BFF tests, component tests and end-to-end tests, then one
// plain closing line `N passed, N failed` summing every suite.
import { spawn } from 'node:child_process';

interface Step {
  name: string;
  cmd: string;
  count: (out: string, code: number) => { passed: number; failed: number };
}

const asCheck = (_out: string, code: number) => ({ passed: code === 0 ? 1 : 0, failed: code === 0 ? 0 : 1 });
const last = (out: string, re: RegExp) => {
  const all = [...out.matchAll(re)];
  return all.length ? Number(all[all.length - 1][1]) : 0;
};

const nodeTests = (out: string, code: number) => {
  const passed = last(out, /^# pass (\d+)/gm);
  const failed = last(out, /^# fail (\d+)/gm) + last(out, /^# cancelled (\d+)/gm);
  return { passed, failed: failed || (code !== 0 && passed === 0 ? 1 : failed) };
};

const STEPS: Step[] = [
  { name: 'lint', cmd: 'npx eslint .', count: asCheck },
  { name: 'typecheck', cmd: 'npm run -s typecheck', count: asCheck },
  { name: 'build', cmd: 'npm run -s build', count: asCheck },
  {
    name: 'api, packs and bff',
    cmd: "node --import tsx --test --test-reporter=tap --test-concurrency=2 $(find tests/api tests/packs tests/bff -name '*.test.ts' | sort)",
    count: nodeTests,
  },
  {
    name: 'components',
    cmd: 'npm run -s test:components',
    count: (out, code) => {
      const passed = last(out, /(\d+) passed/g);
      const failed = last(out, /(\d+) failed/g);
      return { passed, failed: failed || (code !== 0 ? 1 : 0) };
    },
  },
  {
    name: 'end-to-end',
    cmd: 'npm run -s test:e2e',
    count: (out, code) => {
      const passed = last(out, /^\s*(\d+) passed/gm);
      const failed = last(out, /^\s*(\d+) failed/gm);
      return { passed, failed: failed || (code !== 0 ? 1 : 0) };
    },
  },
];

function run(cmd: string): Promise<{ out: string; code: number }> {
  return new Promise((resolve) => {
    const child = spawn(cmd, {
      shell: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1', FORCE_COLOR: '0' },
    });
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      process.stdout.write(d);
    });
    child.stderr.on('data', (d) => {
      out += d;
      process.stderr.write(d);
    });
    child.on('close', (code) => resolve({ out, code: code ?? 1 }));
  });
}

const only = process.argv.slice(2);
let passed = 0;
let failed = 0;
const summary: string[] = [];
for (const step of STEPS.filter((s) => !only.length || only.includes(s.name))) {
  console.log(`\n=== ${step.name}: ${step.cmd}`);
  const { out, code } = await run(step.cmd);
  const c = step.count(out, code);
  passed += c.passed;
  failed += c.failed;
  summary.push(`${step.name}: ${c.passed} passed, ${c.failed} failed${code !== 0 ? ` (exit ${code})` : ''}`);
}
console.log(`\n${summary.join('\n')}`);
console.log(`${passed} passed, ${failed} failed`);
process.exitCode = failed > 0 ? 1 : 0;
