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
  seed: boolean;
  /** The built SDK bundles served under /sdk (PAYRAIL_SDK_DIR; default dist/sdk). */
  sdkDir: string;
  /** Root secret for cursor signing and field encryption; derived from the database's own secret when unset. */
  secret: string | null;
  revocationPollMs: number;
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
    seed: env.PAYRAIL_SEED !== '0',
    sdkDir: sdkDirFrom(env),
    secret: env.PAYRAIL_SECRET ?? null,
    revocationPollMs: 250,
    serviceVersion: '0.1.0',
  };
}
