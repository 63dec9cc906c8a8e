// Builds the tests' own SDK (dist/test-sdk, never the dist/sdk a running server serves) when it is
// missing or older than its sources, then starts tests/e2e/stack.ts and hands its addresses to the
// tests through PAYRAIL_E2E. The returned function stops it again.
import path from 'node:path';
import { spawn } from 'node:child_process';
import { ensureTestSdk } from '../helpers/test-sdk.ts';

const ROOT = path.resolve(import.meta.dirname, '..', '..');

export default async function globalSetup(): Promise<() => Promise<void>> {
  ensureTestSdk((line) => console.log(`[e2e] ${line}`));

  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'tests', 'e2e', 'stack.ts')], {
    cwd: ROOT,
    stdio: ['pipe', 'pipe', 'inherit'],
    env: { ...process.env, LOG_LEVEL: 'silent' },
  });
  const line = await new Promise<string>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error('[e2e] the API and BFF did not start within 120 s')), 120_000);
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString('utf8');
      const nl = out.indexOf('\n');
      if (nl >= 0) {
        clearTimeout(timer);
        resolve(out.slice(0, nl));
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`[e2e] the stack exited early with code ${code}`));
    });
  });
  process.env.PAYRAIL_E2E = line;
  const stack = JSON.parse(line) as { api: string; bff: string };
  console.log(`[e2e] API ${stack.api} · BFF ${stack.bff}`);

  return async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  };
}
