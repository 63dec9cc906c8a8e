// The real API with the seeded sandbox (AU and DE demo employers), on an ephemeral port: what
// component and end-to-end tests render against. It serves the tests' own SDK build (dist/test-sdk).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { createApp, createDeps, closeDeps } from '../../api/app.ts';
import { listenApi } from '../../api/http/http-server.ts';
import { seedSandbox } from '../../api/seed/index.ts';
import { createPartner } from '../../api/services/platform/partner-keys.ts';
import { TEST_SDK_DIR } from './test-sdk.ts';

export interface LiveApi {
  url: string;
  partnerKey: string;
  tenants: { au: string; de: string };
  finalisedPayRun: { au: string; de: string };
  draftPayRun: { au: string; de: string };
  mintEmbedToken(
    tenantId: string,
    opts?: { origin?: string; components?: string[]; employeeId?: string },
  ): Promise<string>;
  mintUserToken(
    tenantId: string,
    opts?: { origin?: string; role?: string; userId?: string; components?: string[] },
  ): Promise<string>;
  /** Another partner's sandbox key: its tenants stay out of the seeded partner's portfolio. */
  newPartnerKey(name: string): Promise<string>;
  close(): Promise<void>;
}

export async function startLiveApi(opts: { port?: number } = {}): Promise<LiveApi> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'payrail-live-'));
  const deps = await createDeps({
    dbFile: path.join(dir, 'payrail.db'),
    logger: pino({ level: 'silent' }),
    config: { rateLimitPerSecond: 0, sdkDir: TEST_SDK_DIR },
  });
  const creds = (await seedSandbox(deps, path.join(dir, 'demo-credentials.json')))!;
  const { app } = createApp(deps);
  const server = await listenApi(app, opts.port ?? 0, '127.0.0.1');
  const url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  const [au, de] = [
    creds.tenants.find((t) => t.jurisdiction === 'AU')!,
    creds.tenants.find((t) => t.jurisdiction === 'DE')!,
  ];
  const mint = async (tenantId: string, route: string, body: Record<string, unknown>) => {
    const res = await fetch(`${url}/v1/tenants/${tenantId}/${route}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${creds.key}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const json = (await res.json()) as { data: { token: string } };
    if (res.status !== 201) throw new Error(`mint failed: ${res.status} ${JSON.stringify(json)}`);
    return json.data.token;
  };
  return {
    url,
    partnerKey: creds.key,
    tenants: { au: au.id, de: de.id },
    finalisedPayRun: { au: au.finalised_pay_run, de: de.finalised_pay_run },
    draftPayRun: { au: au.draft_pay_run, de: de.draft_pay_run },
    mintEmbedToken: (tenantId, o = {}) =>
      mint(tenantId, 'embed/token', { components: o.components ?? ['*'], origin: o.origin, employee_id: o.employeeId }),
    mintUserToken: (tenantId, o = {}) =>
      mint(tenantId, 'users/token', {
        role: o.role ?? 'viewer',
        origin: o.origin,
        user_id: o.userId,
        components: o.components,
      }),
    async newPartnerKey(name) {
      const out = await deps.store.transaction((r) => createPartner(r, name, 'sandbox', deps.clock.now()));
      return out.key;
    },
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await closeDeps(deps);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
