// Year-to-date opening figures of an AU employer that moves to Payrail in the middle of the financial year,
// through the API: recorded once per employee (governed), checked field by field, and counted in the pay event's
// year to date (ATO, STP Phase 2 employer reporting guidelines: every event carries the year-to-date amounts),
// the payslip's year to date, the year-to-date report and the maximum contribution base (Payday Super, annual
// base $270,830 on AU-2026.1).
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { REASON, startTestApi, type TestApi } from '../helpers/api.ts';
import {
  cents,
  createTenant,
  draftRun,
  entriesOf,
  expectStatus,
  fromCents,
  runPath,
  runToFinalised,
  week,
  type TenantRef,
} from '../helpers/payroll-fixtures.ts';
import { hireWithAddress, payloadOf, stpTenant, submit } from './lodgement/stp-fixtures.ts';

let api: TestApi;
before(async () => {
  api = await startTestApi();
});
after(async () => {
  await api.close();
});

const path = (t: TenantRef, id: string) => `/v1/tenants/${t.id}/employees/${id}/year-to-date-openings`;
const put = (t: TenantRef, id: string, body: unknown) => api.call('PUT', path(t, id), { body, reason: REASON });

// July to October from the previous payroll: a high earner close to the year's maximum contribution base.
const FIGURES = {
  gross: '264330.00',
  salary_sacrifice: [{ type: 'S', amount: '1000.00' }],
  allowances: [{ type: 'TD', amount: '100.00' }],
  paygw: '90000.00',
  super_liability: '31839.60',
  qualifying_earnings: '265330.00',
};
const OPENING = { as_at: '2026-10-31', figures: FIGURES };

const payee = (payload: any, id: string) =>
  payload.PAYEVNTEMP.find((p: any) => p.Payee.PayeeIdentifiers.EmploymentPayrollNumberId === id).Payee;
const stream = (p: any) => p.RemunerationIncomeTaxPayAsYouGoWithholding.PayrollPeriod.RemunerationCollection[0];
const superOf = (p: any, type: string) =>
  p.RemunerationIncomeTaxPayAsYouGoWithholding.PayrollPeriod.SuperannuationContributionCollection.find(
    (s: any) => s.EntitlementTypeC === type,
  ).EmployerContributionsYearToDateA;

