// Study and training support loans by payment date, through the API. The ATO's Schedule 8 (NAT 3539) for 2025-26
// changed part-way through the year: the marginal schedule applies to payments made on or after 24 September 2025;
// payments from 1 July to 23 September 2025 use the percentage schedule then in force ("Schedule 8 – Statement of
// formulas for calculating study and training support loans components, 1 July 2025 to 23 September 2025"): the
// percentage system, whose weekly bands start at the 2025-26 repayment thresholds / 52 (ATO, "Study and training loan
// repayment thresholds and rates", 2025-26).
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

test('a payment on 23 September 2025 withholds the percentage schedule then in force: $53 on $1,500 a week', async () => {
  const { t, run, previewed } = await studyLoanRun('2025-09-23');
  const [entry] = await entriesOf(api, t, run.id);
  // Schedule 8 for 1 July to 23 September 2025, threshold claimed: x = 1,500.99 is in the 3.5 % band ($1,485 to
  // $1,573 a week): 3.5 % x 1,500.99 = 52.53 -> $53.
  assert.equal(entry.lines.find((l: any) => l.type === 'study_loan').amount, '-53.00');
  // Schedule 1 is the same on both days: $304.
  assert.equal(entry.lines.find((l: any) => l.type === 'payg_withholding').amount, '-304.00');
  assert.equal(entry.tax, '357.00');
  assert.equal(previewed.validation.warnings.filter((w: any) => w.code === 'cannot_calculate').length, 0);
});
