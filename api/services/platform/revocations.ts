// Revoked keys and sessions. Every request with a credential first reads what was revoked since the last read
// (one indexed query, shared by the requests that arrive while it runs), so a revocation made through any
// process (another API instance, the CLI) is refused everywhere as soon as the revoking call has answered.
// The check fails closed: when revocations cannot be read, credentials are refused with 503.
import type { Logger } from 'pino';
import type { Store } from '../../store/index.ts';
import { AppError } from '../../lib/errors.ts';

/** Failures are logged when they start, then at most this often while they last. */
const LOG_EVERY_MS = 30_000;

export class RevocationList {
  private keys = new Set<string>();
  private sessions = new Set<string>();
  private lastId = 0;
  /** Reads started so far, and the one in flight (numbered), which requests arriving meanwhile may share. */
  private started = 0;
  private inFlight: { n: number; done: Promise<boolean> } | null = null;
  private failures = 0;
  private loggedAt = -Infinity;

  constructor(
    private readonly store: Store,
    private readonly logger?: Logger,
  ) {}

  async refresh(): Promise<void> {
    const rows = await this.store.waitedOn.revocationsAfter(this.lastId);
    for (const r of rows) {
      (r.kind === 'key' ? this.keys : this.sessions).add(r.ref);
      this.lastId = Math.max(this.lastId, Number(r.id));
    }
    if (this.failures) {
      this.logger?.info({ failures: this.failures }, 'revocations readable again');
      this.failures = 0;
    }
  }

  /** The read in flight, or a new one; failures are recorded and logged, never thrown. */
  private read(): { n: number; done: Promise<boolean> } {
    if (this.inFlight) return this.inFlight;
    const n = ++this.started;
    const done = this.refresh()
      .then(
        () => true,
        (err: unknown) => {
          this.noteFailure(err);
          return false;
        },
      )
      .finally(() => {
        if (this.inFlight?.n === n) this.inFlight = null;
      });
    this.inFlight = { n, done };
    return this.inFlight;
  }

  private noteFailure(err: unknown): void {
    const now = Date.now();
    this.failures += 1;
    if (this.failures === 1 || now - this.loggedAt >= LOG_EVERY_MS) {
      this.loggedAt = now;
      this.logger?.error({ err, failures: this.failures }, 'revocations cannot be read; credentials are refused');
    }
  }

  /**
   * Resolves once a read of the revocations that began after this call has succeeded: one begun earlier may have
   * missed a revocation committed just before this request arrived. Throws 503 when that read fails.
   */
  async ensureCurrent(): Promise<void> {
    const arrived = this.started;
    let read = this.read();
    if (read.n <= arrived) {
      await read.done;
      read = this.read();
    }
    if (await read.done) return;
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
