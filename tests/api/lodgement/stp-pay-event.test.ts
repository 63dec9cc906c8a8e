// What the pay event reports, built from finalised entries: gross disaggregated by STP category, PAYGW,
// super liability and OTE, year-to-date figures over the financial year, codes, and a leaver's cessation;
// then update events (also how a voided lodged run is corrected) and the finalisation declaration.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestApi, REASON, type TestApi } from '../../helpers/api.ts';
import {
  cents,
  entriesOf,
  expectStatus,
  fortnight,
  fromCents,
  draftRun,
  runPath,
  runToFinalised,
  type TenantRef,
} from '../../helpers/payroll-fixtures.ts';
import { auPayItemOf, auPayItems } from '../../../api/packs/au/pay-items.ts';
import { DECLARATION, hireWithAddress, payloadOf, stpTenant, submit, waitForRail } from './stp-fixtures.ts';

let api: TestApi;
let t: TenantRef;
let alex: string;
let blair: string;
const runs: string[] = [];
const payee = (payload: any, id: string) =>
  payload.PAYEVNTEMP.find((p: any) => p.Payee.PayeeIdentifiers.EmploymentPayrollNumberId === id).Payee;
const stream = (p: any) => p.RemunerationIncomeTaxPayAsYouGoWithholding.PayrollPeriod.RemunerationCollection[0];
const superOf = (p: any, type: string) =>
  p.RemunerationIncomeTaxPayAsYouGoWithholding.PayrollPeriod.SuperannuationContributionCollection.find(
    (s: any) => s.EntitlementTypeC === type,
  ).EmployerContributionsYearToDateA;

before(async () => {
  api = await startTestApi();
  t = await stpTenant(api);
  alex = await hireWithAddress(api, t, { pay_frequency: 'fortnightly', first_name: 'Alex', annual_salary: 78_000 });
  blair = await hireWithAddress(api, t, { pay_frequency: 'fortnightly', first_name: 'Blair', type: 'part_time' });
  const first = await draftRun(api, t, fortnight(0));
  await runToFinalised(api, t, first.id);
  runs.push(first.id);
  await waitForRail(api, t, expectStatus(await submit(api, t, first.id), 202).data.id);

  const second = await draftRun(api, t, fortnight(1));
  expectStatus(
    await api.call('POST', runPath(t, second.id, '/entries'), {
      body: {
        employee_id: alex,
        items: [
          { type: 'overtime', hours: 4 },
          { type: 'allowance', amount: '50.00', code: 'TD', description: 'Travel' },
          { type: 'allowance', amount: '20.00', code: 'OD-H1', description: 'Home office' },
          { type: 'bonus', amount: '100.00' },
          { type: 'bonus', amount: '300.00', code: 'directors_fees' },
          { type: 'salary_sacrifice', amount: '200.00' },
          { type: 'deduction', amount: '15.00', code: 'UNION_FEES', description: 'Union fees' },
          { type: 'deduction', amount: '40.00', description: 'Staff purchase' },
        ],
      },
      reason: REASON,
    }),
    200,
  );
  // Blair leaves voluntarily within the second fortnight.
  expectStatus(
    await api.call('POST', `/v1/tenants/${t.id}/employees/${blair}/end-employment`, {
      body: { effective_date: fortnight(1).period_end, reason_code: 'V' },
      reason: REASON,
    }),
    200,
  );
  await runToFinalised(api, t, second.id);
  runs.push(second.id);
});
after(() => api.close());

