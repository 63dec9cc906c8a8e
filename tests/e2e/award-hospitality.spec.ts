// A hospitality casual's evening shifts, from the award to finalised pay, in the host example. The partner
// provisions an AU employer on AU-2026.2 (the current pack, with the award rates from 1 July 2026); the payroll
// officer adds the casual and the week's run. In the browser the administrator puts her on the Hospitality
// award, Level 3, and the officer enters her shifts on her pay: Wednesday 8 July 2026 6 pm-1 am and Friday
// 10 July 6 pm-1 am. The pay shows each line with its clause: the evening amount (7 pm-midnight) on both
// evenings, the night amount (midnight-7 am) on Thursday morning, and Saturday's rate for the hour after
// midnight on Friday (Saturday work: cl. 29.2 pays the evening and night amounts Monday to Friday only).
// Then it is previewed, approved and finalised.
//
// Figures (../shared/reference/au-awards.md, MA000009 from 1 July 2026; Level 3 is single-source there and
// equals the 2025 rate x 1.0475 by the Commission's method): Level 3 $1,062.90 a week, $27.97 an hour;
// casual $27.97 x 1.25 = 34.9625 -> $34.96; Saturday casual 150 % = 41.955 -> $41.96; evening $2.95 and
// night $4.42 an hour or part hour.
//   Wednesday 6 pm-midnight: 6 x 27.97 = 167.82 ordinary; 6 x 34.96 = 209.76, so the loading is 41.94;
//     7 pm-midnight 5 x 2.95 = 14.75.
//   Thursday midnight-1 am: 27.97 ordinary, 34.96 - 27.97 = 6.99 loading, 1 x 4.42 night.
//   Friday as Wednesday: 167.82 + 41.94 + 14.75.   Saturday midnight-1 am: 1 x 41.96.
//   Gross 224.51 + 39.38 + 224.51 + 41.96 = 530.36.
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

const WHY = 'Week ending 12 July rostered and signed off by the venue manager';
const bff = () => stack().bffHospitality;

const as = (page: Page, userId: string) => signInForRequests(page, bff(), userId);
const provision = (page: Page) =>
  provisionAuEmployer(page, {
    partnerKey: stack().hospitalityPartnerKey,
    slug: stack().hospitalityTenant,
    name: 'Bayside Bistro Pty Ltd',
    packVersion: 'AU-2026.2',
    reason: WHY,
  });

/** The reason dialog the host asks every change in: the reason, the answer and the toast. */
async function confirm(page: Page, reason: string, done: string, path: RegExp) {
  const dialog = page.locator('#action');
  await expect(dialog).toBeVisible();
  await dialog.locator('#reason').fill(reason);
  const answered = page.waitForResponse((r) => path.test(r.url()) && r.request().method() !== 'GET');
  await dialog.locator('#action-submit').click();
  const res = await answered;
  expect(res.status(), await res.text()).toBe(200);
  await expect(dialog).toBeHidden();
  await expect(page.locator('#toast')).toContainText(done);
  return res;
}

