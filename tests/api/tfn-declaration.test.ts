// The AU TFN declaration as a whole: a hire, a draft check, a tax settings change and an employee change
// through its statutory fields need the TFN or the reason it is not given (422 with the rule and the
// field's path, nothing written); the second-job flag is kept and shown, and a pay run warns when the
// tax-free threshold is claimed by someone with another job.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestApi, REASON, type TestApi } from '../helpers/api.ts';
import {
  createTenant,
  draftRun,
  expectStatus,
  fortnight,
  hireAu,
  preview,
  runPath,
  type TenantRef,
} from '../helpers/payroll-fixtures.ts';

let api: TestApi;
let t: TenantRef;
before(async () => {
  api = await startTestApi();
  t = await createTenant(api, { jurisdiction: 'AU' });
});
after(() => api.close());

const E = (tail = '') => `/v1/tenants/${t.id}/employees${tail}`;
const RULE = () => `${t.packVersion}/tax/tfn_or_reason`;
const person = (au?: Record<string, unknown>) => ({
  first_name: 'Tia',
  last_name: 'Declared',
  date_of_birth: '1991-02-03',
  employment: { type: 'full_time', annual_salary: '70000.00', pay_frequency: 'fortnightly', start_date: '2026-01-05' },
  ...(au ? { statutory: { au } } : {}),
});
const count = async () => expectStatus(await api.call('GET', E('?limit=200')), 200).data.length as number;

describe('the TFN or the reason it is not given', () => {
  test('a hire with neither is 422 naming statutory.au.tfn and the rule; nothing is created', async () => {
    const before = await count();
    for (const body of [person(), person({ residency: 'resident' }), person({ tfn: null })]) {
      const r = await api.call('POST', E(), { body, reason: REASON });
      const err = expectStatus(r, 422).error;
      assert.equal(err.code, 'pack_validation_failed');
      assert.deepEqual(
        err.violations.map((v: any) => [v.rule, v.path]),
        [[RULE(), 'statutory.au.tfn']],
      );
      assert.match(err.violations[0].message, /tax file number/);
    }
    assert.equal(await count(), before, 'nothing created');
  });

  test('a hire with a TFN, or with a reason from the pay event’s list, is created', async () => {
    const withTfn = expectStatus(
      await api.call('POST', E(), { body: person({ tfn: '123456782' }), reason: REASON }),
      201,
    );
    assert.equal(withTfn.data.statutory.au.tfn_attested, true);
    const withReason = expectStatus(
      await api.call('POST', E(), { body: person({ no_number_reason: 'under_18' }), reason: REASON }),
      201,
    );
    assert.equal(withReason.data.statutory.au.tfn_attested, false);
    const bad = await api.call('POST', E(), { body: person({ no_number_reason: 'forgot' }), reason: REASON });
    assert.equal(expectStatus(bad, 422).error.violations[0].rule, `${t.packVersion}/tax/no_number_reason`);
  });

  test('the draft check names employee.statutory.au.tfn, and passes with either', async () => {
    const check = async (au?: Record<string, unknown>) =>
      expectStatus(await api.call('POST', E('/validate'), { body: { employee: person(au) } }), 200).data;
    const none = await check({ residency: 'resident' });
    assert.equal(none.valid, false);
    assert.deepEqual(
      none.violations.map((v: any) => [v.rule, v.path]),
      [[RULE(), 'employee.statutory.au.tfn']],
    );
    assert.equal((await check({ no_number_reason: 'applied_for' })).valid, true);
    assert.equal((await check({ tfn: '123456782' })).valid, true);
  });

  test('a tax settings change that leaves neither is 422 on tfn (write and check); the declaration stays', async () => {
    const id = await hireAu(api, t, { pay_frequency: 'fortnightly' });
    const path = E(`/${id}/tax-settings`);
    const r = await api.call('PATCH', path, { body: { tfn: null }, reason: REASON });
    const err = expectStatus(r, 422).error;
    assert.deepEqual(
      err.violations.map((v: any) => [v.rule, v.path]),
      [[RULE(), 'tfn']],
    );
    assert.equal(expectStatus(await api.call('GET', path), 200).data.tfn_attested, true, 'unchanged');
    const checked = expectStatus(await api.call('POST', `${path}/validate`, { body: { tfn: null } }), 200).data;
    assert.deepEqual(
      checked.violations.map((v: any) => [v.rule, v.path]),
      [[RULE(), 'tfn']],
    );
    // A change that leaves the TFN on file, or withdraws it with a reason, is fine.
    const other = await api.call('POST', `${path}/validate`, { body: { residency: 'foreign_resident' } });
    assert.equal(expectStatus(other, 200).data.valid, true);
    const withdrawn = await api.call('PATCH', path, {
      body: { tfn: null, no_number_reason: 'applied_for' },
      reason: REASON,
    });
    assert.equal(expectStatus(withdrawn, 200).data.statutory.au.tfn_attested, false);
  });

  test('an employee change through statutory.au that leaves neither is 422 on statutory.au.tfn; the TFN stays', async () => {
    const id = await hireAu(api, t, { pay_frequency: 'fortnightly' });
    const attested = async () => expectStatus(await api.call('GET', E(`/${id}`)), 200).data.statutory.au.tfn_attested;
    for (const body of [{ statutory: { au: { tfn: null } } }, { tax_profile: { tfn: null }, position: 'Barista' }]) {
      const r = await api.call('PATCH', E(`/${id}`), { body, reason: REASON });
      const err = expectStatus(r, 422).error;
      assert.equal(err.code, 'pack_validation_failed');
      assert.deepEqual(
        err.violations.map((v: any) => [v.rule, v.path]),
        [[RULE(), 'statutory.au.tfn']],
      );
    }
    assert.equal(await attested(), true, 'unchanged');
    // Other statutory fields with the TFN left on file, or the TFN withdrawn with a reason, are fine.
    const other = { statutory: { au: { residency: 'foreign_resident' } } };
    expectStatus(await api.call('PATCH', E(`/${id}`), { body: other, reason: REASON }), 200);
    const withdrawn = { statutory: { au: { tfn: null, no_number_reason: 'applied_for' } } };
    const r = await api.call('PATCH', E(`/${id}`), { body: withdrawn, reason: REASON });
    assert.equal(expectStatus(r, 200).data.statutory.au.tfn_attested, false);
  });
});

