// Migration 0003_evidence_links. Released: never edited; a change is a new migration.
/* eslint-disable @typescript-eslint/no-explicit-any */
import { type Kysely, type Migration, sql } from 'kysely';

export const migration: Migration = {
  // Which evidence records concern which resource: written by the unit of work with each record,
  // so a resource's history (a pay run's steps, who prepared it) is one indexed query.
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('evidence_links')
      .addColumn('evidence_id', 'text', (c) => c.notNull())
      .addColumn('tenant_id', 'text', (c) => c.notNull())
      .addColumn('resource_id', 'text', (c) => c.notNull())
      .addColumn('seq', 'integer', (c) => c.notNull())
      .addColumn('action', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('evidence_links_pk', ['evidence_id', 'resource_id'])
      .execute();
    await db.schema
      .createIndex('evidence_links_resource')
      .on('evidence_links')
      .columns(['tenant_id', 'resource_id', 'seq'])
      .execute();
    await sql`insert into evidence_links (evidence_id, tenant_id, resource_id, seq, action)
      select id, tenant_id, resource, seq, action from evidence`.execute(db);
    const runs = await db.selectFrom('pay_runs').select(['id', 'tenant_id', 'evidence_refs_json']).execute();
    for (const run of runs) {
      for (const id of JSON.parse(run.evidence_refs_json) as string[]) {
        const ev = await db.selectFrom('evidence').select(['seq', 'action']).where('id', '=', id).executeTakeFirst();
        if (!ev) continue;
        await db
          .insertInto('evidence_links')
          .values({ evidence_id: id, tenant_id: run.tenant_id, resource_id: run.id, seq: ev.seq, action: ev.action })
          .onConflict((oc) => oc.doNothing())
          .execute();
      }
    }
    await db.schema.alterTable('pay_runs').dropColumn('evidence_refs_json').execute();
  },
};
