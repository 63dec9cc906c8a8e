// The API's HTTP server. Express gives every request and response its app's prototypes (`app.request`,
// `app.response`) with Object.setPrototypeOf, one call each per request. In V8 that keeps part of every
// request's garbage alive through young-generation collections, so it is promoted and piles up until a full
// collection: under a steady load of employee reads, about 12 KB a request and a 5–15 ms mark-compact pause
// every few seconds. Node can build requests and responses with those prototypes from the start; Express's
// call then finds the prototype already in place and changes nothing, and the garbage dies young.
import http, { type Server } from 'node:http';
import type { Express } from 'express';
import { answerMalformedRequests } from './client-errors.ts';
import { limitConnections } from './connection-limits.ts';
import { DEFAULT_CONNECTION_LIMITS, type ConnectionLimits } from '../config.ts';

/**
 * A constructor of `Base`'s instances that are born with `proto` as their prototype. Node's IncomingMessage and
 * ServerResponse are plain constructor functions, so `Base` initialises `this` in place. (Reflect.construct with
 * a new target gives the same objects, but V8 then promotes their garbage much as before.)
 */
function bornWith<T extends new (...args: never[]) => object>(Base: T, proto: object): T {
  const init = Base as unknown as (this: object, ...args: unknown[]) => void;
  function Born(this: object, ...args: unknown[]) {
    init.call(this, ...args);
  }
  Born.prototype = proto;
  return Born as unknown as T;
}

/**
 * An HTTP server for the API app (not listening yet). A request whose headers, or whose whole body, have not
 * arrived within the limits is answered 408 and its connection closed (a client trickling bytes holds a connection
 * no longer than that); Node checks at `connectionsCheckingInterval`, so that is kept well under the limits.
 */
function apiServer(app: Express, limits: ConnectionLimits): Server {
  const server = http.createServer(
    {
      IncomingMessage: bornWith<typeof http.IncomingMessage>(http.IncomingMessage, app.request),
      ServerResponse: bornWith<typeof http.ServerResponse>(http.ServerResponse, app.response),
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      keepAliveTimeout: limits.keepAliveTimeoutMs,
      connectionsCheckingInterval: Math.max(10, Math.min(1_000, Math.floor(limits.headersTimeoutMs / 4))),
    },
    app,
  );
  return limitConnections(answerMalformedRequests(server), limits.maxConnections);
}

/** Serves the API app on `port` (0: any free port), resolving once it listens. */
export function listenApi(
  app: Express,
  port: number,
  host?: string,
  limits: ConnectionLimits = DEFAULT_CONNECTION_LIMITS,
): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = apiServer(app, limits);
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve(server);
    });
  });
}
