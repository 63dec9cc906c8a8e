// Whether an SDK build directory is complete and newer than everything it is built from: what
// `npm start` and the tests' own SDK build check before deciding to (re)build.
import fs from 'node:fs';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '..');
export const BUILD_SCRIPT = path.join(ROOT, 'scripts', 'build-sdk.ts');

/** What the bundles are made from: a change to any of these makes a build stale. */
const SOURCES = ['components', 'vite.config.ts', 'scripts/build-sdk.ts', 'scripts/sdk-build'];

function newestMtime(p: string): number {
  const stat = fs.statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

/** `missing` (no complete build), `stale` (a source changed since) or `current`. */
export function sdkBuildState(dir: string): 'missing' | 'stale' | 'current' {
  const marker = path.join(dir, 'integrity.json'); // written last by scripts/build-sdk.ts
  if (!fs.existsSync(marker)) return 'missing';
  const built = fs.statSync(marker).mtimeMs;
  return SOURCES.every((s) => newestMtime(path.join(ROOT, s)) <= built) ? 'current' : 'stale';
}
