// Webhook endpoints, the event outbox, deliveries and their attempts (see services/webhooks/).
import type { Kysely, Transaction } from 'kysely';
import type { Dialect } from './db.ts';
import type {
  Database,
  WebhookAttemptTable,
  WebhookDeliveryTable,
  WebhookEndpointTable,
  WebhookEventTable,
} from './schema.ts';

export type WebhookEventRow = Omit<WebhookEventTable, 'seq'> & { seq: number };
export type WebhookDeliveryRow = Omit<WebhookDeliveryTable, 'seq'> & { seq: number };

export function webhookRepo(db: Kysely<Database> | Transaction<Database>, dialect: Dialect) {
  /** Deliveries that are settled (delivered, or failed for good) and were created before `before`. */
  const settledBefore = (before: string) =>
    db.selectFrom('webhook_deliveries').where('status', 'in', ['delivered', 'failed']).where('created_at', '<', before);
  /** Fanned-out events created before `before` that no delivery refers to any more. */
  const unreferencedBefore = (before: string) =>
    db
      .selectFrom('webhook_events as e')
      .where('e.fanned_out', '=', 1)
      .where('e.created_at', '<', before)
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom('webhook_deliveries as d').select('d.seq').whereRef('d.event_id', '=', 'e.id'))),
      );
  return {
    // ---- endpoints
    async insertWebhookEndpoint(row: WebhookEndpointTable) {
      await db.insertInto('webhook_endpoints').values(row).execute();
    },
    webhookEndpoint: (partnerId: string, id: string) =>
      db
        .selectFrom('webhook_endpoints')
        .selectAll()
        .where('partner_id', '=', partnerId)
        .where('id', '=', id)
        .executeTakeFirst(),
    webhookEndpointById: (id: string) =>
      db.selectFrom('webhook_endpoints').selectAll().where('id', '=', id).executeTakeFirst(),
    webhookEndpoints: (partnerId: string) =>
      db
        .selectFrom('webhook_endpoints')
        .selectAll()
        .where('partner_id', '=', partnerId)
        .orderBy('created_at')
        .orderBy('id')
        .execute(),
    async updateWebhookEndpoint(id: string, set: Partial<WebhookEndpointTable>) {
      await db.updateTable('webhook_endpoints').set(set).where('id', '=', id).execute();
    },
    async deleteWebhookEndpoint(id: string) {
      const deliveries = db.selectFrom('webhook_deliveries').select('id').where('endpoint_id', '=', id);
      await db.deleteFrom('webhook_attempts').where('delivery_id', 'in', deliveries).execute();
      await db.deleteFrom('webhook_deliveries').where('endpoint_id', '=', id).execute();
      await db.deleteFrom('webhook_endpoints').where('id', '=', id).execute();
    },

    // ---- outbox
    async insertWebhookEvent(row: Omit<WebhookEventTable, 'seq'>) {
      await db.insertInto('webhook_events').values(row).execute();
    },
    /** Events whose deliveries are not yet written, oldest first; on PostgreSQL rows another process holds are skipped. */
    async eventsToFanOut(limit: number): Promise<WebhookEventRow[]> {
      let q = db.selectFrom('webhook_events').selectAll().where('fanned_out', '=', 0).orderBy('seq').limit(limit);
      if (dialect === 'postgres') q = q.forUpdate().skipLocked();
      return (await q.execute()) as WebhookEventRow[];
    },
    /**
     * Whether there are events to fan out, and deliveries this process could claim: read outside a transaction, so an
     * idle poll takes no write lock.
     */
    async webhookWork(due: string, wallNow: string): Promise<{ events: boolean; deliveries: boolean }> {
      const event = await db.selectFrom('webhook_events').select('seq').where('fanned_out', '=', 0).limit(1).execute();
      const delivery = await db
        .selectFrom('webhook_deliveries')
        .select('seq')
        .where('status', '=', 'pending')
        .where('next_attempt_at', '<=', due)
        .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', wallNow)]))
        .where('endpoint_id', 'in', (eb) =>
          eb.selectFrom('webhook_endpoints').select('id').where('status', '=', 'enabled'),
        )
        .limit(1)
        .execute();
      return { events: event.length > 0, deliveries: delivery.length > 0 };
    },
    async markFannedOut(seq: number, payload: string) {
      await db.updateTable('webhook_events').set({ fanned_out: 1, payload }).where('seq', '=', seq).execute();
    },
    webhookEvent: (id: string) => db.selectFrom('webhook_events').selectAll().where('id', '=', id).executeTakeFirst(),
    webhookEventsOf: (evidenceIds: string[]) =>
      evidenceIds.length
        ? db.selectFrom('webhook_events').selectAll().where('evidence_id', 'in', evidenceIds).execute()
        : Promise.resolve([]),

    // ---- deliveries
    async insertWebhookDeliveries(rows: Omit<WebhookDeliveryTable, 'seq'>[]) {
      if (rows.length) await db.insertInto('webhook_deliveries').values(rows).execute();
    },
    /**
     * Claims due deliveries for `owner` until `leaseUntil` (wall time): pending, of an enabled endpoint, not held by
     * another process's lease, and the first pending one of its endpoint, tenant and resource (so a resource's
     * events arrive in order). On PostgreSQL rows another process is claiming are skipped.
     */
    async claimWebhookDeliveries(
      owner: string,
      due: string,
      wallNow: string,
      leaseUntil: string,
      limit: number,
    ): Promise<WebhookDeliveryRow[]> {
      let q = db
        .selectFrom('webhook_deliveries as d')
        .selectAll('d')
        .where('d.status', '=', 'pending')
        .where('d.next_attempt_at', '<=', due)
        .where((eb) => eb.or([eb('d.lease_until', 'is', null), eb('d.lease_until', '<', wallNow)]))
        .where('d.endpoint_id', 'in', (eb) =>
          eb.selectFrom('webhook_endpoints').select('id').where('status', '=', 'enabled'),
        )
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('webhook_deliveries as e')
                .select('e.seq')
                .whereRef('e.endpoint_id', '=', 'd.endpoint_id')
                .whereRef('e.order_key', '=', 'd.order_key')
                .whereRef('e.seq', '<', 'd.seq')
                .where('e.status', '=', 'pending'),
            ),
          ),
        )
        .orderBy('d.seq')
        .limit(limit);
      if (dialect === 'postgres') q = q.forUpdate().skipLocked();
      const rows = (await q.execute()) as WebhookDeliveryRow[];
      if (!rows.length) return [];
      await db
        .updateTable('webhook_deliveries')
        .set({ lease_owner: owner, lease_until: leaseUntil })
        .where(
          'id',
          'in',
          rows.map((d) => d.id),
        )
        .execute();
      return rows.map((d) => ({ ...d, lease_owner: owner, lease_until: leaseUntil }));
    },
    /** Records an attempt's outcome, only while the delivery is still `owner`'s; false when it is not. */
    async settleWebhookDelivery(
      id: string,
      owner: string,
      set: Partial<Omit<WebhookDeliveryTable, 'seq'>>,
    ): Promise<boolean> {
      const r = await db
        .updateTable('webhook_deliveries')
        .set({ ...set, lease_owner: null, lease_until: null })
        .where('id', '=', id)
        .where('lease_owner', '=', owner)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },
    webhookDelivery: (endpointId: string, id: string) =>
      db
        .selectFrom('webhook_deliveries')
        .selectAll()
        .where('endpoint_id', '=', endpointId)
        .where('id', '=', id)
        .executeTakeFirst() as Promise<WebhookDeliveryRow | undefined>,
    webhookDeliveries: (endpointId: string, status: string | undefined, limit: number) => {
      let q = db.selectFrom('webhook_deliveries').selectAll().where('endpoint_id', '=', endpointId);
      if (status) q = q.where('status', '=', status as WebhookDeliveryTable['status']);
      return q.orderBy('seq', 'desc').limit(limit).execute() as Promise<WebhookDeliveryRow[]>;
    },
    /** Sends deliveries again from now: their attempts so far stay on record. */
    async rescheduleWebhookDeliveries(
      endpointId: string,
      filter: { id?: string; failedSince?: string },
      at: string,
      retryUntil: string,
    ): Promise<number> {
      let q = db
        .updateTable('webhook_deliveries')
        .set({ status: 'pending', next_attempt_at: at, retry_until: retryUntil, lease_owner: null, lease_until: null })
        .where('endpoint_id', '=', endpointId);
      if (filter.id) q = q.where('id', '=', filter.id);
      if (filter.failedSince) q = q.where('status', '=', 'failed').where('created_at', '>=', filter.failedSince);
      return Number((await q.executeTakeFirst()).numUpdatedRows);
    },
    /** Whether anything is old enough to prune: read outside a transaction, so an idle pass takes no write lock. */
    async webhookPrunable(before: string): Promise<boolean> {
      if ((await settledBefore(before).select('seq').limit(1).execute()).length) return true;
      return (await unreferencedBefore(before).select('e.seq').limit(1).execute()).length > 0;
    },
    /**
     * Removes up to `limit` settled deliveries (delivered, or failed for good) created before `before`, with their
     * attempts; answers how many. Pending ones stay whatever their age: they are still owed to the partner.
     */
    async pruneWebhookDeliveries(before: string, limit: number): Promise<number> {
      const rows = await settledBefore(before).select('id').orderBy('seq').limit(limit).execute();
      const ids = rows.map((d) => d.id);
      if (!ids.length) return 0;
      await db.deleteFrom('webhook_attempts').where('delivery_id', 'in', ids).execute();
      await db.deleteFrom('webhook_deliveries').where('id', 'in', ids).execute();
      return ids.length;
    },
    /** Removes up to `limit` fanned-out events created before `before` that no delivery refers to any more. */
    async pruneWebhookEvents(before: string, limit: number): Promise<number> {
      const rows = await unreferencedBefore(before).select('e.seq').orderBy('e.seq').limit(limit).execute();
      const seqs = rows.map((e) => e.seq as number);
      if (!seqs.length) return 0;
      await db.deleteFrom('webhook_events').where('seq', 'in', seqs).execute();
      return seqs.length;
    },
    async insertWebhookAttempt(row: WebhookAttemptTable) {
      await db.insertInto('webhook_attempts').values(row).execute();
    },
    webhookAttemptsOf: (deliveryIds: string[]) =>
      deliveryIds.length
        ? db
            .selectFrom('webhook_attempts')
            .selectAll()
            .where('delivery_id', 'in', deliveryIds)
            .orderBy('at')
            .orderBy('id')
            .execute()
        : Promise.resolve([]),
  };
}
