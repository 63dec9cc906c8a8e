// Boots the real app on an ephemeral port with a real SQLite file, for API tests.
import { Writable } from 'node:stream';
import { createApp, createDeps, closeDeps, createLogger } from '../../api/app.ts';
import { listenApi } from '../../api/http/http-server.ts';
import type { AppDeps } from '../../api/http/context.ts';
import type { Config } from '../../api/config.ts';
import { ManualClock, type Clock } from '../../api/lib/clock.ts';
import { createPartner } from '../../api/services/platform/partner-keys.ts';
import { contractBreach } from './contract.ts';
import { TEST_SDK_DIR } from './test-sdk.ts';
import { newTestDb, type TestDb } from './test-db.ts';

export interface TestApi {
  url: string;
  deps: AppDeps;
  dbFile: string;
  /** The database the API runs on (a SQLite file, or a fresh PostgreSQL database under PAYRAIL_TEST_POSTGRES). */
  db: TestDb;
  logs: string[];
  partner: { id: string; key: string };
  call(method: string, p: string, opts?: CallOpts): Promise<Reply>;
  newPartner(name?: string, env?: 'sandbox' | 'live'): Promise<{ id: string; key: string }>;
  close(): Promise<void>;
}

export interface CallOpts {
  key?: string | null;
  body?: unknown;
  headers?: Record<string, string>;
  raw?: string;
  reason?: string;
}
export interface Reply {
  status: number;
  body: any;
  headers: Headers;
  text: string;
}

/** With `db`, the API runs on that database and leaves it in place when it closes (the caller drops it). */
export async function startTestApi(
  opts: { clock?: Clock; config?: Partial<Config>; db?: TestDb } = {},
): Promise<TestApi> {
  const db = opts.db ?? (await newTestDb(undefined, { migrated: true }));
  const dbFile = db.dbFile;
  const logs: string[] = [];
  // The production logger, writing to memory: what a test reads back is what the API would log.
  const logger = createLogger(
    'info',
    new Writable({
      write(chunk, _enc, cb) {
        logs.push(String(chunk));
        cb();
      },
    }),
  );
  const deps = await createDeps({
    ...db.deps,
    clock: opts.clock ?? new ManualClock(new Date('2026-11-21T09:00:00Z')),
    logger,
    config: { rateLimitPerSecond: 0, sdkDir: TEST_SDK_DIR, ...opts.config },
  });
  const { app } = createApp(deps);
  const server = await listenApi(app, 0, '127.0.0.1', deps.config.connections);
  const port = (server.address() as { port: number }).port;
  const url = `http://127.0.0.1:${port}`;

  const newPartner = async (name = 'Test Partner', env: 'sandbox' | 'live' = 'sandbox') => {
    const out = await deps.store.transaction((r) => createPartner(r, name, env, deps.clock.now()));
    return { id: out.partner.id, key: out.key };
  };
  const partner = await newPartner();

  const call = async (method: string, p: string, o: CallOpts = {}): Promise<Reply> => {
    const headers: Record<string, string> = { ...(o.headers ?? {}) };
    const key = o.key === undefined ? partner.key : o.key;
    if (key) headers.authorization = `Bearer ${key}`;
    if (o.reason) headers['x-governance-reason'] = o.reason;
    let body: string | undefined = o.raw;
    if (o.body !== undefined) {
      body = JSON.stringify(o.body);
      headers['content-type'] ??= 'application/json';
    }
    const res = await fetch(url + p, { method, headers, body });
    const text = await res.text();
    const breach = contractBreach(method, p, res.status, res.headers.get('content-type'), text);
    if (breach) throw new Error(`API contract: ${breach}\n  body: ${text.slice(0, 400)}`);
    let parsed: unknown = null;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = null;
    }
    return { status: res.status, body: parsed, headers: res.headers, text };
  };

  return {
    url,
    deps,
    dbFile,
    db,
    logs,
    partner,
    call,
    newPartner,
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await closeDeps(deps);
      if (!opts.db) await db.drop();
    },
  };
}

export const REASON = 'Quarterly payroll change requested by HR';
