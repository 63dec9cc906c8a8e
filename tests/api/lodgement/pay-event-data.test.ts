// The data a pay event needs: the employer's details on the company object, each employee's postal
// address (shown to payroll roles only) and TFNs sealed at rest, never answered.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestApi, REASON, type TestApi } from '../../helpers/api.ts';
import {
  createTenant,
  expectStatus,
  hireAu,
  userToken,
  validTfn,
  type TenantRef,
} from '../../helpers/payroll-fixtures.ts';

const COMPANY = {
  legal_name: 'Fixture Roasters Pty Ltd',
  abn: '51 824 753 556',
  branch: '002',
  payroll_contact: { name: 'Pat Payroll', email: 'payroll@fixture.example', phone: '+61 2 9000 0000' },
  address: { line1: '1 Test Street', locality: 'Sydney', state: 'NSW', postcode: '2000', country: 'AU' },
};
const HOME = {
  line1: '7 Home Lane',
  line2: 'Unit 3',
  locality: 'Newtown',
  state: 'NSW',
  postcode: '2042',
  country: 'AU',
};

let api: TestApi;
let t: TenantRef;
before(async () => {
  api = await startTestApi();
  t = await createTenant(api);
});
after(() => api.close());

describe('company object', () => {
  test('a new company answers the default branch 001 and nulls for what is not given', async () => {
    const c = expectStatus(await api.call('GET', `/v1/tenants/${t.id}/company`), 200).data;
    assert.equal(c.branch, '001');
    assert.match(c.legal_name, /^AU Fixture Employer/, 'provisioning names the company after the tenant');
    assert.equal(c.payroll_contact, null);
    assert.equal(c.address, null);
    // The bank fixture sent the ABN with the account, so it is already known.
    assert.equal(c.abn, '51824753556');
  });

  test('an ABN that fails its checksum is 422 with a rule reference and changes nothing', async () => {
    const r = await api.call('PATCH', `/v1/tenants/${t.id}/company`, {
      body: { legal_name: 'Changed', abn: '51824753557' },
      reason: REASON,
    });
    const body = expectStatus(r, 422);
    assert.equal(body.error.code, 'pack_validation_failed');
    assert.equal(body.error.rule, `${t.packVersion}/company/abn_checksum`);
    const c = expectStatus(await api.call('GET', `/v1/tenants/${t.id}/company`), 200).data;
    assert.notEqual(c.legal_name, 'Changed');
  });

  test('an admin writes the payer details, governed, and they read back with the ABN as digits', async () => {
    const admin = await userToken(api, t, 'admin', 'usr_admin_1');
    const r = await api.call('PATCH', `/v1/tenants/${t.id}/company`, { key: admin, body: COMPANY, reason: REASON });
    const body = expectStatus(r, 200);
    assert.match(body.evidence_id, /^cev_/);
    const c = expectStatus(await api.call('GET', `/v1/tenants/${t.id}/company`), 200).data;
    assert.equal(c.legal_name, COMPANY.legal_name);
    assert.equal(c.abn, '51824753556');
    assert.equal(c.branch, '002');
    assert.match(c.bms_id, /^[0-9a-f-]{36}$/, 'the BMS id Payrail generated, untouched');
    assert.deepEqual(c.payroll_contact, COMPANY.payroll_contact);
    assert.equal(c.address.locality, 'Sydney');
    assert.equal(c.bank_attested, true);
  });

  test('preparers and viewers may not change the company; a missing reason is refused', async () => {
    for (const role of ['preparer', 'viewer', 'approver'] as const) {
      const key = await userToken(api, t, role, `usr_${role}_c`);
      const r = await api.call('PATCH', `/v1/tenants/${t.id}/company`, {
        key,
        body: { branch: '003' },
        reason: REASON,
      });
      assert.equal(r.status, 403, role);
    }
    const r = await api.call('PATCH', `/v1/tenants/${t.id}/company`, { body: { branch: '003' } });
    assert.equal(r.status, 400);
  });

  test('a branch must be 3 digits and unknown fields are refused', async () => {
    for (const body of [{ branch: '1' }, { branch: 'ABC' }, { payroll_contact: { name: 'x' } }, { colour: 'red' }]) {
      const r = await api.call('PATCH', `/v1/tenants/${t.id}/company`, { body, reason: REASON });
      assert.equal(r.status, 400, JSON.stringify(body));
    }
  });
});

