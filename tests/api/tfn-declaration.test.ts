// The AU TFN declaration as a whole: a hire may come before it (SPEC.md, Employees) and the employee shows
// where it stands (TFN quoted, not received yet, applied for, an exemption, not quoted); a reason outside
// the pay event's list is 422 with the rule and the field; the second-job flag is kept and shown, and a pay
// run warns when the tax-free threshold is claimed by someone with another job.
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
const person = (au?: Record<string, unknown>) => ({
  first_name: 'Tia',
  last_name: 'Declared',
  date_of_birth: '1991-02-03',
  employment: { type: 'full_time', annual_salary: '70000.00', pay_frequency: 'fortnightly', start_date: '2026-01-05' },
  ...(au ? { statutory: { au } } : {}),
});
const count = async () => expectStatus(await api.call('GET', E('?limit=200')), 200).data.length as number;

describe('a hire before the TFN declaration (SPEC.md, Employees)', () => {
  test('a hire with neither the TFN nor a reason is created; its declaration reads as not received yet', async () => {
    const before = await count();
    for (const body of [person(), person({ residency: 'resident' }), person({ tfn: null })]) {
      const r = await api.call('POST', E(), { body, reason: REASON });
      const e = expectStatus(r, 201).data;
      assert.equal(e.statutory.au.tfn_declaration, 'not_received');
      assert.equal(e.tax_profile.tfn_declaration, 'not_received');
    }
    assert.equal(await count(), before + 3);
  });

  test('a hire with a TFN, or with a reason from the pay event’s list, is created with that state', async () => {
    const withTfn = expectStatus(
      await api.call('POST', E(), { body: person({ tfn: '123456782' }), reason: REASON }),
      201,
    );
    assert.equal(withTfn.data.statutory.au.tfn_attested, true);
    assert.equal(withTfn.data.statutory.au.tfn_declaration, 'tfn_quoted');
    const withReason = expectStatus(
      await api.call('POST', E(), { body: person({ no_number_reason: 'under_18' }), reason: REASON }),
      201,
    );
    assert.equal(withReason.data.statutory.au.tfn_attested, false);
    assert.equal(withReason.data.statutory.au.tfn_declaration, 'under_18');
    const bad = await api.call('POST', E(), { body: person({ no_number_reason: 'forgot' }), reason: REASON });
    const err = expectStatus(bad, 422).error;
    assert.equal(err.code, 'pack_validation_failed');
    assert.deepEqual(
      err.violations.map((v: any) => [v.rule, v.path]),
      [[`${t.packVersion}/tax/no_number_reason`, 'no_number_reason']],
    );
  });

  test('the draft check passes without either', async () => {
    const check = async (au?: Record<string, unknown>) =>
      expectStatus(await api.call('POST', E('/validate'), { body: { employee: person(au) } }), 200).data;
    assert.deepEqual(await check({ residency: 'resident' }), { valid: true, violations: [] });
    assert.equal((await check({ no_number_reason: 'applied_for' })).valid, true);
    assert.equal((await check({ tfn: '123456782' })).valid, true);
  });

  test('a tax settings change may withdraw the TFN: the state follows (not received, or the reason given)', async () => {
    const id = await hireAu(api, t, { pay_frequency: 'fortnightly' });
    const path = E(`/${id}/tax-settings`);
    const r = await api.call('PATCH', path, { body: { tfn: null }, reason: REASON });
    assert.equal(expectStatus(r, 200).data.statutory.au.tfn_declaration, 'not_received');
    const view = expectStatus(await api.call('GET', path), 200).data;
    assert.deepEqual([view.tfn_attested, view.tfn_declaration], [false, 'not_received']);
    const withdrawn = await api.call('PATCH', path, {
      body: { tfn: null, no_number_reason: 'applied_for', declaration_date: '2026-11-16' },
      reason: REASON,
    });
    const e = expectStatus(withdrawn, 200).data;
    assert.deepEqual([e.statutory.au.tfn_attested, e.statutory.au.tfn_declaration], [false, 'applied_for']);
    assert.equal(expectStatus(await api.call('GET', path), 200).data.declaration_date, '2026-11-16');
  });

  test('an employee change through statutory.au may do the same', async () => {
    const id = await hireAu(api, t, { pay_frequency: 'fortnightly' });
    const r = await api.call('PATCH', E(`/${id}`), { body: { statutory: { au: { tfn: null } } }, reason: REASON });
    assert.equal(expectStatus(r, 200).data.statutory.au.tfn_declaration, 'not_received');
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
