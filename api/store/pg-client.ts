// PostgreSQL connections that keep Payrail's hottest statements prepared. An unnamed statement is parsed and
// planned again on every call, and for the few that run on every request (an employee read, the revocation
// check, a receipt's append) that was about half of the database's work; a named one is parsed once per
// connection and afterwards only bound and executed. Statements are named only when marked with
// `keepPrepared`, so a connection holds a handful of them however many different queries Payrail sends.
import crypto from 'node:crypto';
import pg from 'pg';

const names = new Map<string, string>();

/** Marks a statement's text as one that every connection keeps prepared (by a name derived from the text). */
export function keepPrepared(text: string): void {
  if (!names.has(text)) names.set(text, `payrail_${crypto.hash('sha1', text, 'hex').slice(0, 16)}`);
}

/** PostgreSQL's answer when a table a prepared `select *` reads has changed shape since it was planned. */
const planOutdated = (err: unknown) =>
  (err as { code?: unknown })?.code === '0A000' && /cached plan must not change result type/.test(String(err));

export class PreparingClient extends pg.Client {
  /**
   * Per statement, how often a schema change (a migration by a newer instance) has outdated its plan on this
   * connection: the statement is then prepared again under a new name, since the old one cannot be dropped
   * inside a failed transaction.
   */
  private readonly outdated = new Map<string, number>();

  // pg's overloads: only the promise form with a marked text and an array of values is prepared here.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  override query(config: any, values?: any, callback?: any): any {
    const name = typeof config === 'string' && callback === undefined ? names.get(config) : undefined;
    if (name === undefined || !(values === undefined || Array.isArray(values)))
      return super.query(config, values, callback);
    return this.prepared(name, config, values);
  }

  private async prepared(base: string, text: string, values?: unknown[]): Promise<pg.QueryResult> {
    for (let attempt = 0; ; attempt++) {
      const generation = this.outdated.get(base) ?? 0;
      try {
        return await super.query({ name: generation ? `${base}_${generation}` : base, text, values });
      } catch (err) {
        if (!planOutdated(err)) throw err;
        this.outdated.set(base, generation + 1);
        // Outside a transaction nothing was changed and the statement can run again at once; inside one, the
        // transaction has failed and its caller sees the error, while the next use here prepares afresh.
        if (attempt > 0 || this.getTransactionStatus() !== 'I') throw err;
      }
    }
  }
}
