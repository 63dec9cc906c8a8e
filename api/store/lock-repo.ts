import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from './schema.ts';
import type { Dialect } from './db.ts';

export function lockRepo(db: Kysely<Database> | Transaction<Database>, dialect: Dialect) {
  return {
    /**
     * Holds the named locks until the transaction ends (PostgreSQL advisory locks, keyed by a hash of the name).
     * Names are taken in sorted order so two transactions never wait on each other in a circle. On the embedded
     * database a transaction already holds the only write lock, so there is nothing more to take.
     */
    async lock(names: readonly string[]): Promise<void> {
      if (dialect !== 'postgres') return;
      for (const name of [...new Set(names)].sort())
        await sql`select pg_advisory_xact_lock(hashtextextended(${name}, 0))`.execute(db);
    },
  };
}

/** The lock a tenant's (or partner's) evidence chain and state changes are serialised on. */
export const chainLock = (chain: string) => `chain:${chain}`;
/** The lock an idempotency key is decided under. */
export const idempotencyLock = (partnerId: string, key: string) => `idempotency:${partnerId}:${key}`;
