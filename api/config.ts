// Configuration from the environment, read once at boot and injected everywhere else.
import path from 'node:path';

/** Where `npm run build` writes the SDK bundles and the API serves them from, unless PAYRAIL_SDK_DIR says otherwise. */
export const DEFAULT_SDK_DIR = path.resolve(import.meta.dirname, '..', 'dist', 'sdk');

/** The SDK directory for an environment: PAYRAIL_SDK_DIR (relative to the working directory) or dist/sdk. */
export const sdkDirFrom = (env: NodeJS.ProcessEnv = process.env): string =>
  env.PAYRAIL_SDK_DIR ? path.resolve(env.PAYRAIL_SDK_DIR) : DEFAULT_SDK_DIR;

/** How long a client may take to send a request, and how many connections one process holds open. */
export interface ConnectionLimits {
  /** From a connection's first byte to the end of the request line and headers (PAYRAIL_HEADERS_TIMEOUT_MS). */
  headersTimeoutMs: number;
  /** From the first byte to the end of the body: a request still arriving after this answers 408 (PAYRAIL_REQUEST_TIMEOUT_MS). */
  requestTimeoutMs: number;
  /** Open connections per process; one more is answered 503 with `Retry-After` and closed (PAYRAIL_MAX_CONNECTIONS). */
  maxConnections: number;
  /**
   * How long an idle keep-alive connection stays open for the client's next request (PAYRAIL_KEEP_ALIVE_TIMEOUT_MS).
   * Above the idle time of common clients' pools (Node's own agent keeps sockets 5 s, load balancers 60 s), so the
   * client closes an idle connection first: when the server closes one just as the client reuses it, the request
   * in flight is lost with a reset.
   */
  keepAliveTimeoutMs: number;
}

export const DEFAULT_CONNECTION_LIMITS: ConnectionLimits = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  maxConnections: 512,
  keepAliveTimeoutMs: 65_000,
};

export interface Config {
  port: number;
  /** Slow clients and open connections (see `ConnectionLimits`). */
  connections: ConnectionLimits;
  dbFile: string;
  /** A PostgreSQL URL (DATABASE_URL): when set, the store is that database instead of the SQLite file. */
  databaseUrl: string | null;
  /** PostgreSQL connection pool, per process. */
  dbPool: { max: number; connectionTimeoutMs: number; idleTimeoutMs: number };
  /** How often this process looks for background jobs to run (any instance may run any job). */
  jobPollMs: number;
  /** How long a claimed job stays this process's without a heartbeat before another may resume it. */
  jobLeaseMs: number;
  /** Entries a finalise job commits per transaction: larger is faster, smaller holds the tenant's chain for less time. */
  finaliseChunk: number;
  /** Webhooks (services/webhooks): how often this process looks for deliveries due, how long one attempt may take,
   * how long a failing delivery is retried before its endpoint is disabled, a rotated-out secret's default grace, and
   * how long settled deliveries (with their attempts) and their events are kept for redelivery and inspection. */
  webhookPollMs: number;
  webhookTimeoutMs: number;
  webhookRetryWindowMs: number;
  webhookGraceHours: number;
  webhookRetentionMs: number;
  logLevel: string;
  /**
   * Budget units per second per partner (PAYRAIL_RATE_LIMIT; 0 turns every budget off): all its keys and the tokens
   * they minted share one budget, and each request spends what it costs (`costs`).
   */
  rateLimitPerSecond: number;
  rateLimitBurst: number;
  /**
   * Units a request costs (http/cost.ts): one, or one per `rowsPerUnit` rows a page asks for; a payslip PDF or a
   * payment file `file`; a report or statutory output `report`; a chain verify `verify`.
   */
  costs: { rowsPerUnit: number; file: number; report: number; verify: number };
  /** Chain verifications one partner may start per minute, besides their units (PAYRAIL_VERIFY_PER_MINUTE). */
  verifyPerMinute: number;
  /**
   * Expensive work (reports, files, pages above 50 rows; chain verifies apart) runs at most `concurrency` at a time
   * per tenant, with at most `queue` waiting (then 429) for at most `waitMs` (then 503): http/lanes.ts.
   */
  lanes: { concurrency: number; queue: number; waitMs: number };
  /** Most rate-limit buckets (and remembered credentials) kept in memory; idle ones are evicted first. */
  rateLimitMaxBuckets: number;
  /**
   * Proxies whose `X-Forwarded-For` / `X-Forwarded-Proto` are believed (Express `trust proxy` values: addresses,
   * CIDR ranges, `loopback`, `uniquelocal`…). Empty: the socket address is the client address.
   */
  trustedProxies: string[];
  /** The origin browsers reach this API on (its own pages are not cross-origin); the demo session binds to it. */
  publicOrigin: string;
  /** Whether `GET /sdk-demo/session` hands out read-only sandbox tokens for the seeded demo employers. */
  demo: boolean;
  /** Demo sessions one client address may open per minute (not limited when rate limits are off). */
  demoSessionsPerMinute: number;
  seed: boolean;
  /** The built SDK bundles served under /sdk (PAYRAIL_SDK_DIR; default dist/sdk). */
  sdkDir: string;
  /** Root secret for cursor signing and field encryption; derived from the database's own secret when unset. */
  secret: string | null;
  serviceVersion: string;
}

