// Sites: a tenant's workplaces, each named by its code.
import type { Kysely } from 'kysely';
import type { Database, SiteTable } from './schema.ts';

export function siteRepo(db: Kysely<Database>) {
  return {
    /** A tenant's sites in code order (archived ones only when asked). */
    listSites: (tenantId: string, includeArchived: boolean) => {
      let q = db.selectFrom('sites').selectAll().where('tenant_id', '=', tenantId);
      if (!includeArchived) q = q.where('status', '=', 'active');
      return q.orderBy('code').execute();
    },
    getSite: (tenantId: string, code: string) =>
      db.selectFrom('sites').selectAll().where('tenant_id', '=', tenantId).where('code', '=', code).executeTakeFirst(),
    /** Whether the tenant keeps a register of sites at all (then every site named must be in it). */
    async hasSites(tenantId: string): Promise<boolean> {
      return !!(await db.selectFrom('sites').select('code').where('tenant_id', '=', tenantId).executeTakeFirst());
    },
    async insertSite(row: SiteTable) {
      await db.insertInto('sites').values(row).execute();
    },
    async updateSite(tenantId: string, code: string, patch: Partial<SiteTable>) {
      await db.updateTable('sites').set(patch).where('tenant_id', '=', tenantId).where('code', '=', code).execute();
    },
  };
}
