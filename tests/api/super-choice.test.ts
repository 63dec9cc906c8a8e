// Choice of fund on an AU employee's pension settings: an APRA fund by USI, a self-managed fund (ABN,
// electronic service address, bank account), the employer's default fund, or a stapled fund requested from
// the ATO. Each choice is checked with its rule reference, by the check and by the write alike; a new choice
// replaces the fund paid before, and a stapled fund not yet known leaves the employee blocked for payday super.
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { startTestApi, REASON, type TestApi, type Reply } from '../helpers/api.ts';

let api: TestApi;
let t: string;
let id: string;

const ok = (r: Reply, status = 200) => {
  assert.equal(r.status, status, JSON.stringify(r.body));
  return r.body;
};
const E = () => `/v1/tenants/${t}/employees/${id}`;
const check = async (body: unknown) => ok(await api.call('POST', `${E()}/pension/validate`, { body })).data;
const write = (body: unknown) => api.call('PATCH', `${E()}/pension`, { reason: REASON, body });
const onFile = async () => ok(await api.call('GET', `${E()}/pension`)).data;
const blocking = async () => ok(await api.call('GET', `${E()}/readiness`)).data.blocking as string[];
const rules = (v: { violations: { path: string; rule: string }[] }) =>
  v.violations.map((x) => [x.path, x.rule.replace(/^AU-\d{4}\.\d\//, '')]);

const SMSF = {
  fund_choice: 'smsf',
  smsf_abn: '51824753556',
  smsf_esa: 'ESAS',
  smsf_bsb: '062-000',
  smsf_account_number: '11223344',
  smsf_account_name: 'Lee Family Super Fund',
};

before(async () => {
  api = await startTestApi();
  t = ok(
    await api.call('POST', '/v1/partners/tenants', {
      body: { name: 'Fund choice', jurisdiction: 'AU', engine: 'payroll_engine_au' },
    }),
    201,
  ).data.tenant.id;
  id = ok(
    await api.call('POST', `/v1/tenants/${t}/employees`, {
      reason: REASON,
      body: {
        first_name: 'Ann',
        last_name: 'Lee',
        employment: {
          type: 'full_time',
          annual_salary: '85000',
          pay_frequency: 'fortnightly',
          start_date: '2026-11-02',
        },
        statutory: { au: { tfn: '123456782' } },
      },
    }),
    201,
  ).data.id;
});
after(async () => {
  await api.close();
});

describe('choice of fund', () => {
  test('each choice names what it needs, with the rule reference; the check and the write agree', async () => {
    assert.deepEqual(rules(await check({ fund_choice: 'industry' })), [['fund_choice', 'super/fund_choice']]);
    assert.deepEqual(rules(await check({ fund_choice: 'apra', super_fund_name: 'AustralianSuper' })), [
      ['super_usi', 'super/fund_required'],
    ]);
    assert.deepEqual(rules(await check({ fund_choice: 'employer_default' })), [
      ['super_fund_name', 'super/fund_required'],
      ['super_usi', 'super/fund_required'],
    ]);
    assert.deepEqual(
      rules(await check({ fund_choice: 'smsf', smsf_abn: '51824753557', smsf_esa: 'no spaces allowed' })),
      [
        ['smsf_abn', 'super/smsf_abn_checksum'],
        ['smsf_esa', 'super/smsf_esa_format'],
        ['smsf_bsb', 'super/smsf_details'],
        ['smsf_account_number', 'super/smsf_details'],
        ['smsf_account_name', 'super/smsf_details'],
      ],
    );
    assert.deepEqual(await check(SMSF), { valid: true, violations: [] });
    assert.deepEqual(await check({ fund_choice: 'stapled_requested' }), { valid: true, violations: [] });
    const refused = await write({ fund_choice: 'smsf', smsf_abn: '51824753556' });
    assert.equal(refused.status, 422);
    assert.equal(refused.body.error.code, 'pack_validation_failed');
  });

  test('an SMSF pays super; a stapled fund requested replaces it and blocks until the fund is known', async () => {
    assert.ok((await blocking()).includes('super_fund'));
    ok(await write(SMSF));
    const smsf = await onFile();
    assert.equal(smsf.fund_choice, 'smsf');
    assert.equal(smsf.smsf_esa, 'ESAS');
    assert.equal(smsf.smsf_account_last3, '344');
    assert.ok(!JSON.stringify(smsf).includes('11223344'), 'the account number is never shown');
    assert.ok(!(await blocking()).includes('super_fund'));
    ok(await write({ fund_choice: 'stapled_requested' }));
    assert.ok((await blocking()).includes('super_fund'), 'no fund known yet: payday super cannot be paid');
    ok(await write({ fund_choice: 'employer_default', super_fund_name: 'AustralianSuper', super_usi: 'STA0100AU' }));
    const chosen = await onFile();
    assert.equal(chosen.super_fund_attested, true);
    assert.ok(!(await blocking()).includes('super_fund'));
  });
});
