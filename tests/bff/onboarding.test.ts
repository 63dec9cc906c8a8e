// A new employee through the host: only a signed-in payroll officer or administrator may add one, from the
// host's own page; the host writes the draft with the partner key and its reason naming the form and the
// officer, and answers with the new id only (nothing typed travels back).
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { startLiveApi, type LiveApi } from '../helpers/live-api.ts';
import { startTestBff, signIn, type RunningBff, json } from './support.ts';

let api: LiveApi;
let bff: RunningBff;
const TFN = '123456782';
const ACCOUNT = '87654321';

before(async () => {
  api = await startLiveApi();
  bff = await startTestBff({ apiUrl: api.url, partnerKey: api.partnerKey });
});
after(async () => {
  await bff.close();
  await api.close();
});

const draft = (extra: Record<string, unknown> = {}) => ({
  employee: {
    first_name: 'Iris',
    last_name: 'Hartwell',
    date_of_birth: '1991-09-09',
    employment: { type: 'full_time', annual_salary: '72000', pay_frequency: 'fortnightly', start_date: '2026-11-02' },
    statutory: { au: { tfn: TFN, residency: 'resident', tax_free_threshold: true } },
  },
  bank: { bank_bsb: '062-000', bank_account_number: ACCOUNT, bank_account_name: 'Iris Hartwell' },
  pension: { super_fund_name: 'AustralianSuper', super_usi: 'STA0100AU' },
  ...extra,
});
const send = (cookie: string | null, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${bff.url}/bff/employees`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}), ...headers },
    body: JSON.stringify(body),
  });
const partner = (path: string) =>
  fetch(`${api.url}/v1/tenants/harbour-coffee${path}`, { headers: { authorization: `Bearer ${api.partnerKey}` } });

describe('a new employee through the host', () => {
  test("a payroll officer's draft is written with the host's reason; the answer carries the id only", async () => {
    const res = await send(await signIn(bff.url, 'usr_host_priya'), draft());
    const text = await res.text();
    assert.equal(res.status, 201, text);
    assert.ok(!text.includes(TFN) && !text.includes(ACCOUNT));
    const id = JSON.parse(text).data.id;
    const ready = (await json(await partner(`/employees/${id}/readiness`))).data;
    assert.equal(ready.blocks_finalise, false, JSON.stringify(ready));
    const trail = (await json(await partner(`/governance/audit-trail?resource=${id}`))).data;
    assert.equal(trail.length, 3, 'the employee, the bank account and the fund');
    for (const r of trail)
      assert.equal(
        r.governance_reason,
        'New employee from the employee-onboarding form, entered by Priya Raman (usr_host_priya)',
      );
  });

  test('a viewer, an employee, nobody signed in and another origin are refused; nothing is written', async () => {
    const before = (await json(await partner('/employees?limit=1'))).total;
    for (const user of ['usr_host_sam', 'usr_host_olivia', 'usr_host_marcus']) {
      const res = await send(await signIn(bff.url, user), draft());
      assert.equal(res.status, 403, user);
    }
    assert.equal((await send(null, draft())).status, 401);
    const foreign = await send(await signIn(bff.url, 'usr_host_priya'), draft(), { origin: 'https://evil.example' });
    assert.equal(foreign.status, 403);
    assert.equal((await json(await partner('/employees?limit=1'))).total, before);
  });

  test('a body that is not an onboarding draft is a 400; a draft the API refuses answers its violations', async () => {
    const cookie = await signIn(bff.url, 'usr_host_elena');
    for (const body of [[], { employee: 'x' }, { employee: {}, tenant_id: 'other' }]) {
      const res = await send(cookie, body);
      assert.equal(res.status, 400, JSON.stringify(body));
    }
    const refused = await send(
      cookie,
      draft({ employee: { first_name: 'Iris', last_name: 'Hartwell', statutory: { au: { tfn: '123456789' } } } }),
    );
    assert.equal(refused.status, 422);
    const body = await json(refused);
    assert.equal(body.error.code, 'pack_validation_failed');
    assert.ok(!JSON.stringify(body).includes('123456789'));
  });

  test('every choice of fund the wizard offers goes through the host and is on file as chosen', async () => {
    const cookie = await signIn(bff.url, 'usr_host_priya');
    const SMSF_ACCOUNT = '55501234';
    for (const pension of [
      {
        fund_choice: 'smsf',
        smsf_account_name: 'Hartwell Family Super Fund',
        smsf_abn: '51824753556',
        smsf_esa: 'ESAS',
        smsf_bsb: '062-000',
        smsf_account_number: SMSF_ACCOUNT,
      },
      { fund_choice: 'employer_default', super_fund_name: 'Hostplus', super_usi: 'HOS0001AU' },
      { fund_choice: 'stapled_requested' },
    ]) {
      const res = await send(cookie, draft({ pension }));
      const text = await res.text();
      assert.equal(res.status, 201, text);
      assert.ok(!text.includes(SMSF_ACCOUNT));
      const fund = await json(await partner(`/employees/${JSON.parse(text).data.id}/pension`));
      assert.equal(fund.data.fund_choice, pension.fund_choice);
      assert.equal(fund.data.super_fund_attested, pension.fund_choice !== 'stapled_requested');
      assert.ok(!JSON.stringify(fund).includes(SMSF_ACCOUNT));
    }
  });

  test('an AU draft without the TFN declaration is hired: the declaration shows as not received yet', async () => {
    const employee = { ...draft().employee, statutory: { au: { residency: 'resident' } } };
    const res = await send(await signIn(bff.url, 'usr_host_priya'), draft({ employee }));
    const text = await res.text();
    assert.equal(res.status, 201, text);
    const id = JSON.parse(text).data.id;
    const hired = (await json(await partner(`/employees/${id}`))).data;
    assert.equal(hired.statutory.au.tfn_declaration, 'not_received');
    const ready = (await json(await partner(`/employees/${id}/readiness`))).data;
    assert.deepEqual(ready.tabs.tax.missing, ['tfn_declaration']);
    assert.equal(ready.blocks_finalise, false, 'a warning the officer sees, not a block');
  });
});
