// How many connections one API process holds open. Without a cap, clients that open connections and never finish
// a request (or just keep many open) run the process out of file descriptors and memory for everyone. A connection
// past the cap is answered 503 with `Retry-After` in the error envelope, written to the socket before Node's HTTP
// parser sees it, and closed; past twice the cap the kernel's accepted sockets are closed without an answer, so
// a flood of connections costs no more than that.
import { STATUS_CODES, type Server } from 'node:http';
import type { Socket } from 'node:net';

/** How long a refused connection may stay open for its client to read the answer. */
const REFUSED_GRACE_MS = 1_000;

const REFUSAL = (() => {
  const body = JSON.stringify({
    error: {
      code: 'service_unavailable',
      message: 'The service has too many open connections right now. Retry after the indicated delay.',
      status: 503,
    },
  });
  return (
    `HTTP/1.1 503 ${STATUS_CODES[503]}\r\nContent-Type: application/json; charset=utf-8\r\nRetry-After: 1\r\n` +
    `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`
  );
})();

/** Answers 503 and closes; the client's request, if it sent one, is read and dropped so it can read the answer. */
function refuse(socket: Socket): void {
  socket.on('error', () => socket.destroy());
  socket.resume();
  socket.end(REFUSAL);
  setTimeout(() => socket.destroy(), REFUSED_GRACE_MS).unref();
}

/** Caps the connections `server` serves at `max`. */
export function limitConnections(server: Server, max: number): Server {
  // Node's own listener turns a connection into HTTP requests; it now runs only for connections within the cap.
  const serve = server.listeners('connection') as ((socket: Socket) => void)[];
  server.removeAllListeners('connection');
  let open = 0;
  server.on('connection', (socket: Socket) => {
    if (open >= max) return refuse(socket);
    open++;
    socket.once('close', () => open--);
    for (const listener of serve) listener.call(server, socket);
  });
  server.maxConnections = 2 * max;
  return server;
}
