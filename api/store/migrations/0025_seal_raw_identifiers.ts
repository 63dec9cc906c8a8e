// Migration 0025_seal_raw_identifiers. Released: never edited; a change is a new migration.
/* eslint-disable @typescript-eslint/no-explicit-any */
import { type Kysely, type Migration } from 'kysely';
import { withoutRawIdentifiers } from '../../model/sensitive.ts';

export const migration: Migration = {
  // Identifiers stored before intake recognised them by pattern and by value (`taxfilenumber`, `тfn`,
  // `acc_no`, a TFN in a pass-through note, a `tfn` among the leave settings): removed from the employees'
  // versions, the leave settings and the company's details and bank, which intake now keeps them out of.
  // Sealed values, hashes, attested flags and masked digits stay; the evidence chain is append-only and
  // its views redact such values instead (`redactedForView`).
  async up(db: Kysely<any>) {
    const columns: [table: string, key: string[], column: string][] = [
      ['employee_versions', ['employee_id', 'effective_from', 'seq'], 'data_json'],
      ['leave_settings', ['tenant_id', 'employee_id'], 'data_json'],
      ['company', ['tenant_id'], 'data_json'],
      ['company', ['tenant_id'], 'bank_json'],
    ];
    for (const [table, key, column] of columns) {
      const rows = await db
        .selectFrom(table)
        .select([...key, column])
        .execute();
      for (const row of rows) {
        const stored = JSON.parse(row[column]);
        const kept = JSON.stringify(withoutRawIdentifiers(stored));
        if (kept === JSON.stringify(stored)) continue;
        let update = db.updateTable(table).set({ [column]: kept });
        for (const k of key) update = update.where(k, '=', row[k]);
        await update.execute();
      }
    }
  },
};
