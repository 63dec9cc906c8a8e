import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';

export interface BffConfig {
  port: number;
  /** The API, or several instances of it, comma-separated (PAYRAIL_API_URL). */
  apiUrl: string;
  partnerKey: string | null;
  tenant: string;
  sessionSecret: string;
  /**
   * The origin browsers load the host page from (`https://app.example.com`). Tokens are bound to it and
   * requests from any other origin are refused. Null derives it from each request's Host header, which is
   * right when the BFF is reached directly, as in development.
   */
  publicOrigin: string | null;
  /** The signing secret of this host's Payrail webhook endpoint (BFF_WEBHOOK_SECRET); no receiver without it. */
  webhookSecret?: string | null;
}

/** The partner key stays on this server: from PAYRAIL_PARTNER_KEY, or the sandbox demo credentials. */
export function loadBffConfig(env: NodeJS.ProcessEnv = process.env): BffConfig {
  let partnerKey = env.PAYRAIL_PARTNER_KEY ?? null;
  if (!partnerKey) {
    const creds = path.resolve(
      path.dirname(env.PAYRAIL_DB && env.PAYRAIL_DB !== ':memory:' ? env.PAYRAIL_DB : './data/payrail.db'),
      'demo-credentials.json',
    );
    if (fs.existsSync(creds)) partnerKey = JSON.parse(fs.readFileSync(creds, 'utf8')).key ?? null;
  }
  return {
    port: env.BFF_PORT ? Number(env.BFF_PORT) : 4100,
    apiUrl: (env.PAYRAIL_API_URL ?? `http://localhost:${env.PORT ?? 4000}`).replace(/\/$/, ''),
    partnerKey,
    tenant: env.BFF_TENANT ?? 'harbour-coffee',
    sessionSecret: env.BFF_SESSION_SECRET ?? crypto.randomBytes(32).toString('hex'),
    publicOrigin: env.BFF_PUBLIC_ORIGIN ? env.BFF_PUBLIC_ORIGIN.replace(/\/$/, '') : null,
    webhookSecret: env.BFF_WEBHOOK_SECRET ?? null,
  };
}
