// Migration 0034_webhook_pruning. Released: never edited; a change is a new migration.
import type { Migration } from 'kysely';

export const migration: Migration = {
  // Old deliveries and events are pruned after the retention period: settled deliveries are found by their age, and
  // an event is kept while any delivery still refers to it (an indexed look-up per event, not a scan).
  async up(db) {
    await db.schema
      .createIndex('webhook_deliveries_settled')
      .on('webhook_deliveries')
      .columns(['status', 'created_at'])
      .execute();
    await db.schema.createIndex('webhook_deliveries_by_event').on('webhook_deliveries').column('event_id').execute();
    await db.schema
      .createIndex('webhook_events_by_age')
      .on('webhook_events')
      .columns(['fanned_out', 'created_at'])
      .execute();
  },
};
