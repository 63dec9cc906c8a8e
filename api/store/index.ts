// The one store module: every read and write of Payrail's data goes through here.
import { AsyncLocalStorage } from 'node:async_hooks';
import { sql, type Kysely, type Transaction } from 'kysely';
import type SQLite from 'better-sqlite3';
import type { Database } from './schema.ts';
import { openDatabase } from './db.ts';
import { platformRepo } from './platform-repo.ts';
import { tenantRepo } from './tenant-repo.ts';
import { payrollRepo } from './payroll-repo.ts';
import { lodgementRepo } from './lodgement-repo.ts';

const reposFor = (db: Kysely<Database> | Transaction<Database>) => ({
  ...platformRepo(db),
  ...tenantRepo(db),
  ...payrollRepo(db),
  ...lodgementRepo(db),
});
export type Repos = ReturnType<typeof reposFor>;

export interface EvidenceRow {
  id: string;
  seq: number;
  created_at: string;
  action: string;
  resource: string;
  actor_json: string;
  governance_reason: string | null;
  request_hash: string;
  response_hash: string;
  decision_json: string;
  prev_hash: string;
  hash: string;
}

export class Store {
  private readonly root: Repos;
  // The embedded database has one connection: a query issued outside the open transaction would
  // wait for it forever, so inside a transaction `repos` is the transaction's.
  private readonly current = new AsyncLocalStorage<Repos>();

  private constructor(
    readonly db: Kysely<Database>,
    private readonly raw: SQLite.Database,
    private readonly closer: () => Promise<void>,
  ) {
    this.root = reposFor(db);
  }

  get repos(): Repos {
    return this.current.getStore() ?? this.root;
  }

  static async open(file: string): Promise<Store> {
    const o = await openDatabase(file);
    return new Store(o.db, o.raw, o.close);
  }

  /** Runs `fn` in one transaction: the change, its evidence and its idempotency record commit together or not at all. */
  transaction<T>(fn: (r: Repos) => Promise<T>): Promise<T> {
    const open = this.current.getStore();
    if (open) return fn(open); // already inside one: join it
    // BEGIN IMMEDIATE takes the write lock up front, so a second process waits (busy_timeout)
    // instead of failing when a read-started transaction tries to upgrade to a write.
    return this.db.connection().execute(async (conn) => {
      await sql`begin immediate`.execute(conn);
      try {
        const r = reposFor(conn);
        const out = await this.current.run(r, () => fn(r));
        await sql`commit`.execute(conn);
        return out;
      } catch (err) {
        await sql`rollback`.execute(conn);
        throw err;
      }
    });
  }

  async ping(): Promise<boolean> {
    try {
      return this.raw.prepare('select 1 as ok').get() !== undefined;
    } catch {
      return false;
    }
  }

  /**
   * The chain in order for verification, one [seq, prev_hash, hash, material] per record, where `material` is
   * exactly the text `recordHash` hashes (it starts with the record id), joined by SQLite so four values per record
   * cross into JavaScript instead of thirteen: that crossing, not the hashing, is where verification spends its time.
   */
  *iterateEvidenceMaterial(tenantId: string): Generator<[number, string, string, string]> {
    yield* this.raw
      .prepare(
        `select seq, prev_hash, hash, id || char(10) || tenant_id || char(10) || seq || char(10) || created_at
      || char(10) || action || char(10) || resource || char(10) || actor_json || char(10) || coalesce(governance_reason, '')
      || char(10) || request_hash || char(10) || response_hash || char(10) || decision_json || char(10) || prev_hash
      from evidence where tenant_id = ? order by seq`,
      )
      .raw(true)
      .iterate(tenantId) as Iterable<[number, string, string, string]>;
  }

  close(): Promise<void> {
    return this.closer();
  }
}
