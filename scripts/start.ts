// `npm start`: everything Payrail runs, with its embedded default — the API (SQLite file, seeded
// sandbox data) and the reference BFF with its host example page. Builds the SDK bundle first if
// it is missing.
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { startApi } from '../api/server.ts';
import { startBff } from '../bff/server.ts';

const root = path.resolve(import.meta.dirname, '..');
if (!fs.existsSync(path.join(root, 'dist', 'sdk', 'payrail-components.js'))) {
  console.log('Building the SDK bundle (first start)…');
  const built = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'scripts', 'build-sdk.ts')], {
    stdio: 'inherit',
    cwd: root,
  });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

const api = await startApi();
const bff = await startBff({ apiUrl: api.url, ...(api.demoKey ? { partnerKey: api.demoKey } : {}) });
console.log(
  `\nPayrail is running. Open ${api.url}/sdk-demo for the component gallery, ${bff.url} for the host example.`,
);

for (const sig of ['SIGTERM', 'SIGINT'] as const) {
  process.once(sig, () => {
    Promise.all([bff.stop(), api.stop()]).then(() => process.exit(0));
  });
}
