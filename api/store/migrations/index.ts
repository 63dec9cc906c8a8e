// Schema migrations, run at boot: one file each, named as the migration is recorded. A released migration is never
// edited; a change is a new file, listed here. Migrations see the database as it was when they were written, not
// today's schema type: `Kysely<any>`. Kysely runs them in the order of their names.
/* eslint-disable @typescript-eslint/no-explicit-any */
import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import { migration as m0001 } from './0001_platform.ts';
import { migration as m0002 } from './0002_payroll.ts';
import { migration as m0003 } from './0003_evidence_links.ts';
import { migration as m0004 } from './0004_token_sessions.ts';
import { migration as m0005 } from './0005_pay_run_figures.ts';
import { migration as m0006 } from './0006_employee_list_periods.ts';
import { migration as m0007 } from './0007_jobs.ts';
import { migration as m0008 } from './0008_leave.ts';
import { migration as m0009 } from './0009_lodgement.ts';
import { migration as m0013 } from './0013_portfolio.ts';
import { migration as m0014 } from './0014_pay_schedules.ts';
import { migration as m0016 } from './0016_exceptions.ts';
import { migration as m0017 } from './0017_pay_items.ts';
import { migration as m0020 } from './0020_portfolio_read_indexes.ts';
import { migration as m0018 } from './0018_sites.ts';
import { migration as m0019 } from './0019_employee_awards.ts';
import { migration as m0021 } from './0021_evidence_append.ts';
import { migration as m0022 } from './0022_evidence_append_once.ts';
import { migration as m0023 } from './0023_receipts_commit_without_flush.ts';
import { migration as m0024 } from './0024_bms_ids.ts';
import { migration as m0025 } from './0025_seal_raw_identifiers.ts';
import { migration as m0026 } from './0026_payment_files.ts';
import { migration as m0028 } from './0028_year_to_date_openings.ts';
import { migration as m0032 } from './0032_job_progress.ts';
import { migration as m0033 } from './0033_webhooks.ts';
import { migration as m0034 } from './0034_webhook_pruning.ts';
import { migration as m0035 } from './0035_leave_cash_out_agreement.ts';
import { migration as m0036 } from './0036_pay_run_paid_on.ts';
import { migration as m0037 } from './0037_workforce_revisions.ts';
import { migration as m0038 } from './0038_pay_run_figures_seq.ts';

const migrations: Record<string, Migration> = {
  '0001_platform': m0001,
  '0002_payroll': m0002,
  '0003_evidence_links': m0003,
  '0004_token_sessions': m0004,
  '0005_pay_run_figures': m0005,
  '0006_employee_list_periods': m0006,
  '0007_jobs': m0007,
  '0008_leave': m0008,
  '0009_lodgement': m0009,
  '0013_portfolio': m0013,
  '0014_pay_schedules': m0014,
  '0016_exceptions': m0016,
  '0017_pay_items': m0017,
  '0020_portfolio_read_indexes': m0020,
  '0018_sites': m0018,
  '0019_employee_awards': m0019,
  '0021_evidence_append': m0021,
  '0022_evidence_append_once': m0022,
  '0023_receipts_commit_without_flush': m0023,
  '0024_bms_ids': m0024,
  '0025_seal_raw_identifiers': m0025,
  '0026_payment_files': m0026,
  '0028_year_to_date_openings': m0028,
  '0032_job_progress': m0032,
  '0033_webhooks': m0033,
  '0034_webhook_pruning': m0034,
  '0035_leave_cash_out_agreement': m0035,
  '0036_pay_run_paid_on': m0036,
  '0037_workforce_revisions': m0037,
  '0038_pay_run_figures_seq': m0038,
};

class InCodeProvider implements MigrationProvider {
  async getMigrations() {
    return migrations;
  }
}

/** Runs the migrations not yet run (up to `target` when given: tests of a later migration's backfill). */
export async function migrate(db: Kysely<any>, target?: string): Promise<void> {
  const migrator = new Migrator({ db, provider: new InCodeProvider() });
  const { error, results } = await (target ? migrator.migrateTo(target) : migrator.migrateToLatest());
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed)
    throw new Error(`database migration failed${failed ? `: ${failed.migrationName}` : ''}`, { cause: error });
}