describe('the pay event', () => {
  let payload: any;
  let entries: any[];
  let lodgement: any;
  before(async () => {
    lodgement = expectStatus(await submit(api, t, runs[1]), 202).data;
    payload = (await payloadOf(api, t, lodgement.id)).json;
    entries = await entriesOf(api, t, runs[1]);
  });

  test('the payer part carries the company and this pay’s totals', async () => {
    const rp = payload.PAYEVNT.Rp;
    assert.equal(rp.AustralianBusinessNumberId, '51824753556');
    assert.equal(rp.OrganisationDetailsOrganisationBranchC, '001');
    const company = expectStatus(await api.call('GET', `/v1/tenants/${t.id}/company`), 200).data;
    assert.equal(rp.SoftwareInformationBusinessManagementSystemId, company.bms_id, 'the BMS id Payrail generated');
    assert.equal(rp.OrganisationName.DetailsOrganisationalNameT, 'Fixture Roasters Pty Ltd');
    assert.equal(rp.ElectronicContact.ElectronicMailAddressT, 'payroll@fixture.example');
    assert.equal(rp.Payroll.InteractionRecordCt, 2);
    assert.equal(rp.Payroll.InteractionTransactionId, lodgement.id);
    // Gross payments are the entries' gross less salary sacrificed; PAYGW is the entries' tax.
    const sacrificed = 20_000;
    assert.equal(
      rp.Payroll.IncomeTaxAndRemuneration.TotalGrossPaymentsWithholdingA,
      fromCents(entries.reduce((a, e) => a + cents(e.gross), 0) - sacrificed),
    );
    assert.equal(
      rp.Payroll.IncomeTaxAndRemuneration.PayAsYouGoWithholdingTaxWithheldA,
      fromCents(entries.reduce((a, e) => a + cents(e.tax), 0)),
    );
  });

  test('gross is disaggregated by category, and every category is year to date', async () => {
    const p = payee(payload, alex);
    const s = stream(p);
    const now = entries.find((e) => e.employee_id === alex);
    const before = (await entriesOf(api, t, runs[0])).find((e) => e.employee_id === alex);
    const overtime = now.lines.find((l: any) => l.type === 'overtime').amount;
    assert.equal(s.OvertimePaymentA, overtime);
    assert.deepEqual(s.AllowanceCollection, [
      { TypeC: 'TD', OtherAllowanceTypeDe: null, EmploymentAllowancesA: '50.00' },
      { TypeC: 'OD', OtherAllowanceTypeDe: 'H1', EmploymentAllowancesA: '20.00' },
    ]);
    assert.equal(s.GrossBonusesAndCommissionsA, '100.00');
    assert.equal(s.GrossDirectorsFeesA, '300.00');
    assert.deepEqual(s.SalarySacrificeCollection, [{ TypeC: 'S', PaymentA: '200.00' }]);
    assert.deepEqual(s.PaidLeaveCollection, [], 'paid leave is reported once the leave module lands');
    assert.deepEqual(p.RemunerationIncomeTaxPayAsYouGoWithholding.PayrollPeriod.DeductionCollection, [
      { TypeC: 'F', RemunerationA: '15.00' },
    ]);
    // The categories together are the year's gross less salary sacrifice: nothing lost, nothing counted twice.
    const categories =
      cents(s.GrossA) + cents(s.OvertimePaymentA) + 7_000 + 10_000 + 30_000 - (cents(now.gross) + cents(before.gross));
    assert.equal(categories, -20_000);
    assert.equal(s.IncomeTaxPayAsYouGoWithholdingTaxWithheldA, fromCents(cents(now.tax) + cents(before.tax)));
    const sg = (e: any) => cents(e.employer_costs.find((c: any) => c.type === 'super_guarantee').amount);
    assert.equal(superOf(p, 'L'), fromCents(sg(now) + sg(before)));
    assert.ok(cents(superOf(p, 'O')) > 0, 'OTE reported');
    assert.equal(s.IncomeStreamTypeC, 'SAW');
    assert.equal(s.AddressDetailsCountryC, null);
  });

  test('each payee carries identity, address, codes, and a leaver their cessation', () => {
    const a = payee(payload, alex);
    assert.match(a.PayeeIdentifiers.TaxFileNumberId, /^\*{6}\d{3}$/);
    assert.equal(a.PersonNameDetails.GivenNameT, 'Alex');
    assert.equal(a.PersonDemographicDetails.BirthD, '1990-03-14');
    assert.equal(a.AddressDetails.PostcodeT, '2042');
    assert.equal(a.EmployerConditions.EmploymentBasisC, 'F');
    assert.equal(a.EmployerConditions.TaxTreatmentC, 'RTXXXX');
    assert.equal(a.EmployerConditions.CessationTypeC, null);
    const b = payee(payload, blair);
    assert.equal(b.EmployerConditions.EmploymentBasisC, 'P');
    assert.equal(b.EmployerConditions.CessationTypeC, 'V');
    assert.equal(b.EmployerConditions.EmploymentEndD, fortnight(1).period_end);
  });
});

