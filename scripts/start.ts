// `npm start`: everything Payrail runs, with its embedded default — the API (SQLite file, seeded
// sandbox data) and the reference BFF with its host example page. The SDK bundles are built at
// install time (`npm ci` runs scripts/prepare.mjs); if they are missing or older than their sources,
// they are rebuilt in the background after both servers listen, so start-up never waits for them
// (until the build lands, SDK bundle paths answer 404).
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import { startApi } from '../api/server.ts';
import { BUILD_SCRIPT, ROOT, sdkBuildState } from './sdk-freshness.ts';

const api = await startApi();
// The BFF's modules load once the API answers: loaded up front (a static import) they would hold /health back.
const { startBff } = await import('../bff/server.ts');
const bff = await startBff({ apiUrl: api.url, ...(api.demoKey ? { partnerKey: api.demoKey } : {}) });
console.log(
  `\nPayrail is running. Open ${api.url}/sdk-demo for the component gallery, ${bff.url} for the host example.`,
);

let build: ChildProcess | null = null;
const sdkDir = api.deps.config.sdkDir;
const state = sdkBuildState(sdkDir);
if (state !== 'current') {
  const shown = path.relative(ROOT, sdkDir).startsWith('..') ? sdkDir : path.relative(ROOT, sdkDir);
  console.log(`Building the SDK bundles into ${shown} in the background (${state})…`);
  const started = Date.now();
  let output = '';
  build = spawn(process.execPath, ['--import', 'tsx', BUILD_SCRIPT], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, PAYRAIL_SDK_DIR: sdkDir },
  });
  build.stdout!.on('data', (d) => (output += d));
  build.stderr!.on('data', (d) => (output += d));
  build.once('exit', (code, signal) => {
    build = null;
    if (signal) return;
    if (sdkBuildState(sdkDir) === 'current')
      console.log(`SDK bundles ready in ${shown} (${((Date.now() - started) / 1000).toFixed(1)} s).`);
    else console.error(`The SDK build failed (exit ${code}); run \`npm run build\` to see why.\n${output}`);
  });
}

for (const sig of ['SIGTERM', 'SIGINT'] as const) {
  process.once(sig, () => {
    build?.kill('SIGTERM');
    Promise.all([bff.stop(), api.stop()]).then(() => process.exit(0));
  });
}
