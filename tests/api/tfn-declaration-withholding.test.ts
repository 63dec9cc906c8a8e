// Withholding and the pay event follow where the TFN declaration stands on the payment date, and an
// unanswered tax-free threshold question is not a claim. Figures worked from ATO Schedule 1 (NAT 1004)
// as in reference/au.md, for $300.00 a week (x = 300.99):
// - no-TFN rate (resident): 300 x 47 % = $141;
// - scale 2 (threshold claimed): x < 361 (2024 table) / < 362 (2026 table): nil, $0;
// - scale 1 (not claimed): 2024 table .2117 x 300.99 - 7.7550 = 55.96 -> $56;
//   2026 table .2084 x 300.99 - 11.0185 = 51.71 -> $52.
// The declaration states and the 28 days: ATO TFN declaration instructions for payers (NAT 3092) and
// STP Phase 2 employer reporting guidelines (payee TFN codes 000000000, 111111111, 333333333, 444444444).
// Correcting released versions: AU-2024.1 and AU-2025.1 withheld the no-TFN rate from employees who
// had applied for a TFN or claimed an exemption, and scale 2 for an unanswered question 9; both were wrong.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestApi, REASON, type TestApi } from '../helpers/api.ts';
import {
  createTenant,
  draftRun,
  entriesOf,
  expectStatus,
  hireAu,
  preview,
  runPath,
  runToFinalised,
  week,
  type AuHire,
  type TenantRef,
} from '../helpers/payroll-fixtures.ts';
import { hireWithAddress, payloadOf, stpTenant, submit } from './lodgement/stp-fixtures.ts';

let api: TestApi;
before(async () => {
  api = await startTestApi();
});
after(() => api.close());

const WEEKLY_300: Partial<AuHire> = { annual_salary: '15600.00', pay_frequency: 'weekly' };

/** Each employee's PAYG withholding and the scale it was worked on, in a previewed weekly run. */
async function withheld(t: TenantRef, from: string, n = 0) {
  const run = await draftRun(api, t, week(n, from));
  expectStatus(await preview(api, t, run.id), 200);
  const out = new Map<string, { payg: string; scale: number }>();
  for (const e of await entriesOf(api, t, run.id)) {
    const line = e.lines.find((l: any) => l.type === 'payg_withholding');
    out.set(e.employee_id, {
      payg: line.amount.replace('-', ''),
      scale: Number(/scale (\d)/.exec(line.description)![1]),
    });
  }
  return { run, out };
}

const hire = (t: TenantRef, h: Partial<AuHire>) =>
  hireAu(api, t, { ...WEEKLY_300, start_date: '2020-01-01', ...h } as AuHire);

