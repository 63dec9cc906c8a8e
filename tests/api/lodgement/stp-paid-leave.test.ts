// Paid leave in the pay event (ATO, STP Phase 2 employer reporting guidelines, "Disaggregation of gross":
// paid leave): leave lines report under their STP Phase 2 paid-leave type (annual leave and its loading as
// `O`, paid parental leave as `P`, leave cashed out as `C`, workers' compensation as `W`), gross falls by the same amounts so the categories
// still add up, family and domestic violence leave stays in gross, and the year to date sums the runs.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestApi, REASON, type TestApi } from '../../helpers/api.ts';
import {
  cents,
  draftRun,
  entriesOf,
  expectStatus,
  fortnight,
  fromCents,
  runPath,
  runToFinalised,
  type TenantRef,
} from '../../helpers/payroll-fixtures.ts';
import { hireWithAddress, payloadOf, stpTenant, submit, waitForRail } from './stp-fixtures.ts';

let api: TestApi;
let t: TenantRef;
let alex: string;
let casey: string;
let dana: string;
let emery: string;
const payloads: any[] = [];
const entries: any[][] = [];

const payee = (payload: any, id: string) =>
  payload.PAYEVNTEMP.find((p: any) => p.Payee.PayeeIdentifiers.EmploymentPayrollNumberId === id).Payee;
const stream = (payload: any, id: string) =>
  payee(payload, id).RemunerationIncomeTaxPayAsYouGoWithholding.PayrollPeriod.RemunerationCollection[0];
const book = (body: Record<string, unknown>) =>
  api.call('POST', `/v1/tenants/${t.id}/leave/book`, { body, reason: REASON });
const grossOf = (run: number, id: string) => entries[run].find((e) => e.employee_id === id).gross;

async function lodged(runId: string) {
  const l = expectStatus(await submit(api, t, runId), 202).data;
  assert.equal((await waitForRail(api, t, l.id)).status, 'accepted');
  return (await payloadOf(api, t, l.id)).json;
}

before(async () => {
  api = await startTestApi();
  t = await stpTenant(api);
  // $79,040 a year on 38 hours: $40.00 an hour, $3,040.00 a fortnight.
  const hire = (first_name: string) =>
    hireWithAddress(api, t, {
      pay_frequency: 'fortnightly',
      first_name,
      annual_salary: 79_040,
      start_date: '2020-01-01',
    });
  alex = await hire('Alex');
  casey = await hire('Casey');
  dana = await hire('Dana');
  emery = await hire('Emery');
  expectStatus(
    await api.call('POST', `/v1/tenants/${t.id}/leave/configure`, {
      body: { employee_id: alex, opening_balances: { annual: 100, personal: 40 }, leave_loading: true },
      reason: REASON,
    }),
    201,
  );
  const first = fortnight(0);
  expectStatus(await book({ employee_id: alex, leave_type: 'annual', hours: 15.2, start_date: '2026-11-03' }), 201);
  expectStatus(
    await book({ employee_id: casey, leave_type: 'family_domestic_violence', hours: 7.6, start_date: '2026-11-04' }),
    201,
  );
  const run = await draftRun(api, t, first);
  // Employer-paid parental leave for half the fortnight, entered on the entry with its paid-leave type.
  expectStatus(
    await api.call('POST', runPath(t, run.id, '/entries'), {
      body: {
        employee_id: dana,
        items: [{ type: 'leave', hours: 38, code: 'PAID_PARENTAL', description: 'Paid parental leave' }],
      },
      reason: REASON,
    }),
    200,
  );
  // Leave cashed out and workers' compensation, entered as leave pay amounts with their pay items.
  expectStatus(
    await api.call('POST', runPath(t, run.id, '/entries'), {
      body: {
        employee_id: emery,
        items: [
          { type: 'leave_pay', amount: '500.00', code: 'LEAVE_CASH_OUT', description: 'Annual leave cashed out' },
          { type: 'leave_pay', amount: '120.00', code: 'WORKERS_COMP', description: "Workers' compensation" },
        ],
      },
      reason: REASON,
    }),
    200,
  );
  await runToFinalised(api, t, run.id);
  entries.push(await entriesOf(api, t, run.id));
  payloads.push(await lodged(run.id));

  expectStatus(await book({ employee_id: alex, leave_type: 'annual', hours: 7.6, start_date: '2026-11-17' }), 201);
  const second = await draftRun(api, t, fortnight(1));
  await runToFinalised(api, t, second.id);
  entries.push(await entriesOf(api, t, second.id));
  payloads.push(await lodged(second.id));
});
after(() => api.close());

