// Requests Node's HTTP parser refuses before Express sees them — a request line and headers over the size
// limit, a malformed request line, broken chunked framing — get the same JSON error envelope as every other
// error, instead of a bare status line. There is no request or response object at that point: the answer is
// written to the socket directly, and the connection closed.
import { STATUS_CODES, type Server } from 'node:http';
import type { Duplex } from 'node:stream';

function answerFor(code: string | undefined): [number, string, string] {
  if (code === 'HPE_HEADER_OVERFLOW')
    return [431, 'request_header_fields_too_large', 'The request line and headers are too large.'];
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return [408, 'request_timeout', 'The request took too long to arrive.'];
  return [400, 'bad_request', 'The request is not well-formed HTTP.'];
}

export function answerMalformedRequests(server: Server): Server {
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Duplex) => {
    // A response already under way (a request timing out while its answer is written) cannot get another.
    const inFlight = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
    if (err.code === 'ECONNRESET' || !socket.writable || inFlight?.headersSent) {
      socket.destroy();
      return;
    }
    const [status, code, message] = answerFor(err.code);
    const body = JSON.stringify({ error: { code, message, status } });
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  });
  return server;
}