describe('withholding by declaration state (AU-2026.1, $300 a week)', () => {
  let t: TenantRef;
  before(async () => {
    t = await createTenant(api);
  });

  test('TFN quoted: scale 2, $0; not received yet or chose not to quote: the no-TFN rate (scale 4), $141', async () => {
    const quoted = await hire(t, {});
    const notReceived = await hire(t, { tfn: null, no_number_reason: null, tax_free_threshold: null });
    const notQuoted = await hire(t, { tfn: null, no_number_reason: 'not_quoted' });
    const { out } = await withheld(t, '2026-11-02');
    assert.deepEqual(out.get(quoted), { payg: '0.00', scale: 2 });
    assert.deepEqual(out.get(notReceived), { payg: '141.00', scale: 4 });
    assert.deepEqual(out.get(notQuoted), { payg: '141.00', scale: 4 });
  });

  test('under 18 and pensioner exemptions: the ordinary scale, $0 (not $141)', async () => {
    const u = await createTenant(api);
    const under18 = await hireAu(api, u, { ...WEEKLY_300, tfn: null, no_number_reason: 'under_18' } as AuHire);
    const pensioner = await hireAu(api, u, { ...WEEKLY_300, tfn: null, no_number_reason: 'pensioner' } as AuHire);
    const { out } = await withheld(u, '2026-11-02');
    assert.deepEqual(out.get(under18), { payg: '0.00', scale: 2 });
    assert.deepEqual(out.get(pensioner), { payg: '0.00', scale: 2 });
  });

  test('applied for a TFN on 4 Nov: the ordinary scale to the 28th day (2 Dec), then the no-TFN rate', async () => {
    const u = await createTenant(api);
    const id = await hireAu(api, u, {
      ...WEEKLY_300,
      tfn: null,
      no_number_reason: 'applied_for',
      declaration_date: '2026-11-04',
    } as AuHire);
    // week(3) from 2 Nov is paid on 2 Dec (day 28); week(4) on 9 Dec (day 35).
    const within = await withheld(u, '2026-11-02', 3);
    assert.equal(within.run.payment_date, '2026-12-02');
    assert.deepEqual(within.out.get(id), { payg: '0.00', scale: 2 });
    const passed = await withheld(u, '2026-11-02', 4);
    assert.deepEqual(passed.out.get(id), { payg: '141.00', scale: 4 });
    const found = expectStatus(await api.call('GET', runPath(u, passed.run.id, '/exceptions')), 200).data as any[];
    const overdue = found.filter((e) => e.kind === 'tfn_declaration_overdue');
    assert.deepEqual(
      overdue.map((e) => [e.employee_id, e.severity, e.detail.grace_ended]),
      [[id, 'warning', '2026-12-02']],
    );
    assert.match(overdue[0].message, /tax file number.*28 days.*no-TFN rate/);
    const earlier = expectStatus(await api.call('GET', runPath(u, within.run.id, '/exceptions')), 200).data as any[];
    assert.ok(!earlier.some((e) => e.kind === 'tfn_declaration_overdue'), 'not before the 28 days pass');
  });

  test('question 9 unanswered is not a claim: scale 1, $52; readiness says the question is open', async () => {
    const u = await createTenant(api);
    const id = await hireAu(api, u, { ...WEEKLY_300, tax_free_threshold: null } as AuHire);
    const { out } = await withheld(u, '2026-11-02');
    assert.deepEqual(out.get(id), { payg: '52.00', scale: 1 });
    const r = expectStatus(await api.call('GET', `/v1/tenants/${u.id}/employees/${id}/readiness`), 200).data;
    assert.deepEqual(r.tabs.tax, { status: 'incomplete', missing: ['tax_free_threshold_question'] });
    assert.equal(r.blocks_finalise, false);
    const e = expectStatus(await api.call('GET', `/v1/tenants/${u.id}/employees/${id}`), 200).data;
    assert.equal(e.statutory.au.tax_free_threshold, false);
    assert.equal(e.statutory.au.tax_free_threshold_answered, false);
  });
});

describe('released pack versions, corrected', () => {
  for (const [version, from] of [
    ['AU-2024.1', '2024-07-08'],
    ['AU-2025.1', '2025-07-07'],
  ] as const) {
    test(`${version}: applied for, under 18 and pensioner withhold $0 (scale 2); question 9 unanswered $56 (scale 1)`, async () => {
      const t = await createTenant(api, { pack_version: version });
      const base = { ...WEEKLY_300, start_date: '2020-01-01' } as AuHire;
      const applied = await hireAu(api, t, {
        ...base,
        tfn: null,
        no_number_reason: 'applied_for',
        declaration_date: from,
      });
      const under18 = await hireAu(api, t, { ...base, tfn: null, no_number_reason: 'under_18' });
      const pensioner = await hireAu(api, t, { ...base, tfn: null, no_number_reason: 'pensioner' });
      const unanswered = await hireAu(api, t, { ...base, tax_free_threshold: null });
      const notQuoted = await hireAu(api, t, { ...base, tfn: null, no_number_reason: 'not_quoted' });
      const { out } = await withheld(t, from);
      for (const id of [applied, under18, pensioner]) assert.deepEqual(out.get(id), { payg: '0.00', scale: 2 });
      assert.deepEqual(out.get(unanswered), { payg: '56.00', scale: 1 });
      assert.deepEqual(out.get(notQuoted), { payg: '141.00', scale: 4 });
    });
  }
});

