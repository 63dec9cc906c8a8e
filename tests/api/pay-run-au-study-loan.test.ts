// Study and training support loans by payment date, through the API. The ATO's Schedule 8 (NAT 3539) for 2025-26
// changed part-way through the year: the marginal schedule applies to payments made on or after 24 September 2025;
// payments from 1 July to 23 September 2025 use the percentage schedule then in force ("Schedule 8 – Statement of
// formulas for calculating study and training support loans components, 1 July 2025 to 23 September 2025"), whose
// rows AU-2025.1 does not carry: such a payment is held with the capability named, never paid the marginal figure.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startTestApi, type TestApi } from '../helpers/api.ts';
import { createTenant, draftRun, entriesOf, expectStatus, hireAu, preview } from '../helpers/payroll-fixtures.ts';

let api: TestApi;
before(async () => {
  api = await startTestApi();
});
after(async () => {
  await api.close();
});

// $78,000 a year paid weekly: $1,500.00 a week, tax-free threshold claimed (scale 2), a study loan declared.
const weekPaidOn = (payment_date: string) => ({ period_start: '2025-09-15', period_end: '2025-09-21', payment_date });

async function studyLoanRun(payment_date: string) {
  const t = await createTenant(api, { pack_version: 'AU-2025.1' });
  const id = await hireAu(api, t, {
    annual_salary: 78_000,
    pay_frequency: 'weekly',
    tax_free_threshold: true,
    study_loan: true,
  });
  const run = await draftRun(api, t, weekPaidOn(payment_date));
  const previewed = expectStatus(await preview(api, t, run.id), 200, 'preview').data;
  return { t, id, run, previewed };
}

test('a payment on 24 September 2025 withholds the marginal Schedule 8 component: $32 on $1,500 a week', async () => {
  const { t, run } = await studyLoanRun('2025-09-24');
  const [entry] = await entriesOf(api, t, run.id);
  // Schedule 8 from 24 September 2025, threshold claimed, x = 1,500.99 in the row below 2,403:
  //   0.15 x 1,500.99 - 193.2692 = 31.88 -> $32.
  assert.equal(entry.lines.find((l: any) => l.type === 'study_loan').amount, '-32.00');
  // Schedule 1 (NAT 1004) from 1 July 2024, scale 2, row below 2,596: 0.32 x 1,500.99 - 176.5769 = 303.74 -> $304.
  assert.equal(entry.lines.find((l: any) => l.type === 'payg_withholding').amount, '-304.00');
  assert.equal(entry.tax, '336.00');
});

test('a payment on 23 September 2025 is held with the capability named, not paid the later schedule', async () => {
  const { t, id, run, previewed } = await studyLoanRun('2025-09-23');
  assert.deepEqual(await entriesOf(api, t, run.id), []);
  assert.equal(previewed.pay_run.totals.tax, '0.00');
  const [held] = previewed.validation.warnings;
  assert.equal(held.employee_id, id);
  assert.equal(held.severity, 'error');
  assert.equal(held.code, 'cannot_calculate');
  assert.match(held.message, /Schedule 8 study loan component for payments made before 2025-09-24/);
  assert.match(held.message, /1 July 2025 to 23 September 2025/);
});
