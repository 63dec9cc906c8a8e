// Partners, keys, signing keys, token sessions, revocations, meta and idempotency records.
import { sql, type Kysely } from 'kysely';
import type { Dialect } from './db.ts';
import { preparedQuery } from './prepared.ts';
import type { Database, PartnerKeyTable, SigningKeyTable, IdempotencyTable, SessionTable } from './schema.ts';

/** Revocations recorded after the one with id `after`, in order: read before every authenticated request. */
const revocationsSince = preparedQuery((db, { after }: { after: number }) =>
  db.selectFrom('revocations').selectAll().where('id', '>', after).orderBy('id'),
);

export function platformRepo(db: Kysely<Database>, dialect: Dialect) {
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
    async insertSession(s: SessionTable) {
      await db.insertInto('sessions').values(s).execute();
    },
    getSession: (id: string) => db.selectFrom('sessions').selectAll().where('id', '=', id).executeTakeFirst(),
    /** Every session minted, directly or further down, from session `id` (not `id` itself). */
    async descendantSessions(id: string): Promise<string[]> {
      const rows = await sql<{ id: string }>`
        with recursive tree(id) as (
          select id from sessions where parent_id = ${id}
          union
          select s.id from sessions s join tree on s.parent_id = tree.id
        )
        select id from tree`.execute(db);
      return rows.rows.map((r) => r.id);
    },
    async addRevocation(kind: 'session' | 'key', ref: string, at: string) {
      await db.insertInto('revocations').values({ kind, ref, created_at: at }).execute();
    },
    revocationsAfter: (after: number) => revocationsSince(db, dialect, { after }),
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
              visibility: rec.visibility,
            })
            .where('idempotency.created_at', '<', rec.created_at),
        )
        .execute();
    },
  };
}
