// Revoked keys and sessions, held in memory and refreshed from the store a few times a second, so
// a revocation made by any process (API or CLI) bites everywhere within a second without a
// database read per request.
import type { Store } from '../store/index.ts';

export class RevocationList {
  private keys = new Set<string>();
  private sessions = new Set<string>();
  private lastId = 0;
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly store: Store) {}

  async refresh(): Promise<void> {
    const rows = await this.store.repos.revocationsAfter(this.lastId);
    for (const r of rows) {
      (r.kind === 'key' ? this.keys : this.sessions).add(r.ref);
      this.lastId = Math.max(this.lastId, Number(r.id));
    }
  }

  start(intervalMs: number): void {
    this.timer = setInterval(() => {
      this.refresh().catch(() => undefined);
    }, intervalMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
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

  isRevoked(keyId: string, sessionId: string): boolean {
    return this.keys.has(keyId) || this.sessions.has(sessionId);
  }
}
