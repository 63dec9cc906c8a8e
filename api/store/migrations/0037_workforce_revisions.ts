// Migration 0037_workforce_revisions. Released: never edited; a change is a new migration.
import { sql, type Migration } from 'kysely';

export const migration: Migration = {
  // A token per tenant that every write of its employees or their case values replaces: a process that read
  // the workforce before may keep what it read while the token is the one it saw. Existing tenants start
  // with a token of their own, which no later write gives again (those are random).
  async up(db) {
    await db.schema
      .createTable('workforce_revisions')
      .addColumn('tenant_id', 'text', (c) => c.primaryKey().references('tenants.id'))
      .addColumn('revision', 'text', (c) => c.notNull())
      .execute();
    await sql`insert into workforce_revisions (tenant_id, revision) select id, 'initial' from tenants`.execute(db);
  },
};
