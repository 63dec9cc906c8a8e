// Migration 0006_employee_list_periods. Released: never edited; a change is a new migration.
/* eslint-disable @typescript-eslint/no-explicit-any */
import { type Kysely, type Migration } from 'kysely';

export const migration: Migration = {
  // The employee list's index: each employee's name and placement (cost centre and site, as the view
  // shows them) per value period, in list order, so a page reads its own rows only and a data scope is
  // an SQL condition. The services write it with every change and fill it for existing data at boot
  // (`services/employees/employee-index.ts`), since placement follows the tenant's mapping rules.
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
    await db.schema.createIndex('evidence_resource').on('evidence').columns(['tenant_id', 'resource', 'seq']).execute();
  },
};
