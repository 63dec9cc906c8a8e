// Slow clients and open connections, as an attacker holds them (api/http/http-server.ts, connection-limits.ts):
// a request whose headers or body trickle in is answered 408 and closed once the configured time is up, and a
// connection past the per-process cap is answered 503 with Retry-After and closed, while those within it are
// served. Small limits are configured so the test is quick; the defaults are in the README's configuration table.
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import net from 'node:net';
import { startTestApi, type TestApi } from '../helpers/api.ts';
import { DEFAULT_CONNECTION_LIMITS, loadConfig } from '../../api/config.ts';

interface Conn {
  socket: net.Socket;
  /** Everything received so far. */
  text(): string;
  /** Resolves once the server has closed the connection, with everything it sent. */
  closed: Promise<string>;
}

function connect(api: TestApi): Promise<Conn> {
  const { hostname, port } = new URL(api.url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname);
    let received = '';
    socket.setEncoding('utf8');
    socket.on('data', (d: string) => (received += d));
    const closed = new Promise<string>((done) => socket.on('close', () => done(received)));
    socket.once('error', reject);
    socket.once('connect', () => {
      socket.off('error', reject);
      socket.on('error', () => {}); // a reset after the server's answer is the server closing
      resolve({ socket, text: () => received, closed });
    });
  });
}

/** Waits until a whole response (headers and a Content-Length body) has arrived on `conn`. */
async function response(conn: Conn): Promise<{ status: number; headers: string; body: any }> {
  for (;;) {
    const text = conn.text();
    const end = text.indexOf('\r\n\r\n');
    const length = /content-length: (\d+)/i.exec(text)?.[1];
    if (end >= 0 && length !== undefined && Buffer.byteLength(text.slice(end + 4)) >= Number(length)) {
      return {
        status: Number(text.slice(9, 12)),
        headers: text.slice(0, end),
        body: JSON.parse(text.slice(end + 4)),
      };
    }
    await new Promise((resolve) => conn.socket.once('data', resolve));
  }
}

const GET_HEALTH = 'GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n';

/** Without the limits a trickling client is held for minutes: fail instead of waiting for it. */
const bounded = { timeout: 15_000 };

/** Error-level lines the API logged (an unfinished request cut off is not an error of the service). */
const errorsLogged = (api: TestApi) => api.logs.map((l) => JSON.parse(l)).filter((l) => l.level >= 50);

describe('slow requests', bounded, () => {
  let api: TestApi;
  const limits = { ...DEFAULT_CONNECTION_LIMITS, headersTimeoutMs: 300, requestTimeoutMs: 600 };
  before(async () => {
    api = await startTestApi({ config: { connections: limits } });
  });
  after(() => api.close());

  /** Sends `head`, then one more byte every 50 ms until the server closes the connection. */
  async function trickle(head: string, next: string) {
    const conn = await connect(api);
    const started = Date.now();
    conn.socket.write(head);
    const drip = setInterval(() => conn.socket.writable && conn.socket.write(next), 50);
    try {
      const text = await conn.closed;
      return { text, elapsed: Date.now() - started };
    } finally {
      clearInterval(drip);
    }
  }

  test('a body that trickles in is answered 408 request_timeout and closed once the request time is up', async () => {
    const { text, elapsed } = await trickle(
      'POST /v1/partners/tenants HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ' +
        `${api.partner.key}\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{"name":"`,
      'a',
    );
    assert.match(text, /^HTTP\/1\.1 408 /);
    assert.match(text, /"code":"request_timeout"/);
    assert.ok(elapsed >= limits.requestTimeoutMs, `cut off after ${elapsed} ms, not before the limit`);
    assert.ok(elapsed < limits.requestTimeoutMs + 2_000, `cut off after ${elapsed} ms`);
    // Nothing of the unfinished request was acted on.
    const tenants = await api.call('GET', '/v1/partners/tenants');
    assert.equal(tenants.status, 200);
    assert.equal(tenants.body.data.length, 0);
  });

  test('headers that trickle in are answered 408 and closed once the headers time is up', async () => {
    const { text, elapsed } = await trickle('GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ', 'a');
    assert.match(text, /^HTTP\/1\.1 408 /);
    assert.match(text, /"code":"request_timeout"/);
    assert.ok(elapsed < limits.headersTimeoutMs + 2_000, `cut off after ${elapsed} ms`);
  });

  test('a request that arrives in time is served as usual, and nothing was logged as an error', async () => {
    assert.equal((await api.call('GET', '/health', { key: null })).status, 200);
    assert.deepEqual(errorsLogged(api), []);
  });
});

