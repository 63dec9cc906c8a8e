// Statutory lodgements and the finalised figures they report.
import type { Kysely } from 'kysely';
import type { Database, LodgementTable, PaymentFileTable, PaymentTable } from './schema.ts';
import { payDayOf } from './pay-day.ts';

// STP reports pay in the year it was paid: the day people were actually paid counts.
const DATE_PAID = payDayOf('date_paid');

export function lodgementRepo(db: Kysely<Database>) {
  return {
    /** Records a run's bank file: one row per employee, replacing what an earlier file of the run recorded. */
    async replacePayments(payRunId: string, rows: PaymentTable[]) {
      await db.deleteFrom('payments').where('pay_run_id', '=', payRunId).execute();
      for (let i = 0; i < rows.length; i += 60)
        await db
          .insertInto('payments')
          .values(rows.slice(i, i + 60))
          .execute();
    },
    paymentsOfRun: (tenantId: string, payRunId: string) =>
      db
        .selectFrom('payments')
        .selectAll()
        .where('tenant_id', '=', tenantId)
        .where('pay_run_id', '=', payRunId)
        .orderBy('employee_name')
        .orderBy('employee_id')
        .execute(),
    async updatePayments(tenantId: string, payRunId: string, employeeIds: string[], patch: Partial<PaymentTable>) {
      if (!employeeIds.length) return;
      await db
        .updateTable('payments')
        .set(patch)
        .where('tenant_id', '=', tenantId)
        .where('pay_run_id', '=', payRunId)
        .where('employee_id', 'in', employeeIds)
        .execute();
    },
    /** A run's bank files, the first generated first. */
    paymentFilesOfRun: (tenantId: string, payRunId: string) =>
      db
        .selectFrom('payment_files')
        .selectAll()
        .where('tenant_id', '=', tenantId)
        .where('pay_run_id', '=', payRunId)
        .orderBy('seq')
        .execute(),
    async insertPaymentFile(f: PaymentFileTable) {
      await db.insertInto('payment_files').values(f).execute();
    },
    async supersedePaymentFile(tenantId: string, evidenceId: string, by: string, at: string) {
      await db
        .updateTable('payment_files')
        .set({ superseded_by: by, superseded_at: at })
        .where('tenant_id', '=', tenantId)
        .where('evidence_id', '=', evidenceId)
        .execute();
    },
    async insertLodgement(l: LodgementTable) {
      await db.insertInto('lodgements').values(l).execute();
    },
    async updateLodgement(tenantId: string, id: string, patch: Partial<LodgementTable>) {
      await db.updateTable('lodgements').set(patch).where('tenant_id', '=', tenantId).where('id', '=', id).execute();
    },
    getLodgement: (tenantId: string, id: string) =>
      db.selectFrom('lodgements').selectAll().where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst(),
    /** A run's lodgements, oldest first. */
    lodgementsOfRun: (tenantId: string, payRunId: string) =>
      db
        .selectFrom('lodgements')
        .selectAll()
        .where('tenant_id', '=', tenantId)
        .where('pay_run_id', '=', payRunId)
        .orderBy('attempt')
        .execute(),
    /** The employer's lodgements submitted after a moment, the rail's rejections left out. */
    lodgementsSince: (tenantId: string, since: string) =>
      db
        .selectFrom('lodgements')
        .selectAll()
        .where('tenant_id', '=', tenantId)
        .where('submitted_at', '>', since)
        .where('status', '!=', 'rejected')
        .orderBy('submitted_at')
        .execute(),
    /** Pay events (not rejected) of the employer's voided runs, with when each run was voided. */
    voidedRunPayEvents: (tenantId: string) =>
      db
        .selectFrom('lodgements')
        .innerJoin('pay_runs', 'pay_runs.id', 'lodgements.pay_run_id')
        .select([
          'pay_runs.id as pay_run_id',
          'pay_runs.payment_date',
          'pay_runs.voided_at',
          'lodgements.financial_year',
          'lodgements.employee_ids_json',
        ])
        .where('lodgements.tenant_id', '=', tenantId)
        .where('pay_runs.tenant_id', '=', tenantId)
        .where('pay_runs.status', '=', 'voided')
        .where('lodgements.kind', '=', 'pay_event')
        .where('lodgements.status', '!=', 'rejected')
        .orderBy('pay_runs.voided_at')
        .execute(),
    /**
     * Finalised (or lodged) entries of some employees paid within [from, to] (by the day paid), with their
     * items and that day: what year-to-date figures are summed from, by category.
     */
    reportableEntries: (tenantId: string, employeeIds: string[], fromDate: string, toDate: string) =>
      db
        .selectFrom('pay_run_entries')
        .innerJoin('pay_runs', 'pay_runs.id', 'pay_run_entries.pay_run_id')
        .select([
          'pay_run_entries.pay_run_id',
          'pay_run_entries.employee_id',
          'pay_run_entries.items_json',
          'pay_run_entries.result_json',
          DATE_PAID.as('paid_date'),
        ])
        .where('pay_runs.tenant_id', '=', tenantId)
        .where('pay_run_entries.employee_id', 'in', employeeIds.length ? employeeIds : [''])
        .where('pay_runs.status', 'in', ['finalised', 'lodged'])
        .where(DATE_PAID, '>=', fromDate)
        .where(DATE_PAID, '<=', toDate)
        .orderBy(DATE_PAID)
        .orderBy('pay_runs.payment_date')
        .execute(),
    /** Employees with finalised pay in a date range, by the day paid (an update event or finalisation for all). */
    async employeesPaidBetween(tenantId: string, fromDate: string, toDate: string): Promise<string[]> {
      const rows = await db
        .selectFrom('pay_run_entries')
        .innerJoin('pay_runs', 'pay_runs.id', 'pay_run_entries.pay_run_id')
        .select('pay_run_entries.employee_id')
        .distinct()
        .where('pay_runs.tenant_id', '=', tenantId)
        .where('pay_runs.status', 'in', ['finalised', 'lodged'])
        .where(DATE_PAID, '>=', fromDate)
        .where(DATE_PAID, '<=', toDate)
        .orderBy('pay_run_entries.employee_id')
        .execute();
      return rows.map((r) => r.employee_id);
    },
  };
}
