// Builds the SDK when dist/ is missing (a fresh clone in CI), then starts tests/e2e/stack.ts and hands
// its addresses to the tests through PAYRAIL_E2E. The returned function stops it again.
import fs from 'node:fs';
import path from 'node:path';
import { spawn, spawnSync } from 'node:child_process';

const ROOT = path.resolve(import.meta.dirname, '..', '..');

export default async function globalSetup(): Promise<() => Promise<void>> {
  if (!fs.existsSync(path.join(ROOT, 'dist', 'sdk', 'payrail-components.js'))) {
    console.log('[e2e] building the SDK bundle (dist/sdk is missing)…');
    const built = spawnSync(process.execPath, ['--import', 'tsx', path.join(ROOT, 'scripts', 'build-sdk.ts')], {
      cwd: ROOT,
      stdio: 'inherit',
    });
    if (built.status !== 0) throw new Error(`npm run build failed with exit code ${built.status}`);
  }

  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'tests', 'e2e', 'stack.ts')], {
    cwd: ROOT,
    stdio: ['pipe', 'pipe', 'inherit'],
    env: { ...process.env, LOG_LEVEL: 'silent' },
  });
  const line = await new Promise<string>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error('[e2e] the API and BFF did not start within 60 s')), 60_000);
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
