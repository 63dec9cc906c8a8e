// Boots the reference BFF on an ephemeral port and signs host users in, for the BFF tests.
import type { Server } from 'node:http';
import { createBff } from '../../bff/app.ts';
import type { BffConfig } from '../../bff/config.ts';

export interface RunningBff {
  url: string;
  close(): Promise<void>;
}

export async function startTestBff(config: Partial<BffConfig> & Pick<BffConfig, 'apiUrl'>): Promise<RunningBff> {
  const app = createBff({
    port: 0,
    partnerKey: null,
    tenant: 'harbour-coffee',
    sessionSecret: 'bff-test-secret',
    publicOrigin: null,
    ...config,
  });
  const server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  return {
    url: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** Signs a host user in and returns the session cookie, as a browser would store it. */
export async function signIn(bffUrl: string, userId: string): Promise<string> {
  const res = await fetch(`${bffUrl}/bff/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ user_id: userId }),
  });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  const cookie = res.headers.get('set-cookie');
  if (!cookie) throw new Error('sign-in set no cookie');
  return cookie.split(';')[0];
}

/** The claims of a JWT, without verifying it: the API does that. */
export function claims(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8'));
}

/** A port nothing listens on: bound once, then released. */
export async function closedPort(): Promise<number> {
  const { createServer } = await import('node:net');
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

export const PRIYA = 'usr_host_priya'; // preparer
export const MARCUS = 'usr_host_marcus'; // approver
export const SAM = 'usr_host_sam'; // viewer
export const DANA = 'usr_host_dana'; // partner staff: the portfolio of employers

/** A response body as parsed JSON, untyped: the assertions say what it holds. */
export const json = (res: Response): Promise<any> => res.json();