describe('the payee TFN the pay event reports', () => {
  test('by state; a new payee without a declaration is 111111111 for 28 days from the start, then 000000000', async () => {
    const t = await stpTenant(api);
    const start = '2026-11-02';
    const h = (x: Partial<AuHire>) => hireWithAddress(api, t, { ...WEEKLY_300, start_date: start, ...x } as AuHire);
    const ids = {
      notReceived: await h({ tfn: null, no_number_reason: null }),
      applied: await h({ tfn: null, no_number_reason: 'applied_for' }),
      under18: await h({ tfn: null, no_number_reason: 'under_18' }),
      pensioner: await h({ tfn: null, no_number_reason: 'pensioner' }),
      notQuoted: await h({ tfn: null, no_number_reason: 'not_quoted' }),
    };
    const reported = async (n: number) => {
      const run = await draftRun(api, t, week(n, start));
      await runToFinalised(api, t, run.id);
      const l = expectStatus(await submit(api, t, run.id), 202).data;
      const payload = (await payloadOf(api, t, l.id)).json;
      // The payee TFN field and the tax treatment code, which follows the scale applied.
      const byId = new Map<string, string>(
        payload.PAYEVNTEMP.map((p: any) => [
          p.Payee.PayeeIdentifiers.EmploymentPayrollNumberId,
          `${p.Payee.PayeeIdentifiers.TaxFileNumberId} ${p.Payee.EmployerConditions.TaxTreatmentC}`,
        ]),
      );
      return Object.fromEntries(Object.entries(ids).map(([k, id]) => [k, byId.get(id)]));
    };
    // Paid 11 Nov, day 9 from the start.
    assert.deepEqual(await reported(0), {
      notReceived: '111111111 NAXXXX',
      applied: '111111111 RTXXXX',
      under18: '333333333 RTXXXX',
      pensioner: '444444444 RTXXXX',
      notQuoted: '000000000 NAXXXX',
    });
    // Paid 2 Dec, day 30: the new payee's 28 days have passed, and so have those of the application
    // (declared on the day of the hire, 21 Nov: day 11, still within).
    const later = await reported(3);
    assert.equal(later.notReceived, '000000000 NAXXXX');
    assert.equal(later.applied, '111111111 RTXXXX');
  });
});

describe('hire, then declare, then pay (SPEC.md, Employees)', () => {
  test('a hire with only the names is 201; the TFN declared later gives the ordinary scale in the next run', async () => {
    const t = await createTenant(api);
    const E = `/v1/tenants/${t.id}/employees`;
    const bare = await api.call('POST', E, { body: { first_name: 'Noa', last_name: 'Names' }, reason: REASON });
    assert.equal(expectStatus(bare, 201).data.statutory.au.tfn_declaration, 'not_received');

    const id = expectStatus(
      await api.call('POST', E, {
        body: {
          first_name: 'Ida',
          last_name: 'Later',
          date_of_birth: '1990-05-06',
          employment: {
            type: 'full_time',
            annual_salary: '15600.00',
            pay_frequency: 'weekly',
            start_date: '2026-11-02',
          },
        },
        reason: REASON,
      }),
      201,
    ).data.id;
    const r = expectStatus(await api.call('GET', `${E}/${id}/readiness`), 200).data;
    assert.deepEqual(r.tabs.tax.missing, ['tfn_declaration']);
    assert.ok(!r.blocking.includes('tfn_declaration'), 'a warning, not a block');
    const first = await withheld(t, '2026-11-02');
    assert.deepEqual(first.out.get(id), { payg: '141.00', scale: 4 });

    const declared = await api.call('PATCH', `${E}/${id}/tax-settings`, {
      body: { tfn: '123456782', tax_free_threshold: true },
      reason: REASON,
    });
    assert.equal(expectStatus(declared, 200).data.statutory.au.tfn_declaration, 'tfn_quoted');
    for (const [path, body] of [
      ['bank-accounts', { bank_bsb: '062-000', bank_account_number: '12345678', bank_account_name: 'Ida Later' }],
      ['pension', { super_fund_name: 'AustralianSuper', super_usi: 'STA0100AU' }],
    ] as const)
      expectStatus(await api.call('PATCH', `${E}/${id}/${path}`, { body, reason: REASON }), 200);
    const next = await withheld(t, '2026-11-02', 1);
    assert.deepEqual(next.out.get(id), { payg: '0.00', scale: 2 });
    const done = await runToFinalised(api, t, next.run.id);
    assert.equal(done.status, 'finalised');
    const ready = expectStatus(await api.call('GET', `${E}/${id}/readiness`), 200).data;
    assert.deepEqual(ready.tabs.tax, { status: 'complete', missing: [] });
  });

  test('a malformed declaration date is 422 pack_validation_failed with the rule and the field', async () => {
    const t = await createTenant(api);
    const id = await hireAu(api, t, { pay_frequency: 'weekly' });
    const r = await api.call('PATCH', `/v1/tenants/${t.id}/employees/${id}/tax-settings`, {
      body: { no_number_reason: 'applied_for', tfn: null, declaration_date: '2026-02-30' },
      reason: REASON,
    });
    const err = expectStatus(r, 422).error;
    assert.equal(err.code, 'pack_validation_failed');
    assert.deepEqual(
      err.violations.map((v: any) => [v.rule, v.path]),
      [[`${t.packVersion}/tax/declaration_date`, 'declaration_date']],
    );
  });
});
