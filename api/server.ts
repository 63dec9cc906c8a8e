// Boots the API: configuration from the environment, migrations, the sandbox seed, listen, and a
// graceful SIGTERM (finish in-flight requests, then close the database).
import type { Server } from 'node:http';
import { answerMalformedRequests } from './http/client-errors.ts';
import { createApp, createDeps, closeDeps } from './app.ts';
import { seedSandbox } from './seed/index.ts';
import type { AppDeps } from './http/context.ts';
import { resumeFinaliseJobs } from './services/finalise-jobs.ts';

export interface Running {
  server: Server;
  deps: AppDeps;
  url: string;
  demoKey: string | null;
  stop(): Promise<void>;
}

export async function startApi(opts: { port?: number; quiet?: boolean } = {}): Promise<Running> {
  const deps = await createDeps();
  const demo = deps.config.seed ? await seedSandbox(deps) : null;
  await resumeFinaliseJobs(deps, async (tenantId) =>
    (await deps.store.repos.listBindings(tenantId)).some((b) => b.engine === 'mock'),
  );
  const { app } = createApp(deps);
  const port = opts.port ?? deps.config.port;
  const server = await new Promise<Server>((resolve) => {
    const s = answerMalformedRequests(app.listen(port, () => resolve(s)));
  });
  const address = server.address();
  const url = `http://localhost:${typeof address === 'object' && address ? address.port : port}`;
  if (!opts.quiet) {
    console.log(`Payrail API listening on ${url}  (database ${deps.config.dbFile})`);
    console.log(`  health        ${url}/health`);
    console.log(`  openapi       ${url}/v1/openapi.json`);
    console.log(`  sdk demo      ${url}/sdk-demo`);
    if (demo) {
      console.log(`  sandbox key   ${demo.key}  (also in ${demo.file})`);
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