describe('idle connections', bounded, () => {
  test('an idle connection is kept for 65 s by default, announced to the client, so its own pool closes it first', async () => {
    const api = await startTestApi();
    try {
      const conn = await connect(api);
      conn.socket.write(GET_HEALTH);
      const first = await response(conn);
      assert.equal(first.status, 200);
      assert.match(first.headers, /^keep-alive: timeout=65$/im);
      conn.socket.destroy();
    } finally {
      await api.close();
    }
  });

  test('the server closes an idle connection once the configured time is up, and not before', async () => {
    const keepAliveTimeoutMs = 400;
    const api = await startTestApi({ config: { connections: { ...DEFAULT_CONNECTION_LIMITS, keepAliveTimeoutMs } } });
    try {
      const conn = await connect(api);
      conn.socket.write(GET_HEALTH);
      assert.equal((await response(conn)).status, 200);
      const idleFrom = Date.now();
      await conn.closed;
      const idle = Date.now() - idleFrom;
      assert.ok(idle >= keepAliveTimeoutMs - 50, `closed after ${idle} ms idle`);
    } finally {
      await api.close();
    }
  });
});

describe('the connection cap', bounded, () => {
  let api: TestApi;
  const max = 3;
  before(async () => {
    api = await startTestApi({ config: { connections: { ...DEFAULT_CONNECTION_LIMITS, maxConnections: max } } });
  });
  after(() => api.close());

  test('a connection past the cap is answered 503 with Retry-After and closed; once one closes, a new one is served', async () => {
    const held: Conn[] = [];
    for (let i = 0; i < max; i++) {
      const conn = await connect(api);
      conn.socket.write(GET_HEALTH);
      assert.equal((await response(conn)).status, 200, 'a connection within the cap is served');
      held.push(conn);
    }
    const extra = await connect(api);
    extra.socket.write(GET_HEALTH);
    const refused = await response(extra);
    assert.equal(refused.status, 503);
    assert.match(refused.headers, /^retry-after: 1$/im);
    assert.deepEqual(Object.keys(refused.body.error).sort(), ['code', 'message', 'status']);
    assert.equal(refused.body.error.code, 'service_unavailable');
    await extra.closed;
    // The held connections are still served.
    held[0].socket.write(GET_HEALTH);
    assert.equal((await response(held[0])).status, 200);

    held.pop()!.socket.destroy();
    // New connections are refused until the server has seen that close; then one is served.
    let status = 503;
    while (status === 503) {
      const conn = await connect(api);
      conn.socket.write(GET_HEALTH);
      status = (await response(conn)).status;
      conn.socket.destroy();
    }
    assert.equal(status, 200);
    assert.deepEqual(errorsLogged(api), []);
    for (const conn of held) conn.socket.destroy();
  });
});

test('the limits come from the environment, and headers cannot be given longer than the whole request', () => {
  assert.deepEqual(loadConfig({}).connections, {
    headersTimeoutMs: 10_000,
    requestTimeoutMs: 30_000,
    maxConnections: 512,
    keepAliveTimeoutMs: 65_000,
  });
  const env = {
    PAYRAIL_HEADERS_TIMEOUT_MS: '2000',
    PAYRAIL_REQUEST_TIMEOUT_MS: '5000',
    PAYRAIL_MAX_CONNECTIONS: '64',
    PAYRAIL_KEEP_ALIVE_TIMEOUT_MS: '1000',
  };
  assert.deepEqual(loadConfig(env).connections, {
    headersTimeoutMs: 2000,
    requestTimeoutMs: 5000,
    maxConnections: 64,
    keepAliveTimeoutMs: 1000,
  });
  assert.throws(() => loadConfig({ ...env, PAYRAIL_HEADERS_TIMEOUT_MS: '6000' }), /PAYRAIL_HEADERS_TIMEOUT_MS/);
  assert.throws(() => loadConfig({ PAYRAIL_MAX_CONNECTIONS: '0' }), /PAYRAIL_MAX_CONNECTIONS/);
});
