// A partner's webhook receiver on an ephemeral loopback port, over plain http or TLS: it keeps every request
// (headers, raw body and, over TLS, the server name the sender asked for) and answers with the status the test
// chooses.
import http from 'node:http';
import https from 'node:https';
import type { TLSSocket } from 'node:tls';
import assert from 'node:assert/strict';

export interface Received {
  headers: http.IncomingHttpHeaders;
  raw: string;
  body: any;
  /** The name the sender asked for in the TLS handshake (SNI); undefined over plain http. */
  servername?: string;
}

export interface Receiver {
  url: string;
  received: Received[];
  /** The status the next requests get (200 unless set). */
  answer: number;
  close(): Promise<void>;
}

/** With `tls`, an https receiver for `https://localhost:<port>/hooks` presenting that key and certificate. */
export async function startReceiver(tls?: { key: string; cert: string }): Promise<Receiver> {
  const received: Received[] = [];
  const state = { answer: 200 };
  const handle: http.RequestListener = (req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (raw += c));
    req.on('end', () => {
      let body: unknown = null;
      try {
        body = JSON.parse(raw);
      } catch {
        body = null;
      }
      const status = state.answer;
      const servername = tls ? ((req.socket as TLSSocket).servername as string) : undefined;
      if (status >= 200 && status < 300) received.push({ headers: req.headers, raw, body, servername });
      res.writeHead(status, { 'content-type': 'text/plain' }).end(status < 300 ? 'ok' : 'receiver is down');
    });
  };
  const server = tls ? https.createServer(tls, handle) : http.createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: tls ? `https://localhost:${port}/hooks` : `http://127.0.0.1:${port}/hooks`,
    received,
    get answer() {
      return state.answer;
    },
    set answer(s: number) {
      state.answer = s;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** Waits (polling, never a fixed sleep) until `cond` holds; fails after `timeoutMs`. */
export async function until<T>(what: string, cond: () => T | Promise<T>, timeoutMs = 10_000): Promise<NonNullable<T>> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await cond();
    if (v) return v as NonNullable<T>;
    if (Date.now() > end) assert.fail(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}
