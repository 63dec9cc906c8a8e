// Tenants, engine bindings and the evidence chain.
import { sql, type Kysely } from 'kysely';
import type { Database, TenantTable, BindingTable, EvidenceLinkTable } from './schema.ts';
import type { Dialect } from './db.ts';
import { contains, insertMany, jsonArrayHas, jsonMember } from './sql-dialect.ts';
import { appendToChains, type UnchainedRecord } from './evidence-chain.ts';

export interface EvidenceFilter {
  action?: string;
  resource?: string;
  actor?: string;
  from?: string;
  to?: string;
  /** Only records that may concern this resource: it is their resource, a `…/id` part of it, or linked. */
  concerning?: string;
  /** Leave out records of these actions (the read receipts, when the trail shows only changes). */
  exceptActions?: readonly string[];
}

export function tenantRepo(db: Kysely<Database>, dialect: Dialect) {
  return {
    async insertTenant(t: TenantTable) {
      await db.insertInto('tenants').values(t).execute();
    },
    findTenant: (partnerId: string, idOrSlug: string) =>
      db
        .selectFrom('tenants')
        .selectAll()
        .where('partner_id', '=', partnerId)
        .where((eb) => eb.or([eb('id', '=', idOrSlug), eb('slug', '=', idOrSlug)]))
        .executeTakeFirst(),
    getTenant: (id: string) => db.selectFrom('tenants').selectAll().where('id', '=', id).executeTakeFirst(),
    listTenants: (partnerId: string, afterId: string | null, limit: number) => {
      let q = db.selectFrom('tenants').selectAll().where('partner_id', '=', partnerId);
      if (afterId) q = q.where('id', '>', afterId);
      return q.orderBy('id').limit(limit).execute();
    },
    allTenants: (partnerId: string) =>
      db.selectFrom('tenants').selectAll().where('partner_id', '=', partnerId).orderBy('name').execute(),
    async slugTaken(partnerId: string, slug: string) {
      return !!(await db
        .selectFrom('tenants')
        .select('id')
        .where('partner_id', '=', partnerId)
        .where('slug', '=', slug)
        .executeTakeFirst());
    },
    async insertBinding(b: BindingTable) {
      await db.insertInto('bindings').values(b).execute();
    },
    listBindings: (tenantId: string) =>
      db.selectFrom('bindings').selectAll().where('tenant_id', '=', tenantId).orderBy('created_at').execute(),
    async updateBindingVersion(id: string, packVersion: string, at: string) {
      await db
        .updateTable('bindings')
        .set({ pack_version: packVersion, updated_at: at })
        .where('id', '=', id)
        .execute();
    },
    /** Links records into their chains and stores them; answers their sequence numbers (see evidence-chain.ts). */
    appendEvidence: (records: readonly UnchainedRecord[]) => appendToChains(db, dialect, records),
    async insertEvidenceLinks(rows: EvidenceLinkTable[]) {
      await insertMany(db, dialect, 'evidence_links', rows);
    },
    /** How long a chain is: the sequence number of its last record (0 while it has none). */
    async evidenceSeqOf(tenantId: string): Promise<number> {
      const row = await db
        .selectFrom('evidence')
        .select('seq')
        .where('tenant_id', '=', tenantId)
        .orderBy('seq', 'desc')
        .limit(1)
        .executeTakeFirst();
      return row ? Number(row.seq) : 0;
    },
    /** What a chain recorded after a sequence number, oldest first: at most `limit` records. */
    evidenceAfter: (tenantId: string, seq: number, limit: number) =>
      db
        .selectFrom('evidence')
        .select(['seq', 'action', 'resource'])
        .where('tenant_id', '=', tenantId)
        .where('seq', '>', seq)
        .orderBy('seq')
        .limit(limit)
        .execute(),
    /** The evidence records that concern a resource, oldest first. */
    evidenceLinksOf: (tenantId: string, resourceId: string) =>
      db
        .selectFrom('evidence_links')
        .select(['evidence_id', 'action', 'seq'])
        .where('tenant_id', '=', tenantId)
        .where('resource_id', '=', resourceId)
        .orderBy('seq')
        .execute(),
    /** The evidence ids of many resources at once, for lists. */
    async evidenceIdsOf(tenantId: string, resourceIds: string[]): Promise<Map<string, string[]>> {
      const out = new Map<string, string[]>(resourceIds.map((id) => [id, []]));
      if (!resourceIds.length) return out;
      const rows = await db
        .selectFrom('evidence_links')
        .select(['resource_id', 'evidence_id'])
        .where('tenant_id', '=', tenantId)
        .where('resource_id', 'in', resourceIds)
        .orderBy('seq')
        .execute();
      for (const row of rows) out.get(row.resource_id)?.push(row.evidence_id);
      return out;
    },
    /** Actors of the records of some actions on a resource, for segregation of duties. */
    actorsOf: (tenantId: string, resourceId: string, actions: string[]) =>
      db
        .selectFrom('evidence_links as l')
        .innerJoin('evidence as e', (j) =>
          j.onRef('e.id', '=', 'l.evidence_id').onRef('e.tenant_id', '=', 'l.tenant_id'),
        )
        .select(['e.actor_json'])
        .where('l.tenant_id', '=', tenantId)
        .where('l.resource_id', '=', resourceId)
        .where('l.action', 'in', actions)
        .execute(),
    /** The resources each of some records is linked to. */
    async resourcesOfEvidence(tenantId: string, evidenceIds: string[]): Promise<Map<string, string[]>> {
      const out = new Map<string, string[]>();
      if (!evidenceIds.length) return out;
      const rows = await db
        .selectFrom('evidence_links')
        .select(['evidence_id', 'resource_id'])
        .where('tenant_id', '=', tenantId)
        .where('evidence_id', 'in', evidenceIds)
        .execute();
      for (const row of rows)
        (out.get(row.evidence_id) ?? out.set(row.evidence_id, []).get(row.evidence_id)!).push(row.resource_id);
      return out;
    },
    getEvidence: (tenantId: string, id: string) =>
      db.selectFrom('evidence').selectAll().where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst(),
    listEvidence: (tenantId: string, f: EvidenceFilter, afterSeq: number | null, limit: number) => {
      let q = db.selectFrom('evidence').selectAll().where('tenant_id', '=', tenantId);
      if (f.action) q = q.where('action', '=', f.action);
      if (f.exceptActions?.length) q = q.where('action', 'not in', [...f.exceptActions]);
      if (f.resource) q = q.where('resource', '=', f.resource);
      if (f.actor) {
        const actor = f.actor;
        // A user matches the records of tokens minted by it or for it too (its delegation chain).
        q = q.where((eb) =>
          eb.or([
            ...['key_id', 'user_id', 'session_id'].map((k) => eb(jsonMember(dialect, 'actor_json', k), '=', actor)),
            jsonArrayHas(dialect, 'actor_json', 'delegated_by', actor),
          ]),
        );
      }
      if (f.concerning) {
        const id = f.concerning;
        q = q.where((eb) =>
          eb.or([
            eb('resource', '=', id),
            contains(dialect, sql<string>`resource`, `/${id}`),
            eb.exists(
              eb
                .selectFrom('evidence_links as l')
                .select('l.resource_id')
                .whereRef('l.tenant_id', '=', 'evidence.tenant_id')
                .whereRef('l.evidence_id', '=', 'evidence.id')
                .where('l.resource_id', '=', id),
            ),
          ]),
        );
      }
      if (f.from) q = q.where('created_at', '>=', f.from);
      if (f.to) q = q.where('created_at', '<', f.to);
      if (afterSeq !== null) q = q.where('seq', '<', afterSeq);
      return q.orderBy('seq', 'desc').limit(limit).execute();
    },
  };
}