describe('employee address', () => {
  let id: string;
  before(async () => {
    id = await hireAu(api, t, { pay_frequency: 'fortnightly' });
    expectStatus(
      await api.call('PATCH', `/v1/tenants/${t.id}/employees/${id}`, { body: { address: HOME }, reason: REASON }),
      200,
    );
  });

  test('payroll roles and the employee see the address; a viewer does not', async () => {
    const partner = expectStatus(await api.call('GET', `/v1/tenants/${t.id}/employees/${id}`), 200).data;
    assert.deepEqual(partner.address, HOME);
    const approver = await userToken(api, t, 'approver', 'usr_appr_a');
    const seen = expectStatus(await api.call('GET', `/v1/tenants/${t.id}/employees/${id}`, { key: approver }), 200);
    assert.deepEqual(seen.data.address, HOME);
    const viewer = await userToken(api, t, 'viewer', 'usr_view_a');
    const hidden = expectStatus(await api.call('GET', `/v1/tenants/${t.id}/employees/${id}`, { key: viewer }), 200);
    assert.equal('address' in hidden.data, false);
    const list = expectStatus(await api.call('GET', `/v1/tenants/${t.id}/employees`, { key: viewer }), 200);
    assert.ok(list.data.every((e: any) => !('address' in e)));
    const pinned = expectStatus(
      await api.call('POST', `/v1/tenants/${t.id}/embed/token`, { body: { components: ['*'], employee_id: id } }),
      201,
    ).data.token;
    const own = expectStatus(await api.call('GET', `/v1/tenants/${t.id}/employees/${id}`, { key: pinned }), 200);
    assert.deepEqual(own.data.address, HOME);
  });

  test('a new address replaces the old one whole', async () => {
    const next = { line1: '9 New Road', locality: 'Parramatta', state: 'NSW', postcode: '2150', country: 'AU' };
    const r = await api.call('PATCH', `/v1/tenants/${t.id}/employees/${id}`, {
      body: { address: next },
      reason: REASON,
    });
    assert.deepEqual(expectStatus(r, 200).data.address, { ...next, line2: null });
  });

  test('an address without its locality is 400 naming the field', async () => {
    const r = await api.call('PATCH', `/v1/tenants/${t.id}/employees/${id}`, {
      body: { address: { line1: 'x', country: 'AU' } },
      reason: REASON,
    });
    const body = expectStatus(r, 400);
    assert.ok(body.error.errors.some((e: any) => e.path === 'address.locality'));
  });
});

describe('TFN sealing', () => {
  test('a TFN is sealed at rest with the service key and never answered', async () => {
    const tfn = validTfn(901);
    const id = await hireAu(api, t, { pay_frequency: 'weekly', tfn });
    const rows = await api.deps.store.db
      .selectFrom('employee_versions')
      .select('data_json')
      .where('employee_id', '=', id)
      .execute();
    const stored = rows.map((r) => r.data_json).join('\n');
    assert.ok(!stored.includes(tfn), 'the raw TFN is not stored');
    const tax = rows.map((r) => JSON.parse(r.data_json).tax).find((x) => x?.tfn_enc);
    assert.equal(api.deps.secrets.decrypt(tax.tfn_enc), tfn);
    for (const path of ['', '/tax-settings', '/readiness']) {
      const r = await api.call('GET', `/v1/tenants/${t.id}/employees/${id}${path}`);
      assert.equal(r.status, 200);
      assert.ok(!r.text.includes(tfn) && !r.text.includes('tfn_enc') && !r.text.includes(tax.tfn_enc), path);
    }
  });

  test('a TFN attested before sealing existed is a readiness item asking for it again', async () => {
    const id = await hireAu(api, t, { pay_frequency: 'weekly' });
    // An attestation recorded before TFNs were sealed: the flag and hash, no sealed number.
    await api.deps.store.db
      .insertInto('employee_versions')
      .values({
        employee_id: id,
        tenant_id: t.id,
        effective_from: '0001-01-01',
        seq: 99,
        data_json: JSON.stringify({ tax: { tfn_enc: null } }),
        created_at: '2026-01-01T00:00:00.000Z',
      })
      .execute();
    const r = expectStatus(await api.call('GET', `/v1/tenants/${t.id}/employees/${id}/readiness`), 200).data;
    assert.ok(r.tabs.tax.missing.includes('tfn_resubmission'), JSON.stringify(r.tabs.tax));
    assert.equal(r.blocks_finalise, false);
    expectStatus(
      await api.call('PATCH', `/v1/tenants/${t.id}/employees/${id}/tax-settings`, {
        body: { tfn: validTfn(77) },
        reason: REASON,
      }),
      200,
    );
    const again = expectStatus(await api.call('GET', `/v1/tenants/${t.id}/employees/${id}/readiness`), 200).data;
    assert.deepEqual(again.tabs.tax.missing, []);
  });
});
