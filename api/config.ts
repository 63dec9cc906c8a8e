// Configuration from the environment, read once at boot and injected everywhere else.
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
  seed: boolean;
  /** Root secret for cursor signing and field encryption; derived from the database's own secret when unset. */
  secret: string | null;
  revocationPollMs: number;
  /** How old the revocation list may get (refreshes failing) before credentials are refused with 503. */
  revocationMaxStaleMs: number;
  serviceVersion: string;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const rate = env.PAYRAIL_RATE_LIMIT === undefined ? 50 : Number(env.PAYRAIL_RATE_LIMIT);
  if (!Number.isFinite(rate) || rate < 0) throw new Error('PAYRAIL_RATE_LIMIT must be a number >= 0');
  return {
    port: env.PORT ? Number(env.PORT) : 4000,
    dbFile: env.PAYRAIL_DB ?? './data/payrail.db',
    logLevel: env.LOG_LEVEL ?? 'info',
    rateLimitPerSecond: rate,
    rateLimitBurst: rate * 2,
    rateLimitMaxBuckets: 100_000,
    trustedProxies: (env.PAYRAIL_TRUSTED_PROXIES ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    seed: env.PAYRAIL_SEED !== '0',
    secret: env.PAYRAIL_SECRET ?? null,
    revocationPollMs: 250,
    revocationMaxStaleMs: 5_000,
    serviceVersion: '0.1.0',
  };
}
