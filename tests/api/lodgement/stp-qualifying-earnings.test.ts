// Payday Super in the pay event: from payments on or after 1 July 2026 every payee record carries the
// year-to-date qualifying earnings beside the super liability (ATO, STP Phase 2 business implementation
// guide, "Superannuation entitlement year to date", as updated for Payday Super from 1 July 2026); events
// for earlier payments (AU-2025.1 runs, update events of the 2025-26 year) do not.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestApi, REASON, type TestApi } from '../../helpers/api.ts';
import {
  createTenant,
  draftRun,
  expectStatus,
  fortnight,
  runPath,
  runToFinalised,
} from '../../helpers/payroll-fixtures.ts';
import type { TenantRef } from '../../helpers/payroll-fixtures.ts';
import { DECLARATION, PAYER, hireWithAddress, payloadOf, stpTenant, submit, waitForRail } from './stp-fixtures.ts';

let api: TestApi;
let t: TenantRef;
let alex: string;
const payloads: any[] = [];

const periodOf = (payload: any, id: string) =>
  payload.PAYEVNTEMP.find((p: any) => p.Payee.PayeeIdentifiers.EmploymentPayrollNumberId === id).Payee
    .RemunerationIncomeTaxPayAsYouGoWithholding.PayrollPeriod;
const superOf = (period: any, type: string) =>
  period.SuperannuationContributionCollection.find((s: any) => s.EntitlementTypeC === type)
    .EmployerContributionsYearToDateA;

async function lodged(tenant: TenantRef, runId: string) {
  const l = expectStatus(await submit(api, tenant, runId), 202).data;
  assert.equal((await waitForRail(api, tenant, l.id)).status, 'accepted');
  return (await payloadOf(api, tenant, l.id)).json;
}

before(async () => {
  api = await startTestApi();
  t = await stpTenant(api);
  // $78,000 a year, paid fortnightly: $3,000.00 a fortnight.
  alex = await hireWithAddress(api, t, { pay_frequency: 'fortnightly', first_name: 'Alex', annual_salary: 78_000 });
  const first = await draftRun(api, t, fortnight(0));
  await runToFinalised(api, t, first.id);
  payloads.push(await lodged(t, first.id));
  const second = await draftRun(api, t, fortnight(1));
  expectStatus(
    await api.call('POST', runPath(t, second.id, '/entries'), {
      body: {
        employee_id: alex,
        items: [
          { type: 'overtime', hours: 4 },
          { type: 'bonus', amount: '100.00' },
          { type: 'allowance', amount: '50.00', code: 'TD', description: 'Tools' },
          { type: 'salary_sacrifice', amount: '200.00' },
        ],
      },
      reason: REASON,
    }),
    200,
  );
  await runToFinalised(api, t, second.id);
  payloads.push(await lodged(t, second.id));
});
after(() => api.close());

describe('qualifying earnings (Payday Super)', () => {
  test('a pay event of November 2026 carries the year-to-date qualifying earnings beside the super liability', () => {
    const p = periodOf(payloads[0], alex);
    assert.equal(p.SuperannuationQualifyingEarningsYearToDateA, '3000.00');
    // SG is 12 % of qualifying earnings: $3,000.00 x 12 % = $360.00.
    assert.equal(superOf(p, 'L'), '360.00');
  });

  test('year to date: a bonus counts, overtime and an expense allowance do not, salary sacrificed stays in', () => {
    const p = periodOf(payloads[1], alex);
    // $3,000.00 + $3,000.00 salary (the $200.00 sacrificed out of it included) + $100.00 bonus.
    assert.equal(p.SuperannuationQualifyingEarningsYearToDateA, '6100.00');
    assert.equal(superOf(p, 'L'), '732.00', '12 % of $6,100.00');
  });

  test('an update event of the 2026-27 year carries it too', async () => {
    const r = await api.call('POST', `/v1/tenants/${t.id}/stp/update-events`, {
      body: { financial_year: 2026, declaration: DECLARATION },
      reason: REASON,
    });
    const l = expectStatus(r, 202).data;
    const p = periodOf((await payloadOf(api, t, l.id)).json, alex);
    assert.equal(p.SuperannuationQualifyingEarningsYearToDateA, '6100.00');
  });

  test('an AU-2025.1 pay event (payments before 1 July 2026) and its year’s update event do not', async () => {
    const old = await createTenant(api, { pack_version: 'AU-2025.1' });
    expectStatus(await api.call('PATCH', `/v1/tenants/${old.id}/company`, { body: PAYER, reason: REASON }), 200);
    const id = await hireWithAddress(api, old, { pay_frequency: 'fortnightly', annual_salary: 78_000 });
    const run = await draftRun(api, old, fortnight(0, '2025-11-03'));
    await runToFinalised(api, old, run.id);
    const p = periodOf(await lodged(old, run.id), id);
    assert.equal('SuperannuationQualifyingEarningsYearToDateA' in p, false);
    assert.equal(superOf(p, 'O'), '3000.00', 'ordinary time earnings are reported as before');
    const r = await api.call('POST', `/v1/tenants/${old.id}/stp/update-events`, {
      body: { financial_year: 2025, declaration: DECLARATION },
      reason: REASON,
    });
    const u = periodOf((await payloadOf(api, old, expectStatus(r, 202).data.id)).json, id);
    assert.equal('SuperannuationQualifyingEarningsYearToDateA' in u, false);
  });
});