describe('year-to-date opening figures', () => {
  let t: TenantRef;
  let alex: string;
  let blair: string;
  let runId: string;

  before(async () => {
    t = await stpTenant(api);
    alex = await hireWithAddress(api, t, { annual_salary: 78_000, pay_frequency: 'weekly' });
    blair = await hireWithAddress(api, t, { annual_salary: 78_000, pay_frequency: 'weekly' });
  });

  test('recorded once, with evidence; a second time is 409; bad figures are 422 by field', async () => {
    const bad = await put(t, alex, { as_at: '2026-10-31', figures: { ...FIGURES, paygw: '-5' } });
    expectStatus(bad, 422, 'negative PAYG');
    assert.equal(bad.body.error.code, 'pack_validation_failed');
    assert.equal(bad.body.error.violations[0].path, 'figures.paygw');
    const od = await put(t, alex, {
      as_at: '2026-10-31',
      figures: { ...FIGURES, allowances: [{ type: 'OD', amount: '1.00' }] },
    });
    expectStatus(od, 422, 'OD without a sub-type');
    assert.equal(
      (await api.call('PUT', path(t, alex), { body: OPENING })).status,
      400,
      'a governed write needs a reason',
    );

    const none = expectStatus(await api.call('GET', path(t, alex)), 200, 'none yet');
    assert.equal(none.data, null);
    const ok = expectStatus(await put(t, alex, OPENING), 200, 'openings');
    assert.equal(ok.data.tax_year_start, '2026-07-01');
    assert.equal(ok.data.figures.paygw, '90000.00');
    assert.ok(ok.evidence_id);
    assert.deepEqual(expectStatus(await api.call('GET', path(t, alex)), 200).data, ok.data);

    const again = await put(t, alex, OPENING);
    expectStatus(again, 409, 'once');
    assert.equal(again.body.error.code, 'year_to_date_openings_recorded');

    const other = await createTenant(api);
    assert.equal((await api.call('GET', path(other, alex))).status, 404, "another tenant's employee is not found");
  });

  test('the maximum contribution base counts the opening qualifying earnings', async () => {
    // 270,830 - 265,330 = 5,500 of the year's base left: 1,500 + a 10,000 bonus -> 5,500 x 12 % = 660.00.
    const run = await draftRun(api, t, week(0, '2026-11-02'));
    runId = run.id;
    expectStatus(
      await api.call('POST', runPath(t, run.id, '/entries'), {
        body: { employee_id: alex, items: [{ type: 'bonus', amount: '10000.00' }] },
        reason: REASON,
      }),
      200,
      'bonus',
    );
    const entries = await entriesOf(api, t, run.id);
    const sg = (e: any) => e.lines.find((l: any) => l.type === 'super_guarantee').amount;
    assert.equal(sg(entries.find((e) => e.employee_id === alex)), '660.00');
    assert.equal(sg(entries.find((e) => e.employee_id === blair)), '180.00', 'no openings: 1,500 x 12 %');
    await runToFinalised(api, t, run.id);
  });

  test('the pay event, the payslip and the year-to-date report carry the opening figures on', async () => {
    const [entry] = (await entriesOf(api, t, runId)).filter((e) => e.employee_id === alex);
    const lodgement = expectStatus(await submit(api, t, runId), 202, 'submit').data;
    const p = payee((await payloadOf(api, t, lodgement.id)).json, alex);
    const s = stream(p);
    // Gross category: 264,330 before Payrail + this week's 1,500 salary (the bonus has its own category).
    assert.equal(s.GrossA, '265830.00');
    assert.equal(s.GrossBonusesAndCommissionsA, '10000.00');
    assert.deepEqual(s.SalarySacrificeCollection, [{ TypeC: 'S', PaymentA: '1000.00' }]);
    assert.deepEqual(s.AllowanceCollection, [
      { TypeC: 'TD', OtherAllowanceTypeDe: null, EmploymentAllowancesA: '100.00' },
    ]);
    assert.equal(s.IncomeTaxPayAsYouGoWithholdingTaxWithheldA, fromCents(9_000_000 + cents(entry.tax)));
    assert.equal(superOf(p, 'L'), fromCents(3_183_960 + 66_000));

    const slips = expectStatus(await api.call('GET', runPath(t, runId, '/payslips')), 200, 'payslips').data;
    const slip = slips.find((x: any) => x.employee_id === alex);
    // A pay's gross counts salary sacrifice: 264,330 + 100 + 1,000 opening, + 11,500 this week.
    assert.equal(slip.ytd.gross, '276930.00');
    assert.equal(slip.ytd.tax, fromCents(9_000_000 + cents(entry.tax)));
    // Super: the opening liability and the sacrifice to super, plus this week's 660.00.
    assert.equal(slip.ytd.super, fromCents(3_183_960 + 100_000 + 66_000));
    assert.equal(slips.find((x: any) => x.employee_id === blair).ytd.gross, '1500.00');

    const report = expectStatus(await api.call('GET', `/v1/tenants/${t.id}/reports/ytd?pay_run_id=${runId}`), 200).data;
    const row = report.rows.find((r: any) => r.employee_id === alex);
    assert.equal(row.gross, '265830.00');
    assert.equal(row.paygw, fromCents(9_000_000 + cents(entry.tax)));
    assert.equal(row.ote, fromCents(26_533_000 + 1_150_000));
  });

  test('figures to a date Payrail already paid are refused', async () => {
    const r = await put(t, blair, { as_at: '2026-11-20', figures: FIGURES });
    expectStatus(r, 409, 'overlap');
    assert.equal(r.body.error.code, 'year_to_date_openings_overlap');
  });
});
