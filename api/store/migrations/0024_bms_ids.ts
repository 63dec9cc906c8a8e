// Migration 0024_bms_ids. Released: never edited; a change is a new migration.
/* eslint-disable @typescript-eslint/no-explicit-any */
import crypto from 'node:crypto';
import { type Kysely, type Migration } from 'kysely';

export const migration: Migration = {
  // Every AU employer gets its own BMS id (the id of its instance of the payroll software, which the ATO
  // needs on every single-touch payroll report): new employers get one when created, these are the ones
  // created before. An id an employer already has is kept, so reports already lodged under it stay joined.
  async up(db: Kysely<any>) {
    const rows = await db
      .selectFrom('tenants')
      .leftJoin('company', 'company.tenant_id', 'tenants.id')
      .select(['tenants.id as tenant_id', 'tenants.created_at', 'company.data_json'])
      .where('tenants.jurisdiction', '=', 'AU')
      .execute();
    for (const row of rows) {
      const data = row.data_json ? JSON.parse(row.data_json) : {};
      if (data.bms_id) continue;
      const data_json = JSON.stringify({ ...data, bms_id: crypto.randomUUID() });
      if (row.data_json)
        await db.updateTable('company').set({ data_json }).where('tenant_id', '=', row.tenant_id).execute();
      else
        await db
          .insertInto('company')
          .values({ tenant_id: row.tenant_id, data_json, bank_json: '{}', updated_at: row.created_at })
          .execute();
    }
  },
};