describe('update events and the finalisation declaration', () => {
  test('voiding a lodged run and lodging an update event reports the corrected year to date, with no payment', async () => {
    await waitForRail(api, t, (await api.call('GET', runPath(t, runs[1], '/lodgements'))).body.data[0].id);
    expectStatus(await api.call('POST', runPath(t, runs[1], '/void'), { body: {}, reason: REASON }), 200);
    const r = await api.call('POST', `/v1/tenants/${t.id}/stp/update-events`, {
      body: { financial_year: 2026, declaration: DECLARATION },
      reason: REASON,
    });
    const l = expectStatus(r, 202).data;
    assert.equal(l.kind, 'update_event');
    assert.equal(l.pay_run_id, null);
    assert.equal(l.financial_year, '2026-27');
    assert.equal(l.employee_count, 2);
    const p = (await payloadOf(api, t, l.id)).json;
    assert.equal(p.PAYEVNT.Rp.Payroll.IncomeTaxAndRemuneration.TotalGrossPaymentsWithholdingA, '0.00');
    const first = (await entriesOf(api, t, runs[0])).find((e) => e.employee_id === alex);
    const s = stream(payee(p, alex));
    assert.equal(s.IncomeTaxPayAsYouGoWithholdingTaxWithheldA, first.tax, 'only the remaining run counts');
    assert.equal(s.GrossDirectorsFeesA, '0.00');
    assert.equal((await waitForRail(api, t, l.id)).status, 'accepted');
  });

  test('the finalisation declaration for one employee is flagged final; an employee unpaid in the year is 404', async () => {
    const r = await api.call('POST', `/v1/tenants/${t.id}/stp/finalise-year`, {
      body: { financial_year: 2026, employee_ids: [blair], declaration: DECLARATION },
      reason: REASON,
    });
    const l = expectStatus(r, 202).data;
    assert.equal(l.kind, 'finalisation');
    assert.equal(l.employee_count, 1);
    const p = (await payloadOf(api, t, l.id)).json;
    assert.equal(p.PAYEVNTEMP.length, 1);
    assert.equal(payee(p, blair).RemunerationIncomeTaxPayAsYouGoWithholding.PayrollPeriod.FinalEventI, true);
    assert.equal((await waitForRail(api, t, l.id)).status, 'accepted');
    const missing = await api.call('POST', `/v1/tenants/${t.id}/stp/finalise-year`, {
      body: { financial_year: 2024, declaration: DECLARATION },
      reason: REASON,
    });
    assert.equal(missing.status, 422, 'a year with no pay reports no payees');
    const unknown = await api.call('POST', `/v1/tenants/${t.id}/stp/finalise-year`, {
      body: { financial_year: 2026, employee_ids: ['emp_0000000000000000'], declaration: DECLARATION },
      reason: REASON,
    });
    assert.equal(unknown.status, 404);
  });
});

describe('the STP category of every AU pay-item type', () => {
  test("each type's default pay item maps to its Phase 2 category, codes refining it", () => {
    const types = [
      'ordinary_hours',
      'overtime',
      'leave',
      'leave_pay',
      'allowance',
      'bonus',
      'salary_sacrifice',
      'deduction',
    ] as const;
    assert.deepEqual(
      types.map((type) => [type, auPayItemOf(type).stp.category]),
      [
        ['ordinary_hours', 'gross'],
        ['overtime', 'overtime'],
        ['leave', 'paid_leave'],
        ['leave_pay', 'paid_leave'],
        ['allowance', 'allowance'],
        ['bonus', 'bonuses_and_commissions'],
        ['salary_sacrifice', 'salary_sacrifice'],
        ['deduction', 'not_reported'],
      ],
    );
    assert.deepEqual(auPayItemOf('allowance', 'cd').stp, { category: 'allowance', type: 'CD', subtype: null });
    assert.deepEqual(auPayItemOf('allowance', 'OD-U1').stp, { category: 'allowance', type: 'OD', subtype: 'U1' });
    assert.deepEqual(auPayItemOf('allowance', 'XX').stp, { category: 'allowance', type: 'OD', subtype: 'G1' });
    assert.deepEqual(auPayItemOf('leave_pay', 'LEAVE_CASH_OUT').stp, { category: 'paid_leave', type: 'C' });
    assert.deepEqual(auPayItemOf('bonus', 'directors_fees').stp, { category: 'directors_fees' });
    assert.deepEqual(auPayItemOf('salary_sacrifice', 'SACRIFICE_OTHER').stp, {
      category: 'salary_sacrifice',
      type: 'O',
    });
    assert.deepEqual(auPayItemOf('deduction', 'WORKPLACE_GIVING').stp, { category: 'deduction', type: 'W' });
    // A code of another type does not borrow that type's category.
    assert.deepEqual(auPayItemOf('deduction', 'TD').stp, { category: 'not_reported' });
  });

  test('every pay item has a unique code and names one Phase 2 category', () => {
    const codes = auPayItems().map((d) => d.code);
    assert.equal(new Set(codes).size, codes.length);
    for (const type of ['ordinary_hours', 'overtime', 'leave', 'allowance', 'bonus', 'salary_sacrifice', 'deduction'])
      assert.equal(auPayItems().filter((d) => d.default && d.types[0] === type).length, 1, type);
  });
});