describe('paid leave in the pay event', () => {
  test('annual leave and its loading are other paid leave (O); gross is the rest', () => {
    const s = stream(payloads[0], alex);
    // 15.2 h x $40.00 = $608.00, loading 17.5 % = $106.40.
    assert.deepEqual(s.PaidLeaveCollection, [{ TypeC: 'O', PaymentA: '714.40' }]);
    assert.equal(s.GrossA, fromCents(cents(grossOf(0, alex)) - 71_440));
    assert.equal(s.GrossA, '2432.00', 'the salary less the hours paid as leave');
  });

  test('paid parental leave is P, taken out of gross', () => {
    const s = stream(payloads[0], dana);
    assert.deepEqual(s.PaidLeaveCollection, [{ TypeC: 'P', PaymentA: '1520.00' }]);
    assert.equal(s.GrossA, '1520.00');
    assert.equal(cents(s.GrossA) + 152_000, cents(grossOf(0, dana)));
  });

  test('family and domestic violence leave is not itemised: its pay stays in gross', () => {
    const s = stream(payloads[0], casey);
    assert.deepEqual(s.PaidLeaveCollection, []);
    assert.equal(s.GrossA, grossOf(0, casey));
    assert.equal(s.GrossA, '3040.00');
  });

  test('leave cashed out is C and workers’ compensation W, as the pay-item library says; neither stays in gross', () => {
    const s = stream(payloads[0], emery);
    assert.deepEqual(s.PaidLeaveCollection, [
      { TypeC: 'C', PaymentA: '500.00' },
      { TypeC: 'W', PaymentA: '120.00' },
    ]);
    assert.equal(s.GrossA, '3040.00', 'the salary, the leave pay on top of it reported as paid leave');
    assert.equal(cents(s.GrossA) + 62_000, cents(grossOf(0, emery)));
  });

  test('the categories reconcile with the run: gross plus paid leave is every entry’s gross', () => {
    const all = [alex, casey, dana, emery].map((id) => {
      const s = stream(payloads[0], id);
      return cents(s.GrossA) + s.PaidLeaveCollection.reduce((a: number, x: any) => a + cents(x.PaymentA), 0);
    });
    const gross = entries[0].reduce((a, e) => a + cents(e.gross), 0);
    assert.equal(
      all.reduce((a, b) => a + b, 0),
      gross,
    );
    assert.equal(
      payloads[0].PAYEVNT.Rp.Payroll.IncomeTaxAndRemuneration.TotalGrossPaymentsWithholdingA,
      fromCents(gross),
    );
  });

  test('year to date: the second run’s leave adds to the first’s, and gross stays the remainder', () => {
    const s = stream(payloads[1], alex);
    // 7.6 h x $40.00 = $304.00 and $53.20 loading on top of the first run's $714.40.
    assert.deepEqual(s.PaidLeaveCollection, [{ TypeC: 'O', PaymentA: '1071.60' }]);
    assert.equal(s.GrossA, fromCents(cents(grossOf(0, alex)) + cents(grossOf(1, alex)) - 107_160));
    const d = stream(payloads[1], dana);
    assert.deepEqual(d.PaidLeaveCollection, [{ TypeC: 'P', PaymentA: '1520.00' }], 'no parental leave this run');
    assert.equal(d.GrossA, fromCents(cents(grossOf(0, dana)) + cents(grossOf(1, dana)) - 152_000));
  });
});
