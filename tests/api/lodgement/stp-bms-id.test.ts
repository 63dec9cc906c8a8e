// The BMS id: the id of an employer's instance of the payroll software, which the ATO files every
// single-touch payroll report under. Payrail generates it (a GUID) when the employer is created and for
// employers created before (migration 0024), shows it read-only, and takes an earlier software's id only as a
// key-identifier change that the next submission reports once (ATO, "Single Touch Payroll Phase 2 employer
// reporting guidelines", "Changing your payroll solution or employees' Payroll IDs"; element names from the
// PAYEVNT.0004 and PAYEVNTEMP.0004 (2020) message structure tables).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import { startTestApi, REASON, type TestApi } from '../../helpers/api.ts';
import { newTestDb } from '../../helpers/test-db.ts';
import {
  createTenant,
  evidenceOf,
  expectStatus,
  fortnight,
  getRun,
  userToken,
} from '../../helpers/payroll-fixtures.ts';
import { migrate } from '../../../api/store/migrations/index.ts';
import { finalisedRun, hireWithAddress, payloadOf, stpTenant, submit, waitForRail } from './stp-fixtures.ts';

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

let api: TestApi;
before(async () => {
  api = await startTestApi();
});
after(() => api.close());

const company = async (t: { id: string }) =>
  expectStatus(await api.call('GET', `/v1/tenants/${t.id}/company`), 200).data;
const recordChange = (t: { id: string }, body: Record<string, unknown>, key?: string) =>
  api.call('POST', `/v1/tenants/${t.id}/stp/key-identifier-changes`, { body, reason: REASON, ...(key ? { key } : {}) });

describe('the BMS id Payrail generates', () => {
  test('a fresh AU employer has its own GUID from the start and lodges with nobody typing one', async () => {
    const a = await stpTenant(api);
    const b = await stpTenant(api);
    const [ca, cb] = [await company(a), await company(b)];
    assert.match(ca.bms_id, GUID);
    assert.notEqual(ca.bms_id, cb.bms_id, 'one per employer');
    assert.equal(ca.key_identifier_change, null);
    await hireWithAddress(api, a, { pay_frequency: 'fortnightly' });
    const runId = await finalisedRun(api, a, fortnight(0));
    const l = expectStatus(await submit(api, a, runId), 202).data;
    assert.equal((await waitForRail(api, a, l.id)).status, 'accepted');
    assert.equal((await getRun(api, a, runId)).status, 'lodged');
    const rp = (await payloadOf(api, a, l.id)).json.PAYEVNT.Rp;
    assert.equal(rp.SoftwareInformationBusinessManagementSystemId, ca.bms_id);
    assert.equal(rp.PreviousSoftwareInformationBusinessManagementSystemId, null, 'no key-identifier change');
  });

  test('a DE employer has none: the BMS id is single-touch payroll’s', async () => {
    const de = await createTenant(api, { jurisdiction: 'DE' });
    assert.equal('bms_id' in (await company(de)), false);
  });

  test('PATCH /company refuses another BMS id with 400 naming the field and the way to carry one over; the same value changes nothing', async () => {
    const t = await stpTenant(api);
    const before = (await company(t)).bms_id;
    const r = await api.call('PATCH', `/v1/tenants/${t.id}/company`, {
      body: { bms_id: 'OTHER-SOFTWARE', legal_name: 'Renamed Pty Ltd' },
      reason: REASON,
    });
    const body = expectStatus(r, 400);
    assert.equal(body.error.code, 'bad_request');
    assert.equal(body.error.errors[0].path, 'bms_id');
    assert.match(body.error.message, /key-identifier-changes/);
    const after = await company(t);
    assert.deepEqual([after.bms_id, after.legal_name], [before, 'Fixture Roasters Pty Ltd'], 'nothing changed');
    expectStatus(
      await api.call('PATCH', `/v1/tenants/${t.id}/company`, {
        body: { bms_id: before, legal_name: 'Renamed Pty Ltd' },
        reason: REASON,
      }),
      200,
    );
    assert.equal((await company(t)).legal_name, 'Renamed Pty Ltd');
  });

  test('migration 0024 gives each AU employer created before it a GUID, keeps one it had, and leaves DE alone', async () => {
    const tdb = await newTestDb('payrail-bms-');
    const db = new Kysely<any>({
      dialect: tdb.databaseUrl
        ? new PostgresDialect({ pool: new pg.Pool({ connectionString: tdb.databaseUrl, max: 1 }) })
        : new SqliteDialect({ database: new SQLite(tdb.dbFile) }),
    });
    try {
      await migrate(db, '0023_receipts_commit_without_flush');
      const at = '2026-01-01T00:00:00.000Z';
      await db.insertInto('partners').values({ id: 'par_1', name: 'P', created_at: at }).execute();
      const tenant = (id: string, jurisdiction: string) => ({
        id,
        partner_id: 'par_1',
        slug: id,
        name: id,
        jurisdiction,
        environment: 'sandbox',
        group_json: null,
        created_at: at,
      });
      await db
        .insertInto('tenants')
        .values([tenant('ten_au', 'AU'), tenant('ten_kept', 'AU'), tenant('ten_bare', 'AU'), tenant('ten_de', 'DE')])
        .execute();
      const row = (tenant_id: string, data: object) => ({
        tenant_id,
        data_json: JSON.stringify(data),
        bank_json: '{}',
        updated_at: at,
      });
      await db
        .insertInto('company')
        .values([
          row('ten_au', { legal_name: 'Old AU' }),
          row('ten_kept', { legal_name: 'Kept', bms_id: 'earlier-id' }),
          row('ten_de', { legal_name: 'Alt GmbH' }),
        ])
        .execute();
      await migrate(db);
      const data = async (id: string) =>
        JSON.parse(
          (await db.selectFrom('company').select('data_json').where('tenant_id', '=', id).executeTakeFirstOrThrow())
            .data_json,
        );
      const au = await data('ten_au');
      assert.match(au.bms_id, GUID);
      assert.equal(au.legal_name, 'Old AU', 'the rest of the record is kept');
      assert.equal((await data('ten_kept')).bms_id, 'earlier-id');
      assert.match((await data('ten_bare')).bms_id, GUID, 'an employer with no company record gets one too');
      assert.notEqual((await data('ten_bare')).bms_id, au.bms_id);
      assert.equal((await data('ten_de')).bms_id, undefined);
    } finally {
      await db.destroy();
      await tdb.drop();
    }
  });
});

