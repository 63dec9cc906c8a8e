// createApp(deps): the Express app with every route, no listen and no globals, so tests boot the
// real thing on an ephemeral port.
import express from 'express';
import pino, { type DestinationStream, type Logger } from 'pino';
import type { AppDeps } from './http/context.ts';
import { pipeline } from './http/pipeline.ts';
import type { RouteDef } from './http/route.ts';
import { routeTable } from './http/route-table.ts';
import { TenantLanes } from './http/lanes.ts';
import { accessLog, requestId } from './http/request-log.ts';
import { cors } from './http/cors.ts';
import { rateLimit } from './http/rate-limit.ts';
import { bodyReader, refuseNulCharacters } from './http/body.ts';
import { errorHandler, unmatched } from './http/errors.ts';
import { allRoutes } from './routes/index.ts';
import { Store } from './store/index.ts';
import { ensureEmployeeIndex } from './services/employees/employee-index.ts';
import { systemClock, type Clock } from './lib/clock.ts';
import { loadConfig, type Config } from './config.ts';
import { TokenService } from './services/platform/tokens.ts';
import { RevocationList } from './services/platform/revocations.ts';
import { Secrets } from './services/platform/secrets.ts';
import { ReadCache } from './services/platform/read-cache.ts';
import { ReceiptWriter } from './services/governance/receipts.ts';
import { JobRunner } from './services/platform/jobs.ts';
import { BULK_HIRE_JOB, runBulkHireJob } from './services/employees/employee-bulk.ts';
import { runFinaliseJob } from './services/pay-runs/finalise-jobs.ts';
import { RAIL_JOB, runRailJob } from './services/lodgement/sandbox-rail.ts';
import { WebhookDispatcher } from './services/webhooks/dispatcher.ts';

export function createApp(deps: AppDeps): { app: express.Express; routes: RouteDef[] } {
  const routes = allRoutes();
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  // X-Forwarded-For names the client only when the connection comes from a configured proxy.
  app.set('trust proxy', deps.config.trustedProxies.length ? deps.config.trustedProxies : false);
  app.use(requestId());
  app.use(accessLog(deps.logger));
  app.use(cors());
  app.use(
    rateLimit({
      perSecond: deps.config.rateLimitPerSecond,
      burst: deps.config.rateLimitBurst,
      maxBuckets: deps.config.rateLimitMaxBuckets,
      verifyPerMinute: deps.config.verifyPerMinute,
      now: () => deps.clock.now().getTime(),
    }),
  );
  app.use(refuseNulCharacters());
  // Bodies are read inside the pipeline, once the credential is checked; expensive work queues per tenant.
  const guards = { readBody: bodyReader(), lanes: new TenantLanes(deps.config.lanes) };
  app.use(routeTable(routes, (route) => pipeline(route, deps, guards)));
  app.use(unmatched(routes));
  app.use(errorHandler(deps.logger));
  return { app, routes };
}

/** The API's logger; `destination` defaults to stdout (tests pass a stream they read back). */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      base: { service: 'payrail-api' },
      redact: {
        paths: [
          'headers.authorization',
          'headers.cookie',
          'req.headers.authorization',
          '*.key',
          '*.token',
          '*.tfn',
          '*.tax_id',
          '*.bank_account_number',
          '*.iban',
        ],
        censor: '[redacted]',
      },
    },
    destination,
  );
}

export interface DepsOptions {
  dbFile?: string;
  databaseUrl?: string;
  clock?: Clock;
  config?: Partial<Config>;
  logger?: Logger;
}

/** Opens the store and builds every shared service: what server.ts, the CLI and tests all use. */
export async function createDeps(opts: DepsOptions = {}): Promise<AppDeps> {
  const config = { ...loadConfig(), ...opts.config };
  if (opts.dbFile) config.dbFile = opts.dbFile;
  if (opts.databaseUrl) config.databaseUrl = opts.databaseUrl;
  const clock = opts.clock ?? systemClock;
  const store = await Store.open(
    config.databaseUrl ? { url: config.databaseUrl, pool: config.dbPool } : { file: config.dbFile },
  );
  await ensureEmployeeIndex(store);
  const tokens = new TokenService(store, clock);
  await tokens.init();
  const logger = opts.logger ?? createLogger(config.logLevel);
  const revocations = new RevocationList(store, logger);
  const secrets = await Secrets.load(store, config.secret);
  const deps: AppDeps = {
    store,
    clock,
    config,
    logger,
    tokens,
    revocations,
    secrets,
    cache: new ReadCache(),
    receipts: new ReceiptWriter(store),
    jobs: new JobRunner(store, () => deps, { pollMs: config.jobPollMs, leaseMs: config.jobLeaseMs, logger }),
    webhooks: new WebhookDispatcher(store, () => deps, { pollMs: config.webhookPollMs, logger }),
  };
  deps.jobs.register('finalise', runFinaliseJob);
  deps.jobs.register(BULK_HIRE_JOB, runBulkHireJob);
  deps.jobs.register(RAIL_JOB, runRailJob);
  deps.jobs.start();
  deps.webhooks.start();
  return deps;
}

export async function closeDeps(deps: AppDeps): Promise<void> {
  await deps.jobs.stop();
  await deps.webhooks.stop();
  await deps.store.close();
}