describe('a second job and the tax-free threshold', () => {
  test('other_employment must be true or false; it is kept and shown in the tax settings', async () => {
    const id = await hireAu(api, t, { pay_frequency: 'fortnightly' });
    const path = E(`/${id}/tax-settings`);
    const bad = await api.call('PATCH', path, { body: { other_employment: 'yes' }, reason: REASON });
    assert.equal(expectStatus(bad, 422).error.violations[0].path, 'other_employment');
    expectStatus(await api.call('PATCH', path, { body: { other_employment: true }, reason: REASON }), 200);
    const view = expectStatus(await api.call('GET', path), 200).data;
    assert.equal(view.other_employment, true);
    assert.equal(view.tfn_attested, true);
  });

  test('a run warns about the threshold claimed with another job, and only then', async () => {
    const u = await createTenant(api, { jurisdiction: 'AU' });
    const hire = (last: string, tax_free_threshold: boolean) =>
      hireAu(api, u, { last_name: last, pay_frequency: 'fortnightly', tax_free_threshold });
    const both = await hire('Twojobs', true);
    const noThreshold = await hire('Nothreshold', false);
    const oneJob = await hire('Onejob', true);
    for (const id of [both, noThreshold])
      expectStatus(
        await api.call('PATCH', `/v1/tenants/${u.id}/employees/${id}/tax-settings`, {
          body: { other_employment: true },
          reason: REASON,
        }),
        200,
      );
    const run = await draftRun(api, u, fortnight(0));
    expectStatus(await preview(api, u, run.id), 200);
    const list = expectStatus(await api.call('GET', runPath(u, run.id, '/exceptions')), 200).data as any[];
    const found = list.filter((e) => e.kind === 'tax_free_threshold_second_job');
    assert.deepEqual(
      found.map((e) => e.employee_id),
      [both],
    );
    assert.equal(found[0].severity, 'warning');
    assert.match(found[0].message, /tax-free threshold.*another job.*one payer only/);
    assert.deepEqual(found[0].detail, { tax_free_threshold: true, other_employment: true });
    assert.ok(!list.some((e) => e.employee_id === oneJob && e.kind === 'tax_free_threshold_second_job'));
  });
});
