// Migration 0025: identifiers stored before intake recognised them by pattern and by value are removed from
// the employees' versions, the leave settings and the company's details and bank; what Payrail sealed,
// hashed, attested or masked stays, and so does everything else. (TFN `123456782`: reference/au.md.)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import pg from 'pg';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import { newTestDb } from '../helpers/test-db.ts';
import { migrate } from '../../api/store/migrations/index.ts';

const TFN = '123456782';

test('0025 removes raw identifiers outside the evidence chain and keeps what Payrail sealed', async () => {
  const testDb = await newTestDb('payrail-0025-');
  const pool = testDb.databaseUrl ? new pg.Pool({ connectionString: testDb.databaseUrl }) : null;
  const db = new Kysely<any>({
    dialect: pool ? new PostgresDialect({ pool }) : new SqliteDialect({ database: new SQLite(testDb.dbFile) }),
  });
  try {
    await migrate(db, '0023_receipts_commit_without_flush');
    const at = '2026-07-01T00:00:00.000Z';
    await db.insertInto('partners').values({ id: 'par_1', name: 'P', created_at: at }).execute();
    await db
      .insertInto('tenants')
      .values({
        id: 'ten_1',
        partner_id: 'par_1',
        slug: 'one',
        name: 'One',
        jurisdiction: 'AU',
        environment: 'sandbox',
        group_json: null,
        created_at: at,
      })
      .execute();
    await db
      .insertInto('employees')
      .values({
        id: 'emp_1',
        tenant_id: 'ten_1',
        engine_ref: 'emp_1',
        status: 'active',
        first_name: 'Old',
        last_name: 'Row',
        cost_centre_code: null,
        site: null,
        created_at: at,
        updated_at: at,
      })
      .execute();
    const employee = {
      first_name: 'Old',
      taxfilenumber: TFN,
      employment: { acc_no: '12345678', pay_frequency: 'monthly' },
      jurisdiction_data: { au: { тfn: TFN, note: `TFN ${TFN}`, payroll_note: 'started 2026-07-01' } },
      tax: { tfn_attested: true, tfn_hash: 'c0ffee' },
      employee_id: 'emp_1',
    };
    await db
      .insertInto('employee_versions')
      .values({
        employee_id: 'emp_1',
        tenant_id: 'ten_1',
        effective_from: '2026-07-01',
        seq: 1,
        data_json: JSON.stringify(employee),
        created_at: at,
      })
      .execute();
    await db
      .insertInto('leave_settings')
      .values({
        tenant_id: 'ten_1',
        employee_id: 'emp_1',
        data_json: JSON.stringify({
          accrual_method: 'ordinary_hours',
          extra: { tfn: TFN, iban: 'DE89370400440532013000', bank_account_number: '12345678', roster: 'four days' },
        }),
        updated_at: at,
      })
      .execute();
    await db
      .insertInto('company')
      .values({
        tenant_id: 'ten_1',
        data_json: JSON.stringify({ legal_name: 'One Pty Ltd', abn: '51824753556', mytfn: TFN }),
        bank_json: JSON.stringify({
          bsb: '062-000',
          account_enc: 'sealed',
          account_number_last3: '678',
          accnum: '12345678',
        }),
        updated_at: at,
      })
      .execute();

    await migrate(db);

    const one = async (table: string, column: string) =>
      JSON.parse((await db.selectFrom(table).select(column).executeTakeFirstOrThrow())[column]);
    assert.deepEqual(await one('employee_versions', 'data_json'), {
      first_name: 'Old',
      employment: { pay_frequency: 'monthly' },
      jurisdiction_data: { au: { payroll_note: 'started 2026-07-01' } },
      tax: { tfn_attested: true, tfn_hash: 'c0ffee' },
      employee_id: 'emp_1',
    });
    assert.deepEqual(await one('leave_settings', 'data_json'), {
      accrual_method: 'ordinary_hours',
      extra: { roster: 'four days' },
    });
    // Migration 0024, run in between, gave the AU employer its BMS id.
    const { bms_id, ...company } = await one('company', 'data_json');
    assert.match(bms_id, /^[0-9a-f-]{36}$/);
    assert.deepEqual(company, { legal_name: 'One Pty Ltd', abn: '51824753556' });
    assert.deepEqual(await one('company', 'bank_json'), {
      bsb: '062-000',
      account_enc: 'sealed',
      account_number_last3: '678',
    });
  } finally {
    await db.destroy();
    await testDb.drop();
  }
});
