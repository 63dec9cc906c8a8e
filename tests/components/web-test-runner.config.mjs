// Component tests in Debian's Chromium (no browser download works on these machines).
// Live-mode tests talk to the real API with the seeded sandbox, booted by tests/helpers/live-api.ts
// (the script runs web-test-runner under `--import tsx` so the config can load it).
import { fileURLToPath } from 'node:url';
import { defaultReporter } from '@web/test-runner';
import { playwrightLauncher } from '@web/test-runner-playwright';
import { esbuildPlugin } from '@web/dev-server-esbuild';
import { summaryReporter } from '../../scripts/test-reporters/wtr-summary.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const args = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

async function bootApi() {
  const { startLiveApi } = await import(new URL('../helpers/live-api.ts', import.meta.url).href);
  return { kind: 'real', api: await startLiveApi() };
}

/** Boots the API once and hands tests its URL and fresh origin-bound tokens at /__payrail/live. */
function liveApi() {
  let live;
  return {
    name: 'payrail-live-api',
    async serverStart() {
      live = await bootApi();
      console.log(`[payrail] live-mode tests use the ${live.kind} API at ${live.api.url}`);
    },
    async serverStop() {
      await live?.api.close();
    },
    async serve(ctx) {
      if (ctx.path !== '/__payrail/live') return undefined;
      const { api, kind } = live;
      const origin = `${ctx.protocol}://${ctx.host}`;
      const mint = (t) => api.mintEmbedToken(t, { origin, components: ['*'] });
      const user = (role) => api.mintUserToken(api.tenants.au, { origin, role, components: ['*'] });
      const [au, de, preparer, approver] = await Promise.all([
        mint(api.tenants.au),
        mint(api.tenants.de),
        user('preparer'),
        user('approver'),
      ]);
      return {
        type: 'json',
        body: JSON.stringify({
          kind,
          url: api.url,
          tenants: api.tenants,
          finalisedPayRun: api.finalisedPayRun,
          draftPayRun: api.draftPayRun,
          tokens: { au, de },
          roles: { preparer, approver },
        }),
      };
    },
  };
}

export default {
  rootDir: root,
  files: ['tests/components/**/*.test.ts'],
  nodeResolve: { exportConditions: ['production'] },
  concurrency: 1,
  // The state suites mount every element many times; a shared 2-core machine needs the headroom.
  testsFinishTimeout: 600_000,
  // PAYRAIL_TEST_SUMMARY (set by scripts/test-all.ts): also write a summary of the results there.
  reporters: [
    defaultReporter(),
    ...(process.env.PAYRAIL_TEST_SUMMARY ? [summaryReporter(process.env.PAYRAIL_TEST_SUMMARY)] : []),
  ],
  testFramework: { config: { timeout: 15000 } },
  plugins: [
    esbuildPlugin({ ts: true, tsconfig: fileURLToPath(new URL('../../components/tsconfig.json', import.meta.url)) }),
    liveApi(),
  ],
  browsers: [
    playwrightLauncher({
      product: 'chromium',
      launchOptions: { executablePath: '/usr/bin/chromium', headless: true, args },
    }),
  ],
};
