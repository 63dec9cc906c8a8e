// The tests' own SDK build. Tests build the bundles into and serve them from dist/test-sdk, never
// dist/sdk: that one belongs to whatever `npm start` is serving, and a test run must not rewrite it.
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { BUILD_SCRIPT, ROOT, sdkBuildState } from '../../scripts/sdk-freshness.ts';

export const TEST_SDK_DIR = path.join(ROOT, 'dist', 'test-sdk');

/** Builds the test SDK (scripts/build-sdk.ts with PAYRAIL_SDK_DIR pointing at it) unless it is current. */
export function ensureTestSdk(log: (line: string) => void = console.log): void {
  const state = sdkBuildState(TEST_SDK_DIR);
  if (state === 'current') return;
  log(`building the SDK bundles into ${path.relative(ROOT, TEST_SDK_DIR)} (${state})…`);
  const built = spawnSync(process.execPath, ['--import', 'tsx', BUILD_SCRIPT], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, PAYRAIL_SDK_DIR: TEST_SDK_DIR },
  });
  if (built.status !== 0) throw new Error(`the SDK build failed with exit code ${built.status}`);
}