/** `scheme://host[:port]`, as browsers send it in `Origin`. */
export function normaliseOrigin(value: string, name: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${name} must be an origin such as https://payroll.example.com`);
  }
  if (!/^https?:$/.test(url.protocol) || value.replace(/\/$/, '') !== url.origin)
    throw new Error(`${name} must be an origin (scheme://host[:port], no path): got ${value}`);
  return url.origin;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const retryHours = positiveInt(env, 'PAYRAIL_WEBHOOK_RETRY_HOURS', 72);
  const rate = env.PAYRAIL_RATE_LIMIT === undefined ? 50 : Number(env.PAYRAIL_RATE_LIMIT);
  if (!Number.isFinite(rate) || rate < 0) throw new Error('PAYRAIL_RATE_LIMIT must be a number >= 0');
  const port = env.PORT ? Number(env.PORT) : 4000;
  const connections: ConnectionLimits = {
    headersTimeoutMs: positiveInt(env, 'PAYRAIL_HEADERS_TIMEOUT_MS', DEFAULT_CONNECTION_LIMITS.headersTimeoutMs),
    requestTimeoutMs: positiveInt(env, 'PAYRAIL_REQUEST_TIMEOUT_MS', DEFAULT_CONNECTION_LIMITS.requestTimeoutMs),
    maxConnections: positiveInt(env, 'PAYRAIL_MAX_CONNECTIONS', DEFAULT_CONNECTION_LIMITS.maxConnections),
    keepAliveTimeoutMs: positiveInt(env, 'PAYRAIL_KEEP_ALIVE_TIMEOUT_MS', DEFAULT_CONNECTION_LIMITS.keepAliveTimeoutMs),
  };
  if (connections.headersTimeoutMs > connections.requestTimeoutMs)
    throw new Error(
      'PAYRAIL_HEADERS_TIMEOUT_MS must not be above PAYRAIL_REQUEST_TIMEOUT_MS (the headers are part of the request)',
    );
  return {
    port,
    connections,
    dbFile: env.PAYRAIL_DB ?? './data/payrail.db',
    databaseUrl: databaseUrlFrom(env),
    dbPool: {
      max: positiveInt(env, 'PAYRAIL_DB_POOL_MAX', 20),
      connectionTimeoutMs: positiveInt(env, 'PAYRAIL_DB_POOL_TIMEOUT_MS', 5_000),
      idleTimeoutMs: positiveInt(env, 'PAYRAIL_DB_POOL_IDLE_MS', 30_000),
    },
    jobPollMs: positiveInt(env, 'PAYRAIL_JOB_POLL_MS', 1_000),
    jobLeaseMs: positiveInt(env, 'PAYRAIL_JOB_LEASE_MS', 15_000),
    finaliseChunk: positiveInt(env, 'PAYRAIL_FINALISE_CHUNK', 200),
    webhookPollMs: positiveInt(env, 'PAYRAIL_WEBHOOK_POLL_MS', 1_000),
    webhookTimeoutMs: positiveInt(env, 'PAYRAIL_WEBHOOK_TIMEOUT_MS', 10_000),
    webhookRetryWindowMs: retryHours * 3_600_000,
    webhookGraceHours: positiveInt(env, 'PAYRAIL_WEBHOOK_GRACE_HOURS', 24),
    webhookRetentionMs: webhookRetention(env, retryHours),
    logLevel: env.LOG_LEVEL ?? 'info',
    rateLimitPerSecond: rate,
    rateLimitBurst: rate * 2,
    costs: {
      rowsPerUnit: positiveInt(env, 'PAYRAIL_COST_ROWS_PER_UNIT', 50),
      file: positiveInt(env, 'PAYRAIL_COST_FILE', 10),
      report: positiveInt(env, 'PAYRAIL_COST_REPORT', 10),
      verify: positiveInt(env, 'PAYRAIL_COST_VERIFY', 10),
    },
    verifyPerMinute: positiveInt(env, 'PAYRAIL_VERIFY_PER_MINUTE', 60),
    lanes: {
      concurrency: positiveInt(env, 'PAYRAIL_TENANT_CONCURRENCY', 1),
      queue: positiveInt(env, 'PAYRAIL_TENANT_QUEUE', 16),
      waitMs: positiveInt(env, 'PAYRAIL_TENANT_QUEUE_WAIT_MS', 15_000),
    },
    rateLimitMaxBuckets: 100_000,
    trustedProxies: (env.PAYRAIL_TRUSTED_PROXIES ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    publicOrigin: env.PAYRAIL_PUBLIC_ORIGIN
      ? normaliseOrigin(env.PAYRAIL_PUBLIC_ORIGIN, 'PAYRAIL_PUBLIC_ORIGIN')
      : `http://localhost:${port}`,
    demo: env.PAYRAIL_DEMO !== '0',
    demoSessionsPerMinute: 10,
    seed: env.PAYRAIL_SEED !== '0',
    sdkDir: sdkDirFrom(env),
    secret: env.PAYRAIL_SECRET ?? null,
    serviceVersion: '0.1.0',
  };
}

