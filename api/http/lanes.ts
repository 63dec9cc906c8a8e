// Per-tenant concurrency for expensive work: a small semaphore per tenant and lane (cost.ts) with a bounded queue.
// A tenant's reports, PDFs and big pages run a few at a time and wait behind each other; another tenant's requests
// never wait for them. A full queue answers 429, a wait past the limit 503, both with `Retry-After`; a request
// whose client has gone leaves the queue.
import type { Response } from 'express';
import { AppError } from '../lib/errors.ts';
import type { Config } from '../config.ts';

interface Waiter {
  start: () => void;
}

interface Lane {
  running: number;
  waiting: Waiter[];
}

export type LaneLimits = Config['lanes'];

const queueFull = (lane: string) =>
  new AppError(
    429,
    'rate_limited',
    `Too many expensive requests (${lane === 'verify' ? 'chain verifications' : 'reports, files or large pages'}) are waiting for this employer; retry after the indicated delay.`,
    {},
    { 'Retry-After': '1' },
  );

const waitedTooLong = () =>
  new AppError(
    503,
    'service_unavailable',
    'The expensive requests queued for this employer did not finish in time; retry after the indicated delay.',
    {},
    { 'Retry-After': '2' },
  );

/** Thrown to a queued request whose client disconnected: nobody reads its answer. */
export class ClientGone extends Error {}

export class TenantLanes {
  private readonly lanes = new Map<string, Lane>();

  constructor(private readonly limits: LaneLimits) {}

  /** Waits for a place in lane `key`; resolves to the function that gives it back. */
  async enter(key: string, res: Response): Promise<() => void> {
    let lane = this.lanes.get(key);
    if (!lane) this.lanes.set(key, (lane = { running: 0, waiting: [] }));
    const l = lane;
    const release = once(() => {
      l.running--;
      const next = l.waiting.shift();
      if (next) next.start();
      else if (!l.running) this.lanes.delete(key);
    });
    if (l.running < this.limits.concurrency) {
      l.running++;
      return release;
    }
    if (l.waiting.length >= this.limits.queue) throw queueFull(key.slice(key.lastIndexOf('|') + 1));
    await new Promise<void>((resolve, reject) => {
      const leave = (err: Error) => {
        const i = l.waiting.indexOf(waiter);
        if (i >= 0) l.waiting.splice(i, 1);
        clearTimeout(timer);
        res.off('close', gone);
        reject(err);
      };
      const waiter: Waiter = {
        start() {
          clearTimeout(timer);
          res.off('close', gone);
          l.running++;
          resolve();
        },
      };
      const gone = () => leave(new ClientGone());
      const timer = setTimeout(() => leave(waitedTooLong()), this.limits.waitMs);
      res.once('close', gone);
      l.waiting.push(waiter);
    });
    return release;
  }
}

function once(fn: () => void): () => void {
  let done = false;
  return () => {
    if (done) return;
    done = true;
    fn();
  };
}
