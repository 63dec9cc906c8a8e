// A casual retail employee's Sunday shift, from timesheet to finalised pay, in the host example. The partner
// provisions an AU employer on AU-2025.1 (the pack version with General Retail award rates); the payroll officer
// adds the employee, the administrator assigns the award and the officer imports the week's timesheet, all
// through the host's backend. In the browser the officer finds the Sunday penalty line with its clause on the
// employee's pay and no errors to review, previews, and the finance manager approves and finalises.
import { test, expect, type Page } from '@playwright/test';
import {
  stack,
  shot,
  consoleErrors,
  signInAs,
  signOut,
  act,
  hostWrite,
  provisionAuEmployer,
  signInForRequests,
} from './support.ts';

const WHY = 'Week ending 9 November rostered and signed off by the store manager';

const at = () => ({ bff: stack().bffRetail, tenant: stack().retailTenant, reason: WHY });
const as = (page: Page, userId: string) => signInForRequests(page, stack().bffRetail, userId);
const write = (page: Page, method: 'POST' | 'PUT', path: string, data: unknown, status: number) =>
  hostWrite(page, at(), method, path, data, status);
const provision = (page: Page) =>
  provisionAuEmployer(page, {
    partnerKey: stack().retailPartnerKey,
    slug: stack().retailTenant,
    name: 'Coastal Retail Pty Ltd',
    packVersion: 'AU-2025.1',
    reason: WHY,
  });

test('a casual retail Sunday shift is paid at the award rate with its clause, then approved and finalised', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const errors = consoleErrors(page);
  await provision(page);

  // The payroll officer adds the casual (the onboarding form's request), creates the week's run.
  await as(page, 'usr_host_priya');
  const hired = await page.request.post(`${stack().bffRetail}/bff/employees`, {
    data: {
      employee: {
        first_name: 'Mia',
        last_name: 'Tran',
        date_of_birth: '2001-06-21',
        email: 'mia.tran@coastal-retail.example',
        address: { line1: '14 Bay Street', locality: 'Glebe', state: 'NSW', postcode: '2037', country: 'AU' },
        employment: { type: 'casual', hourly_rate: '33.19', pay_frequency: 'weekly', start_date: '2025-02-03' },
        statutory: {
          au: {
            tfn: '123456782',
            tax_free_threshold: true,
            residency: 'resident',
            medicare_levy_exemption: 'none',
            study_loan: false,
          },
        },
      },
      bank: { bank_bsb: '062-000', bank_account_number: '12345678', bank_account_name: 'Mia Tran' },
      pension: { super_fund_name: 'AustralianSuper', super_usi: 'STA0100AU', super_member_number: '880054321' },
    },
  });
  expect(hired.status(), await hired.text()).toBe(201);
  const employee = (await hired.json()).data.id as string;
  const run = (
    await write(
      page,
      'POST',
      '/pay-runs',
      { period_start: '2025-11-03', period_end: '2025-11-09', payment_date: '2025-11-12', pay_frequency: 'weekly' },
      201,
    )
  ).pay_run.id as string;

  // The administrator puts her on the General Retail award, Level 1, working in New South Wales.
  await as(page, 'usr_host_elena');
  const award = await write(
    page,
    'PUT',
    `/employees/${employee}/award`,
    { award: 'MA000004', classification: 'level_1', state: 'NSW' },
    200,
  );
  expect(award.minimum_hourly_rate).toBe('33.19');

  // The officer imports the timesheet: six hours on Sunday 9 November.
  await as(page, 'usr_host_priya');
  await write(
    page,
    'POST',
    `/pay-runs/${run}/timesheets`,
    { rows: [{ employee_id: employee, date: '2025-11-09', start: '10:00', end: '16:00' }] },
    200,
  );

  // In the browser: the run, its one employee, and nothing in the way of approval.
  await page.goto(stack().bffRetail);
  await expect(page.locator('#me-name')).toHaveText('Priya Raman');
  await expect(page.locator('#company')).toHaveText('Coastal Retail Pty Ltd · AU');
  await page.locator('payrail-pay-runs-list tbody tr', { hasText: 'Draft' }).click();
  await expect(page).toHaveURL(new RegExp(`#/runs/${run}$`));
  const detail = page.locator('payrail-pay-run-detail');
  const pill = detail.locator('[part="pill"]');
  await expect(pill).toHaveText('Draft');
  const row = detail.locator('[part="row"]', { hasText: 'Mia Tran' });
  await expect(row.locator('td[data-label="Gross"]')).toHaveText('$278.76');
  await noErrors(page);
  await shot(page, 'award-sunday-run', true);

  // "Edit" opens her pay: the Sunday line, 6 hours at the casual Sunday rate, under clause 22.1.
  await row.getByRole('button', { name: 'Edit: Mia Tran' }).click();
  await expect(page).toHaveURL(new RegExp(`#/runs/${run}/entries/${employee}$`));
  const entry = page.locator('payrail-pay-run-entry');
  await expect(entry.locator('#title')).toHaveText('Mia Tran');
  const lines = entry.locator('[part="award-lines"] tbody tr');
  await expect(lines).toHaveCount(1);
  await expect(lines.locator('td')).toHaveText([
    'Sunday 175 % · 9 Nov 2025',
    '6.00',
    '$46.46',
    '$278.76',
    'MA000004 cl. 22.1',
  ]);
  await expect(entry.locator('[part="award-lines"] caption')).toHaveText('Award pay from timesheets');
  await expect(entry.locator('[part="figures"]')).toContainText('$278.76');
  await shot(page, 'award-sunday-entry', true);

  // Back to the run: preview, then the finance manager approves and finalises.
  await page.getByRole('link', { name: 'Back to the pay run' }).click();
  await expect(pill).toHaveText('Draft');
  await act(page, 'preview', 'Timesheet for the week imported and checked against the roster', 'Preview ready');
  await expect(pill).toHaveText('Previewed');
  await noErrors(page);

  await signOut(page);
  await signInAs(page, 'Marcus Webb');
  await page.locator('payrail-pay-runs-list tbody tr', { hasText: 'Previewed' }).click();
  await expect(pill).toHaveText('Previewed');
  await noErrors(page);
  await act(page, 'approve', 'Sunday penalty rate checked against the award', 'Pay run approved');
  await expect(pill).toHaveText('Approved');
  await act(page, 'finalise', 'Paying on the scheduled date', 'Pay run finalised');
  await expect(pill).toHaveText('Finalised');
  await expect(detail.locator('[data-action="finalise"]')).toHaveCount(0);
  await expect(detail.locator('[part="totals"]')).toContainText('$278.76');
  await expect(row.locator('td[data-label="Gross"]')).toHaveText('$278.76');
  await shot(page, 'award-sunday-finalised', true);

  const final = await page.request.get(`${stack().api}/v1/tenants/${stack().retailTenant}/pay-runs/${run}`, {
    headers: { authorization: `Bearer ${stack().retailPartnerKey}` },
  });
  expect((await final.json()).data.status).toBe('finalised');
  expect(errors).toEqual([]);
});

/** The run's exceptions have loaded and none of them is an error. */
async function noErrors(page: Page) {
  const list = page.locator('payrail-payrun-exceptions');
  await expect(list.locator('.sub')).toContainText('Nov 2025');
  await expect(list.locator('[part="group"]#g-error')).toHaveCount(0);
  await expect(list.locator('[part="exception"]')).toHaveCount(0);
  await expect(list).toContainText('Nothing to review');
}
