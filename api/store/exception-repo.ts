// Pay-run exceptions: their acknowledgements, and the earlier finalised pay the gross-change check compares with.
import type { Kysely, Transaction } from 'kysely';
import type { Database, PayRunExceptionAckTable } from './schema.ts';

export function exceptionRepo(db: Kysely<Database> | Transaction<Database>) {
  return {
    exceptionAcksOf: (tenantId: string, payRunId: string) =>
      db
        .selectFrom('pay_run_exception_acks')
        .selectAll()
        .where('tenant_id', '=', tenantId)
        .where('pay_run_id', '=', payRunId)
        .execute(),
    async saveExceptionAck(ack: PayRunExceptionAckTable) {
      await db
        .deleteFrom('pay_run_exception_acks')
        .where('tenant_id', '=', ack.tenant_id)
        .where('pay_run_id', '=', ack.pay_run_id)
        .where('exception_id', '=', ack.exception_id)
        .execute();
      await db.insertInto('pay_run_exception_acks').values(ack).execute();
    },
    /** The latest finalised (or lodged) runs of a frequency that ended before `before`, newest first. */
    finalisedRunsBefore: (tenantId: string, frequency: string, before: string, limit: number) =>
      db
        .selectFrom('pay_runs')
        .select(['id', 'period_start', 'period_end'])
        .where('tenant_id', '=', tenantId)
        .where('pay_frequency', '=', frequency)
        .where('status', 'in', ['finalised', 'lodged'])
        .where('period_end', '<', before)
        .orderBy('period_end', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute(),
    /** The stored results of a run's entries (what an earlier run paid each employee). */
    entryResultsOf: (tenantId: string, payRunId: string) =>
      db
        .selectFrom('pay_run_entries')
        .select(['employee_id', 'result_json'])
        .where('tenant_id', '=', tenantId)
        .where('pay_run_id', '=', payRunId)
        .execute(),
  };
}
