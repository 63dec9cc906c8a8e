// Migration 0035_leave_cash_out_agreement. Released: never edited; a change is a new migration.
import type { Migration } from 'kysely';

export const migration: Migration = {
  // Annual leave cashed out is booked under a separate written agreement (Fair Work Act 2009 ss 93(3), 94):
  // the booking keeps the agreement's reference, which the pay line and the evidence name.
  async up(db) {
    await db.schema.alterTable('leave_bookings').addColumn('agreement_reference', 'text').execute();
  },
};