test('a hospitality casual is paid the evening and night amounts and the Saturday rate, with clauses', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const errors = consoleErrors(page);
  await provision(page);

  // The payroll officer adds the casual (the onboarding form's request) and creates the week's run.
  await as(page, 'usr_host_priya');
  const hired = await page.request.post(`${bff()}/bff/employees`, {
    data: {
      employee: {
        first_name: 'Leah',
        last_name: 'Nguyen',
        date_of_birth: '1999-03-14',
        email: 'leah.nguyen@bayside-bistro.example',
        employment: { type: 'casual', hourly_rate: '34.96', pay_frequency: 'weekly', start_date: '2026-02-02' },
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
      bank: { bank_bsb: '062-000', bank_account_number: '23456789', bank_account_name: 'Leah Nguyen' },
      pension: { super_fund_name: 'Hostplus', super_usi: 'HOS0001AU', super_member_number: '770012345' },
    },
  });
  expect(hired.status(), await hired.text()).toBe(201);
  const employee = (await hired.json()).data.id as string;
  const run = (
    await hostWrite(
      page,
      { bff: bff(), tenant: stack().hospitalityTenant, reason: WHY },
      'POST',
      '/pay-runs',
      { period_start: '2026-07-06', period_end: '2026-07-12', payment_date: '2026-07-15', pay_frequency: 'weekly' },
      201,
    )
  ).pay_run.id as string;

  // The administrator opens her award form and puts her on the Hospitality award, Level 3, in New South Wales.
  await as(page, 'usr_host_elena');
  await page.goto(`${bff()}/#/people/${employee}/award`);
  await expect(page.locator('#me-name')).toHaveText('Elena Costa');
  const award = page.locator('payrail-award-config');
  // Each choice is labelled by the words around it (the name runs on into the option chosen).
  const choice = (name: string) => award.getByRole('combobox', { name: new RegExp(`^${name}`) });
  await choice('Award').selectOption({ label: 'Hospitality Industry (General) Award' });
  await expect(award).toContainText('Hospitality Industry (General) Award 2020');
  await expect(award).toContainText('Minimum rates from 1 July 2026');
  await choice('Classification').selectOption({ label: 'Hospitality Employee Level 3' });
  await expect(award.locator('tbody tr').first().locator('td')).toHaveText(['$27.97', '$34.96']);
  await expect(award.locator('tbody tr', { hasText: 'Saturday' }).locator('td')).toHaveText(['$34.96', '$41.96']);
  await choice('State or territory worked in').selectOption('NSW');
  await shot(page, 'award-hospitality-assign', true);
  await award.getByRole('button', { name: 'Assign to employee' }).click();
  const assigned = await confirm(page, 'Cook grade 2 from her start', 'Award assigned', /\/award$/);
  expect((await assigned.json()).data).toMatchObject({
    award: 'MA000009',
    classification: 'level_3',
    state: 'NSW',
    minimum_hourly_rate: '34.96',
  });

  // The officer opens the run and her pay, and enters the two shifts.
  await signOut(page);
  await signInAs(page, 'Priya Raman');
  await page.goto(`${bff()}/#/runs/${run}`);
  const detail = page.locator('payrail-pay-run-detail');
  const row = detail.locator('[part="row"]', { hasText: 'Leah Nguyen' });
  await row.getByRole('button', { name: 'Edit: Leah Nguyen' }).click();
  await expect(page).toHaveURL(new RegExp(`#/runs/${run}/entries/${employee}$`));
  const entry = page.locator('payrail-pay-run-entry');
  await expect(entry.locator('#title')).toHaveText('Leah Nguyen');
  const shifts = entry.locator('[part="shifts"]');
  await expect(shifts.getByRole('heading', { name: 'Shifts worked' })).toBeVisible();
  const first = shifts.getByRole('group', { name: 'Shift 1' });
  await first.getByLabel('Date').fill('2026-07-08');
  await first.getByLabel('Start').fill('18:00');
  await first.getByLabel('Finish').fill('01:00');
  await shifts.getByRole('button', { name: 'Add shift' }).click();
  const second = shifts.getByRole('group', { name: 'Shift 2' });
  await expect(second.getByLabel('Date')).toHaveValue('2026-07-08');
  await second.getByLabel('Date').fill('2026-07-10');
  await second.getByLabel('Start').fill('18:00');
  await second.getByLabel('Finish').fill('01:00');
  await shot(page, 'award-hospitality-shifts', true);
  await shifts.getByRole('button', { name: 'Save shifts' }).click();
  const saved = await confirm(page, 'Shifts from the signed roster', 'Shifts saved', /\/timesheets$/);
  expect(saved.request().postDataJSON()).toEqual({
    rows: [
      { employee_id: employee, date: '2026-07-08', start: '18:00', end: '01:00' },
      { employee_id: employee, date: '2026-07-10', start: '18:00', end: '01:00' },
    ],
  });

  // Her pay: each line with its hours, rate, amount and clause, worked out as in the header.
  const lines = entry.locator('[part="award-lines"] tbody tr');
  await expect(lines).toHaveCount(10);
  const expected = [
    ['Ordinary hours 100 % · 8 July 2026', '6.00', '$27.97', '$167.82', 'MA000009 cl. 18.1'],
    ['Casual loading 25 % · 8 July 2026', '6.00', '$6.99', '$41.94', 'MA000009 cl. 11'],
    [
      'Evening work (7 pm to midnight, per hour or part hour) · 8 July 2026',
      '5.00',
      '$2.95',
      '$14.75',
      'MA000009 cl. 29.2',
    ],
    ['Ordinary hours 100 % · 9 July 2026', '1.00', '$27.97', '$27.97', 'MA000009 cl. 18.1'],
    ['Casual loading 25 % · 9 July 2026', '1.00', '$6.99', '$6.99', 'MA000009 cl. 11'],
    [
      'Night work (midnight to 7 am, per hour or part hour) · 9 July 2026',
      '1.00',
      '$4.42',
      '$4.42',
      'MA000009 cl. 29.2',
    ],
    ['Ordinary hours 100 % · 10 July 2026', '6.00', '$27.97', '$167.82', 'MA000009 cl. 18.1'],
    ['Casual loading 25 % · 10 July 2026', '6.00', '$6.99', '$41.94', 'MA000009 cl. 11'],
    [
      'Evening work (7 pm to midnight, per hour or part hour) · 10 July 2026',
      '5.00',
      '$2.95',
      '$14.75',
      'MA000009 cl. 29.2',
    ],
    ['Saturday 150 % · 11 July 2026', '1.00', '$41.96', '$41.96', 'MA000009 cl. 29.2'],
  ];
  for (const [i, cells] of expected.entries()) await expect(lines.nth(i).locator('td')).toHaveText(cells);
  await expect(entry.locator('[part="figures"]')).toContainText('$530.36');
  await shot(page, 'award-hospitality-entry', true);
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'award-hospitality-entry-390', true);
  await page.setViewportSize({ width: 1280, height: 800 });

  // Back to the run: preview, then the finance manager approves and finalises.
  await page.getByRole('link', { name: 'Back to the pay run' }).click();
  await expect(row.locator('td[data-label="Gross"]')).toHaveText('$530.36');
  await act(page, 'preview', 'Shifts checked against the roster', 'Preview ready');
  await signOut(page);
  await signInAs(page, 'Marcus Webb');
  await page.goto(`${bff()}/#/runs/${run}`);
  const pill = detail.locator('[part="pill"]');
  await expect(pill).toHaveText('Previewed');
  await act(page, 'approve', 'Evening, night and Saturday rates checked against the award', 'Pay run approved');
  await act(page, 'finalise', 'Paying on the scheduled date', 'Pay run finalised');
  await expect(pill).toHaveText('Finalised');
  await expect(row.locator('td[data-label="Gross"]')).toHaveText('$530.36');
  await shot(page, 'award-hospitality-finalised', true);
  expect(errors).toEqual([]);
});
