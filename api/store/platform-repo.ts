// Partners, keys, signing keys, revocations, meta and idempotency records.
import type { Kysely } from 'kysely';
import type { Database, PartnerKeyTable, SigningKeyTable, IdempotencyTable } from './schema.ts';

export function platformRepo(db: Kysely<Database>) {
  return {
    async getMeta(key: string) {
      return (await db.selectFrom('meta').select('value').where('key', '=', key).executeTakeFirst())?.value ?? null;
    },
    async setMeta(key: string, value: string) {
      await db
        .insertInto('meta')
        .values({ key, value })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
        .execute();
    },
    async setMetaIfAbsent(key: string, value: string) {
      await db
        .insertInto('meta')
        .values({ key, value })
        .onConflict((oc) => oc.column('key').doNothing())
        .execute();
      return (await this.getMeta(key))!;
    },
    async insertPartner(p: { id: string; name: string; created_at: string }) {
      await db.insertInto('partners').values(p).execute();
    },
    getPartner: (id: string) => db.selectFrom('partners').selectAll().where('id', '=', id).executeTakeFirst(),
    listPartners: () => db.selectFrom('partners').selectAll().orderBy('created_at').execute(),
    async insertKey(k: PartnerKeyTable) {
      await db.insertInto('partner_keys').values(k).execute();
    },
    findKeyByHash: (hash: string) =>
      db.selectFrom('partner_keys').selectAll().where('key_hash', '=', hash).executeTakeFirst(),
    getKey: (id: string) => db.selectFrom('partner_keys').selectAll().where('id', '=', id).executeTakeFirst(),
    listKeys: (partnerId: string) =>
      db
        .selectFrom('partner_keys')
        .selectAll()
        .where('partner_id', '=', partnerId)
        .orderBy('created_at')
        .orderBy('id')
        .execute(),
    async revokeKey(id: string, at: string) {
      await db
        .updateTable('partner_keys')
        .set({ revoked_at: at })
        .where('id', '=', id)
        .where('revoked_at', 'is', null)
        .execute();
    },
    listSigningKeys: () => db.selectFrom('signing_keys').selectAll().orderBy('created_at').execute(),
    async insertSigningKey(k: SigningKeyTable) {
      await db.insertInto('signing_keys').values(k).execute();
    },
    async retireSigningKeys(exceptKid: string, at: string) {
      await db
        .updateTable('signing_keys')
        .set({ retired_at: at })
        .where('kid', '!=', exceptKid)
        .where('retired_at', 'is', null)
        .execute();
    },
    async addRevocation(kind: 'session' | 'key', ref: string, at: string) {
      await db.insertInto('revocations').values({ kind, ref, created_at: at }).execute();
    },
    revocationsAfter: (id: number) =>
      db.selectFrom('revocations').selectAll().where('id', '>', id).orderBy('id').execute(),
    getIdempotency: (partnerId: string, key: string) =>
      db
        .selectFrom('idempotency')
        .selectAll()
        .where('partner_id', '=', partnerId)
        .where('key', '=', key)
        .executeTakeFirst(),
    async putIdempotency(rec: IdempotencyTable) {
      await db
        .insertInto('idempotency')
        .values(rec)
        .onConflict((oc) =>
          oc
            .columns(['partner_id', 'key'])
            .doUpdateSet({
              fingerprint: rec.fingerprint,
              status: rec.status,
              body: rec.body,
              headers_json: rec.headers_json,
              created_at: rec.created_at,
            })
            .where('idempotency.created_at', '<', rec.created_at),
        )
        .execute();
    },
  };
}
