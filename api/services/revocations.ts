// Revoked keys and sessions, held in memory and refreshed from the store a few times a second, so
// a revocation made by any process (API or CLI) bites everywhere within a second without a
// database read per request. The list fails closed: while it cannot be refreshed and is older than
// its bound, credentials are refused with 503 rather than checked against a stale list.
import { performance } from 'node:perf_hooks';
import type { Logger } from 'pino';
import type { Store } from '../store/index.ts';
import { AppError } from '../lib/errors.ts';

export interface RevocationOptions {
  /** How old the list may get before `ensureFresh` refuses. */
  maxStaleMs: number;
  logger?: Logger;
}

/** Failures are logged when they start, then at most this often while they last. */
const LOG_EVERY_MS = 30_000;

export class RevocationList {
  private keys = new Set<string>();
  private sessions = new Set<string>();
  private lastId = 0;
  private timer: NodeJS.Timeout | null = null;
  private intervalMs = 250;
  private inFlight: Promise<boolean> | null = null;
  /** performance.now() of the last successful refresh, and of the last failure (0: none). */
  private freshAt = performance.now();
  private failedAt = 0;
  private failures = 0;
  private loggedAt = -Infinity;

  constructor(
    private readonly store: Store,
    private readonly opts: RevocationOptions = { maxStaleMs: 5_000 },
  ) {}

  async refresh(): Promise<void> {
    const rows = await this.store.repos.revocationsAfter(this.lastId);
    for (const r of rows) {
      (r.kind === 'key' ? this.keys : this.sessions).add(r.ref);
      this.lastId = Math.max(this.lastId, Number(r.id));
    }
    this.freshAt = performance.now();
    if (this.failures) {
      this.opts.logger?.info({ failures: this.failures }, 'revocation list refresh recovered');
      this.failures = 0;
      this.failedAt = 0;
    }
  }

  /** One refresh at a time; failures are recorded and logged, never thrown. True when it succeeded. */
  private poll(): Promise<boolean> {
    this.inFlight ??= this.refresh()
      .then(
        () => true,
        (err: unknown) => {
          this.noteFailure(err);
          return false;
        },
      )
      .finally(() => {
        this.inFlight = null;
      });
    return this.inFlight;
  }

  private noteFailure(err: unknown): void {
    const now = performance.now();
    this.failures += 1;
    this.failedAt = now;
    if (this.failures === 1 || now - this.loggedAt >= LOG_EVERY_MS) {
      this.loggedAt = now;
      this.opts.logger?.error(
        { err, failures: this.failures, stale_ms: Math.round(now - this.freshAt) },
        'revocation list refresh failed; credentials are refused once it is stale',
      );
    }
  }

  start(intervalMs: number): void {
    this.intervalMs = intervalMs;
    this.timer = setInterval(() => void this.poll(), intervalMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
  }

  isStale(): boolean {
    return performance.now() - this.freshAt > this.opts.maxStaleMs;
  }

  /**
   * Resolves when the list is fresh enough to decide on a credential; otherwise refreshes it once (the poll
   * may simply have been delayed by a busy event loop) and, if that fails too, throws 503.
   */
  async ensureFresh(): Promise<void> {
    if (!this.isStale()) return;
    const recentlyFailed = this.failedAt && performance.now() - this.failedAt < this.intervalMs;
    if (!recentlyFailed && (await this.poll()) && !this.isStale()) return;
    throw new AppError(
      503,
      'service_unavailable',
      'Credentials cannot be checked against the revocation list right now. Retry shortly.',
      {},
      { 'retry-after': '1' },
    );
  }

  /** Local effect at once, for the process that revoked. */
  noteKey(keyId: string) {
    this.keys.add(keyId);
  }
  noteSession(sessionId: string) {
    this.sessions.add(sessionId);
  }

  isKeyRevoked(keyId: string): boolean {
    return this.keys.has(keyId);
  }

  /** A token is revoked with its key, its own session, or any session it was minted from. */
  isRevoked(keyId: string, sessionId: string, ancestors: readonly string[] = []): boolean {
    return this.keys.has(keyId) || this.sessions.has(sessionId) || ancestors.some((s) => this.sessions.has(s));
  }
}
