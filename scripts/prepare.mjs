// npm's `prepare` hook (runs after `npm ci` and a plain `npm install`): builds the SDK bundles into
// dist/sdk (or PAYRAIL_SDK_DIR) so that `npm start` serves them straight away. Plain JavaScript, as
// tsx may not be installed yet when this is decided. It never fails the install: without the dev
// tools (`--omit=dev`) or with PAYRAIL_SKIP_SDK_BUILD=1 it skips, and if the build fails it says so
// and `npm start` builds again in the background.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

if (process.env.PAYRAIL_SKIP_SDK_BUILD === '1') {
  console.log('[payrail] PAYRAIL_SKIP_SDK_BUILD=1: not building the SDK bundles.');
  process.exit(0);
}
try {
  import.meta.resolve('vite');
  import.meta.resolve('tsx');
} catch {
  console.log('[payrail] vite or tsx is not installed (production install?): not building the SDK bundles.');
  process.exit(0);
}

console.log('[payrail] building the SDK bundles…');
const built = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'scripts', 'build-sdk.ts')], {
  cwd: root,
  stdio: 'inherit',
});
if (built.status !== 0)
  console.warn(
    `[payrail] the SDK build failed (exit ${built.status}); run \`npm run build\`, or \`npm start\` retries in the background.`,
  );
