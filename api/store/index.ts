// The one store module: every read and write of Payrail's data goes through here.
import { AsyncLocalStorage } from 'node:async_hooks';
import { type Kysely, type Transaction } from 'kysely';
import type { Database } from './schema.ts';
import { openDatabase, type Dialect, type OpenedDb, type StoreTarget } from './db.ts';
export type { Dialect, StoreTarget } from './db.ts';
import { platformRepo } from './platform-repo.ts';
import { tenantRepo } from './tenant-repo.ts';
import { payrollRepo } from './payroll-repo.ts';
import { lockRepo } from './lock-repo.ts';
import { jobRepo } from './job-repo.ts';
import { leaveRepo } from './leave-repo.ts';
import { lodgementRepo } from './lodgement-repo.ts';
import { exceptionRepo } from './exception-repo.ts';
import { calendarRepo } from './calendar-repo.ts';
import { payItemRepo } from './pay-item-repo.ts';
import { portfolioRepo } from './portfolio-repo.ts';
import { siteRepo } from './site-repo.ts';
import { awardRepo } from './award-repo.ts';
import { openingRepo } from './opening-repo.ts';
import { webhookRepo } from './webhook-repo.ts';
import { appendToChains, type UnchainedRecord } from './evidence-chain.ts';

export type Repos = ReturnType<typeof platformRepo> &
  ReturnType<typeof tenantRepo> &
  ReturnType<typeof payrollRepo> &
  ReturnType<typeof lockRepo> &
  ReturnType<typeof jobRepo> &
  ReturnType<typeof leaveRepo> &
  ReturnType<typeof lodgementRepo> &
  ReturnType<typeof exceptionRepo> &
  ReturnType<typeof calendarRepo> &
  ReturnType<typeof payItemRepo> &
  ReturnType<typeof portfolioRepo> &
  ReturnType<typeof siteRepo> &
  ReturnType<typeof awardRepo> &
  ReturnType<typeof openingRepo> &
  ReturnType<typeof webhookRepo>;

/**
 * Every repository bound to one database handle (the pool, or a transaction's connection). Built with
 * Object.assign, not an object spread: V8 builds a spread of these thirteen objects one property at a time
 * through new object shapes, which cost about a millisecond on every transaction.
 */
const reposFor = (db: Kysely<Database> | Transaction<Database>, dialect: Dialect): Repos =>
  Object.assign(
    {},
    platformRepo(db, dialect),
    tenantRepo(db, dialect),
    payrollRepo(db, dialect),
    lockRepo(db, dialect),
    jobRepo(db, dialect),
    leaveRepo(db, dialect),
    lodgementRepo(db),
    exceptionRepo(db),
    calendarRepo(db),
    payItemRepo(db),
    portfolioRepo(db, dialect),
    siteRepo(db),
    awardRepo(db),
    openingRepo(db),
    webhookRepo(db, dialect),
  );

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
  private readonly waitedOnRepos: Repos;
  // A query issued outside the open transaction would not see its writes (and on the embedded database, with
  // one connection, would wait for it forever), so inside a transaction `repos` is the transaction's.
  private readonly current = new AsyncLocalStorage<Repos>();

  private constructor(private readonly opened: OpenedDb) {
    this.root = reposFor(opened.db, opened.dialect);
    this.waitedOnRepos = opened.waitedOnDb === opened.db ? this.root : reposFor(opened.waitedOnDb, opened.dialect);
  }

  get db(): Kysely<Database> {
    return this.opened.db;
  }

  get dialect(): Dialect {
    return this.opened.dialect;
  }

  get repos(): Repos {
    return this.current.getStore() ?? this.root;
  }

  /**
   * The repositories for a statement that many requests wait on together, one of them in flight at a time (the
   * revocation read every request waits for; `appendReceipts` uses the same connections): on PostgreSQL they run
   * on connections of their own. On the shared pool such a statement would queue behind the very requests waiting
   * for it, and each of them would wait that much longer.
   */
  get waitedOn(): Repos {
    return this.current.getStore() ?? this.waitedOnRepos;
  }

  static async open(target: StoreTarget): Promise<Store> {
    return new Store(await openDatabase(target));
  }

  /**
   * Runs `fn` in one transaction: the change, its evidence and its idempotency record commit together or not at all.
   * `locks` names what the transaction decides on (a tenant's chain, an idempotency key): on PostgreSQL, where many
   * processes write at once, it holds those locks from its first read to its commit, so a second writer of the same
   * tenant waits and then reads what the first committed. The embedded database has one writer at a time anyway.
   */
  transaction<T>(fn: (r: Repos) => Promise<T>, locks: readonly string[] = []): Promise<T> {
    const open = this.current.getStore();
    if (open) return locks.length ? open.lock(locks).then(() => fn(open)) : fn(open); // already inside one: join it
    const { dialect } = this.opened;
    return this.opened.transaction(async (trx) => {
      const r = reposFor(trx, dialect);
      await r.lock(locks);
      return this.current.run(r, () => fn(r));
    });
  }

  /**
   * Appends the receipts of reads, records that go with no other change: on PostgreSQL one statement, its own
   * transaction, which commits without waiting for its WAL to reach the disk. A request waits for its receipt,
   * and with the wait for the disk flush inside it, every slow flush of a busy disk stalled every read at once
   * (the chain's lock is held to the commit). The price: a crash of the database server may lose the receipts of
   * the last moment's reads (PostgreSQL's WAL writer flushes within three times `wal_writer_delay`), never a
   * write's record, which waits for the disk and so for every receipt before it; what is lost is the chain's end,
   * so the chain stays valid. On SQLite a write transaction, committed like any other.
   */
  appendReceipts(records: readonly UnchainedRecord[]): Promise<number[]> {
    if (this.opened.dialect === 'postgres' && !this.current.getStore())
      return appendToChains(this.opened.waitedOnDb, 'postgres', records, 'receipts');
    return this.transaction((r) => r.appendEvidence(records));
  }

  ping(): Promise<boolean> {
    return this.opened.ping();
  }

  /** Whether a write could commit now (see `OpenedDb.writable`). */
  writable(): Promise<boolean> {
    return this.opened.writable();
  }

  /** The chain's records in order, as `[seq, prev_hash, hash, material]` (see `OpenedDb.evidenceMaterial`). */
  evidenceMaterial(tenantId: string): AsyncGenerator<[number, string, string, string]> {
    return this.opened.evidenceMaterial(tenantId, this.current.getStore() !== undefined);
  }

  close(): Promise<void> {
    return this.opened.close();
  }
}
