// Configuration from the environment, read once at boot and injected everywhere else.
import path from 'node:path';

/** Where `npm run build` writes the SDK bundles and the API serves them from, unless PAYRAIL_SDK_DIR says otherwise. */
export const DEFAULT_SDK_DIR = path.resolve(import.meta.dirname, '..', 'dist', 'sdk');

/** The SDK directory for an environment: PAYRAIL_SDK_DIR (relative to the working directory) or dist/sdk. */
export const sdkDirFrom = (env: NodeJS.ProcessEnv = process.env): string =>
  env.PAYRAIL_SDK_DIR ? path.resolve(env.PAYRAIL_SDK_DIR) : DEFAULT_SDK_DIR;

export interface Config {
  port: number;
  dbFile: string;
  logLevel: string;
  rateLimitPerSecond: number; // 0 disables
  rateLimitBurst: number;
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
  revocationPollMs: number;
  /** How old the revocation list may get (refreshes failing) before credentials are refused with 503. */
  revocationMaxStaleMs: number;
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
  const rate = env.PAYRAIL_RATE_LIMIT === undefined ? 50 : Number(env.PAYRAIL_RATE_LIMIT);
  if (!Number.isFinite(rate) || rate < 0) throw new Error('PAYRAIL_RATE_LIMIT must be a number >= 0');
  const port = env.PORT ? Number(env.PORT) : 4000;
  return {
    port,
    dbFile: env.PAYRAIL_DB ?? './data/payrail.db',
    logLevel: env.LOG_LEVEL ?? 'info',
    rateLimitPerSecond: rate,
    rateLimitBurst: rate * 2,
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
    revocationPollMs: 250,
    revocationMaxStaleMs: 5_000,
    serviceVersion: '0.1.0',
  };
}

/** Whether the public origin was configured, or is the default derived from the port. */
export const publicOriginConfigured = (env: NodeJS.ProcessEnv = process.env) => Boolean(env.PAYRAIL_PUBLIC_ORIGIN);
