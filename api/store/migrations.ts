// Schema migrations, run at boot. A released migration is never edited: add a new one.
// Migrations see the database as it was when they were written, not today's schema type: `Kysely<any>`.
/* eslint-disable @typescript-eslint/no-explicit-any */
import crypto from 'node:crypto';
import { Kysely, Migrator, PostgresAdapter, sql, type Migration, type MigrationProvider } from 'kysely';
import { withoutRawIdentifiers } from '../services/sensitive.ts';

/** The one place the two dialects' schemas differ: PostgreSQL numbers rows with `serial`, SQLite with AUTOINCREMENT. */
const onPostgres = (db: Kysely<any>) => db.getExecutor().adapter instanceof PostgresAdapter;

const migrations: Record<string, Migration> = {
  '0001_platform': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('meta')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('partners')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('partner_keys')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('partner_id', 'text', (c) => c.notNull().references('partners.id'))
        .addColumn('environment', 'text', (c) => c.notNull())
        .addColumn('key_hash', 'text', (c) => c.notNull().unique())
        .addColumn('key_hint', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('revoked_at', 'text')
        .execute();
      await db.schema
        .createTable('signing_keys')
        .addColumn('kid', 'text', (c) => c.primaryKey())
        .addColumn('alg', 'text', (c) => c.notNull())
        .addColumn('private_jwk', 'text', (c) => c.notNull())
        .addColumn('public_jwk', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('retired_at', 'text')
        .execute();
      await db.schema
        .createTable('revocations')
        .addColumn('id', onPostgres(db) ? 'serial' : 'integer', (c) =>
          onPostgres(db) ? c.primaryKey() : c.primaryKey().autoIncrement(),
        )
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('ref', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('tenants')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('partner_id', 'text', (c) => c.notNull().references('partners.id'))
        .addColumn('slug', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('jurisdiction', 'text', (c) => c.notNull())
        .addColumn('environment', 'text', (c) => c.notNull())
        .addColumn('group_json', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addUniqueConstraint('tenants_partner_slug', ['partner_id', 'slug'])
        .execute();
      await db.schema
        .createTable('bindings')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
        .addColumn('role', 'text', (c) => c.notNull())
        .addColumn('engine', 'text', (c) => c.notNull())
        .addColumn('pack_code', 'text', (c) => c.notNull())
        .addColumn('pack_version', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('connection_id', 'text')
        .addColumn('connector_pack', 'text')
        .addColumn('engine_tenant_ref', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('evidence')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('tenant_id', 'text', (c) => c.notNull())
        .addColumn('seq', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('resource', 'text', (c) => c.notNull())
        .addColumn('actor_json', 'text', (c) => c.notNull())
        .addColumn('governance_reason', 'text')
        .addColumn('request_hash', 'text', (c) => c.notNull())
        .addColumn('response_hash', 'text', (c) => c.notNull())
        .addColumn('decision_json', 'text', (c) => c.notNull())
        .addColumn('prev_hash', 'text', (c) => c.notNull())
        .addColumn('hash', 'text', (c) => c.notNull())
        .addUniqueConstraint('evidence_tenant_seq', ['tenant_id', 'seq'])
        .execute();
      await db.schema
        .createTable('idempotency')
        .addColumn('partner_id', 'text', (c) => c.notNull())
        .addColumn('key', 'text', (c) => c.notNull())
        .addColumn('fingerprint', 'text', (c) => c.notNull())
        .addColumn('status', 'integer', (c) => c.notNull())
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('headers_json', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('idempotency_pk', ['partner_id', 'key'])
        .execute();
    },
  },
  '0002_payroll': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('cost_centres')
        .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
        .addColumn('code', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('parent_code', 'text')
        .addColumn('gl_account', 'text')
        .addColumn('site', 'text')
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('cost_centres_pk', ['tenant_id', 'code'])
        .execute();
      await db.schema
        .createTable('cost_centre_mappings')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
        .addColumn('source', 'text', (c) => c.notNull())
        .addColumn('attribute', 'text', (c) => c.notNull())
        .addColumn('match_value', 'text', (c) => c.notNull())
        .addColumn('cost_centre_code', 'text', (c) => c.notNull())
        .addColumn('priority', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('employees')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
        .addColumn('engine_ref', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('first_name', 'text', (c) => c.notNull())
        .addColumn('last_name', 'text', (c) => c.notNull())
        .addColumn('cost_centre_code', 'text')
        .addColumn('site', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('employees_tenant')
        .on('employees')
        .columns(['tenant_id', 'last_name', 'first_name', 'id'])
        .execute();
      await db.schema
        .createTable('employee_versions')
        .addColumn('employee_id', 'text', (c) => c.notNull().references('employees.id'))
        .addColumn('tenant_id', 'text', (c) => c.notNull())
        .addColumn('effective_from', 'text', (c) => c.notNull())
        .addColumn('seq', 'integer', (c) => c.notNull())
        .addColumn('data_json', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('employee_versions_pk', ['employee_id', 'effective_from', 'seq'])
        .execute();
      await db.schema
        .createIndex('employee_versions_tenant')
        .on('employee_versions')
        .columns(['tenant_id', 'effective_from'])
        .execute();
      await db.schema
        .createTable('company')
        .addColumn('tenant_id', 'text', (c) => c.primaryKey().references('tenants.id'))
        .addColumn('data_json', 'text', (c) => c.notNull())
        .addColumn('bank_json', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('pay_runs')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('pay_frequency', 'text', (c) => c.notNull())
        .addColumn('period_start', 'text', (c) => c.notNull())
        .addColumn('period_end', 'text', (c) => c.notNull())
        .addColumn('payment_date', 'text', (c) => c.notNull())
        .addColumn('pack_version', 'text', (c) => c.notNull())
        .addColumn('totals_json', 'text', (c) => c.notNull())
        .addColumn('prepared_by', 'text', (c) => c.notNull())
        .addColumn('approved_by', 'text')
        .addColumn('approval_json', 'text')
        .addColumn('job_json', 'text')
        .addColumn('validation_json', 'text')
        .addColumn('evidence_refs_json', 'text', (c) => c.notNull())
        .addColumn('finalised_at', 'text')
        .addColumn('voided_at', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('pay_runs_tenant').on('pay_runs').columns(['tenant_id', 'period_start']).execute();
      await db.schema
        .createTable('pay_run_entries')
        .addColumn('pay_run_id', 'text', (c) => c.notNull().references('pay_runs.id').onDelete('cascade'))
        .addColumn('employee_id', 'text', (c) => c.notNull())
        .addColumn('tenant_id', 'text', (c) => c.notNull())
        .addColumn('employee_name', 'text', (c) => c.notNull())
        .addColumn('cost_centre_code', 'text')
        .addColumn('site', 'text')
        .addColumn('items_json', 'text', (c) => c.notNull())
        .addColumn('input_json', 'text', (c) => c.notNull())
        .addColumn('result_json', 'text', (c) => c.notNull())
        .addColumn('evidence_id', 'text')
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('pay_run_entries_pk', ['pay_run_id', 'employee_id'])
        .execute();
      await db.schema
        .createIndex('pay_run_entries_employee')
        .on('pay_run_entries')
        .columns(['tenant_id', 'employee_id'])
        .execute();
      await sql`select 1`.execute(db);
    },
  },
  '0003_evidence_links': {
    // Which evidence records concern which resource: written by the unit of work with each record,
    // so a resource's history (a pay run's steps, who prepared it) is one indexed query.
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('evidence_links')
        .addColumn('evidence_id', 'text', (c) => c.notNull())
        .addColumn('tenant_id', 'text', (c) => c.notNull())
        .addColumn('resource_id', 'text', (c) => c.notNull())
        .addColumn('seq', 'integer', (c) => c.notNull())
        .addColumn('action', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('evidence_links_pk', ['evidence_id', 'resource_id'])
        .execute();
      await db.schema
        .createIndex('evidence_links_resource')
        .on('evidence_links')
        .columns(['tenant_id', 'resource_id', 'seq'])
        .execute();
      await sql`insert into evidence_links (evidence_id, tenant_id, resource_id, seq, action)
        select id, tenant_id, resource, seq, action from evidence`.execute(db);
      const runs = await db.selectFrom('pay_runs').select(['id', 'tenant_id', 'evidence_refs_json']).execute();
      for (const run of runs) {
        for (const id of JSON.parse(run.evidence_refs_json) as string[]) {
          const ev = await db.selectFrom('evidence').select(['seq', 'action']).where('id', '=', id).executeTakeFirst();
          if (!ev) continue;
          await db
            .insertInto('evidence_links')
            .values({ evidence_id: id, tenant_id: run.tenant_id, resource_id: run.id, seq: ev.seq, action: ev.action })
            .onConflict((oc) => oc.doNothing())
            .execute();
        }
      }
      await db.schema.alterTable('pay_runs').dropColumn('evidence_refs_json').execute();
    },
  },
  '0004_token_sessions': {
    // Every embed and user token session, owned by the partner whose key minted it and linked to the
    // session that minted it (tokens minted by user tokens), so a partner revokes only its own sessions.
    // Idempotency records keep a fingerprint of what their first caller could see: a replay to a
    // caller who sees differently must not hand it the first answer.
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('sessions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('partner_id', 'text', (c) => c.notNull())
        .addColumn('key_id', 'text', (c) => c.notNull())
        .addColumn('tenant_id', 'text', (c) => c.notNull())
        .addColumn('parent_id', 'text')
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('sessions_parent').on('sessions').column('parent_id').execute();
      await db.schema.alterTable('idempotency').addColumn('visibility', 'text').execute();
    },
  },
  '0005_pay_run_figures': {
    // Employees a pay run cannot calculate are held out of its entries (with their items) until fixed;
    // those a run was finalised without are kept as its exclusions; a preview records the digest of the
    // figures it shows, which an approval approves. Entries are paged by name.
    async up(db: Kysely<any>) {
      await db.schema.alterTable('pay_runs').addColumn('blocked_json', 'text').execute();
      await db.schema.alterTable('pay_runs').addColumn('excluded_json', 'text').execute();
      await db.schema.alterTable('pay_runs').addColumn('figures_digest', 'text').execute();
      // Entries and payslips are listed (and paged) by employee name within a run.
      await db.schema
        .createIndex('pay_run_entries_by_name')
        .on('pay_run_entries')
        .columns(['pay_run_id', 'employee_name', 'employee_id'])
        .execute();
    },
  },
  '0006_employee_list_periods': {
    // The employee list's index: each employee's name and placement (cost centre and site, as the view
    // shows them) per value period, in list order, so a page reads its own rows only and a data scope is
    // an SQL condition. The services write it with every change and fill it for existing data at boot
    // (`services/employee-index.ts`), since placement follows the tenant's mapping rules.
    // Evidence gets indexes for the trail's action and resource filters: receipts add a record per read,
    // and a filtered read must not scan all of them.
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('employee_list_periods')
        .addColumn('employee_id', 'text', (c) => c.notNull())
        .addColumn('tenant_id', 'text', (c) => c.notNull())
        .addColumn('valid_from', 'text', (c) => c.notNull())
        .addColumn('valid_to', 'text')
        .addColumn('first_name', 'text', (c) => c.notNull())
        .addColumn('last_name', 'text', (c) => c.notNull())
        .addColumn('cost_centre_code', 'text')
        .addColumn('site', 'text')
        .addPrimaryKeyConstraint('employee_list_periods_pk', ['employee_id', 'valid_from'])
        .execute();
      await db.schema
        .createIndex('employee_list_periods_order')
        .on('employee_list_periods')
        .columns([
          'tenant_id',
          'last_name',
          'first_name',
          'employee_id',
          'valid_from',
          'valid_to',
          'cost_centre_code',
          'site',
        ])
        .execute();
      for (const column of ['cost_centre_code', 'site'])
        await db.schema
          .createIndex(`employee_list_periods_${column}`)
          .on('employee_list_periods')
          .columns(['tenant_id', column])
          .execute();
      await db.schema.createIndex('evidence_action').on('evidence').columns(['tenant_id', 'action', 'seq']).execute();
      await db.schema
        .createIndex('evidence_resource')
        .on('evidence')
        .columns(['tenant_id', 'resource', 'seq'])
        .execute();
    },
  },
  '0007_jobs': {
    // Background work as rows any API process can claim, so a job outlives the process that started it: a
    // claim is a lease kept alive by heartbeats, and a job whose lease ran out is resumed by another process.
    // Runs left finalising by an earlier version (which kept its jobs in memory) get their job here.
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('jobs')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('ref', 'text', (c) => c.notNull())
        .addColumn('tenant_id', 'text', (c) => c.notNull())
        .addColumn('payload_json', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('owner', 'text')
        .addColumn('lease_until', 'text')
        .addColumn('attempts', 'integer', (c) => c.notNull())
        .addColumn('error', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('jobs_open').on('jobs').columns(['status', 'lease_until', 'created_at']).execute();
      await db.schema.createIndex('jobs_ref').on('jobs').columns(['kind', 'ref']).execute();
      const now = new Date().toISOString();
      const finalising = await db
        .selectFrom('pay_runs')
        .select(['id', 'tenant_id'])
        .where('status', '=', 'finalising')
        .execute();
      for (const run of finalising)
        await db
          .insertInto('jobs')
          .values({
            id: `job_${run.id}`,
            kind: 'finalise',
            ref: run.id,
            tenant_id: run.tenant_id,
            payload_json: '{}',
            status: 'queued',
            owner: null,
            lease_until: null,
            attempts: 0,
            error: null,
            created_at: now,
            updated_at: now,
          })
          .execute();
    },
  },
  '0008_leave': {
    // Leave: requests (a control-plane object with its decision), the tenant's own leave types (aliases
    // of a master type), per-employee leave settings, bookings (absences, effective-dated) and the
    // movements every balance is the sum of (opening, accrual, taken), each carrying its evidence id.
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('leave_requests')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
        .addColumn('employee_id', 'text', (c) => c.notNull())
        .addColumn('employee_name', 'text', (c) => c.notNull())
        .addColumn('leave_type', 'text', (c) => c.notNull())
        .addColumn('start_date', 'text', (c) => c.notNull())
        .addColumn('end_date', 'text')
        .addColumn('quantity', 'text')
        .addColumn('unit', 'text', (c) => c.notNull())
        .addColumn('reason', 'text')
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('decision_note', 'text')
        .addColumn('decided_by', 'text')
        .addColumn('decided_at', 'text')
        .addColumn('evidence_id', 'text')
        .addColumn('booking_id', 'text')
        .addColumn('requested_by', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('leave_requests_tenant')
        .on('leave_requests')
        .columns(['tenant_id', 'created_at', 'id'])
        .execute();
      await db.schema
        .createIndex('leave_requests_employee')
        .on('leave_requests')
        .columns(['tenant_id', 'employee_id', 'start_date'])
        .execute();
      await db.schema
        .createTable('leave_types')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
        .addColumn('code', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('master_code', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addUniqueConstraint('leave_types_code', ['tenant_id', 'code'])
        .execute();
      await db.schema
        .createTable('leave_settings')
        .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
        .addColumn('employee_id', 'text', (c) => c.notNull())
        .addColumn('data_json', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('leave_settings_pk', ['tenant_id', 'employee_id'])
        .execute();
      await db.schema
        .createTable('leave_bookings')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
        .addColumn('employee_id', 'text', (c) => c.notNull())
        .addColumn('leave_type', 'text', (c) => c.notNull())
        .addColumn('type_code', 'text', (c) => c.notNull())
        .addColumn('unit', 'text', (c) => c.notNull())
        .addColumn('quantity', 'text', (c) => c.notNull())
        .addColumn('start_date', 'text', (c) => c.notNull())
        .addColumn('end_date', 'text', (c) => c.notNull())
        .addColumn('pay_run_id', 'text')
        .addColumn('request_id', 'text')
        .addColumn('evidence_id', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('leave_bookings_employee')
        .on('leave_bookings')
        .columns(['tenant_id', 'employee_id', 'start_date'])
        .execute();
      await db.schema
        .createTable('leave_movements')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id'))
        .addColumn('employee_id', 'text', (c) => c.notNull())
        .addColumn('leave_type', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('unit', 'text', (c) => c.notNull())
        .addColumn('quantity', 'text', (c) => c.notNull())
        .addColumn('effective_date', 'text', (c) => c.notNull())
        .addColumn('pay_run_id', 'text')
        .addColumn('booking_id', 'text')
        .addColumn('evidence_id', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('leave_movements_employee')
        .on('leave_movements')
        .columns(['tenant_id', 'employee_id', 'effective_date'])
        .execute();
    },
  },
  '0009_lodgement': {
    // Statutory lodgements (single-touch payroll pay events, update events and finalisation declarations)
    // with their rail status, the payload as sent (TFNs sealed) and the rail's errors and warnings.
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('lodgements')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('tenant_id', 'text', (c) => c.notNull())
        .addColumn('pay_run_id', 'text')
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('attempt', 'integer', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('rail', 'text', (c) => c.notNull())
        .addColumn('pack_version', 'text', (c) => c.notNull())
        .addColumn('financial_year', 'text', (c) => c.notNull())
        .addColumn('employee_ids_json', 'text', (c) => c.notNull())
        .addColumn('payload_json', 'text', (c) => c.notNull())
        .addColumn('payload_sha256', 'text', (c) => c.notNull())
        .addColumn('errors_json', 'text', (c) => c.notNull())
        .addColumn('warnings_json', 'text', (c) => c.notNull())
        .addColumn('receipt_evidence_id', 'text', (c) => c.notNull())
        .addColumn('response_evidence_id', 'text')
        .addColumn('submitted_at', 'text', (c) => c.notNull())
        .addColumn('processed_at', 'text')
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('lodgements_by_run')
        .on('lodgements')
        .columns(['tenant_id', 'pay_run_id', 'attempt'])
        .execute();
      await db.schema.createIndex('lodgements_by_status').on('lodgements').columns(['status']).execute();
      // What was paid after finalise, and how: one row per employee of a run's bank file.
      await db.schema
        .createTable('payments')
        .addColumn('tenant_id', 'text', (c) => c.notNull())
        .addColumn('pay_run_id', 'text', (c) => c.notNull())
        .addColumn('employee_id', 'text', (c) => c.notNull())
        .addColumn('employee_name', 'text', (c) => c.notNull())
        .addColumn('amount', 'text', (c) => c.notNull())
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('method', 'text', (c) => c.notNull())
        .addColumn('account_last4', 'text')
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('return_reason', 'text')
        .addColumn('file_evidence_id', 'text', (c) => c.notNull())
        .addColumn('status_evidence_id', 'text')
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('payments_pk', ['pay_run_id', 'employee_id'])
        .execute();
    },
  },
  '0013_portfolio': {
    // The partner portfolio reads every tenant of a partner at once, by aggregate queries: each employee's
    // readiness per value period joins the list index (whether the pack lets that employee be paid, as the
    // engine judged it when the period was written), and the runs, employees and tenants get the indexes
    // those grouped reads use.
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable('employee_list_periods')
        .addColumn('blocks_finalise', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.createIndex('tenants_partner').on('tenants').columns(['partner_id', 'environment']).execute();
      await db.schema
        .createIndex('pay_runs_tenant_status')
        .on('pay_runs')
        .columns(['tenant_id', 'status', 'payment_date'])
        .execute();
      await db.schema.createIndex('employees_tenant_status').on('employees').columns(['tenant_id', 'status']).execute();
      await db.schema
        .createIndex('employee_list_periods_blocking')
        .on('employee_list_periods')
        .columns(['tenant_id', 'blocks_finalise', 'employee_id'])
        .execute();
    },
  },
  '0014_pay_schedules': {
    async up(db: Kysely<any>) {
      // A tenant's pay schedules: the pay and cut-off dates of the payroll calendar are computed from them.
      await db.schema
        .createTable('pay_schedules')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('tenant_id', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('frequency', 'text', (c) => c.notNull())
        .addColumn('anchor_date', 'text', (c) => c.notNull())
        .addColumn('payment_offset_days', 'integer', (c) => c.notNull())
        .addColumn('bank_holiday_rule', 'text', (c) => c.notNull())
        .addColumn('cutoff_days', 'integer', (c) => c.notNull())
        .addColumn('state', 'text')
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('pay_schedules_by_tenant').on('pay_schedules').columns(['tenant_id']).execute();
    },
  },
  '0016_exceptions': {
    // Acknowledgements of pay-run exceptions: one row per finding, replaced when acknowledged again.
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('pay_run_exception_acks')
        .addColumn('tenant_id', 'text', (c) => c.notNull())
        .addColumn('pay_run_id', 'text', (c) => c.notNull())
        .addColumn('exception_id', 'text', (c) => c.notNull())
        .addColumn('fingerprint', 'text', (c) => c.notNull())
        .addColumn('acknowledged_by', 'text', (c) => c.notNull())
        .addColumn('acknowledged_at', 'text', (c) => c.notNull())
        .addColumn('reason', 'text', (c) => c.notNull())
        .addColumn('evidence_id', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('pay_run_exception_acks_pk', ['tenant_id', 'pay_run_id', 'exception_id'])
        .execute();
    },
  },
  '0017_pay_items': {
    // A tenant's own pay items, each built on a pack pay item (whose treatment it takes); codes are unique
    // within the tenant, and the service keeps them clear of the pack's codes too.
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('pay_items')
        .addColumn('tenant_id', 'text', (c) => c.notNull())
        .addColumn('code', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('base_code', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('pay_items_pk', ['tenant_id', 'code'])
        .execute();
    },
  },
  '0020_portfolio_read_indexes': {
    // The portfolio asks of each run in flight whether an employee in it blocks it now. Every employee has a
    // blocking period from before they were set up (it ends when they were), so the blocking periods are looked
    // up by when they end: the open one, or one ending after the run's period, which are rare, instead of
    // reading every blocking period the tenant ever had. The index holds what the check compares, so no row is
    // read, and it replaces the 0013 index it starts with. Bindings get the index the portfolio and every
    // tenant route look them up by.
    async up(db: Kysely<any>) {
      await db.schema
        .createIndex('employee_list_periods_blocking_until')
        .on('employee_list_periods')
        .columns(['tenant_id', 'blocks_finalise', 'valid_to', 'valid_from', 'employee_id'])
        .execute();
      await db.schema.dropIndex('employee_list_periods_blocking').execute();
      await db.schema.createIndex('bindings_tenant').on('bindings').columns(['tenant_id', 'created_at']).execute();
    },
  },
  '0018_sites': {
    // A tenant's sites (workplaces): employees, cost centres and user tokens' data scope name them by code.
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('sites')
        .addColumn('tenant_id', 'text', (c) => c.notNull())
        .addColumn('code', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('state', 'text')
        .addColumn('address_json', 'text')
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('sites_pk', ['tenant_id', 'code'])
        .execute();
    },
  },
  '0019_employee_awards': {
    // The modern award, classification and work state an employee is paid under (AU award interpretation).
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('employee_awards')
        .addColumn('tenant_id', 'text', (c) => c.notNull())
        .addColumn('employee_id', 'text', (c) => c.notNull())
        .addColumn('award_code', 'text', (c) => c.notNull())
        .addColumn('classification', 'text', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('assigned_by', 'text', (c) => c.notNull())
        .addColumn('assigned_at', 'text', (c) => c.notNull())
        .addColumn('evidence_id', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('employee_awards_pk', ['tenant_id', 'employee_id'])
        .execute();
    },
  },
  '0021_evidence_append': {
    // PostgreSQL links appended evidence records itself, in one statement: the chain's lock is then held for one
    // round trip rather than for a read of the chain's head, an insert and their waits. The text hashed is the one
    // `recordHash` hashes; the lock is the advisory lock `lockRepo` takes for `chain:<id>`, in the same order.
    async up(db: Kysely<any>) {
      if (!onPostgres(db)) return;
      await sql`
        create function payrail_append_evidence(records jsonb) returns integer[]
        language plpgsql as $fn$
        declare
          chain text;
          rec jsonb;
          head_seq integer;
          head_hash text;
          row_hash text;
          seqs integer[] := '{}';
        begin
          for chain in
            select distinct (x ->> 'tenant_id') collate "C" as t from jsonb_array_elements(records) x order by t
          loop
            perform pg_advisory_xact_lock(hashtextextended('chain:' || chain, 0));
          end loop;
          for rec in select x from jsonb_array_elements(records) with ordinality as a(x, n) order by n loop
            chain := rec ->> 'tenant_id';
            head_seq := null;
            head_hash := null;
            select e.seq, e.hash into head_seq, head_hash
              from evidence e where e.tenant_id = chain order by e.seq desc limit 1;
            head_seq := coalesce(head_seq, 0) + 1;
            head_hash := coalesce(head_hash, repeat('0', 64));
            row_hash := encode(sha256(convert_to(concat_ws(chr(10),
              rec ->> 'id', chain, head_seq::text, rec ->> 'created_at', rec ->> 'action', rec ->> 'resource',
              rec ->> 'actor_json', coalesce(rec ->> 'governance_reason', ''), rec ->> 'request_hash',
              rec ->> 'response_hash', rec ->> 'decision_json', head_hash), 'UTF8')), 'hex');
            insert into evidence (id, tenant_id, seq, created_at, action, resource, actor_json, governance_reason,
                                  request_hash, response_hash, decision_json, prev_hash, hash)
            values (rec ->> 'id', chain, head_seq, rec ->> 'created_at', rec ->> 'action', rec ->> 'resource',
                    rec ->> 'actor_json', rec ->> 'governance_reason', rec ->> 'request_hash', rec ->> 'response_hash',
                    rec ->> 'decision_json', head_hash, row_hash);
            seqs := seqs || head_seq;
          end loop;
          return seqs;
        end
        $fn$`.execute(db);
    },
  },
  '0022_evidence_append_once': {
    // The same append as 0021, with less held under the chain's lock: each chain's head is read once, not once
    // per record, and the batch is inserted by one statement. Under load that lock, held to the commit, is where
    // read receipts from every instance wait their turn.
    async up(db: Kysely<any>) {
      if (!onPostgres(db)) return;
      await sql`
        create or replace function payrail_append_evidence(records jsonb) returns integer[]
        language plpgsql as $fn$
        declare
          chain text;
          rec jsonb;
          n integer;
          head_seq integer;
          head_hash text;
          row_hash text;
          seqs integer[] := array_fill(0, array[jsonb_array_length(records)]);
          r_seq integer[] := '{}';
          r_prev text[] := '{}';
          r_hash text[] := '{}';
          r_n integer[] := '{}';
        begin
          for chain in
            select distinct (x ->> 'tenant_id') collate "C" as t from jsonb_array_elements(records) x order by t
          loop
            perform pg_advisory_xact_lock(hashtextextended('chain:' || chain, 0));
            head_seq := null;
            head_hash := null;
            select e.seq, e.hash into head_seq, head_hash
              from evidence e where e.tenant_id = chain order by e.seq desc limit 1;
            head_seq := coalesce(head_seq, 0);
            head_hash := coalesce(head_hash, repeat('0', 64));
            for rec, n in
              select a.x, a.n from jsonb_array_elements(records) with ordinality as a(x, n)
              where a.x ->> 'tenant_id' = chain order by a.n
            loop
              head_seq := head_seq + 1;
              row_hash := encode(sha256(convert_to(concat_ws(chr(10),
                rec ->> 'id', chain, head_seq::text, rec ->> 'created_at', rec ->> 'action', rec ->> 'resource',
                rec ->> 'actor_json', coalesce(rec ->> 'governance_reason', ''), rec ->> 'request_hash',
                rec ->> 'response_hash', rec ->> 'decision_json', head_hash), 'UTF8')), 'hex');
              r_n := r_n || n;
              r_seq := r_seq || head_seq;
              r_prev := r_prev || head_hash;
              r_hash := r_hash || row_hash;
              seqs[n] := head_seq;
              head_hash := row_hash;
            end loop;
          end loop;
          insert into evidence (id, tenant_id, seq, created_at, action, resource, actor_json, governance_reason,
                                request_hash, response_hash, decision_json, prev_hash, hash)
          select r ->> 'id', r ->> 'tenant_id', u.seq, r ->> 'created_at', r ->> 'action', r ->> 'resource',
                 r ->> 'actor_json', r ->> 'governance_reason', r ->> 'request_hash', r ->> 'response_hash',
                 r ->> 'decision_json', u.prev, u.hash
            from unnest(r_n, r_seq, r_prev, r_hash) as u(n, seq, prev, hash)
            cross join lateral (select records -> (u.n - 1)) as j(r);
          return seqs;
        end
        $fn$`.execute(db);
    },
  },
  '0023_receipts_commit_without_flush': {
    // Read receipts: the same append, whose transaction commits without waiting for its WAL to reach the disk.
    // Each request waited for its receipt's flush, and every other instance's receipts waited behind it for the
    // chain's lock, so a slow disk flush (tens of milliseconds on a busy shared disk) stalled every read at once.
    async up(db: Kysely<any>) {
      if (!onPostgres(db)) return;
      await sql`
        create or replace function payrail_append_receipts(records jsonb) returns integer[]
        language plpgsql as $fn$
        begin
          perform set_config('synchronous_commit', 'off', true);
          return payrail_append_evidence(records);
        end
        $fn$`.execute(db);
    },
  },
  '0024_bms_ids': {
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
  },
  '0025_seal_raw_identifiers': {
    // Identifiers stored before intake recognised them by pattern and by value (`taxfilenumber`, `тfn`,
    // `acc_no`, a TFN in a pass-through note, a `tfn` among the leave settings): removed from the employees'
    // versions, the leave settings and the company's details and bank, which intake now keeps them out of.
    // Sealed values, hashes, attested flags and masked digits stay; the evidence chain is append-only and
    // its views redact such values instead (`redactedForView`).
    async up(db: Kysely<any>) {
      const columns: [table: string, key: string[], column: string][] = [
        ['employee_versions', ['employee_id', 'effective_from', 'seq'], 'data_json'],
        ['leave_settings', ['tenant_id', 'employee_id'], 'data_json'],
        ['company', ['tenant_id'], 'data_json'],
        ['company', ['tenant_id'], 'bank_json'],
      ];
      for (const [table, key, column] of columns) {
        const rows = await db
          .selectFrom(table)
          .select([...key, column])
          .execute();
        for (const row of rows) {
          const stored = JSON.parse(row[column]);
          const kept = JSON.stringify(withoutRawIdentifiers(stored));
          if (kept === JSON.stringify(stored)) continue;
          let update = db.updateTable(table).set({ [column]: kept });
          for (const k of key) update = update.where(k, '=', row[k]);
          await update.execute();
        }
      }
    },
  },
  '0026_payment_files': {
    // A run's bank file is one document: its exact bytes (sealed, as they carry full account numbers) are kept
    // so that asking again answers the same file, and a re-issue names the file it supersedes.
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('payment_files')
        .addColumn('evidence_id', 'text', (c) => c.primaryKey())
        .addColumn('tenant_id', 'text', (c) => c.notNull())
        .addColumn('pay_run_id', 'text', (c) => c.notNull())
        .addColumn('seq', 'integer', (c) => c.notNull())
        .addColumn('format', 'text', (c) => c.notNull())
        .addColumn('message_id', 'text')
        .addColumn('balancing_debit', 'integer', (c) => c.notNull())
        .addColumn('body_enc', 'text', (c) => c.notNull())
        .addColumn('sha256', 'text', (c) => c.notNull())
        .addColumn('generated_at', 'text', (c) => c.notNull())
        .addColumn('superseded_by', 'text')
        .addColumn('superseded_at', 'text')
        .execute();
      await db.schema
        .createIndex('payment_files_by_run')
        .on('payment_files')
        .columns(['tenant_id', 'pay_run_id', 'seq'])
        .unique()
        .execute();
    },
  },
  '0027_year_to_date_openings': {
    // An employer that starts on Payrail during a year records each employee's year to date once: the
    // figures one-off payments are measured against (§ 23a SGB IV) and payslips' year to date add up.
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('year_to_date_openings')
        .addColumn('tenant_id', 'text', (c) => c.notNull())
        .addColumn('employee_id', 'text', (c) => c.notNull())
        .addColumn('tax_year_start', 'text', (c) => c.notNull())
        .addColumn('as_at', 'text', (c) => c.notNull())
        .addColumn('figures_json', 'text', (c) => c.notNull())
        .addColumn('evidence_id', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('year_to_date_openings_pk', ['tenant_id', 'employee_id', 'tax_year_start'])
        .execute();
    },
  },
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
