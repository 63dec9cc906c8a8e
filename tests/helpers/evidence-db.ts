// Direct access to the evidence table underneath the store, for tamper tests and verification
// benchmarks. The production store offers no way to rewrite or bulk-load the chain: these go to the
// database the way somebody holding the file could.
import type { Kysely } from 'kysely';
import type SQLite from 'better-sqlite3';
import type { Database, EvidenceTable } from '../../api/store/schema.ts';

/** Overwrites one column of one evidence record (through the store's own Kysely, so its one connection). */
export async function tamperEvidence<C extends Exclude<keyof EvidenceTable, 'id'>>(
  db: Kysely<Database>,
  id: string,
  column: C,
  value: EvidenceTable[C],
): Promise<void> {
  const res = await db
    .updateTable('evidence')
    .set({ [column]: value } as Partial<EvidenceTable>)
    .where('id', '=', id)
    .executeTakeFirst();
  if (res.numUpdatedRows !== 1n) throw new Error(`no evidence record ${id}`);
}

/** Inserts already-hashed records in one transaction per call, on a raw better-sqlite3 connection to a migrated file. */
export function evidenceInserter(raw: SQLite.Database): (rows: EvidenceTable[]) => void {
  const stmt = raw.prepare(`insert into evidence (id, tenant_id, seq, created_at, action, resource, actor_json,
    governance_reason, request_hash, response_hash, decision_json, prev_hash, hash) values (@id, @tenant_id, @seq,
    @created_at, @action, @resource, @actor_json, @governance_reason, @request_hash, @response_hash, @decision_json,
    @prev_hash, @hash)`);
  return raw.transaction((rows: EvidenceTable[]) => {
    for (const r of rows) stmt.run(r);
  });
}