function positiveInt(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`${name} must be a whole number above 0: got ${raw}`);
  return n;
}

/**
 * PAYRAIL_WEBHOOK_RETENTION_DAYS (30 by default, as long as Stripe keeps events): never shorter than the retry window,
 * or a delivery that just failed for good would be gone before anyone could redeliver it.
 */
function webhookRetention(env: NodeJS.ProcessEnv, retryHours: number): number {
  const days = positiveInt(env, 'PAYRAIL_WEBHOOK_RETENTION_DAYS', 30);
  if (days * 24 < retryHours)
    throw new Error(
      `PAYRAIL_WEBHOOK_RETENTION_DAYS must cover the retry window (PAYRAIL_WEBHOOK_RETRY_HOURS=${retryHours}): got ${days}`,
    );
  return days * 86_400_000;
}

/** DATABASE_URL, checked: only PostgreSQL URLs select another store. */
function databaseUrlFrom(env: NodeJS.ProcessEnv): string | null {
  const url = env.DATABASE_URL?.trim();
  if (!url) return null;
  if (!/^postgres(ql)?:\/\//.test(url))
    throw new Error('DATABASE_URL must be a PostgreSQL URL (postgres://user@host:5432/database); unset it for SQLite');
  return url;
}

/** Whether the public origin was configured, or is the default derived from the port. */
export const publicOriginConfigured = (env: NodeJS.ProcessEnv = process.env) => Boolean(env.PAYRAIL_PUBLIC_ORIGIN);