describe('moving from other software: the key-identifier change', () => {
  test('recorded once, reported in the next pay event with the previous BMS id and each payee’s previous payroll id, then never again', async () => {
    const t = await stpTenant(api);
    const moved = await hireWithAddress(api, t, { pay_frequency: 'fortnightly' });
    const hired = await hireWithAddress(api, t, { pay_frequency: 'fortnightly' });
    const r = await recordChange(t, {
      previous_bms_id: '{9F2C-OLD-PAYROLL}',
      previous_payroll_ids: [{ employee_id: moved, previous_payroll_id: 'E0042' }],
    });
    const change = expectStatus(r, 201);
    assert.deepEqual(change.data.previous_payroll_ids, [{ employee_id: moved, previous_payroll_id: 'E0042' }]);
    assert.equal(change.data.reported_lodgement_id, null);
    assert.equal((await evidenceOf(api, t, change.evidence_id)).action, 'stp.key_identifier_change_recorded');
    assert.equal((await company(t)).key_identifier_change.previous_bms_id, '{9F2C-OLD-PAYROLL}');

    const first = expectStatus(await submit(api, t, await finalisedRun(api, t, fortnight(0))), 202).data;
    const p = (await payloadOf(api, t, first.id)).json;
    assert.equal(p.PAYEVNT.Rp.PreviousSoftwareInformationBusinessManagementSystemId, '{9F2C-OLD-PAYROLL}');
    const ids = (id: string) =>
      p.PAYEVNTEMP.find((x: any) => x.Payee.PayeeIdentifiers.EmploymentPayrollNumberId === id).Payee.PayeeIdentifiers;
    assert.equal(ids(moved).PreviousPayrollIDEmploymentPayrollNumberId, 'E0042');
    assert.equal(ids(hired).PreviousPayrollIDEmploymentPayrollNumberId, null, 'a payee with no earlier id');
    const receipt = await evidenceOf(api, t, first.receipt_evidence_id);
    assert.deepEqual(receipt.decision.key_identifier_change, {
      previous_bms_id: '{9F2C-OLD-PAYROLL}',
      previous_payroll_id_count: 1,
    });
    assert.equal((await waitForRail(api, t, first.id)).status, 'accepted');
    assert.equal((await company(t)).key_identifier_change.reported_lodgement_id, first.id);

    const second = expectStatus(await submit(api, t, await finalisedRun(api, t, fortnight(1))), 202).data;
    const q = (await payloadOf(api, t, second.id)).json;
    assert.equal(q.PAYEVNT.Rp.PreviousSoftwareInformationBusinessManagementSystemId, null, 'reported once');
    assert.equal(q.PAYEVNTEMP[0].Payee.PayeeIdentifiers.PreviousPayrollIDEmploymentPayrollNumberId, null);

    const again = expectStatus(await recordChange(t, { previous_bms_id: 'ANOTHER' }), 409);
    assert.equal(again.error.code, 'state_conflict');
    assert.equal(again.error.lodgement_id, first.id);
    await waitForRail(api, t, second.id);
  });

  test('a change the rail rejects is reported again by the next submission, once corrected', async () => {
    const t = await stpTenant(api);
    await hireWithAddress(api, t, { pay_frequency: 'fortnightly' });
    expectStatus(await recordChange(t, { previous_bms_id: 'SANDBOX-REJECT' }), 201);
    const runId = await finalisedRun(api, t, fortnight(0));
    const rejected = await waitForRail(api, t, expectStatus(await submit(api, t, runId), 202).data.id);
    assert.equal(rejected.status, 'rejected');
    assert.deepEqual(
      [rejected.errors[0].code, rejected.errors[0].field, rejected.errors[0].employee_id],
      ['CMN.ATO.PAYEVNT.000144', 'PAYEVNT.Rp.PreviousSoftwareInformationBusinessManagementSystemId', null],
    );
    // Not reported (the ATO refused it): it may be corrected, and the resubmission carries the corrected id.
    expectStatus(await recordChange(t, { previous_bms_id: 'OLD-SOFTWARE-7' }), 201);
    const next = expectStatus(await submit(api, t, runId), 202).data;
    const rp = (await payloadOf(api, t, next.id)).json.PAYEVNT.Rp;
    assert.equal(rp.PreviousSoftwareInformationBusinessManagementSystemId, 'OLD-SOFTWARE-7');
    assert.equal((await waitForRail(api, t, next.id)).status, 'accepted');
  });

  test('refused: Payrail’s own id, an employee twice or unknown, a DE employer, and anyone but an admin', async () => {
    const t = await stpTenant(api);
    const id = await hireWithAddress(api, t, { pay_frequency: 'fortnightly' });
    const own = expectStatus(await recordChange(t, { previous_bms_id: (await company(t)).bms_id }), 400);
    assert.equal(own.error.errors[0].path, 'previous_bms_id');
    const twice = expectStatus(
      await recordChange(t, {
        previous_bms_id: 'OLD',
        previous_payroll_ids: [
          { employee_id: id, previous_payroll_id: 'A1' },
          { employee_id: id, previous_payroll_id: 'A2' },
        ],
      }),
      400,
    );
    assert.equal(twice.error.errors[0].path, 'previous_payroll_ids.1.employee_id');
    const unknown = await recordChange(t, {
      previous_bms_id: 'OLD',
      previous_payroll_ids: [{ employee_id: 'emp_0000000000000000', previous_payroll_id: 'A1' }],
    });
    assert.equal(unknown.status, 404);
    assert.equal((await company(t)).key_identifier_change, null, 'nothing recorded');
    for (const role of ['approver', 'preparer', 'viewer'] as const)
      assert.equal(
        (await recordChange(t, { previous_bms_id: 'OLD' }, await userToken(api, t, role, `usr_kic_${role}`))).status,
        403,
        role,
      );
    const admin = await userToken(api, t, 'admin', 'usr_kic_admin');
    expectStatus(await recordChange(t, { previous_bms_id: 'OLD' }, admin), 201);
    const de = await createTenant(api, { jurisdiction: 'DE' });
    assert.equal((await recordChange(de, { previous_bms_id: 'OLD' })).status, 501);
  });
});
