// The real API server as a child process (`api/server.ts` with PAYRAIL_DB and PORT), for tests that kill it
// with SIGKILL, restart it on the same database file or run two of them side by side.
import { spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import type { TestDb } from './test-db.ts';
import { API_NODE_FLAGS } from '../../api/node-flags.ts';
import { contractBreach } from './contract.ts';

const ROOT = path.resolve(import.meta.dirname, '..', '..');

export interface ApiProcess {
  url: string;
  pid: number;
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string;
  /** SIGKILL: no shutdown hook, no flush, no goodbye. */
  kill9(): Promise<void>;
  /** SIGTERM and wait for the graceful stop. */
  stop(): Promise<void>;
}

const running = new Set<ApiProcess>();

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

/**
 * Starts `api/server.ts` on the test database (no seed, no rate limit, jobs of a killed process resumed after
 * 2 s) and waits until /health answers.
 */
export async function spawnApi(db: TestDb, env: Record<string, string> = {}): Promise<ApiProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, [...API_NODE_FLAGS, '--import', 'tsx', path.join(ROOT, 'api', 'server.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      ...db.env,
      PORT: String(port),
      PAYRAIL_JOB_LEASE_MS: '2000',
      PAYRAIL_JOB_POLL_MS: '200',
      PAYRAIL_SEED: '0',
      PAYRAIL_RATE_LIMIT: '0',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  let exit: { code: number | null; signal: string | null } | null = null;
  const exited = new Promise<void>((resolve) =>
    child.once('exit', (code, signal) => {
      exit = { code, signal };
      resolve();
    }),
  );
  const url = `http://127.0.0.1:${port}`;
  const proc: ApiProcess = {
    url,
    pid: child.pid!,
    output: () => out,
    async kill9() {
      if (!exit) child.kill('SIGKILL');
      await exited;
      running.delete(proc);
    },
    async stop() {
      if (!exit) child.kill('SIGTERM');
      await exited;
      running.delete(proc);
    },
  };
  running.add(proc);
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (exit) throw new Error(`the API exited (${JSON.stringify(exit)}) before it answered:\n${out}`);
    try {
      if ((await fetch(`${url}/health`)).status === 200) return proc;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await proc.kill9();
      throw new Error(`the API did not answer /health within a minute:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Kills every child this module started and has not stopped (for `after` hooks). */
export async function killAll(): Promise<void> {
  await Promise.all([...running].map((p) => p.kill9()));
}

export interface Answer {
  status: number;
  headers: Headers;
  body: any;
  text: string;
}

/** A JSON request to a server process, checked against the OpenAPI document like every API test call. */
export async function request(
  url: string,
  method: string,
  p: string,
  opts: { key?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { ...(opts.headers ?? {}) };
  if (opts.key) headers.authorization = `Bearer ${opts.key}`;
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(url + p, {
    method,
    headers,
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  const text = await res.text();
  const breach = contractBreach(method, p, res.status, res.headers.get('content-type'), text);
  if (breach) throw new Error(`API contract: ${breach}\n  body: ${text.slice(0, 400)}`);
  let body: unknown = null;
  try {
    body = JSON.parse(text);
  } catch {
    body = null;
  }
  return { status: res.status, headers: res.headers, body, text };
}
