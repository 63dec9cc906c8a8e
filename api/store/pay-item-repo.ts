// A tenant's own pay items (the pack's come from the pack).
import type { Kysely } from 'kysely';
import type { Database, PayItemTable } from './schema.ts';

export function payItemRepo(db: Kysely<Database>) {
  return {
    /** Every own pay item of a tenant, archived ones included, in code order. */
    listPayItems: (tenantId: string) =>
      db.selectFrom('pay_items').selectAll().where('tenant_id', '=', tenantId).orderBy('code').execute(),
    async insertPayItem(row: PayItemTable) {
      await db.insertInto('pay_items').values(row).execute();
    },
    async updatePayItem(
      tenantId: string,
      code: string,
      patch: Partial<Pick<PayItemTable, 'name' | 'status' | 'updated_at'>>,
    ) {
      await db.updateTable('pay_items').set(patch).where('tenant_id', '=', tenantId).where('code', '=', code).execute();
    },
  };
}
