// Boots the API: configuration from the environment, migrations, listen, the sandbox seed, and a
// graceful SIGTERM (finish in-flight requests, then close the database).
import type { Server } from 'node:http';
import { listenApi } from './http/http-server.ts';
import { createApp, createDeps, closeDeps } from './app.ts';
import { seedSandbox } from './seed/index.ts';
import type { AppDeps } from './http/context.ts';
import { publicOriginConfigured, type Config } from './config.ts';
import { redactUrl } from './store/db.ts';

const databaseLabel = (c: Config) => (c.databaseUrl ? `PostgreSQL ${redactUrl(c.databaseUrl)}` : c.dbFile);

/** `prk_sandbox_abcd…wxyz`: enough to tell keys apart, never enough to use one. */
export function maskKey(key: string): string {
  const prefix = /^(prk_(sandbox|live)_|ps_)/.exec(key)?.[0] ?? '';
  const rest = key.slice(prefix.length);
  return rest.length <= 8 ? `${prefix}…` : `${prefix}${rest.slice(0, 4)}…${rest.slice(-4)}`;
}

export interface Running {
  server: Server;
  deps: AppDeps;
  url: string;
  demoKey: string | null;
  stop(): Promise<void>;
}

export async function startApi(opts: { port?: number; quiet?: boolean } = {}): Promise<Running> {
  const deps = await createDeps();
  const { app } = createApp(deps);
  const port = opts.port ?? deps.config.port;
  const server = await listenApi(app, port, undefined, deps.config.connections);
  const address = server.address();
  const url = `http://localhost:${typeof address === 'object' && address ? address.port : port}`;
  if (!publicOriginConfigured()) deps.config.publicOrigin = url;
  // The sandbox seed runs once the server listens, so /health answers at once on a first start. It
  // only writes to an empty database, where nobody holds a key yet: nothing can observe it half done.
  let demo: Awaited<ReturnType<typeof seedSandbox>> = null;
  try {
    demo = deps.config.seed ? await seedSandbox(deps) : null;
  } catch (err) {
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
    await closeDeps(deps);
    throw err;
  }
  if (!opts.quiet) {
    console.log(`Payrail API listening on ${url}  (database ${databaseLabel(deps.config)})`);
    console.log(`  health        ${url}/health`);
    console.log(`  openapi       ${url}/v1/openapi.json`);
    console.log(`  sdk demo      ${url}/sdk-demo${deps.config.demo ? '' : '  (switched off: PAYRAIL_DEMO=0)'}`);
    if (demo) {
      console.log(`  sandbox key   ${maskKey(demo.key)}  (the full key is in ${demo.file})`);
      for (const t of demo.tenants) console.log(`  demo tenant   ${t.slug} (${t.jurisdiction}, ${t.id})`);
    }
  }
  let stopping: Promise<void> | null = null;
  const stop = () =>
    (stopping ??= new Promise<void>((resolve) => {
      server.close(() => {
        closeDeps(deps).finally(resolve);
      });
      server.closeIdleConnections();
    }));
  return { server, deps, url, demoKey: demo?.key ?? null, stop };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const running = await startApi();
  for (const sig of ['SIGTERM', 'SIGINT'] as const) {
    process.once(sig, () => {
      running.stop().then(() => process.exit(0));
    });
  }
}
